// Stories for src/copilotkit/react: McpToolUI in a real <CopilotKit> provider, one story per state of a
// call. The agent is a scripted AG-UI agent in the page that sends what mcpAgentMiddleware sends (the
// CUSTOM event, the interrupt, the result); the messages are drawn with CopilotKit's useRenderToolCall,
// as a chat of your own would.
import { AbstractAgent, type BaseEvent, type Message, type RunAgentInput } from '@ag-ui/client';
import { CopilotKit, useAgent, useCopilotKit, useRenderToolCall } from '@copilotkit/react-core/v2';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { Observable } from 'rxjs';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { reasonsToWire } from '../src/gate/reasons.js';
import { McpToolUI } from '../src/copilotkit/react.js';
import { ASK, MCP_EVENT } from '../src/copilotkit/wire.js';
import { ConsentProvider } from '../src/index.js';

const TEST = ['!dev', '!autodocs'];
// What mcpAgentMiddleware sends about the tool: its server and annotations.
const mcp = { serverId: 'everything', toolName: 'get-annotated-message', title: 'Get Annotated Message Tool', annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } };
const call = { id: 'call-1', type: 'function' as const, function: { name: 'get-annotated-message', arguments: '{"messageType":"error","includeImage":false}' } };
const asked: Message[] = [
  { id: 'u1', role: 'user', content: 'Show me an error message' },
  { id: 'a1', role: 'assistant', toolCalls: [call] },
];
// The person's view of server-everything's error message: the assistant-only block never left the server.
const shown = {
  content: [
    { type: 'text', text: 'Error: Operation failed', annotations: { priority: 1, audience: ['user', 'assistant'], lastModified: '2026-12-01T09:30:00Z' } },
    { type: 'text', text: 'Background note', annotations: { priority: 0.2 } },
  ],
};
const resultOf = (body: object): Message => ({ id: 'r1', role: 'tool', toolCallId: call.id, content: JSON.stringify(body) });

type Step = (input: RunAgentInput) => BaseEvent[];

/** An AG-UI agent that answers each run from a script, and records what each run was given. */
class ScriptedAgent extends AbstractAgent {
  constructor(
    messages: Message[],
    private readonly step: Step,
    private readonly onRun: (input: RunAgentInput) => void,
  ) {
    super({ agentId: 'default', threadId: 'thread-1', initialMessages: messages });
  }
  run(input: RunAgentInput): Observable<BaseEvent> {
    this.onRun(input);
    return new Observable<BaseEvent>((subscriber) => {
      for (const event of [{ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId }, ...this.step(input)]) subscriber.next(event as BaseEvent);
      subscriber.complete();
    });
  }
}

/** The gate's question about `call`, as mcpAgentMiddleware sends it; after the answer, its result. */
const askThenAnswer: Step = (input) => {
  const end = { type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId };
  const answer = input.resume?.find((entry) => entry.interruptId === `${ASK}${call.id}`);
  if (!answer) return [{ type: 'CUSTOM', name: MCP_EVENT, value: { toolCallId: call.id, mcp } }, { ...end, outcome: { type: 'interrupt', interrupts: [{ id: `${ASK}${call.id}`, reason: 'mcp_tool_approval', toolCallId: call.id, metadata: { mcp, arguments: call.function.arguments } }] } }] as BaseEvent[];
  const approved = answer.status === 'resolved' && (answer.payload as { approved?: unknown } | undefined)?.approved === true;
  return [{ type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: call.id, role: 'tool', content: JSON.stringify(approved ? { mcp, ...shown } : { mcp, approved: false }) }, end] as BaseEvent[];
};

/** The chat's tool calls, drawn with CopilotKit's renderer (a chat of your own; CopilotChat does the same). */
function ToolCalls() {
  const { agent } = useAgent();
  const renderToolCall = useRenderToolCall();
  return (
    <ul aria-label="Tool calls" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {agent.messages.flatMap((message) =>
        message.role === 'assistant'
          ? (message.toolCalls ?? []).map((toolCall) => (
              <li key={toolCall.id}>{renderToolCall({ toolCall, toolMessage: agent.messages.find((candidate) => candidate.role === 'tool' && candidate.toolCallId === toolCall.id) as never })}</li>
            ))
          : [],
      )}
    </ul>
  );
}

/** Runs the agent once on mount, as sending the user's message would. */
function RunOnMount() {
  const { copilotkit } = useCopilotKit();
  const { agent } = useAgent({ updates: [] });
  useEffect(() => {
    void copilotkit.runAgent({ agent });
  }, [copilotkit, agent]);
  return null;
}

interface ChatArgs {
  /** The thread as the browser holds it. */
  messages: Message[];
  /** Run once on mount (the question is asked by a run). */
  run?: boolean;
  /** Every run's input, as the agent got it (the answer travels in `resume`). */
  onRun: (input: RunAgentInput) => void;
}

function CopilotKitChat({ messages, run = false, onRun }: ChatArgs) {
  // One agent per story: a new one each render would start the thread again.
  const [agent] = useState(() => new ScriptedAgent(messages, askThenAnswer, onRun));
  return (
    // An agent in the page, no runtime: CopilotKit's provider for tests and demos.
    <CopilotKit agents__unsafe_dev_only={{ default: agent }} enableInspector={false}>
      <McpToolUI headingLevel={3} />
      {run && <RunOnMount />}
      <ToolCalls />
    </CopilotKit>
  );
}

const meta = {
  title: 'Adapters/CopilotKit',
  component: CopilotKitChat,
  args: { messages: asked, onRun: fn() },
  decorators: [
    (Story, { parameters }) => (
      <ConsentProvider servers={{ everything: { trust: 'untrusted', name: 'server-everything' } }} approvalUI={parameters.approvalUI ?? 'inline'}>
        <Story />
      </ConsentProvider>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component:
          '`McpToolUI` (`react-mcp-annotations/copilotkit/react`) inside `<CopilotKit>`: every tool call of the chat as the card. CopilotKit gives a renderer no annotations; `mcpAgentMiddleware` on the runtime sends them (an event, the question, the result) and McpToolUI keeps them per call. The question is an AG-UI interrupt, answered from the card. See the guide page “Chat frameworks”.',
      },
    },
  },
} satisfies Meta<typeof CopilotKitChat>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The gate asked: the card asks inline, with the tool's badges; Deny first. */
export const Asking: Story = { args: { run: true } };
/** The same, in the dialog. */
export const AskingInDialog: Story = { ...Asking, parameters: { approvalUI: 'dialog', layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 520 } } } };
/** The result as the person sees it: ordered by priority, with its freshness. */
export const Done: Story = { args: { messages: [...asked, resultOf({ mcp, ...shown })] } };
/** The person said no: nothing ran. */
export const Denied: Story = { args: { messages: [...asked, resultOf({ mcp, approved: false })] } };
/** The gate refused the call (here: an answer used twice), with its reasons: not the person's no. */
export const Blocked: Story = { args: { messages: [...asked, resultOf({ mcp, error: 'Refused by the consent policy.', reasons: reasonsToWire([{ code: 'approval-replayed' }]) })] } };
/** A call the gate sent nothing about: an unknown tool, every hint at its worst. */
export const UnknownTool: Story = { args: { messages: [{ id: 'u1', role: 'user', content: 'wipe' }, { id: 'a1', role: 'assistant', toolCalls: [{ id: 'call-9', type: 'function', function: { name: 'wipe', arguments: '{}' } }] }] } };

const answered = async (canvasElement: HTMLElement, button: 'Allow' | 'Deny') => {
  const question = await within(canvasElement).findByRole('region', { name: 'Needs your approval' }, { timeout: 5000 });
  await userEvent.click(within(question).getByRole('button', { name: button }));
};

export const AllowResumesTheRunTest: Story = {
  ...Asking,
  tags: TEST,
  play: async ({ args, canvasElement }) => {
    await answered(canvasElement, 'Allow');
    // The answer resumes the run, addressed to the gate's interrupt; the card then shows the result.
    await waitFor(() => expect(args.onRun).toHaveBeenLastCalledWith(expect.objectContaining({ resume: [{ interruptId: `${ASK}call-1`, status: 'resolved', payload: { approved: true } }] })));
    const card = await within(canvasElement).findByRole('article', { name: 'Get Annotated Message Tool' });
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'success'));
    await expect(within(card).getByText('Error: Operation failed')).toBeVisible();
  },
};

export const DenyResumesTheRunTest: Story = {
  ...Asking,
  tags: TEST,
  play: async ({ args, canvasElement }) => {
    await answered(canvasElement, 'Deny');
    await waitFor(() => expect(args.onRun).toHaveBeenLastCalledWith(expect.objectContaining({ resume: [{ interruptId: `${ASK}call-1`, status: 'resolved', payload: { approved: false } }] })));
    const card = await within(canvasElement).findByRole('article', { name: 'Get Annotated Message Tool' });
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'denied'));
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

export const UnknownToolAsksWithTheWorstCaseTest: Story = {
  ...UnknownTool,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const card = await within(canvasElement).findByRole('article', { name: 'wipe' });
    await expect(within(card).getByRole('list', { name: 'Tool hints' })).toHaveTextContent(/Destructive \(assumed\)/);
  },
};
