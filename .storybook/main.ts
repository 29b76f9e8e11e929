import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // A person opening `npm start` gets the showcase, not Storybook's onboarding checklist.
  features: { sidebarOnboardingChecklist: false },
  // The shadcn registry's stories style the items with Tailwind: only their stylesheet goes through it.
  async viteFinal(config) {
    const [{ default: postcss }, { default: tailwind }] = await Promise.all([import('postcss'), import('@tailwindcss/postcss')]);
    const registryCss = /[\\/]stories[\\/]registry\.css$/;
    config.plugins = [
      ...(config.plugins ?? []),
      {
        name: 'tailwind-for-registry-stories',
        enforce: 'pre',
        async transform(code: string, id: string) {
          const file = id.split('?')[0]!;
          if (!registryCss.test(file)) return null;
          const result = await postcss([tailwind()]).process(code, { from: file });
          // The files Tailwind read for class names: a class added to an item shows without a restart.
          for (const message of result.messages) if (message.type === 'dependency' && typeof message.file === 'string') this.addWatchFile(message.file);
          return { code: result.css, map: null };
        },
      },
    ];
    // The items' imports, resolved as in a host's app after `shadcn add`, on the package's source.
    const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
    const aliases = [
      { find: /^react-mcp-annotations$/, replacement: here('../src/index.ts') },
      { find: /^@\/components\/mcp\/(.*)$/, replacement: here('../registry/mcp/') + '$1' },
      { find: /^@\/components\/ui\/(.*)$/, replacement: here('../test/fixtures/shadcn/ui/') + '$1' },
      { find: /^@\/lib\/utils$/, replacement: here('../test/fixtures/shadcn-host/src/lib/utils.ts') },
    ];
    const existing = config.resolve?.alias;
    config.resolve = { ...config.resolve, alias: [...aliases, ...(Array.isArray(existing) ? existing : Object.entries(existing ?? {}).map(([find, replacement]) => ({ find, replacement: String(replacement) })))] };
    return config;
  },
};

export default config;
