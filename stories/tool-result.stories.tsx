// Stories for src/components/tool-result.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ToolResult } from '../src/index.js';
import { FIXED_NOW, errorResult, everyType, mixedAudience, structuredResult } from '../test/fixtures/content.js';

const meta = {
  title: 'Components/ToolResult',
  component: ToolResult,
  args: { result: { content: mixedAudience }, now: FIXED_NOW, liveFreshness: false, locale: 'en-US', timeZone: 'UTC' },
  argTypes: { viewer: { control: 'inline-radio', options: ['user', 'assistant'] } },
} satisfies Meta<typeof ToolResult>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UserView: Story = {};
export const AssistantView: Story = { args: { viewer: 'assistant' } };
export const ErrorResult: Story = {
  args: { result: errorResult },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The tool reported an error')).toBeVisible();
  },
};
export const StructuredContentHiddenForUser: Story = { args: { result: structuredResult } };
export const StructuredContentInDebugView: Story = { args: { result: structuredResult, viewer: 'assistant' } };
export const StructuredContentOptIn: Story = { args: { result: structuredResult, showStructuredContent: true } };
export const EveryContentType: Story = { args: { result: { content: everyType } } };
export const MalformedResult: Story = { args: { result: 'not a result' as never } };
