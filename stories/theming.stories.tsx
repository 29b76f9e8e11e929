import type { Meta, StoryObj } from '@storybook/react-vite';
import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { expect } from 'storybook/test';
import { ContentBlocks, ToolCallCard, ToolSummary } from '../src/index.js';
import { FIXED_NOW, prioritised } from '../test/fixtures/content.js';
import { deleteEntitiesTool, readFileTool } from '../test/fixtures/tools.js';
import { tokens } from './theming/token-table.js';
import styles from './theming/theming.module.css';

const meta = {
  title: 'Theming/Examples',
  parameters: { docs: { description: { component: 'The theme switch in the toolbar sets `data-theme` on the page; these stories show the tokens at work.' } } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

function Sample() {
  return (
    <div className={styles.stack}>
      <ToolSummary tool={readFileTool} trust="trusted" />
      <ToolCallCard tool={deleteEntitiesTool} trust="untrusted" status={{ type: 'running', progress: { progress: 1, total: 3 } }} onCancel={() => {}} />
      <ContentBlocks blocks={prioritised} order="priority" collapseBelow={0.4} now={FIXED_NOW} liveFreshness={false} />
    </div>
  );
}

/** The default tokens; the toolbar's theme switch must change them. */
export const DefaultTokens: Story = {
  render: () => <Sample />,
  play: async ({ canvasElement, globals }) => {
    const bg = getComputedStyle(canvasElement.querySelector('[data-slot="tool-summary"]')!).getPropertyValue('--mcp-bg').trim();
    await expect(bg).toBe(globals.theme === 'dark' ? tokens.dark['--mcp-bg'] : tokens.light['--mcp-bg']);
  },
};

/** A brand theme made of ten variable overrides on a wrapper. */
export const BrandTheme: Story = {
  render: () => (
    <div className={styles.brand}>
      <Sample />
    </div>
  ),
};

/** Without the stylesheet (rendered in a shadow root, which page styles do not reach) the components are plain semantic HTML in a readable order. */
export const WithoutStylesheet: Story = {
  render: () => <ShadowRoot />,
  play: async ({ canvasElement }) => {
    const host = canvasElement.querySelector('[data-testid="shadow-host"]')!;
    await expect(host.shadowRoot?.querySelector('[data-slot="tool-summary"]')).toBeTruthy();
  },
};

function ShadowRoot() {
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  const ref = useCallback((node: HTMLDivElement | null) => {
    if (node && !node.shadowRoot) setRoot(node.attachShadow({ mode: 'open' }));
  }, []);
  return (
    <div ref={ref} data-testid="shadow-host">
      {root && createPortal(<Sample />, root)}
    </div>
  );
}
