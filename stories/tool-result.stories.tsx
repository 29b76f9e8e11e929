// Stories for src/components/tool-result.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ToolResult } from '../src/index.js';
import { FIXED_NOW, errorResult, everyType, mixedAudience, structuredResult } from '../test/fixtures/content.js';

const meta = {
  title: 'Components/ToolResult',
  component: ToolResult,
  args: { result: { content: mixedAudience }, now: FIXED_NOW, live: false, locale: 'en-US', timeZone: 'UTC' },
  argTypes: { viewer: { control: 'inline-radio', options: ['user', 'assistant'] } },
  parameters: {
    docs: {
      description: {
        component:
          'A `tools/call` result: its content through `ContentBlocks` (audience filtered, user view by default), an error state when `isError`, and `structuredContent` only in the assistant (debug) view unless the host opts in with `showStructuredContent`. A malformed result shows a placeholder and is reported through `onAnnotationIssue`. Unknown props and `className` go on the root element.',
      },
    },
  },
} satisfies Meta<typeof ToolResult>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UserView: Story = {};
export const AssistantView: Story = { args: { viewer: 'assistant' } };
export const ErrorResult: Story = { args: { result: errorResult } };
export const EmptyResult: Story = { args: { result: { content: [] } } };
export const StructuredContentHiddenForUser: Story = { args: { result: structuredResult } };
export const StructuredContentInDebugView: Story = { args: { result: structuredResult, viewer: 'assistant' } };
export const StructuredContentOptIn: Story = { args: { result: structuredResult, showStructuredContent: true } };
export const EveryContentType: Story = { args: { result: { content: everyType } } };
/** Not a result at all: a placeholder says so, and the host hears about it through `onAnnotationIssue`. */
export const MalformedResult: Story = { args: { result: 'not a result' as never } };

// Interaction tests ----------------------------------------------------------

export const ErrorResultTest: Story = {
  ...ErrorResult,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The tool reported an error')).toBeVisible();
  },
};

export const MalformedResultTest: Story = {
  ...MalformedResult,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The tool returned a result that could not be shown')).toBeVisible();
  },
};
