'use client';
/**
 * The card for a tool call the gate decided, as a chat framework hands it to
 * the browser (an AI SDK tool UI part, or a framework's part mapped to that
 * shape): this library's card, badges and result, and its approval answered
 * with this library's confirmation, inline or in the dialog. Every framework's
 * browser entry builds on it; `./ai-sdk/react` exports it as it is.
 */
import { forwardRef, useEffect, useMemo, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { useOptionalToolApproval } from '../components/consent-provider/approval-context.js';
import { ToolCallCard, type ToolCallCardProps } from '../components/tool-call/tool-call-card.js';
import { reasonFrom } from '../core/text/reasons.js';
import { safeName } from '../core/text/sanitize.js';
import { gateReasonMessages, reasonsFromWire, reasonsToWire, type GateReasonCode } from './reasons.js';
import { useLabels, useLocale } from '../internal/labels.js';
import type { Labels } from '../internal/default-labels.js';
import type { Locale } from '../core/text/format.js';
import { formatReason } from '../core/text/reasons.js';
import { isRecord } from '../core/shared/issues.js';
import { ownData } from '../core/shared/read.js';
import type { ToolCallStatus } from '../core/tool/tool-status.js';
import type { CallToolResult, Tool } from '../core/shared/types.js';

/** The states of an AI SDK tool UI part. */
type McpToolPartState = 'input-streaming' | 'input-available' | 'approval-requested' | 'approval-responded' | 'output-available' | 'output-error' | 'output-denied';

/** The fields of an AI SDK tool UI part (`tool-*` or `dynamic-tool`) this reads. Any `ToolUIPart` / `DynamicToolUIPart` fits. */
export interface McpToolPartLike {
  type: string;
  toolCallId: string;
  state: McpToolPartState | (string & {});
  toolName?: string | undefined;
  title?: string | undefined;
  toolMetadata?: unknown;
  input?: unknown;
  output?: unknown;
  errorText?: string | undefined;
  preliminary?: boolean | undefined;
  approval?: { id: string; approved?: boolean | undefined; reason?: string | undefined; requestReason?: string | undefined; isAutomatic?: boolean | undefined } | undefined;
}

/** `useChat().addToolApprovalResponse`. */
type AddToolApprovalResponse = (response: { id: string; approved: boolean; reason?: string | undefined }) => void | PromiseLike<void>;

/** What `useMcpToolPart` derives from a part. */
interface McpToolPartView {
  /** The MCP client name the server was connected under (its trust key), or `mcp` when the part has no metadata. */
  serverId: string;
  /** The tool as its metadata describes it; `undefined` when there is none (the worst case). */
  tool: Tool | undefined;
  toolName: string;
  callId: string;
  args: unknown;
  status: ToolCallStatus;
}

/** Options for `useMcpToolPart`. */
export interface UseMcpToolPartOptions {
  /** `useChat().addToolApprovalResponse`: the person's answer goes back through it. */
  addToolApprovalResponse: AddToolApprovalResponse;
  /** The person asked to remember an approval (send it in the next request body; see `useRememberedApprovals`). */
  onRemember?: ((approvalId: string) => void) | undefined;
}

// The person's "no", as the code the browser sends; told from a policy's block by its code, never by words.
const USER_DENIED = 'user-denied';

function toolOf(part: McpToolPartLike): { serverId: string; tool: Tool | undefined; toolName: string } {
  const metadata = part.toolMetadata;
  const clientName = ownData(metadata, 'clientName');
  const metaName = ownData(metadata, 'toolName');
  const partName = typeof part.toolName === 'string' ? part.toolName : part.type.startsWith('tool-') ? part.type.slice(5) : 'tool';
  const toolName = typeof metaName === 'string' ? metaName : partName;
  if (typeof clientName !== 'string') return { serverId: 'mcp', tool: undefined, toolName };
  const title = ownData(metadata, 'title');
  const annotations = ownData(metadata, 'annotations');
  const tool = { name: toolName, ...(typeof title === 'string' ? { title } : {}), ...(isRecord(annotations) ? { annotations: { ...annotations } } : {}) } as Tool;
  return { serverId: clientName, tool, toolName };
}

/** The card status of an AI SDK tool part in each of its states. */
export function toolCallStatusFromPart(part: McpToolPartLike): ToolCallStatus {
  switch (part.state) {
    case 'input-streaming':
    case 'input-available':
      return { type: 'running' };
    case 'approval-requested':
      return { type: 'awaiting-approval' };
    case 'approval-responded':
      return part.approval?.approved === true ? { type: 'running' } : { type: 'denied' };
    case 'output-available': {
      if (part.preliminary === true) return { type: 'running' };
      // The user view of an MCP result; anything else has no audience and is not shown.
      const content = ownData(part.output, 'content');
      const isError = Array.isArray(content) && ownData(part.output, 'isError') === true;
      const result: CallToolResult = { content: Array.isArray(content) ? content : [], ...(isError && { isError }) };
      return { type: isError ? 'error' : 'success', result };
    }
    case 'output-error':
      return { type: 'error', message: typeof part.errorText === 'string' ? part.errorText : undefined };
    case 'output-denied': {
      // Denied after the person approved, or for a reason that is not the person's: the policy blocked it
      // (decided again on the server). Our reasons are codes; anything else is another policy's words.
      const said = part.approval?.reason;
      const reasons = reasonsFromWire(said);
      const personSaidNo = reasons?.every((reason) => reason.code === USER_DENIED) ?? said === undefined;
      if (part.approval?.approved === true || part.approval?.isAutomatic === true || !personSaidNo) {
        const policy = reasons?.filter((reason) => reason.code !== USER_DENIED) ?? [];
        const words = reasons ? '' : safeName(said, 600);
        return { type: 'blocked', reasons: policy.length > 0 ? policy : [{ ...reasonFrom('host-denied'), ...(words ? { said: words } : {}) }] };
      }
      return { type: 'denied' };
    }
    default:
      return { type: 'error', code: 'part-unreadable' };
  }
}

/**
 * Reads an AI SDK tool part and, while it waits for approval, asks the
 * nearest `ConsentProvider` (inline or in the dialog, as the host set
 * it up) and sends the answer with `addToolApprovalResponse`. The person is
 * always asked: the server already decided that a person must answer
 * (a policy block still denies). A "remember" the person chose is reported
 * through `onRemember`; the server checks it again.
 */
export function useMcpToolPart(part: McpToolPartLike, options: UseMcpToolPartOptions): McpToolPartView {
  const approvalApi = useOptionalToolApproval();
  const { serverId, tool, toolName } = useMemo(() => toolOf(part), [part]);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const approvalId = part.state === 'approval-requested' ? part.approval?.id : undefined;
  const [answered, setAnswered] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!approvalId || !approvalApi || answered === approvalId) return;
    const abort = new AbortController();
    void approvalApi.requestApproval({ serverId, tool, toolName, args: part.input, callId: part.toolCallId, ask: true, signal: abort.signal }).then((result) => {
      if (abort.signal.aborted) return;
      setAnswered(approvalId);
      const approved = result.outcome === 'run';
      if (approved && result.remembered) latest.current.onRemember?.(approvalId);
      void latest.current.addToolApprovalResponse({
        id: approvalId,
        approved,
        ...(approved ? {} : { reason: reasonsToWire(result.outcome === 'blocked' ? result.decision.reasons : [reasonFrom(USER_DENIED)]) }),
      });
    });
    return () => abort.abort();
    // The part object changes on every streamed chunk; the request is keyed by its approval id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [approvalId, approvalApi, answered, serverId, tool, toolName, part.toolCallId]);
  const status = toolCallStatusFromPart(part);
  return { serverId, tool, toolName, callId: part.toolCallId, args: part.input, status };
}

/** Props of `McpToolPart`. */
export interface McpToolPartProps extends UseMcpToolPartOptions, Omit<ToolCallCardProps, 'serverId' | 'tool' | 'toolName' | 'callId' | 'args' | 'status' | 'part'> {
  /** A tool UI part from `useChat().messages[i].parts`. */
  part: McpToolPartLike;
  children?: ReactNode;
}

/**
 * An AI SDK tool part as a `ToolCallCard` in every state: input streaming,
 * waiting for approval (answered with this library's confirmation), approved,
 * output, error and denied. Inside a `ConsentProvider`.
 *
 * @example
 * {message.parts.map((part) => isToolUIPart(part) && (
 *   <McpToolPart key={part.toolCallId} part={part} addToolApprovalResponse={addToolApprovalResponse} onRemember={remembered.add} />
 * ))}
 */
export function McpToolPart({ part, addToolApprovalResponse, onRemember, ...cardProps }: McpToolPartProps) {
  const view = useMcpToolPart(part, { addToolApprovalResponse, onRemember });
  return <ToolCallCard serverId={view.serverId} tool={view.tool} toolName={view.toolName} callId={view.callId} args={view.args} status={view.status} {...cardProps} />;
}
McpToolPart.displayName = 'McpToolPart';

/** Approval ids the person asked to remember, for the next request body. */
interface RememberedApprovals {
  add(approvalId: string): void;
  /** `{ remember: [...] }` for `new DefaultChatTransport({ body: remembered.body })`. */
  body(): { remember: string[] };
}

/**
 * Keeps the approval ids the person asked to remember, so the request that
 * carries the approval tells the server (which checks it again). The
 * approval's `reason` would reach the model, so the choice travels in the body.
 */
export function useRememberedApprovals(): RememberedApprovals {
  const [remembered] = useState<RememberedApprovals>(() => {
    const ids: string[] = [];
    return {
      add: (id) => {
        if (typeof id === 'string' && !ids.includes(id)) ids.push(id);
        if (ids.length > 200) ids.shift();
      },
      body: () => ({ remember: [...ids] }),
    };
  });
  return remembered;
}

/** Props of {@link McpChatError}. */
export interface McpChatErrorProps extends Omit<ComponentPropsWithoutRef<'p'>, 'children'> {
  /** `useChat().error`, or an assistant-ui message status's `error`: nothing renders while it is `undefined`. */
  error: unknown;
  /** Words to replace (`reason.chat-forbidden`, `reason.chat-failed`, …); else the provider's, else English. */
  labels?: Partial<Labels> | undefined;
  /** The locale the words are in; default: the provider's. */
  locale?: Locale;
}

// What the chat route may answer with; anything else (another transport's error, a proxy's page) is "something went wrong".
const CHAT_ERRORS: ReadonlySet<string> = new Set<GateReasonCode>(['chat-forbidden', 'chat-failed', 'approval-invalid', 'store-unavailable']);

/**
 * What went wrong with the chat request, in the host's words: the route's
 * coded refusals and errors (an `authorize` refusal, a store that is down, an
 * approval that did not verify) as an alert. Never shows the error's own text:
 * a response body may hold internals or a server's words. Put it under the
 * messages, beside a way to retry (`useChat().regenerate`).
 *
 * @example
 * const { error, regenerate } = useChat({ transport });
 * <McpChatError error={error} />
 * {error && <button onClick={() => regenerate()}>Try again</button>}
 */
export const McpChatError = forwardRef<HTMLParagraphElement, McpChatErrorProps>(function McpChatError({ error, labels: labelsProp, locale: localeProp, className, ...props }, ref) {
  const labels = useLabels(labelsProp, gateReasonMessages);
  const locale = useLocale(localeProp);
  if (error === undefined || error === null) return null;
  // An Error's message, or assistant-ui's { code, message } (a message status's error); else the value itself.
  const said = ownData(error, 'message') ?? error;
  const code = reasonsFromWire(said)?.find((reason) => CHAT_ERRORS.has(reason.code))?.code ?? 'chat-failed';
  return (
    <p role="alert" data-slot="chat-error" {...props} ref={ref} className={className}>
      {formatReason({ code }, labels, locale)}
    </p>
  );
});
McpChatError.displayName = 'McpChatError';
