import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// Tests mirror src/: a test sits at its module's path under test/. The project
// follows from the file: *.test.ts runs in Node, *.test.tsx in jsdom, and
// *.server.test.* against real servers; browsers run e2e/ and the stories.
const notHere = [...configDefaults.exclude, 'test/e2e/**', 'test/package/**', 'test/fixtures/**', '**/*.server.test.*'];

/** Debian's Chromium; playwright must never download its own browser here. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  plugins: [react()],
  test: {
    // Every spy, mock, stubbed global and env is put back after each test.
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // Two files at a time (the default is one on two cores): most of an e2e file's time is a browser or a
    // server doing its part, and the tests wait for conditions, never for time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          // Node-only files of a worker share its loaded modules (each still gets fresh mocks, globals and env):
          // module loading was most of their time. The jsdom files stay isolated (a page per file).
          isolate: false,
          // Property tests run thousands of cases: on a loaded 2-core machine they must not hit a 5 s default.
          testTimeout: 60_000,
          include: ['test/**/*.test.ts'],
          exclude: notHere,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // One page per worker for all its files (test/setup.ts empties it before each file): jsdom and React load once.
          isolate: false,
          testTimeout: 60_000,
          globals: true,
          // The shadcn registry's sources, resolved as in a host's app after `shadcn add`, on the package's source.
          alias: [
            { find: /^react-mcp-annotations$/, replacement: path.join(dirname, 'src/index.ts') },
            { find: /^@\/components\/mcp\/(.*)$/, replacement: path.join(dirname, 'registry/mcp/$1') },
            { find: /^@\/components\/ui\/(.*)$/, replacement: path.join(dirname, 'test/fixtures/shadcn/ui/$1') },
            { find: /^@\/lib\/utils$/, replacement: path.join(dirname, 'test/fixtures/shadcn-host/src/lib/utils.ts') },
          ],
          setupFiles: ['test/setup.ts'],
          include: ['test/**/*.test.tsx'],
          exclude: notHere,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          isolate: false,
          // The examples import the package by name; their tests run against the source.
          alias: [
            { find: /^react-mcp-annotations\/gate$/, replacement: path.join(dirname, 'src/gate/index.ts') },
            { find: /^react-mcp-annotations\/ai-sdk$/, replacement: path.join(dirname, 'src/ai-sdk/index.ts') },
            { find: /^react-mcp-annotations\/core$/, replacement: path.join(dirname, 'src/core/index.ts') },
            { find: /^react-mcp-annotations\/tanstack-ai$/, replacement: path.join(dirname, 'src/tanstack-ai/index.ts') },
            { find: /^react-mcp-annotations\/copilotkit$/, replacement: path.join(dirname, 'src/copilotkit/index.ts') },
            { find: /^react-mcp-annotations\/langgraph$/, replacement: path.join(dirname, 'src/langgraph/index.ts') },
          ],
          setupFiles: ['test/setup.ts'],
          include: ['test/**/*.server.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, 'test/package/**', 'test/fixtures/**'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      // Every story is a test in real Chromium with axe failing on violations, once per theme.
      ...(['light', 'dark'] as const).map((theme) => ({
        extends: true as const,
        plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
        test: {
          name: theme === 'light' ? 'storybook' : 'storybook-dark',
          env: { VITE_STORY_THEME: theme },
          // One page per theme for every story file: React, Storybook's runtime and the styles load once, not per file.
          isolate: false,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunch }),
            instances: [{ browser: 'chromium' as const }],
          },
        },
      })),
    ],
  },
});
