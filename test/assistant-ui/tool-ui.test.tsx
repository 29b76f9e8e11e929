// Tests for src/assistant-ui (McpToolUI) in a real assistant-ui thread on the AI SDK runtime
// (@assistant-ui/react-ai-sdk's useChatRuntime); the transport is the only stand-in: it records what
// the browser would send and answers with an empty step.
import { AssistantRuntimeProvider, ComposerPrimitive, MessagePrimitive, ThreadPrimitive, useAuiState, type ToolCallMessagePartComponent } from '@assistant-ui/react';
import { useChatRuntime } from '@assistant-ui/react-ai-sdk';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lastAssistantMessageIsCompleteWithApprovalResponses, type ChatTransport, type DynamicToolUIPart, type UIMessage, type UIMessageChunk } from 'ai';
import { StrictMode, useCallback, useEffect, useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { McpToolUI } from '../../src/assistant-ui/index.js';
import { McpChatError, useRememberedApprovals } from '../../src/ai-sdk/react.js';
import type { ServerConfig } from '../../src/index.js';
import { axe } from '../axe.js';
import { BuiltInProvider } from '../helpers/kinds.js';

const PERSON_SAID_NO = 'mcp-consent:[{"code":"user-denied"}]';
const metadata = { clientName: 'everything', toolName: 'toggle-simulated-logging', title: 'Toggle Simulated Logging', annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false } };
const base = { type: 'dynamic-tool', toolName: 'toggle-simulated-logging', toolCallId: 'call-1', title: 'Toggle Simulated Logging', toolMetadata: metadata, input: { on: true } } as const;
const asking = { ...base, state: 'approval-requested', approval: { id: 'ap-1' } } satisfies DynamicToolUIPart;

const conversation = (...parts: UIMessage['parts']): UIMessage[] => [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'toggle logging' }] },
  { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, ...parts] },
];

/** Records every request's messages; answers each with one empty step. */
function recordingTransport() {
  const sent: UIMessage[][] = [];
  const transport: ChatTransport<UIMessage> = {
    sendMessages: async ({ messages }) => {
      sent.push(structuredClone(messages));
      const chunks: UIMessageChunk[] = [{ type: 'start' }, { type: 'start-step' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Done.' }, { type: 'text-end', id: 't' }, { type: 'finish-step' }, { type: 'finish' }];
      return new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      });
    },
    reconnectToStream: async () => null,
  };
  return { transport, sent };
}

const toolPartOf = (messages: UIMessage[] | undefined) => messages?.at(-1)?.parts.find((part) => part.type === 'dynamic-tool') as DynamicToolUIPart | undefined;

function Thread({ Tool }: { Tool: ToolCallMessagePartComponent }) {
  return (
    <ThreadPrimitive.Root>
      {/* No Viewport: it scrolls, which jsdom cannot; the e2e test runs the whole Thread in Chromium. */}
      <ThreadPrimitive.Messages>
        {() => (
          <MessagePrimitive.Root>
            <MessagePrimitive.Parts components={{ tools: { Fallback: Tool } }} />
          </MessagePrimitive.Root>
        )}
      </ThreadPrimitive.Messages>
    </ThreadPrimitive.Root>
  );
}

function Chat({ messages, transport, Tool = McpToolUI, onRespondToToolApproval, children }: { messages: UIMessage[]; transport: ChatTransport<UIMessage>; Tool?: ToolCallMessagePartComponent; onRespondToToolApproval?: Parameters<typeof useChatRuntime>[0] extends infer O ? (O extends { onRespondToToolApproval?: infer F } ? F : never) : never; children?: ReactNode }) {
  const runtime = useChatRuntime({ messages, transport, sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses, ...(onRespondToToolApproval ? { onRespondToToolApproval } : {}) });
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <Thread Tool={Tool} />
      {children}
    </AssistantRuntimeProvider>
  );
}

const servers: Record<string, ServerConfig> = { everything: { trust: 'untrusted', name: 'Everything' } };
const inProvider = (ui: ReactNode, approvalUI: 'dialog' | 'inline' = 'dialog', serverConfig = servers) => (
  <BuiltInProvider servers={serverConfig} approvalUI={approvalUI}>
    {ui}
  </BuiltInProvider>
);

describe('McpToolUI: the annotations assistant-ui’s converter drops reach the card', () => {
  it('badges and the title come from the original part’s toolMetadata, trust from the provider', async () => {
    const { transport } = recordingTransport();
    const readOnly = { ...asking, toolMetadata: { ...metadata, annotations: { readOnlyHint: true, openWorldHint: false } } };
    render(inProvider(<Chat messages={conversation(readOnly)} transport={transport} />, 'inline'));
    // The converter passes only the tool's name: the title and a read-only risk can only come from toolMetadata.
    const card = await screen.findByRole('article', { name: 'Toggle Simulated Logging' });
    expect(card).toHaveAttribute('data-risk', 'read');
    expect(within(card).getByText('Read-only')).toBeInTheDocument();
    expect(within(card).getByText('Unverified')).toBeInTheDocument();
  });

  it('without the original message (another runtime) the tool is unknown: the worst case, and it still asks', async () => {
    const respondToApproval = vi.fn(async () => {});
    const user = userEvent.setup();
    // The props assistant-ui passes a tool UI, with no runtime behind them.
    const Bare = () => (
      <McpToolUI type="tool-call" toolCallId="call-9" toolName="delete_everything" args={{}} argsText="{}" status={{ type: 'requires-action', reason: 'interrupt' }} approval={{ id: 'ap-9' }} addResult={() => {}} resume={() => {}} respondToApproval={respondToApproval} />
    );
    const { transport } = recordingTransport();
    render(inProvider(<Chat messages={[]} transport={transport}><Bare /></Chat>, 'inline'));
    const card = await screen.findByRole('article', { name: 'delete_everything' });
    expect(card).toHaveAttribute('data-risk', 'destructive');
    await user.click(within(card).getByRole('button', { name: 'Allow destructive action' }));
    await waitFor(() => expect(respondToApproval).toHaveBeenCalledExactlyOnceWith({ approved: true }));
    // None of assistant-ui's part props lands on the card as an attribute.
    expect([...card.attributes].map((a) => a.name).filter((name) => !name.startsWith('data-') && !name.startsWith('aria-'))).toEqual([]);
  });
});

describe('McpToolUI: answering through respondToApproval', () => {
  it('Allow in the dialog sends { id, approved: true } once, and the approval goes to the route', async () => {
    const user = userEvent.setup();
    const { transport, sent } = recordingTransport();
    render(inProvider(<Chat messages={conversation(asking)} transport={transport} />));
    const dialog = await screen.findByRole('alertdialog', { name: 'Allow Toggle Simulated Logging?' });
    expect(within(dialog).getByRole('button', { name: 'Deny' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Allow destructive action' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(toolPartOf(sent[0])).toMatchObject({ toolCallId: 'call-1', state: 'approval-responded', approval: { id: 'ap-1', approved: true } });
    expect(toolPartOf(sent[0])?.approval).toEqual({ id: 'ap-1', approved: true });
    await screen.findByText('Done.');
    expect(sent).toHaveLength(1);
  });

  it('Deny sends the person’s no as a code, never words', async () => {
    const user = userEvent.setup();
    const { transport, sent } = recordingTransport();
    render(inProvider(<Chat messages={conversation(asking)} transport={transport} />, 'inline'));
    const region = await screen.findByRole('region', { name: 'Needs your approval' });
    await user.click(within(region).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(toolPartOf(sent[0])?.approval).toEqual({ id: 'ap-1', approved: false, reason: PERSON_SAID_NO });
  });

  it('remember goes to useRememberedApprovals’ body and, where the approval lists options, picks allow-always', async () => {
    const user = userEvent.setup();
    const { transport } = recordingTransport();
    const answers: unknown[] = [];
    let body: () => { remember: string[] } = () => ({ remember: [] });
    // Remember is offered for a tool that is not destructive.
    const withOptions = { ...asking, toolMetadata: { ...metadata, annotations: { destructiveHint: false } }, approval: { id: 'ap-1', options: [{ id: 'once', kind: 'allow-once' }, { id: 'always', kind: 'allow-always' }, { id: 'no', kind: 'reject-once' }] } } as unknown as DynamicToolUIPart;
    function Host() {
      const remembered = useRememberedApprovals();
      useEffect(() => {
        body = remembered.body;
      });
      const Tool = useCallback<ToolCallMessagePartComponent>((props) => <McpToolUI {...props} onRemember={remembered.add} />, [remembered]);
      return <Chat messages={conversation(withOptions)} transport={transport} Tool={Tool} onRespondToToolApproval={(response) => void answers.push(response)} />;
    }
    render(inProvider(<Host />, 'inline', { everything: { trust: 'trusted' } }));
    await user.click(await screen.findByRole('checkbox', { name: 'Remember for this conversation' }));
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]).toEqual({ approvalId: 'ap-1', approved: true, optionId: 'always' });
    expect(body()).toEqual({ remember: ['ap-1'] });
  });
});

describe('McpToolUI: results', () => {
  it('shows the user view: an assistant-only block is not in the DOM', async () => {
    const { transport } = recordingTransport();
    const done = { ...base, state: 'output-available', output: { content: [{ type: 'text', text: 'Logging started.' }, { type: 'text', text: 'for the model only', annotations: { audience: ['assistant'] } }] } } satisfies DynamicToolUIPart;
    const { container } = render(inProvider(<Chat messages={conversation(done)} transport={transport} />));
    const card = await screen.findByRole('article', { name: 'Toggle Simulated Logging' });
    expect(card).toHaveAttribute('data-state', 'success');
    expect(within(card).getByText('Logging started.')).toBeInTheDocument();
    expect(container.textContent).not.toContain('for the model only');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('a denied call shows as denied', async () => {
    const { transport } = recordingTransport();
    const denied = { ...base, state: 'output-denied', approval: { id: 'ap-1', approved: false, reason: PERSON_SAID_NO } } satisfies DynamicToolUIPart;
    render(inProvider(<Chat messages={conversation(denied)} transport={transport} />));
    expect(await screen.findByRole('article', { name: 'Toggle Simulated Logging' })).toHaveAttribute('data-state', 'denied');
  });
});

describe('a refused chat in an assistant-ui thread', () => {
  it('McpChatError reads the message status’s error and says the refusal in the host’s words, not the response body', async () => {
    const user = userEvent.setup();
    // What DefaultChatTransport throws for the route's 403: an Error whose message is the body.
    const transport: ChatTransport<UIMessage> = {
      sendMessages: async () => {
        throw new Error('mcp-consent:[{"code":"chat-forbidden"}]');
      },
      reconnectToStream: async () => null,
    };
    function MessageError() {
      const error = useAuiState(({ message }) => (message.status?.type === 'incomplete' && message.status.reason === 'error' ? message.status.error : undefined));
      return <McpChatError error={error} />;
    }
    function Refused() {
      const runtime = useChatRuntime({ transport });
      return (
        <AssistantRuntimeProvider runtime={runtime}>
          <ThreadPrimitive.Root>
            <ThreadPrimitive.Messages>
              {() => (
                <MessagePrimitive.Root>
                  <MessagePrimitive.Parts />
                  <MessageError />
                </MessagePrimitive.Root>
              )}
            </ThreadPrimitive.Messages>
            <ComposerPrimitive.Root>
              <ComposerPrimitive.Input aria-label="Message" />
              <ComposerPrimitive.Send>Send</ComposerPrimitive.Send>
            </ComposerPrimitive.Root>
          </ThreadPrimitive.Root>
        </AssistantRuntimeProvider>
      );
    }
    render(inProvider(<Refused />));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server refused this chat.');
    expect(document.body.textContent).not.toContain('mcp-consent');
  });
});

describe('McpToolUI: one answer per question', () => {
  it('under StrictMode, Allow calls respondToApproval exactly once', async () => {
    const user = userEvent.setup();
    const { transport } = recordingTransport();
    const calls: unknown[] = [];
    const Spy: ToolCallMessagePartComponent = (props) => (
      <McpToolUI
        {...props}
        respondToApproval={(response) => {
          calls.push(response);
          return props.respondToApproval(response);
        }}
      />
    );
    render(<StrictMode>{inProvider(<Chat messages={conversation(asking)} transport={transport} Tool={Spy} />, 'inline')}</StrictMode>);
    const region = await screen.findByRole('region', { name: 'Needs your approval' });
    await user.click(within(region).getByRole('button', { name: 'Allow destructive action' }));
    await screen.findByText('Done.');
    expect(calls).toEqual([{ approved: true }]);
  });

  it('a host that holds the answer (onRespondToToolApproval): a remounted card does not ask again', async () => {
    const user = userEvent.setup();
    const { transport } = recordingTransport();
    const answers: unknown[] = [];
    function Host() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown((value) => !value)}>
            Toggle
          </button>
          {/* The runtime stays; only the thread remounts (a thread or branch switch). */}
          <Chat messages={conversation(asking)} transport={transport} Tool={shown ? McpToolUI : (props) => <McpToolUI {...props} />} onRespondToToolApproval={(response) => void answers.push(response)} />
        </>
      );
    }
    render(inProvider(<Host />, 'inline'));
    const region = await screen.findByRole('region', { name: 'Needs your approval' });
    await user.click(within(region).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(answers).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(await screen.findByRole('article', { name: 'Toggle Simulated Logging' })).toHaveAttribute('data-state', 'denied');
    expect(screen.queryByRole('region', { name: 'Needs your approval' })).toBeNull();
    expect(answers).toEqual([{ approvalId: 'ap-1', approved: false, reason: PERSON_SAID_NO }]);
  });

  it('an answer the host could not take asks again, and the second answer is delivered', async () => {
    const user = userEvent.setup();
    const { transport } = recordingTransport();
    const answers: unknown[] = [];
    const onRespondToToolApproval = async (response: unknown) => {
      answers.push(response);
      if (answers.length === 1) throw new Error('offline');
    };
    render(inProvider(<Chat messages={conversation(asking)} transport={transport} onRespondToToolApproval={onRespondToToolApproval} />, 'inline'));
    await user.click(within(await screen.findByRole('region', { name: 'Needs your approval' })).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(answers).toHaveLength(1));
    await user.click(within(await screen.findByRole('region', { name: 'Needs your approval' })).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(answers).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Needs your approval' })).toBeNull());
  });
});

describe('McpToolUI without the original message: the states from the props', () => {
  const props = { type: 'tool-call', toolCallId: 'call-9', toolName: 'delete_everything', args: {}, argsText: '{}', status: { type: 'complete' }, addResult: () => {}, resume: () => {}, respondToApproval: async () => {} } as const;
  const { transport } = recordingTransport();
  it.each([
    ['a cancelled approval', 'denied', { approval: { id: 'ap-9', resolution: 'cancelled' } }],
    ['an expired approval', 'denied', { approval: { id: 'ap-9', resolution: 'expired' } }],
    ['an error without a result', 'error', { isError: true }],
    ['a preliminary result', 'running', { result: { content: [{ type: 'text', text: 'half' }] }, isPreliminary: true }],
    ['a result', 'success', { result: { content: [{ type: 'text', text: 'all' }] } }],
  ] as const)('%s → data-state %s', async (_name, state, extra) => {
    render(inProvider(<Chat messages={[]} transport={transport}><McpToolUI {...props} {...(extra as object)} /></Chat>));
    expect(await screen.findByRole('article', { name: 'delete_everything' })).toHaveAttribute('data-state', state);
  });
});
