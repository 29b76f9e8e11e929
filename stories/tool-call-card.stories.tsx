// Stories for src/components/tool-call-card.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ToolCallCard, decideToolCall } from '../src/index.js';
import { FIXED_NOW, errorResult, mixedAudience, prioritised } from '../test/fixtures/content.js';
import { createEntitiesTool, deleteEntitiesTool, readFileTool } from '../test/fixtures/tools.js';

const meta = {
  title: 'Components/ToolCallCard',
  component: ToolCallCard,
  args: { serverId: 'memory', tool: deleteEntitiesTool, trust: 'trusted', args: { entityNames: ['Alice'] }, status: { type: 'awaiting-approval' } },
  parameters: { docs: { description: { component: 'A call’s life in one card. `data-state` comes from one status union.' } } },
} satisfies Meta<typeof ToolCallCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AwaitingApproval: Story = {};
export const RunningIndeterminate: Story = { args: { status: { type: 'running' }, onCancel: fn() } };
export const RunningWithProgress: Story = {
  args: { status: { type: 'running', progress: { progress: 3, total: 5, message: 'Deleting entity 3 of 5' } }, onCancel: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('value', '0.6');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};
export const Success: Story = {
  args: { tool: readFileTool, status: { type: 'success', result: { content: prioritised } }, resultProps: { order: 'priority', collapseBelow: 0.4, now: FIXED_NOW, liveFreshness: false } },
};
export const SuccessMixedAudience: Story = { args: { status: { type: 'success', result: { content: mixedAudience } } } };
export const ErrorWithRetry: Story = {
  args: { status: { type: 'error', result: errorResult }, onRetry: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
export const ErrorNoRetryForUntrusted: Story = { args: { trust: 'untrusted', status: { type: 'error', message: 'Connection reset' }, onRetry: fn() } };
export const Blocked: Story = {
  args: { tool: createEntitiesTool, status: { type: 'blocked', reasons: decideToolCall({ tool: createEntitiesTool, trust: 'trusted', mode: 'read-only' }).reasons } },
};
export const Denied: Story = { args: { status: { type: 'denied' } } };
export const Cancelled: Story = { args: { status: { type: 'cancelled' } } };
export const AnnotationsChanged: Story = { args: { annotationsChanged: true } };
export const UnknownTool: Story = { args: { tool: undefined, toolName: 'mystery_tool', trust: 'untrusted' } };
