// Stories for src/components/tool-call.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState, type ReactNode } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ConsentProvider, ToolCall, ToolCallCard, createConsentController, decideToolCall, toolKind, toolCallStatusFromTask, type ConsentController, type ToolKindTypes, type ServerConfig, type ToolCallStatus } from '../src/index.js';
import type { PolicyMode } from '../src/core/shared/policy.js';
import type { Tool } from '../src/core/shared/types.js';
import { FIXED_NOW, errorResult, mixedAudience, prioritised } from '../test/fixtures/content.js';
import { createEntitiesTool, deleteEntitiesTool, readFileTool, researchTool } from '../test/fixtures/tools.js';
import styles from './stories.module.css';

const TEST = ['!dev', '!autodocs'];
const upsertTool: Tool = { name: 'upsert_note', title: 'Save note', description: 'Creates or replaces a note.', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } };

const meta = {
  title: 'Components/ToolCallCard',
  component: ToolCallCard,
  args: { serverId: 'memory', tool: deleteEntitiesTool, trust: 'trusted', args: { entityNames: ['Alice'] }, status: { type: 'awaiting-approval' } },
  parameters: {
    docs: {
      description: {
        component:
          'A call’s life in one card: awaiting approval (in a dialog, or right here with `approvalUI="inline"`), running with MCP progress, done, error with Retry, blocked, denied, cancelled. `data-state` comes from one status union; a call waiting for approval shows its risk on the whole card. Retry is never the card’s own decision: it asks the provider, which decides with today’s policy and calls `onRetry` only when the call may run.',
      },
    },
  },
} satisfies Meta<typeof ToolCallCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A provider whose controller already holds a request for the card's call, so the card shows it inline. */
function Pending({ tool, servers, mode, children, callId = 'call-1' }: { tool: Tool | undefined; servers: Record<string, ServerConfig>; mode?: PolicyMode | undefined; children: ReactNode; callId?: string | undefined }) {
  const [controller] = useState<ConsentController<ToolKindTypes>>(() => createConsentController({ kinds: [toolKind()], servers, mode }));
  useEffect(() => {
    void controller.requestApproval({ serverId: 'memory', tool, args: { entityNames: ['Alice'] }, callId });
    return () => controller.dispose();
  }, [controller, tool, callId]);
  return (
    <ConsentProvider controller={controller} approvalUI="inline">
      {children}
    </ConsentProvider>
  );
}

export const AwaitingApproval: Story = {};
/** Inline approval of a destructive call from an untrusted server: the whole card says danger; Deny comes first. */
export const InlineApprovalDestructive: Story = {
  args: { callId: 'call-1', trust: undefined },
  decorators: [
    (Story) => (
      <Pending tool={deleteEntitiesTool} servers={{ memory: { trust: 'untrusted', name: 'Memory' } }}>
        <Story />
      </Pending>
    ),
  ],
};
/** Inline approval of an additive write from a trusted server, with "remember". */
export const InlineApprovalWrite: Story = {
  args: { callId: 'call-1', trust: undefined, tool: createEntitiesTool },
  decorators: [
    (Story) => (
      <Pending tool={createEntitiesTool} servers={{ memory: { trust: 'trusted', name: 'Memory' } }}>
        <Story />
      </Pending>
    ),
  ],
};
/** A request that names this card's call but asks about another tool: the card does not answer it; the dialog shows the request's own tool (`delete_entities`) and arguments. */
export const InlineApprovalOtherTool: Story = {
  args: { callId: 'call-1', trust: undefined, tool: readFileTool, args: { path: 'notes.txt' } },
  decorators: [
    (Story) => (
      <Pending tool={deleteEntitiesTool} servers={{ memory: { trust: 'untrusted', name: 'Memory' } }}>
        <Story />
      </Pending>
    ),
  ],
};
export const RunningIndeterminate: Story = { args: { status: { type: 'running' }, onCancel: fn() } };
export const RunningWithProgress: Story = { args: { status: { type: 'running', progress: { progress: 3, total: 5, message: 'Deleting entity 3 of 5' } }, onCancel: fn() } };
export const RunsInBackground: Story = { args: { tool: researchTool, status: { type: 'running', progress: { progress: 1, total: 4, message: 'Searching sources' } }, onCancel: fn() } };
/** A task (`execution.taskSupport: required`) working, in the server's words. */
export const TaskWorking: Story = { args: { tool: researchTool, args: { topic: 'python', ambiguous: true }, status: toolCallStatusFromTask({ taskId: 'task-1', status: 'working', statusMessage: 'Gathering sources...' }), onCancel: fn() } };
/** The task waits for the person: its elicitation opens in the dialog (or inline). */
export const TaskInputRequired: Story = {
  args: { tool: researchTool, args: { topic: 'python', ambiguous: true }, status: toolCallStatusFromTask({ taskId: 'task-1', status: 'input_required', statusMessage: 'Found multiple interpretations for "python". Requesting clarification...' }), onCancel: fn() },
};
/** Completed but its result not fetched yet: still running. */
export const TaskCompletedFetchingResult: Story = { args: { tool: researchTool, args: { topic: 'python' }, status: toolCallStatusFromTask({ taskId: 'task-1', status: 'completed' }), onCancel: fn() } };
export const TaskFailed: Story = { args: { tool: researchTool, args: { topic: 'python' }, status: toolCallStatusFromTask({ taskId: 'task-1', status: 'failed', statusMessage: 'The research backend timed out.' }) } };
export const TaskCancelled: Story = { args: { tool: researchTool, args: { topic: 'python' }, status: toolCallStatusFromTask({ taskId: 'task-1', status: 'cancelled', statusMessage: 'Cancelled at your request.' }) } };
export const Success: Story = {
  args: { tool: readFileTool, status: { type: 'success', result: { content: prioritised } }, resultProps: { order: 'priority', collapseBelow: 0.4, now: FIXED_NOW, live: false } },
};
export const SuccessMixedAudience: Story = { args: { status: { type: 'success', result: { content: mixedAudience } } } };
export const SuccessEmpty: Story = { args: { tool: readFileTool, status: { type: 'success', result: { content: [] } } } };
/** Retry is offered inside a provider; the provider decides whether it may run. */
export const ErrorWithRetry: Story = {
  args: { tool: upsertTool, trust: undefined, callId: 'call-1', status: { type: 'error', result: errorResult }, onRetry: fn() },
  decorators: [
    (Story) => (
      <ConsentProvider servers={{ memory: { trust: 'trusted', name: 'Memory' } }}>
        <Story />
      </ConsentProvider>
    ),
  ],
};
export const ErrorWithoutProvider: Story = { args: { trust: 'untrusted', status: { type: 'error', message: 'Connection reset' }, onRetry: fn() } };
export const Blocked: Story = {
  args: { tool: createEntitiesTool, status: { type: 'blocked', reasons: decideToolCall({ tool: createEntitiesTool, trust: 'trusted', mode: 'read-only' }).reasons } },
};
export const Denied: Story = { args: { status: { type: 'denied' } } };
export const Cancelled: Story = { args: { status: { type: 'cancelled' } } };
export const AnnotationsChanged: Story = { args: { annotationsChanged: true } };
export const UnknownTool: Story = { args: { tool: undefined, toolName: 'mystery_tool', trust: 'untrusted' } };
export const LongNameAndHugeArguments: Story = {
  args: {
    tool: { name: 'summarise_quarterly_financial_statements_for_every_subsidiary_in_every_region', title: `Summarise ${'very '.repeat(30)}long report`, annotations: { readOnlyHint: true } },
    args: { regions: Array.from({ length: 60 }, (_, i) => `region-${i}`), note: 'x'.repeat(2000) },
    status: { type: 'running' },
  },
};
export const Transcript: Story = {
  render: () => (
    <div className={styles.stack}>
      <ToolCallCard serverId="memory" tool={readFileTool} trust="trusted" args={{ path: 'README.md' }} status={{ type: 'success', result: { content: mixedAudience } }} />
      <ToolCallCard serverId="memory" tool={createEntitiesTool} trust="trusted" args={{ entities: [{ name: 'Alice' }] }} status={{ type: 'running', progress: { progress: 1, total: 2 } }} />
      <ToolCallCard serverId="memory" tool={deleteEntitiesTool} trust="untrusted" args={{ entityNames: ['Bob'] }} status={{ type: 'awaiting-approval' }} />
    </div>
  ),
};

/**
 * Composed from parts: `ToolCallCard` is `ToolCall.Root` with every part; a
 * host recomposes them — here the status line and result first, the badges
 * and arguments under them, no retry.
 */
export const ComposedFromParts: Story = {
  render: () => (
    <div className={styles.stack}>
      <ToolCall.Root serverId="memory" tool={readFileTool} trust="trusted" args={{ path: 'README.md' }} status={{ type: 'success', result: { content: prioritised } }}>
        <ToolCall.Header />
        <ToolCall.Result order="priority" collapseBelow={0.4} />
        <ToolCall.Badges />
        <ToolCall.Arguments />
      </ToolCall.Root>
      <ToolCall.Root serverId="memory" tool={deleteEntitiesTool} trust="untrusted" args={{ entityNames: ['Bob'] }} status={{ type: 'blocked', reasons: decideToolCall({ tool: deleteEntitiesTool, trust: 'trusted', mode: 'read-only' }).reasons }}>
        <ToolCall.Header headingLevel={4} />
        <ToolCall.Error />
      </ToolCall.Root>
    </div>
  ),
};
/** Inline approval composed from parts: the confirmation's own parts, placed by the host under the header. */
export const ComposedInlineApproval: Story = {
  render: () => (
    <Pending tool={createEntitiesTool} servers={{ memory: { trust: 'trusted', name: 'Memory' } }}>
      <ToolCall.Root callId="call-1" serverId="memory" tool={createEntitiesTool} args={{ entityNames: ['Alice'] }} status={{ type: 'awaiting-approval' }}>
        <ToolCall.Header />
        <ToolCall.Approval />
        <ToolCall.Arguments />
      </ToolCall.Root>
    </Pending>
  ),
};

// Interaction tests ----------------------------------------------------------

export const ComposedInlineApprovalTest: Story = {
  ...ComposedInlineApproval,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Needs your approval' });
    await expect(within(region).getByRole('list', { name: 'Why you are asked' })).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Needs your approval' })).toBeNull());
    await expect(canvas.getByRole('heading', { name: 'create_entities' })).toHaveFocus();
  },
};

export const CancelTest: Story = {
  ...RunningWithProgress,
  tags: TEST,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('value', '0.6');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

export const RetryDecidedByProviderTest: Story = {
  ...ErrorWithRetry,
  tags: TEST,
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(args.onRetry).toHaveBeenCalledTimes(1));
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

export const RetryBlockedOfflineTest: Story = {
  ...ErrorWithRetry,
  tags: TEST,
  decorators: [
    (Story) => (
      <ConsentProvider servers={{ memory: { trust: 'trusted' } }} mode="offline">
        <Story />
      </ConsentProvider>
    ),
  ],
  args: { ...ErrorWithRetry.args, tool: { ...upsertTool, annotations: { ...upsertTool.annotations, openWorldHint: true } } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(await within(canvasElement).findByText(/^Retry blocked:/)).toBeVisible();
    await expect(args.onRetry).not.toHaveBeenCalled();
  },
};

export const InlineDenyFirstTest: Story = {
  ...InlineApprovalDestructive,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Needs your approval' });
    await expect(canvas.getByRole('article')).toHaveAttribute('data-state', 'awaiting-approval');
    // Nothing took focus when the card started waiting.
    await expect(region.contains(document.activeElement)).toBe(false);
    // The arguments come first (to read), then Deny before Allow.
    await userEvent.click(canvas.getByText('Arguments'));
    await userEvent.click(canvas.getByText('Arguments'));
    await userEvent.tab();
    await expect(within(region).getByRole('button', { name: 'Deny' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(region).getByRole('button', { name: 'Allow destructive action' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Delete entities' })).toHaveFocus());
  },
};

/** A card whose host updates the status as a real one does: Cancel ends the call, Retry runs it again. */
function LiveCard({ initial }: { initial: 'running' | 'error' }) {
  const [status, setStatus] = useState<ToolCallStatus>(initial === 'running' ? { type: 'running' } : { type: 'error', message: 'Connection reset' });
  return (
    <ConsentProvider servers={{ memory: { trust: 'trusted' } }}>
      <ToolCallCard serverId="memory" callId="live-1" tool={upsertTool} args={{ id: 'n1' }} status={status} onCancel={() => setStatus({ type: 'cancelled' })} onRetry={() => setStatus({ type: 'running' })} />
    </ConsentProvider>
  );
}

/** Cancel unmounts once the host marks the call cancelled: focus moves to the card, never to <body>. */
export const CancelKeepsFocusTest: Story = {
  tags: TEST,
  render: () => <LiveCard initial="running" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Save note' })).toHaveFocus());
    await expect(canvas.queryByRole('button', { name: 'Cancel' })).toBeNull();
  },
};

/** Retry unmounts once the call runs again: focus moves to the card. */
export const RetryKeepsFocusTest: Story = {
  tags: TEST,
  render: () => <LiveCard initial="error" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Retry' })).toBeNull());
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Save note' })).toHaveFocus());
  },
};
