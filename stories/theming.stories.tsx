import type { Meta, StoryObj } from '@storybook/react-vite';
import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { expect, within } from 'storybook/test';
import { ContentBlocks, ToolBadges, ToolCallCard, ToolSummary } from '../src/index.js';
import { FIXED_NOW, prioritised } from '../test/fixtures/content.js';
import { createEntitiesTool, deleteEntitiesTool, readFileTool } from '../test/fixtures/tools.js';
import { tokens } from './theming/token-table.js';
import styles from './theming/theming.module.css';
import './guide/code/brand.css';

const meta = {
  title: 'Examples/Theming',
  parameters: { docs: { description: { component: 'The theme switch in the toolbar sets `data-theme` on the page; these stories show the tokens at work.' } } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

function Sample() {
  return (
    <div className={styles.stack}>
      <ToolSummary tool={readFileTool} trust="trusted" />
      <ToolCallCard tool={deleteEntitiesTool} trust="untrusted" status={{ type: 'running', progress: { progress: 1, total: 3 } }} onCancel={() => {}} />
      <ContentBlocks blocks={prioritised} order="priority" collapseBelow={0.4} now={FIXED_NOW} live={false} />
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
    <div className="my-brand">
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

/**
 * Overriding one base token on a container re-skins everything derived from
 * it there (risk badges, card borders, the progress bar), and nothing outside.
 */
export const AliasesFollowOverridesTest: Story = {
  tags: ['!dev', '!autodocs'],
  render: () => (
    <div className={styles.stack}>
      <div data-testid="plain">
        <ToolBadges tool={readFileTool} trust="trusted" />
        <ToolCallCard tool={createEntitiesTool} trust="trusted" status={{ type: 'running', progress: { progress: 1, total: 2 } }} />
      </div>
      <div data-testid="overridden" style={{
          ['--mcp-success' as string]: 'rgb(255, 255, 255)',
          ['--mcp-success-fg' as string]: 'rgb(0, 60, 0)',
          ['--mcp-accent-fg' as string]: 'rgb(200, 100, 50)',
          ['--mcp-danger' as string]: 'rgb(250, 240, 230)',
          ['--mcp-danger-fg' as string]: 'rgb(120, 0, 0)',
        }}>
        <ToolBadges tool={readFileTool} trust="trusted" />
        <ToolBadges tool={deleteEntitiesTool} trust="trusted" />
        <ToolCallCard tool={createEntitiesTool} trust="trusted" status={{ type: 'running', progress: { progress: 1, total: 2 } }} />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const plain = within(canvasElement).getByTestId('plain');
    const overridden = within(canvasElement).getByTestId('overridden');
    const readOnly = (root: HTMLElement) => getComputedStyle(root.querySelector('[data-kind="read-only"]')!);
    const destructive = getComputedStyle(overridden.querySelector('[data-kind="destructive"]')!);
    const card = (root: HTMLElement) => root.querySelector('[data-slot="tool-call"]')!;
    const progress = (root: HTMLElement) => getComputedStyle(root.querySelector('progress')!);
    await expect(readOnly(overridden).backgroundColor).toBe('rgb(255, 255, 255)');
    await expect(readOnly(overridden).color).toBe('rgb(0, 60, 0)');
    await expect(destructive.backgroundColor).toBe('rgb(250, 240, 230)');
    await expect(destructive.color).toBe('rgb(120, 0, 0)');
    await expect(getComputedStyle(card(overridden)).borderInlineStartColor).toBe('rgb(200, 100, 50)');
    await expect(progress(overridden).accentColor).toBe('rgb(200, 100, 50)');
    // Outside the container, nothing moved.
    await expect(readOnly(plain).backgroundColor).not.toBe('rgb(255, 255, 255)');
    await expect(getComputedStyle(card(plain)).borderInlineStartColor).not.toBe('rgb(200, 100, 50)');
  },
};
