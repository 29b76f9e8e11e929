'use client';
/**
 * react-mcp-annotations/langgraph/react — a tool call of a LangGraph
 * `useStream` chat (`@langchain/langgraph-sdk` 1.15, against a route built
 * with `mcpAgentTools`) as this library's card: badges from the annotations
 * the gate put on its question or its result, the confirmation, the person's
 * view of the result. Nothing from LangGraph at run time.
 *
 * The answer goes back as the resume value of the call's interrupt, naming
 * the call: `stream.submit(undefined, { command: { resume: { [id]: { toolCallId, approved } } } })`.
 */
import { useCallback, useMemo } from 'react';
import { McpToolPart, type McpToolPartLike, type McpToolPartProps } from '../gate/react.js';

/** A tool call of an AI message (`message.tool_calls[i]`). */
interface LangGraphToolCall {
  id?: string | undefined;
  name: string;
  args?: unknown;
}

/** What of `useStream()` the card reads and answers through. */
interface LangGraphStream {
  /** The thread's messages: the call's tool message holds its result. */
  messages: readonly unknown[];
  /** The open questions: the one naming this call is asked. */
  interrupts: readonly unknown[];
  /** Sends the answer as the resume value of the call's interrupt. */
  submit: (values: undefined, options: { command: { resume: Record<string, { toolCallId: string; approved: boolean }> } }) => unknown;
}

/** Props of {@link McpToolCall}. */
export interface McpToolCallProps extends Pick<McpToolPartProps, 'headingLevel' | 'resultProps' | 'approvalUI' | 'labels' | 'className' | 'onAnnotationIssue'> {
  /** One entry of an AI message's `tool_calls`. */
  toolCall: LangGraphToolCall;
  /** `useStream()` itself (its `messages`, `interrupts` and `submit`). */
  stream: LangGraphStream;
}

/** An own data field of untrusted data (a getter is never called). */
const field = (value: unknown, key: string): unknown => {
  if (value === null || typeof value !== 'object') return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(value, key);
  return descriptor && 'value' in descriptor ? descriptor.value : undefined;
};
const parse = (text: unknown): unknown => {
  try {
    return typeof text === 'string' ? JSON.parse(text) : text;
  } catch {
    return undefined;
  }
};

/** The call in the AI SDK's terms, which the card already reads; a call without the gate's words about it is an unknown tool (the worst case). */
function asAiSdkPart(toolCall: LangGraphToolCall, stream: LangGraphStream): { part: McpToolPartLike; interruptId?: string } {
  const callId = String(toolCall.id);
  const question = stream.interrupts.find((interrupt) => field(field(interrupt, 'value'), 'kind') === 'mcp-consent' && field(field(interrupt, 'value'), 'toolCallId') === callId);
  const result = stream.messages.find((message) => field(message, 'type') === 'tool' && field(message, 'tool_call_id') === callId);
  const mcp = field(field(question, 'value'), 'mcp') ?? field(field(result, 'artifact'), 'mcp');
  const serverId = field(mcp, 'serverId');
  const name = field(mcp, 'toolName');
  const read: McpToolPartLike = { type: 'dynamic-tool', toolName: typeof name === 'string' ? name : String(toolCall.name), toolCallId: callId, state: 'input-available', input: toolCall.args };
  // The card reads each field of this as data; the server id is the trust key.
  if (typeof serverId === 'string') read.toolMetadata = { ...(mcp as object), clientName: serverId };
  const id = field(question, 'id');
  if (typeof id === 'string') return { part: { ...read, state: 'approval-requested', approval: { id } }, interruptId: id };
  if (!result) return { part: read };
  const output = parse(field(result, 'content'));
  const reasons = field(output, 'reasons');
  // The person said no; or the gate refused it (its reasons are codes the card formats); or it ran.
  if (field(output, 'approved') === false) return { part: { ...read, state: 'output-denied', approval: { id: '', approved: false } } };
  if (typeof field(output, 'error') === 'string' && typeof reasons === 'string') return { part: { ...read, state: 'output-denied', approval: { id: '', approved: true, reason: reasons } } };
  return { part: Array.isArray(field(output, 'content')) ? { ...read, state: 'output-available', output } : { ...read, state: 'output-error' } };
}

/**
 * A tool call of a `useStream` chat as a `ToolCallCard` in every state,
 * inside a `ConsentProvider`: while the gate's question for it is open the
 * person is asked, and the answer resumes the run. The server claims it once
 * and decides it again.
 *
 * @example
 * {message.tool_calls?.map((call) => <McpToolCall key={call.id} toolCall={call} stream={stream} />)}
 */
export function McpToolCall({ toolCall, stream, ...cardProps }: McpToolCallProps) {
  const read = asAiSdkPart(toolCall, stream);
  // useStream rebuilds its messages on every event: the card keeps one part while what it says is the same.
  const key = JSON.stringify(read);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const { part, interruptId } = useMemo(() => read, [key]);
  const { submit } = stream;
  const respond = useCallback(
    ({ approved }: { id: string; approved: boolean }) => {
      if (interruptId !== undefined) void submit(undefined, { command: { resume: { [interruptId]: { toolCallId: part.toolCallId, approved } } } });
    },
    [submit, interruptId, part.toolCallId],
  );
  return <McpToolPart part={part} addToolApprovalResponse={respond} {...cardProps} />;
}
McpToolCall.displayName = 'McpToolCall';
