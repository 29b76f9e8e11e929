// Stories for src/components/content-blocks.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ContentBlocks } from '../src/index.js';
import type { ContentBlock } from '../src/core/types.js';
import { FIXED_NOW, dated, embeddedBlobBlock, embeddedTextBlock, everyType, fileLinkBlock, imageBlock, audioBlock, linkBlock, malformed, mixedAudience, prioritised, textBlock } from '../test/fixtures/content.js';
import styles from './stories.module.css';

const meta = {
  title: 'Components/ContentBlocks',
  component: ContentBlocks,
  args: { blocks: everyType, now: FIXED_NOW, liveFreshness: false, locale: 'en-US', timeZone: 'UTC' },
  argTypes: {
    viewer: { control: 'inline-radio', options: ['user', 'assistant'] },
    order: { control: 'inline-radio', options: ['server', 'priority'] },
    collapseBelow: { control: { type: 'range', min: 0, max: 1, step: 0.1 } },
  },
  parameters: {
    docs: {
      description: {
        component:
          'Renders MCP content blocks for one viewer. Audience is filtered in core before rendering; `viewer` defaults to "user". Priority can order and fold blocks; `lastModified` shows as freshness.',
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
  play: async ({ canvasElement }) => {
    const user = within(canvasElement.querySelector('[aria-labelledby="user-view"]') as HTMLElement);
    const assistant = within(canvasElement.querySelector('[aria-labelledby="assistant-view"]') as HTMLElement);
    await expect(user.queryByText(/DEBUG trace/)).toBeNull();
    await expect(assistant.getByText(/DEBUG trace/)).toBeVisible();
    await expect(assistant.queryByText(/saved as a draft/)).toBeNull();
  },
};

export const ServerOrder: Story = { args: { blocks: prioritised } };
export const PriorityOrder: Story = { args: { blocks: prioritised, order: 'priority' } };

export const CollapsedBelowThreshold: Story = {
  args: { blocks: prioritised, order: 'priority', collapseBelow: 0.4 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(/Trivia/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '2 more' }));
    await expect(canvas.getByText(/Trivia/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  },
};

export const Expanded: Story = { args: { blocks: prioritised, order: 'priority', collapseBelow: 0.4, defaultExpanded: true } };

export const Freshness: Story = {
  args: { blocks: dated, staleAfterMs: 2 * 86_400_000 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.textContent).not.toContain('Invalid Date');
    const time = canvas.getByText('3 days ago');
    await userEvent.hover(time);
    await expect(canvas.getByRole('tooltip')).toHaveTextContent('Nov 27, 2026');
  },
};

export const Copyable: Story = { args: { blocks: mixedAudience, copyable: true } };

export const MalformedInput: Story = { args: { blocks: malformed } };

export const Empty: Story = { args: { blocks: [] } };

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
