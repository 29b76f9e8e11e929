import type { Preview } from '@storybook/react-vite';
import { useEffect } from 'react';
import '../src/styles/index.css';
import './preview.css';

type Theme = 'light' | 'dark';

const preview: Preview = {
  globalTypes: {
    theme: {
      description: 'Colour theme of the library tokens',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  // The story tests run once per theme: the storybook-dark vitest project sets this.
  initialGlobals: { theme: (import.meta.env.VITE_STORY_THEME as Theme | undefined) ?? 'light' },
  decorators: [
    (Story, context) => {
      const theme = (context.globals.theme as Theme | undefined) ?? 'light';
      return (
        <ThemeRoot theme={theme}>
          <Story />
        </ThemeRoot>
      );
    },
  ],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // Any axe violation fails the story test in Chromium.
    a11y: { test: 'error' },
    // Three groups: examples (whole hosts on built-in data), the guide, the components.
    // The root URL opens the first entry, the chat-host showcase: every consent a host
    // shows, working, in one click; the guide's introduction is the next group.
    options: {
      storySort: { order: ['Examples', ['Chat host', ['Conversation'], 'Theming', 'Host states', 'Host stylesheet'], 'Guide', ['Introduction', 'Getting started', 'Next.js and the AI SDK', 'Tailwind v4 and shadcn ui', 'MCP SDK v1 and v2', 'Server requests', 'MCP Apps', 'Kinds of consent', 'Theming', 'Translations', 'Accessibility', 'Security model', 'Performance', 'Anatomy'], 'Components'] },
    },
  },
  tags: ['autodocs'],
};

function ThemeRoot({ theme, children }: { theme: Theme; children: React.ReactNode }) {
  // The theme lives on <html> so portalled dialogs pick it up too.
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return (
    <div className="sb-theme-root" data-theme={theme}>
      {children}
    </div>
  );
}

export default preview;
