'use client';
/**
 * react-mcp-annotations/assistant-ui — MCP tool calls in an assistant-ui
 * thread (`@assistant-ui/react` 0.15) with this library's card, badges,
 * confirmation and audience-filtered result.
 *
 * assistant-ui's AI SDK converter keeps a tool part's input, output and
 * approval but drops `toolMetadata` and `title`, which carry the annotations
 * `createMcpChatRoute` marked. `McpToolUI` reads them from the original AI
 * SDK message the runtime keeps (`getExternalStoreMessages`); where there is
 * none (another runtime, or assistant-ui changes that API) it renders from
 * the props alone, as an unknown tool: the worst case, never a lighter one.
 */
import { getExternalStoreMessages, useAuiState, type ToolApprovalResponse, type ToolCallMessagePartProps } from '@assistant-ui/react';
import { useCallback, useRef } from 'react';
import { McpToolPart, type McpToolPartLike, type McpToolPartProps } from '../ai-sdk/react.js';
import { ownData } from '../core/shared/read.js';

/** Props of {@link McpToolUI}: what assistant-ui passes a tool UI, and the card's own props. */
export interface McpToolUIProps extends ToolCallMessagePartProps, Omit<McpToolPartProps, 'part' | 'addToolApprovalResponse' | 'children' | keyof ToolCallMessagePartProps> {}

type Approval = NonNullable<ToolCallMessagePartProps['approval']>;

const isToolPart = (part: unknown): part is McpToolPartLike => {
  const type = ownData(part, 'type');
  return typeof type === 'string' && (type === 'dynamic-tool' || type.startsWith('tool-')) && typeof ownData(part, 'toolCallId') === 'string';
};

/** The AI SDK part behind a tool call, from the original messages the AI SDK runtime binds to each message. */
function originalPart(message: unknown, toolCallId: string): McpToolPartLike | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  let originals: readonly unknown[];
  try {
    originals = getExternalStoreMessages<unknown>(message as Parameters<typeof getExternalStoreMessages>[0]);
  } catch {
    return undefined;
  }
  for (const original of originals) {
    const parts = ownData(original, 'parts');
    if (!Array.isArray(parts)) continue;
    for (const part of parts) if (isToolPart(part) && part.toolCallId === toolCallId) return part;
  }
  return undefined;
}

const waiting = (approval: Approval | undefined): boolean => approval !== undefined && approval.approved === undefined && approval.resolution === undefined;

/** The part as the props describe it, when no original exists: no metadata, so the tool is unknown (the worst case). */
function partFromProps(props: ToolCallMessagePartProps): McpToolPartLike {
  const { approval, result, isError } = props;
  const state =
    result !== undefined
      ? isError
        ? approval?.approved === false || approval?.resolution !== undefined
          ? 'output-denied'
          : 'output-error'
        : 'output-available'
      : waiting(approval)
        ? 'approval-requested'
        : approval?.approved !== undefined
          ? 'approval-responded'
          : 'input-available';
  const error = ownData(result, 'error');
  return {
    type: 'dynamic-tool',
    toolName: props.toolName,
    toolCallId: props.toolCallId,
    state,
    input: props.args,
    output: result,
    ...(typeof error === 'string' ? { errorText: error } : {}),
    ...(approval ? { approval: { id: approval.id, approved: approval.approved, reason: approval.reason, isAutomatic: approval.isAutomatic } } : {}),
  };
}

/**
 * A tool UI for assistant-ui that renders every MCP tool call as a
 * `ToolCallCard`: badges from the tool's annotations, the confirmation
 * (inline or in the dialog, as the `ConsentProvider` sets it) answered through
 * `respondToApproval`, the result filtered by audience with freshness and
 * priority. "Remember" picks the approval's `allow-always` option where the
 * approval lists options, and is reported through `onRemember` (for
 * `useRememberedApprovals`, which the route checks again).
 *
 * @example
 * <MessagePrimitive.Parts components={{ tools: { Fallback: McpToolUI } }} />
 */
export function McpToolUI(props: McpToolUIProps) {
  const { toolCallId, approval, respondToApproval, onRemember, ...rest } = props;
  const original = useAuiState((state) => originalPart(state.optional.message, toolCallId));
  const part = original ?? partFromProps(props);
  const remembered = useRef<string | undefined>(undefined);
  const remember = useCallback(
    (approvalId: string) => {
      remembered.current = approvalId;
      onRemember?.(approvalId);
    },
    [onRemember],
  );
  const respond = useCallback(
    ({ id, approved, reason }: { id: string; approved: boolean; reason?: string | undefined }) => {
      // An approval's own options (present when the host handles `onRespondToToolApproval`) carry the answer's kind.
      const kind = !approved ? 'reject-once' : remembered.current === id ? 'allow-always' : 'allow-once';
      const options = approval?.id === id ? approval.options : undefined;
      const option = options?.find((candidate) => candidate.kind === kind) ?? (approved ? options?.find((candidate) => candidate.kind === 'allow-once') : undefined);
      const response: ToolApprovalResponse = { approved, ...(option ? { optionId: option.id } : {}), ...(reason !== undefined ? { reason } : {}) };
      // Rejected when the approval is no longer pending (a new message cancelled it): nothing is left to answer.
      return respondToApproval(response).catch(() => undefined);
    },
    [approval, respondToApproval],
  );
  const cardProps = stripPartProps(rest);
  return <McpToolPart {...cardProps} part={part} addToolApprovalResponse={respond} onRemember={remember} />;
}
McpToolUI.displayName = 'McpToolUI';

// What assistant-ui passes besides the card's props; none of it is an element attribute.
const PART_KEYS = ['type', 'toolName', 'args', 'argsText', 'result', 'isError', 'isPreliminary', 'status', 'artifact', 'timing', 'mcp', 'providerMetadata', 'modelContent', 'interrupt', 'parentId', 'messages', 'responseDeliveryStatus', 'unstable_interactions', 'unstable_recordInteraction', 'addResult', 'resume'] as const;

function stripPartProps<T extends object>(props: T): Omit<T, (typeof PART_KEYS)[number]> {
  const copy: Record<string, unknown> = { ...(props as Record<string, unknown>) };
  for (const key of PART_KEYS) delete copy[key];
  return copy as Omit<T, (typeof PART_KEYS)[number]>;
}
