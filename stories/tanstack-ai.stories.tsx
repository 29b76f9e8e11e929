// Stories for src/tanstack-ai/react: McpToolCall with a TanStack AI tool-call part, one story per state
// of the call. The part is given as useChat holds it; the interrupt records the person's answer.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { reasonsToWire } from '../src/gate/reasons.js';
import { ConsentProvider } from '../src/index.js';
import { McpToolCall } from '../src/tanstack-ai/react.js';

const TEST = ['!dev', '!autodocs'];
// What mcpChatTools puts on the part: the tool's server and annotations.
const metadata = { mcp: { serverId: 'everything', toolName: 'get-annotated-message', title: 'Get Annotated Message Tool', annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } } };
const base = { type: 'tool-call', id: 'call-1', name: 'get-annotated-message', arguments: '{"messageType":"debug","includeImage":false}', metadata };

interface PartArgs {
  /** The tool-call part, as `useChat().messages[i].parts` holds it. */
  part: Record<string, unknown>;
  /** What the part's interrupt is resolved with (the person's answer). */
  onResolve: (payload: unknown) => void;
}

function TanStackPart({ part, onResolve }: PartArgs) {
  const interrupts = [{ kind: 'generic', interruptId: 'approval_call-1', resolveInterrupt: onResolve }];
  return <McpToolCall part={{ ...base, ...part } as Parameters<typeof McpToolCall>[0]['part']} chat={{ interrupts }} headingLevel={3} />;
}

const meta = {
  title: 'Adapters/TanStack AI',
  component: TanStackPart,
  args: { part: { state: 'input-complete' }, onResolve: fn() },
  decorators: [
    (Story, { parameters }) => (
      <ConsentProvider servers={{ everything: { trust: parameters.trust ?? 'untrusted', name: 'server-everything' } }} approvalUI={parameters.approvalUI ?? 'inline'}>
        <Story />
      </ConsentProvider>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component:
          '`McpToolCall` (`react-mcp-annotations/tanstack-ai/react`) for a tool-call part of TanStack AI’s `useChat`. TanStack AI sends no tool metadata to the browser; `mcpChatTools` on the server puts the tool’s server and annotations on the part. The answer resolves the part’s interrupt. See the guide page “Chat frameworks”.',
      },
    },
  },
} satisfies Meta<typeof TanStackPart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The model is still writing the call's input. */
export const Streaming: Story = { args: { part: { state: 'input-streaming', arguments: '{"messageType":"de' } } };
/** The call runs on the server. */
export const Running: Story = {};
/** The server asked for a person: the card asks inline; Deny first. */
export const Asking: Story = { args: { part: { state: 'approval-requested', approval: { id: 'approval_call-1', needsApproval: true } } } };
/** The same, in the dialog. */
export const AskingInDialog: Story = { ...Asking, parameters: { approvalUI: 'dialog', layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 520 } } } };
/** The result as the person sees it: ordered by priority, with its freshness; the assistant-only block never reached the browser. */
export const Done: Story = {
  args: {
    part: {
      state: 'complete',
      output: {
        content: [
          { type: 'text', text: 'Background note', annotations: { priority: 0.2 } },
          { type: 'text', text: 'Error: Operation failed', annotations: { priority: 1, audience: ['user', 'assistant'], lastModified: '2026-12-01T09:30:00Z' } },
          { type: 'text', text: 'model-only', annotations: { audience: ['assistant'] } },
        ],
      },
    },
  },
};
/** The person said no. */
export const Denied: Story = { args: { part: { state: 'approval-responded', approval: { id: 'approval_call-1', needsApproval: true, approved: false } } } };
/** The server's policy refused it (here: the approval was already used). */
export const Blocked: Story = { args: { part: { state: 'complete', approval: { id: 'approval_call-1', needsApproval: true, approved: true }, output: { error: 'Refused by the consent policy.', reasons: reasonsToWire([{ code: 'approval-replayed' }]) } } } };
/** The server failed. */
export const Failed: Story = { args: { part: { state: 'error', output: { error: 'MCP error -32603: the server failed' } } } };
/** A part without the server's metadata (a tool mcpChatTools did not list): unknown, so the worst case. */
export const UnknownTool: Story = { args: { part: { state: 'approval-requested', name: 'wipe', metadata: undefined, approval: { id: 'approval_call-1', needsApproval: true } } } };

// Interaction tests ----------------------------------------------------------

export const AllowResolvesTheInterruptTest: Story = {
  ...Asking,
  tags: TEST,
  play: async ({ args, canvasElement }) => {
    const region = await within(canvasElement).findByRole('region', { name: 'Needs your approval' });
    await userEvent.click(within(region).getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(args.onResolve).toHaveBeenCalledWith({ approved: true }));
    await expect(args.onResolve).toHaveBeenCalledTimes(1);
  },
};

export const DenyResolvesTheInterruptTest: Story = {
  ...Asking,
  tags: TEST,
  play: async ({ args, canvasElement }) => {
    const region = await within(canvasElement).findByRole('region', { name: 'Needs your approval' });
    await userEvent.click(within(region).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(args.onResolve).toHaveBeenCalledWith({ approved: false }));
    await expect(args.onResolve).toHaveBeenCalledTimes(1);
  },
};

export const BlockedIsNotThePersonsNoTest: Story = {
  ...Blocked,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const card = await within(canvasElement).findByRole('article', { name: 'Get Annotated Message Tool' });
    await expect(card).toHaveAttribute('data-state', 'blocked');
  },
};
