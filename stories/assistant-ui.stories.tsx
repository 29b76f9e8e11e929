// Stories for src/assistant-ui: McpToolUI inside a real assistant-ui thread on the AI SDK runtime, one
// story per state of the call. The conversation is given; the transport records what would be sent.
import { AssistantRuntimeProvider, MessagePrimitive, ThreadPrimitive } from '@assistant-ui/react';
import { useChatRuntime } from '@assistant-ui/react-ai-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { lastAssistantMessageIsCompleteWithApprovalResponses, type ChatTransport, type DynamicToolUIPart, type UIMessage } from 'ai';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { McpToolUI } from '../src/assistant-ui/index.js';
import { reasonsToWire } from '../src/gate/reasons.js';
import { ConsentProvider } from '../src/index.js';

const TEST = ['!dev', '!autodocs'];
const metadata = { clientName: 'everything', toolName: 'get-annotated-message', title: 'Get Annotated Message Tool', annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } };
const base = { type: 'dynamic-tool', toolName: 'get-annotated-message', toolCallId: 'call-1', title: 'Get Annotated Message Tool', toolMetadata: metadata, input: { messageType: 'debug', includeImage: false } } as const;

interface ThreadArgs {
  /** The tool part of the assistant's message, as `useChat` holds it. */
  part: Record<string, unknown>;
  /** Called with the messages a request would send (after an approval is answered). */
  onSend: (messages: UIMessage[]) => void;
}

const transportFor = (onSend: ThreadArgs['onSend']): ChatTransport<UIMessage> => ({
  sendMessages: async ({ messages }) => {
    onSend(messages);
    return new ReadableStream({
      start(controller) {
        // A step with text: an empty step would leave the approval the last thing said, and sendAutomaticallyWhen would send again and again.
        for (const chunk of [{ type: 'start' }, { type: 'start-step' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Done.' }, { type: 'text-end', id: 't' }, { type: 'finish-step' }, { type: 'finish' }] as const) controller.enqueue(chunk);
        controller.close();
      },
    });
  },
  reconnectToStream: async () => null,
});

function AssistantUiThread({ part, onSend }: ThreadArgs) {
  const runtime = useChatRuntime({
    messages: [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Show me a debug message.' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, { ...base, ...part } as unknown as DynamicToolUIPart] },
    ],
    transport: transportFor(onSend),
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <ThreadPrimitive.Root>
        <ThreadPrimitive.Messages>
          {({ message }) => (
            <MessagePrimitive.Root style={{ display: 'grid', justifyItems: message.role === 'user' ? 'end' : 'stretch', marginBlock: '0.5rem' }}>
              <MessagePrimitive.Parts components={{ tools: { Fallback: McpToolUI } }} />
            </MessagePrimitive.Root>
          )}
        </ThreadPrimitive.Messages>
      </ThreadPrimitive.Root>
    </AssistantRuntimeProvider>
  );
}

const meta = {
  title: 'Adapters/assistant-ui',
  component: AssistantUiThread,
  args: { part: { state: 'input-available' }, onSend: fn() },
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
          '`McpToolUI` (`react-mcp-annotations/assistant-ui`) as the `Fallback` tool UI of an assistant-ui thread on `useChatRuntime`. assistant-ui’s converter drops the tool’s title and annotations; the card reads them from the original AI SDK message. Approvals go back through `respondToApproval`. See the guide page “Chat frameworks”.',
      },
    },
  },
} satisfies Meta<typeof AssistantUiThread>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The call runs on the server. */
export const Running: Story = {};
/** The route asked for a person: the card asks inline; Deny first. */
export const Asking: Story = { args: { part: { state: 'approval-requested', approval: { id: 'ap-1' } } } };
/** The same, in the dialog. */
export const AskingInDialog: Story = { ...Asking, parameters: { approvalUI: 'dialog', layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 520 } } } };
/** The result as the user sees it: ordered by priority, with its freshness; the assistant-only block is not there. */
export const Done: Story = {
  args: {
    part: {
      state: 'output-available',
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
export const Denied: Story = { args: { part: { state: 'output-denied', approval: { id: 'ap-1', approved: false, reason: reasonsToWire([{ code: 'user-denied' }]) } } } };
/** The route's policy said no when the approval came back. */
export const Blocked: Story = { args: { part: { state: 'output-denied', approval: { id: 'ap-1', approved: false, reason: reasonsToWire([{ code: 'untrusted-server' }]) } } } };
/** The server failed. */
export const Failed: Story = { args: { part: { state: 'output-error', errorText: 'MCP error -32603: the server failed' } } };
/** A part with no MCP metadata (a tool the route did not mark): unknown, so the worst case. */
export const UnknownTool: Story = { args: { part: { state: 'approval-requested', toolMetadata: undefined, title: undefined, approval: { id: 'ap-2' } } } };

// Interaction tests ----------------------------------------------------------

export const AllowSendsTheApprovalTest: Story = {
  ...Asking,
  tags: TEST,
  play: async ({ args, canvasElement }) => {
    const region = await within(canvasElement).findByRole('region', { name: 'Needs your approval' });
    await userEvent.click(within(region).getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(args.onSend).toHaveBeenCalledTimes(1));
    const sent = (args.onSend as ReturnType<typeof fn>).mock.calls[0]![0] as UIMessage[];
    expect(sent.at(-1)?.parts.find((p) => p.type === 'dynamic-tool')).toMatchObject({ state: 'approval-responded', approval: { id: 'ap-1', approved: true } });
  },
};

export const DoneHidesAssistantOnlyTest: Story = {
  ...Done,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const card = await within(canvasElement).findByRole('article', { name: 'Get Annotated Message Tool' });
    await expect(within(card).getByText('Error: Operation failed')).toBeInTheDocument();
    await expect(canvasElement.textContent).not.toContain('model-only');
  },
};
