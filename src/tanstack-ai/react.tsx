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
import { McpToolPart, type McpToolPartLike, type McpToolPartProps } from '../ai-sdk/react.js';
import { isRecord } from '../core/shared/issues.js';
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
  if (part.input !== undefined) return part.input;
  try {
    return typeof part.arguments === 'string' && part.arguments !== '' ? JSON.parse(part.arguments) : {};
  } catch {
    return undefined;
  }
};

/** The part in the AI SDK's terms, which the card already reads; a part without our metadata is an unknown tool (the worst case). */
function asAiSdkPart(part: TanStackToolCallPart): McpToolPartLike {
  const mcp = ownData(part.metadata, 'mcp');
  const serverId = ownData(mcp, 'serverId');
  const toolName = ownData(mcp, 'toolName');
  const title = ownData(mcp, 'title');
  const annotations = ownData(mcp, 'annotations');
  const read: McpToolPartLike = { type: 'dynamic-tool', toolName: typeof toolName === 'string' ? toolName : String(part.name), toolCallId: String(part.id), state: 'input-streaming', input: inputOf(part) };
  if (typeof serverId === 'string') read.toolMetadata = { clientName: serverId, toolName: read.toolName, ...(typeof title === 'string' ? { title } : {}), ...(isRecord(annotations) ? { annotations } : {}) };
  const approval = isRecord(part.approval) && typeof part.approval.id === 'string' ? part.approval : undefined;
  const error = ownData(part.output, 'error');
  switch (part.state) {
    case 'input-complete':
      return { ...read, state: 'input-available' };
    case 'approval-requested':
      return approval ? { ...read, state: 'approval-requested', approval: { id: approval.id } } : read;
    case 'approval-responded':
      return { ...read, state: approval?.approved === true ? 'approval-responded' : 'output-denied', approval: { id: approval?.id ?? '', approved: approval?.approved === true } };
    case 'complete': {
      // `mcpChatTools` refused it: its reasons are codes the card formats (a block, not the person's no).
      const reasons = ownData(part.output, 'reasons');
      if (typeof error === 'string' && typeof reasons === 'string') return { ...read, state: 'output-denied', approval: { id: approval?.id ?? '', approved: true, reason: reasons } };
      if (typeof error === 'string') return { ...read, state: 'output-error', errorText: error };
      return { ...read, state: 'output-available', output: part.output };
    }
    case 'error':
      return { ...read, state: 'output-error', ...(typeof error === 'string' ? { errorText: error } : {}) };
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
