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
import { useCallback, useEffect, useRef, useState } from 'react';
import { McpToolPart, type McpToolPartLike, type McpToolPartProps } from '../gate/react.js';
import { ownData } from '../core/shared/read.js';

/** Props of {@link McpToolUI}: what assistant-ui passes a tool UI, and the card's options. */
export interface McpToolUIProps extends ToolCallMessagePartProps, Pick<McpToolPartProps, 'onRemember' | 'headingLevel' | 'resultProps' | 'approvalUI' | 'labels' | 'className' | 'onAnnotationIssue'> {}

type Approval = NonNullable<ToolCallMessagePartProps['approval']>;

/** The AI SDK part behind a tool call, from the original messages the AI SDK runtime binds to each message. */
function originalPart(message: unknown, toolCallId: string): McpToolPartLike | undefined {
  try {
    for (const original of getExternalStoreMessages<unknown>(message as Parameters<typeof getExternalStoreMessages>[0])) {
      const parts = ownData(original, 'parts');
      // Only tool parts (`tool-*`, `dynamic-tool`) carry a toolCallId.
      if (Array.isArray(parts)) for (const part of parts) if (ownData(part, 'toolCallId') === toolCallId) return part as McpToolPartLike;
    }
  } catch {
    // No message (outside one), or an API that changed: no original, so the worst case.
  }
  return undefined;
}

const waiting = (approval: Approval | undefined): boolean => approval !== undefined && approval.approved === undefined && approval.resolution === undefined;

/** The part as the props describe it, when no original exists: no metadata, so the tool is unknown (the worst case). */
function partFromProps(props: ToolCallMessagePartProps): McpToolPartLike {
  const { approval, result, isError } = props;
  const state =
    approval?.resolution !== undefined || approval?.approved === false
      ? 'output-denied'
      : isError
        ? 'output-error'
        : result !== undefined
          ? 'output-available'
          : waiting(approval)
            ? 'approval-requested'
            : approval?.approved === true
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
    preliminary: props.isPreliminary === true,
    errorText: typeof error === 'string' ? error : undefined,
    approval: approval && { id: approval.id, approved: approval.approved === true, reason: approval.reason, isAutomatic: approval.isAutomatic },
  };
}

/**
 * The original part, with an answer assistant-ui holds but the AI SDK does not have yet (a host's
 * `onRespondToToolApproval` answers in an overlay until it sends): answered, it is never asked again.
 */
function withAnswer(original: McpToolPartLike, approval: Approval | undefined): McpToolPartLike {
  if (original.state !== 'approval-requested' || !approval || approval.id !== original.approval?.id || waiting(approval)) return original;
  return { ...original, state: 'approval-responded', approval: { ...original.approval, approved: approval.approved === true && approval.resolution === undefined, reason: approval.reason } };
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
  // assistant-ui's props are read, never spread: none of them becomes an attribute of the card.
  const { toolCallId, approval, respondToApproval, onRemember, headingLevel, resultProps, approvalUI, labels, className, onAnnotationIssue } = props;
  const original = useAuiState((state) => originalPart(state.optional.message, toolCallId));
  // A new object per render is fine: the card asks by approval id, and its tool is memoised by what it reads.
  const part = original ? withAnswer(original, approval) : partFromProps(props);
  // Bumped when an answer could not be delivered while the approval is still open: the card asks again.
  const [attempt, setAttempt] = useState(0);
  const current = useRef(approval);
  useEffect(() => {
    current.current = approval;
  });
  const remembered = useRef<string | undefined>(undefined);
  const remember = useCallback(
    (approvalId: string) => {
      remembered.current = approvalId;
      onRemember?.(approvalId);
    },
    [onRemember],
  );
  const respond = useCallback(
    async ({ id, approved, reason }: { id: string; approved: boolean; reason?: string | undefined }) => {
      const open = current.current;
      // Only the question the person saw is answered; one that was cancelled or replaced meanwhile is not.
      if (!open || open.id !== id || !waiting(open)) return;
      // An approval's own options (present when the host handles `onRespondToToolApproval`) carry the answer's kind;
      // an option that grants more than this call ("grants") is never picked for "remember".
      const kind = !approved ? 'reject-once' : remembered.current === id ? 'allow-always' : 'allow-once';
      const options = open.options?.filter((candidate) => !candidate.grants?.length);
      const option = options?.find((candidate) => candidate.kind === kind) ?? (approved ? options?.find((candidate) => candidate.kind === 'allow-once') : undefined);
      const response: ToolApprovalResponse = { approved, ...(option ? { optionId: option.id } : {}), ...(reason !== undefined ? { reason } : {}) };
      try {
        await respondToApproval(response);
      } catch {
        // Not delivered (assistant-ui throws, or the host's handler failed): if the approval is still open, ask again.
        if (current.current?.id === id && waiting(current.current)) setAttempt((n) => n + 1);
      }
    },
    [respondToApproval],
  );
  const cardProps = { headingLevel, resultProps, approvalUI, labels, className, onAnnotationIssue };
  return <McpToolPart key={attempt} {...cardProps} part={part} addToolApprovalResponse={respond} onRemember={remember} />;
}
McpToolUI.displayName = 'McpToolUI';
