// Stories for src/styles (components.css against a host's stylesheet): one class
// per rule beats element selectors and loses to a host's class.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import hostileCss from '../test/fixtures/hostile-host.css?raw';
import { ContentBlocks, ToolCallCard, ToolConfirmDialog, ToolSummary, decideToolCall, type ContentBlock } from '../src/index.js';
import { FIXED_NOW, imageBlock } from '../test/fixtures/content.js';
import { deleteEntitiesTool, readFileTool } from '../test/fixtures/tools.js';
import styles from './stories.module.css';

const blocks: ContentBlock[] = [
  { type: 'text', text: 'Saved 3 files.' },
  { type: 'text', text: '{"saved":3,"files":["a.txt","b.txt","c.txt"]}' },
  { type: 'resource', resource: { uri: 'file:///notes/todo.md', mimeType: 'text/markdown', text: '- buy milk\n- call Bob' } },
  { type: 'resource_link', uri: 'https://example.com/report', name: 'report', title: 'Quarterly report', description: 'The full report.' },
  imageBlock,
];

function Sample({ withDialog = false }: { withDialog?: boolean }) {
  return (
    <div className={styles.stack}>
      <ToolSummary tool={readFileTool} trust="trusted" />
      <ToolCallCard headingLevel={2} tool={deleteEntitiesTool} trust="untrusted" args={{ entityNames: ['Alice', 'Bob'] }} status={{ type: 'awaiting-approval' }} />
      <ToolCallCard headingLevel={3} tool={readFileTool} trust="trusted" args={{ path: 'notes.md' }} status={{ type: 'success', result: { content: blocks } }} />
      <ContentBlocks blocks={[{ type: 'text', text: 'Last step', annotations: { lastModified: new Date(FIXED_NOW - 60_000).toISOString() } }]} now={FIXED_NOW} live={false} />
      {withDialog && (
        <ToolConfirmDialog
          prompt={{ serverId: 'memory', serverName: 'Memory', tool: deleteEntitiesTool, args: { entityNames: ['Alice'] }, decision: decideToolCall({ tool: deleteEntitiesTool, trust: 'untrusted' }) }}
          onRespond={() => {}}
        />
      )}
    </div>
  );
}

const meta = {
  title: 'Examples/Host stylesheet',
  parameters: {
    docs: {
      description: {
        component:
          'The components next to an ordinary host stylesheet (element rules for h1–h6, p, code, pre, ul, li, button, img, a, and `text-align: center` on `#root`, loaded after the library). Every library rule is one class (specificity 0,1,0), so element rules cannot change titles, risk colours, code blocks or alignment — and a class the host passes through `className` still wins.',
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The components inside a page whose stylesheet targets every element they use. */
export const HostileHostStylesheet: Story = {
  // The host's own garish heading and paragraph are not ours to check; the components are.
  parameters: { a11y: { context: { exclude: ['.host-content'] } } },
  render: () => (
    <div id="root">
      <style>{hostileCss}</style>
      <h1 className="host-content">A host page</h1>
      <p className="host-content">The host&apos;s own text follows its own rules.</p>
      <Sample />
    </div>
  ),
};

// What must not change, element by element.
const WATCHED: Array<[selector: string, properties: string[]]> = [
  ['[data-slot="tool-call-title"]', ['color', 'fontSize', 'fontFamily', 'marginTop', 'textTransform', 'letterSpacing', 'textAlign']],
  ['[data-slot$="-title"][id]', ['color', 'fontSize', 'fontFamily', 'marginTop', 'textTransform']],
  ['[data-slot="tool-call"]', ['backgroundColor', 'borderTopColor', 'textAlign', 'paddingTop']],
  ['[data-slot="tool-badge"][data-kind="destructive"]', ['color', 'backgroundColor', 'marginTop', 'paddingLeft']],
  ['[data-slot="tool-badges"]', ['paddingLeft', 'marginTop', 'listStyleType']],
  ['[data-slot="code-block"]', ['backgroundColor', 'color', 'paddingTop', 'borderTopWidth', 'whiteSpace', 'marginTop', 'fontFamily', 'textAlign']],
  ['[data-slot="code-block"] [data-slot="code-text"]', ['backgroundColor', 'paddingTop', 'borderTopWidth', 'fontSize', 'fontFamily']],
  ['[data-slot="tool-call-tool-name"]', ['backgroundColor', 'paddingTop', 'borderTopWidth', 'fontSize', 'fontFamily']],
  ['[data-slot="content-block"][data-kind="text"]', ['textAlign', 'color']],
  ['[data-slot="content-resource-description"]', ['marginTop', 'color', 'lineHeight']],
  ['[data-slot="tool-call-args"] [data-slot="details-summary"]', ['color']],
  ['[data-slot="tool-confirm-cancel"]', ['backgroundColor', 'color', 'borderTopWidth', 'paddingTop', 'fontSize', 'textTransform']],
  ['[data-slot="tool-confirm-action"]', ['backgroundColor', 'color', 'borderTopWidth', 'paddingTop', 'fontSize']],
  ['[data-slot="content-image"]', ['borderTopWidth', 'width']],
  ['a[data-slot="content-resource-name"]', ['color', 'textDecorationLine']],
  ['[data-slot="tool-result"]', ['textAlign']],
  ['[data-slot="freshness"]', ['color']],
];

function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [selector, properties] of WATCHED) {
    const element = document.querySelector(selector);
    if (!element) throw new Error(`nothing matches ${selector}`);
    const style = getComputedStyle(element);
    for (const property of properties) out[`${selector} ${property}`] = style[property as keyof CSSStyleDeclaration] as string;
  }
  return out;
}

/** Computed styles of titles, risk colours, code blocks, buttons and alignment, with and without the host's sheet. */
export const HostileHostStylesheetTest: Story = {
  tags: ['!dev', '!autodocs'],
  render: () => (
    <div id="root">
      <Sample withDialog />
    </div>
  ),
  play: async () => {
    await screen.findByRole('alertdialog');
    const before = snapshot();
    const sheet = document.createElement('style');
    sheet.textContent = hostileCss;
    document.head.append(sheet);
    try {
      // The host's sheet is live: it does restyle the host's own elements.
      const probe = document.createElement('h2');
      document.body.append(probe);
      await expect(getComputedStyle(probe).color).toBe('rgb(200, 0, 200)');
      probe.remove();
      await expect(snapshot()).toEqual(before);
    } finally {
      sheet.remove();
    }
  },
};

/** A class the host passes through `className` still wins over the library's rule. */
export const HostClassWinsTest: Story = {
  tags: ['!dev', '!autodocs'],
  // Checks the cascade only; the host's made-up colour is not a design.
  parameters: { a11y: { test: 'off' } },
  render: () => (
    <>
      <style>{'.host-card { background-color: rgb(250, 250, 240); }'}</style>
      <ToolCallCard className="host-card" tool={readFileTool} trust="trusted" status={{ type: 'running' }} />
      <ToolSummary className="host-summary" tool={readFileTool} trust="trusted" />
    </>
  ),
  play: async ({ canvasElement }) => {
    await expect(getComputedStyle(within(canvasElement).getByRole('article')).backgroundColor).toBe('rgb(250, 250, 240)');
  },
};
