// Stories for src/components/content-blocks.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ContentBlocks } from '../src/index.js';
import type { ContentBlock } from '../src/core/shared/types.js';
import { FIXED_NOW, dated, embeddedBlobBlock, embeddedTextBlock, everyType, fileLinkBlock, imageBlock, audioBlock, linkBlock, malformed, mixedAudience, prioritised, textBlock } from '../test/fixtures/content.js';
import styles from './stories.module.css';

const TEST = ['!dev', '!autodocs'];

const meta = {
  title: 'Components/ContentBlocks',
  component: ContentBlocks,
  args: { blocks: everyType, now: FIXED_NOW, live: false, locale: 'en-US', timeZone: 'UTC' },
  argTypes: {
    viewer: { control: 'inline-radio', options: ['user', 'assistant'] },
    order: { control: 'inline-radio', options: ['server', 'priority'] },
    collapseBelow: { control: { type: 'range', min: 0, max: 1, step: 0.1 } },
  },
  parameters: {
    docs: {
      description: {
        component:
          'Renders MCP content blocks for one viewer. Audience is filtered in core before rendering; `viewer` defaults to "user", and the assistant (debug) view marks assistant-only blocks. Priority can order and fold blocks; `lastModified` shows as freshness. Nothing visible gives one neutral line, the same whether the result was empty or all of it was for the assistant. JSON text is indented; long text gets a bounded box; tiny images a frame; non-http links go to `onOpenResource`.',
      },
    },
  },
} satisfies Meta<typeof ContentBlocks>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EveryType: Story = {};
export const Text: Story = { args: { blocks: [textBlock] } };
export const Image: Story = { args: { blocks: [imageBlock] } };
export const Audio: Story = { args: { blocks: [audioBlock] } };
export const ResourceLink: Story = { args: { blocks: [linkBlock, fileLinkBlock] } };
export const EmbeddedText: Story = { args: { blocks: [embeddedTextBlock] } };
export const EmbeddedBlob: Story = { args: { blocks: [embeddedBlobBlock] } };
export const UnknownType: Story = { args: { blocks: [{ type: 'hologram' } as unknown as ContentBlock] } };

/** The same transcript for the user and for the model (debug view). */
export const UserVersusAssistant: Story = {
  args: { blocks: mixedAudience },
  render: (args) => (
    <div className={styles.sideBySide}>
      <section className={styles.panel} aria-labelledby="user-view">
        <h3 id="user-view">User view</h3>
        <ContentBlocks {...args} viewer="user" />
      </section>
      <section className={styles.panel} aria-labelledby="assistant-view">
        <h3 id="assistant-view">Assistant (debug) view</h3>
        <ContentBlocks {...args} viewer="assistant" />
      </section>
    </div>
  ),
};

export const ServerOrder: Story = { args: { blocks: prioritised } };
export const PriorityOrder: Story = { args: { blocks: prioritised, order: 'priority' } };

export const CollapsedBelowThreshold: Story = { args: { blocks: prioritised, order: 'priority', collapseBelow: 0.4 } };

export const Expanded: Story = { args: { blocks: prioritised, order: 'priority', collapseBelow: 0.4, defaultExpanded: true } };

export const Freshness: Story = { args: { blocks: dated, staleAfterMs: 2 * 86_400_000 } };

export const Copyable: Story = { args: { blocks: mixedAudience, copyable: true } };

export const MalformedInput: Story = { args: { blocks: malformed } };

export const Empty: Story = { args: { blocks: [] } };
/** Everything here is for the assistant: the user sees exactly what an empty result shows. */
export const AllHiddenFromUser: Story = { args: { blocks: [{ type: 'text', text: 'internal trace', annotations: { audience: ['assistant'] } }] } };
/** A host opted in to saying the result was for the assistant. */
export const AllHiddenRevealed: Story = { args: { ...AllHiddenFromUser.args, revealHidden: true } };
export const AssistantView: Story = { args: { blocks: mixedAudience, viewer: 'assistant' } };
export const JsonAndLongText: Story = {
  args: {
    blocks: [
      { type: 'text', text: JSON.stringify({ status: 'ok', items: Array.from({ length: 30 }, (_, i) => ({ id: i, name: `item ${i}` })) }) },
      { type: 'text', text: Array.from({ length: 40 }, (_, i) => `Log line ${i + 1}: request handled in ${i * 3} ms`).join('\n') },
    ],
  },
};
export const TinyImage: Story = { args: { blocks: [imageBlock] } };
export const OpenResource: Story = { args: { blocks: [fileLinkBlock, linkBlock], onOpenResource: fn() } };

export const LongTranscript: Story = {
  args: {
    blocks: Array.from({ length: 60 }, (_, i): ContentBlock => ({
      type: 'text',
      text: `Line ${i + 1}: ${'lorem ipsum '.repeat((i % 5) + 1)}`,
      annotations: { priority: (i % 10) / 10, ...(i % 7 === 0 ? { audience: ['assistant'] as const } : {}), ...(i % 4 === 0 ? { lastModified: new Date(FIXED_NOW - i * 3_600_000).toISOString() } : {}) },
    })),
    order: 'priority',
    collapseBelow: 0.5,
  },
};

export const RightToLeft: Story = {
  args: { blocks: [{ type: 'text', text: 'تم حفظ التغييرات.' }, { ...embeddedTextBlock }], locale: 'ar' },
  render: (args) => (
    <div dir="rtl" lang="ar">
      <ContentBlocks {...args} />
    </div>
  ),
};

// Interaction tests ----------------------------------------------------------

export const UserVersusAssistantTest: Story = {
  ...UserVersusAssistant,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const user = within(canvasElement.querySelector('[aria-labelledby="user-view"]') as HTMLElement);
    const assistant = within(canvasElement.querySelector('[aria-labelledby="assistant-view"]') as HTMLElement);
    await expect(user.queryByText(/DEBUG trace/)).toBeNull();
    await expect(assistant.getByText(/DEBUG trace/)).toBeVisible();
    await expect(assistant.getAllByText('Assistant only').length).toBeGreaterThan(0);
    await expect(assistant.queryByText(/saved as a draft/)).toBeNull();
  },
};

export const FoldAndUnfoldTest: Story = {
  ...CollapsedBelowThreshold,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(/Trivia/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '2 more blocks, lower priority' }));
    await expect(canvas.getByText(/Trivia/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: '2 more blocks, lower priority' })).toHaveAttribute('aria-expanded', 'true');
  },
};

export const FreshnessTooltipTest: Story = {
  ...Freshness,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.textContent).not.toContain('Invalid Date');
    const time = canvas.getByText('Last modified 3 days ago', { exact: false });
    // The absolute time is read in place: text in the label, not shown (no hover needed), and no tooltip element until one opens.
    const date = time.querySelector('[data-slot="freshness-date"]')!;
    await expect(date).toHaveTextContent('Nov 27, 2026');
    await expect(date.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    await expect(canvasElement.querySelector('[data-slot="freshness-tooltip"]')).toBeNull();
    await userEvent.hover(time);
    const tooltip = canvasElement.querySelector<HTMLElement>('[data-slot="freshness-tooltip"]')!;
    await expect(tooltip).toHaveTextContent(/^Nov 27, 2026/);
    await expect(tooltip).toBeVisible();
    await userEvent.unhover(time);
    await waitFor(() => expect(canvasElement.querySelector('[data-slot="freshness-tooltip"]')).toBeNull());
    // Short text is the block's own text; the block keeps its whitespace.
    await expect(getComputedStyle(time.closest('[data-slot="content-block"]')!).whiteSpace).toBe('pre-wrap');
  },
};

export const EmptyLooksLikeAllHiddenTest: Story = {
  ...AllHiddenFromUser,
  tags: TEST,
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('No content to show');
    await expect(canvasElement).not.toHaveTextContent('internal trace');
    await expect(canvasElement.textContent).not.toMatch(/assistant|hidden/i);
  },
};

export const CopyButtonTest: Story = {
  ...Copyable,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const buttons = within(canvasElement).getAllByRole('button', { name: 'Copy text' });
    await expect(buttons).toHaveLength(2);
    await expect(buttons[0]!.textContent).toBe('');
    // Hidden until hover or keyboard focus, but always in the tab order.
    await expect(getComputedStyle(buttons[0]!).opacity).toBe('0');
    while (document.activeElement !== buttons[0]) await userEvent.tab();
    await waitFor(() => expect(getComputedStyle(buttons[0]!).opacity).toBe('1'));
  },
};

export const TinyImageFramedTest: Story = {
  ...TinyImage,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'Image from the tool' });
    const box = img.getBoundingClientRect();
    await expect(box.width).toBeGreaterThanOrEqual(48);
    await expect(box.height).toBeGreaterThanOrEqual(48);
  },
};

export const OpenResourceTest: Story = {
  ...OpenResource,
  tags: TEST,
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'main.rs' }));
    await expect(args.onOpenResource).toHaveBeenCalledWith(expect.objectContaining({ uri: 'file:///project/src/main.rs' }));
  },
};
