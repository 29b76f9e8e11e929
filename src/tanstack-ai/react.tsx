'use client';
/**
 * react-mcp-annotations/tanstack-ai/react — a TanStack AI tool-call part
 * (`useChat` from `@tanstack/ai-react` 0.27) as this library's card: badges
 * from the annotations `mcpChatTools` put on the part, the confirmation, the
 * person's view of the result. Nothing from TanStack AI at run time.
 *
 * The answer goes back through the part's interrupt (`useChat().interrupts`):
 * `addToolApprovalResponse` sends nothing for a tool the browser has no
 * definition of, which is every MCP tool.
 */
import { useCallback, useMemo } from 'react';
import { McpToolPart, type McpToolPartLike, type McpToolPartProps } from '../gate/react.js';
import { ownData } from '../core/shared/read.js';

/** The fields of a TanStack AI tool-call part this reads (`useChat().messages[i].parts`, `type: 'tool-call'`). */
interface TanStackToolCallPart {
  type: string;
  id: string;
  name: string;
  arguments?: string | undefined;
  input?: unknown;
  state: string;
  approval?: { id: string; approved?: boolean | undefined } | undefined;
  output?: unknown;
  metadata?: unknown;
}

/** What of `useChat()` the card answers through. */
interface TanStackChat {
  /** `useChat().interrupts`: the one with this part's approval id is answered. */
  interrupts: readonly unknown[];
  /** `useChat().addToolApprovalResponse`, for a part with no interrupt (a tool the browser defines itself). */
  addToolApprovalResponse?: ((response: { id: string; approved: boolean }) => unknown) | undefined;
}

/** Props of {@link McpToolCall}. */
export interface McpToolCallProps extends Pick<McpToolPartProps, 'headingLevel' | 'resultProps' | 'approvalUI' | 'labels' | 'className' | 'onAnnotationIssue'> {
  /** A tool-call part of a `useChat` message. */
  part: TanStackToolCallPart;
  /** `useChat()` itself, or its `interrupts` (and `addToolApprovalResponse`). */
  chat: TanStackChat;
}

const inputOf = (part: TanStackToolCallPart): unknown => {
  try {
    // Streamed arguments may not be JSON yet: no input until they are.
    return part.input ?? JSON.parse(part.arguments || '{}');
  } catch {
    return undefined;
  }
};

/** The part in the AI SDK's terms, which the card already reads; a part without our metadata is an unknown tool (the worst case). */
function asAiSdkPart(part: TanStackToolCallPart): McpToolPartLike {
  const mcp = ownData(part.metadata, 'mcp');
  const serverId = ownData(mcp, 'serverId');
  const name = ownData(mcp, 'toolName');
  const read: McpToolPartLike = { type: 'dynamic-tool', toolName: typeof name === 'string' ? name : String(part.name), toolCallId: String(part.id), state: 'input-streaming', input: inputOf(part) };
  // The card reads each field of this as data (a title that is not a string is no title); the server id is the trust key.
  if (typeof serverId === 'string') read.toolMetadata = { ...(mcp as object), clientName: serverId };
  const { approval, output } = part;
  const error = ownData(output, 'error');
  const denied = (approved: boolean, reason?: string): McpToolPartLike => ({ ...read, state: 'output-denied', approval: { id: '', approved, reason } });
  switch (part.state) {
    case 'input-complete':
      return { ...read, state: 'input-available' };
    case 'approval-requested':
      return typeof approval?.id === 'string' ? { ...read, state: 'approval-requested', approval: { id: approval.id } } : read;
    case 'approval-responded':
      return approval?.approved === true ? { ...read, state: 'approval-responded', approval: { id: approval.id, approved: true } } : denied(false);
    case 'complete': {
      // After a snapshot TanStack AI keeps the person's no as the output ({ approved: false }); a result of ours always has `content`.
      if (approval?.approved === false || (ownData(output, 'approved') === false && ownData(output, 'content') === undefined)) return denied(false);
      // `mcpChatTools` refused it: its reasons are codes the card formats (a block, not the person's no).
      const reasons = ownData(output, 'reasons');
      if (typeof error === 'string') return typeof reasons === 'string' ? denied(true, reasons) : { ...read, state: 'output-error', errorText: error };
      return { ...read, state: 'output-available', output };
    }
    case 'error':
      return { ...read, state: 'output-error', errorText: typeof error === 'string' ? error : undefined };
    default:
      return read;
  }
}

/**
 * A TanStack AI tool-call part as a `ToolCallCard` in every state, inside a
 * `ConsentProvider`: while the part waits for approval the person is asked
 * (the server already decided someone must answer), and the answer resolves
 * the part's interrupt. The server claims and decides it again.
 *
 * @example
 * {message.parts.map((part) => part.type === 'tool-call' && <McpToolCall key={part.id} part={part} chat={chat} />)}
 */
export function McpToolCall({ part, chat, ...cardProps }: McpToolCallProps) {
  const aiSdkPart = useMemo(() => asAiSdkPart(part), [part]);
  const { interrupts, addToolApprovalResponse } = chat;
  const respond = useCallback(
    ({ id, approved }: { id: string; approved: boolean }) => {
      const interrupt = interrupts.find((candidate) => ownData(candidate, 'interruptId') === id);
      const resolve = ownData(interrupt, 'resolveInterrupt');
      if (typeof resolve === 'function') {
        // A tool the browser defines takes a boolean; any other (every MCP tool) the payload the server reads.
        (resolve as (value: unknown) => void).call(interrupt, ownData(interrupt, 'kind') === 'tool-approval' ? approved : { approved });
        return;
      }
      void addToolApprovalResponse?.({ id, approved });
    },
    [interrupts, addToolApprovalResponse],
  );
  return <McpToolPart part={aiSdkPart} addToolApprovalResponse={respond} {...cardProps} />;
}
McpToolCall.displayName = 'McpToolCall';
