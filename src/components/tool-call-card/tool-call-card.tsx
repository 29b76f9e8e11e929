'use client';
import { useIsomorphicLayoutEffect } from '../../internal/use-layout-effect.js';
import { announce } from '../../internal/announce.js';
import { forwardRef, memo, useCallback, useEffect, useId, useMemo, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { useComposedRefs } from '@radix-ui/react-compose-refs';
import { previewArguments } from '../../core/tool/arguments.js';
import type { ApprovalResult, PendingToolApproval } from '../../core/consent/controller.js';
import type { Trust } from '../../core/tool/decisions.js';
import type { AnnotationIssueHandler } from '../../core/shared/issues.js';
import { presentTool } from '../../core/tool/presentation.js';
import { toolName as readToolName } from '../../core/tool/tool-hints.js';
import { progressFraction, statusMessage, toolCallState, type ToolCallState, type ToolCallStatus } from '../../core/tool/tool-status.js';
import type { Tool } from '../../core/shared/types.js';
import { cx } from '../../internal/cx.js';
import { formatLabel, type Labels } from '../../internal/default-labels.js';
import { Icon, type IconName } from '../../internal/icons.js';
import { useLabels, useLocale } from '../../internal/labels.js';
import { formatReason } from '../../core/tool/decisions.js';
import type { Locale } from '../../core/text/format.js';
import { useApprovalShared, usePendingApproval, useServerTrust, type ApprovalUI } from '../approval-provider/approval-context.js';
import { ToolBadges } from '../tool-badges/tool-badges.js';
import { ToolResult, type ToolResultProps } from '../tool-result/tool-result.js';

/** Props of {@link ToolCallCard}. */
export interface ToolCallCardProps extends Omit<ComponentPropsWithoutRef<'article'>, 'children'> {
  /** Server the tool belongs to. Inside a provider, trust comes from it and retries are decided by it. */
  serverId?: string | undefined;
  /** The tool's definition; `undefined` when unknown. */
  tool: Tool | undefined;
  /** The name the call used, shown (sanitised) when the tool is unknown. */
  toolName?: string | undefined;
  /** Trust of the server when there is no provider (inside one, `untrusted` can only make it more cautious). */
  trust?: Trust | undefined;
  /**
   * Ties the card to its call: pass the same `callId` to `requestApproval`.
   * The card then shows that call's inline prompt, and focus returns here
   * when its dialog closes after the opener is gone.
   */
  callId?: string | undefined;
  /** Where this card's confirmations appear; default: the provider's `approvalUI`. */
  approval?: ApprovalUI | undefined;
  /** Arguments of the call. */
  args?: unknown;
  /** Where the call is in its life. */
  status: ToolCallStatus;
  /** The tool's annotations changed since the user approved it. */
  annotationsChanged?: boolean | undefined;
  /** Shows a Cancel button while running. */
  onCancel?: ((callId: string | undefined) => void) | undefined;
  /**
   * Shows Retry after an error (inside a provider). The card never retries on
   * its own authority: a retry is a new decision, made by the provider with
   * today's trust, mode, overrides and memory (asking if it must), and
   * `onRetry` is called only when that decision lets the call run. Run the
   * call directly in it, without asking again: the question was asked.
   */
  onRetry?: ((approval: ApprovalResult, callId: string | undefined) => void) | undefined;
  /** Props for the result (viewer, order, collapseBelow, …). */
  resultProps?: Omit<ToolResultProps, 'result'> | undefined;
  /** Replaces the default result rendering. */
  children?: ReactNode;
  /** Level of the card's heading, to fit the host's outline. Default 3. */
  headingLevel?: 2 | 3 | 4 | 5 | 6 | undefined;
  onAnnotationIssue?: AnnotationIssueHandler | undefined;
  labels?: Partial<Labels> | undefined;
}

const STATE_ICONS: Record<ToolCallState, IconName> = {
  'awaiting-approval': 'clock',
  'input-required': 'info',
  running: 'spinner',
  success: 'check',
  error: 'error',
  blocked: 'block',
  denied: 'block',
  cancelled: 'block',
};

const STATE_LABELS: Record<ToolCallState, keyof Labels> = {
  'awaiting-approval': 'awaitingApproval',
  'input-required': 'inputRequired',
  running: 'running',
  success: 'success',
  error: 'error',
  blocked: 'blocked',
  denied: 'denied',
  cancelled: 'cancelled',
};

type RetryNote = { type: 'blocked'; reason: string } | { type: 'denied' } | null;

/**
 * One tool call's life in one card: awaiting approval (in a dialog or right
 * here, inline), running with MCP progress, done with its result, error with
 * a retry that is decided again, blocked or denied. The status is one union,
 * exposed as `data-state`; risk colours the whole card. Memoised: a
 * transcript re-renders only the card that changed.
 *
 * @example
 * <ToolCallCard serverId="files" callId={call.id} tool={tool} args={args} status={status} onRetry={runAgain} />
 */
const ToolCallCardImpl = forwardRef<HTMLElement, ToolCallCardProps>(function ToolCallCard(
  {
    serverId,
    tool,
    toolName,
    trust: trustProp,
    callId,
    approval: approvalProp,
    args,
    status,
    annotationsChanged,
    onCancel,
    onRetry,
    resultProps,
    children,
    headingLevel = 3,
    onAnnotationIssue,
    labels: labelOverrides,
    className,
    ...props
  },
  forwardedRef,
) {
  const labels = useLabels(labelOverrides);
  const locale = useLocale();
  const shared = useApprovalShared();
  const trust = useServerTrust(serverId, trustProp);
  const autoId = useId();
  const effectiveCallId = callId ?? autoId;
  const inline = shared !== null && (approvalProp ?? shared.approvalUI) === 'inline';
  const pending = usePendingApproval(shared ? effectiveCallId : undefined);
  const presentation = useMemo(() => presentTool(tool, { trust, toolName, onAnnotationIssue }), [tool, trust, toolName, onAnnotationIssue]);
  const argsText = useMemo(() => previewArguments(args).folded, [args]);
  // Server text in a status (progress, task, error) is shown sanitised and bounded, however the host built the status.
  // When the status says why in this app's words (a code), the message table says it.
  const message = useMemo(() => statusMessage(status) ?? (status.type === 'error' && status.code !== undefined ? labels[`status.${status.code}`] : undefined), [status, labels]);
  // A request for this call that asks about another tool or other arguments than the card shows is
  // not answered here: the card releases it to the dialog, which shows the request's own tool and arguments.
  const requestText = useMemo(() => (pending ? previewArguments(pending.args).folded : undefined), [pending]);
  const mismatch = pending !== undefined && ((readToolName(pending.tool) || pending.toolName || '') !== (readToolName(tool) || toolName || '') || requestText !== argsText);
  const inlinePending = inline && !mismatch ? pending : undefined;
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const articleRef = useRef<HTMLElement>(null);
  const ref = useComposedRefs(forwardedRef, articleRef);
  const [retrying, setRetrying] = useState(false);
  const [retryNote, setRetryNote] = useState<RetryNote>(null);

  // Inline: this card shows its call's prompt instead of the dialog.
  useEffect(() => {
    if (!inline || !shared || mismatch) return;
    return shared.controller.claim(effectiveCallId);
  }, [inline, shared, effectiveCallId, mismatch]);
  // Focus comes back here when a dialog for this call closes and its opener is gone.
  useEffect(() => {
    const heading = headingRef.current;
    if (!shared || !heading) return;
    shared.cards.set(effectiveCallId, heading);
    return () => {
      if (shared.cards.get(effectiveCallId) === heading) shared.cards.delete(effectiveCallId);
    };
  }, [shared, effectiveCallId]);

  // What the status line does not say is said politely: why a call failed or was blocked, and a task's messages.
  const displayName = presentation.displayName || labels.unnamedTool;
  const spoken = status.type === 'error' ? message : status.type === 'blocked' && status.reasons[0] ? formatReason(status.reasons[0], labels, locale) : (status.type === 'running' && status.task) || status.type === 'input-required' ? message : undefined;
  const spokenText = spoken ? `${displayName}: ${spoken}` : undefined;
  // Changes only: a transcript's old failures are not read out when it loads.
  const said = useRef(spokenText);
  useEffect(() => {
    if (spokenText === said.current) return;
    said.current = spokenText;
    if (spokenText) announce(spokenText);
  }, [spokenText]);

  // When the control that had focus goes away (Retry or Cancel once the host updates the status,
  // the inline approval once answered), focus moves to the card's title instead of falling to <body>.
  const lastFocused = useRef<Element | null>(null);
  useIsomorphicLayoutEffect(() => {
    const gone = lastFocused.current;
    if (!gone || gone.isConnected) return;
    lastFocused.current = null;
    const active = document.activeElement;
    if (!active || active === document.body) headingRef.current?.focus();
  });

  const state = pending ? 'awaiting-approval' : toolCallState(status);
  const canOfferRetry = onRetry !== undefined && toolCallState(status) === 'error' && shared !== null && serverId !== undefined && !pending;
  const retry = useCallback(async () => {
    if (!onRetry || !shared || serverId === undefined) return;
    setRetrying(true);
    setRetryNote(null);
    try {
      const result = await shared.api.requestApproval({ serverId, tool, toolName, args, callId: effectiveCallId, retry: true });
      if (result.outcome === 'run') onRetry(result, callId);
      else if (result.outcome === 'blocked') setRetryNote({ type: 'blocked', reason: result.decision.reasons[0] ? formatReason(result.decision.reasons[0], labels, locale) : '' });
      else setRetryNote({ type: 'denied' });
    } finally {
      setRetrying(false);
    }
  }, [onRetry, shared, serverId, tool, toolName, args, effectiveCallId, callId, labels, locale]);

  const Heading = `h${headingLevel}` as const;
  const result = status.type === 'success' || status.type === 'error' ? status.result : undefined;
  return (
    <article
      data-slot="tool-call-card"
      data-state={state}
      data-risk={presentation.risk}
      data-trust={trust}
      data-approval={inlinePending ? 'inline' : undefined}
      aria-labelledby={titleId}
      {...props}
      onFocus={(event) => {
        lastFocused.current = event.target;
        props.onFocus?.(event);
      }}
      ref={ref}
      className={cx('mcp-tool-call-card', className)}
    >
      <header data-slot="tool-call-card-header" className="mcp-tool-call-card-header">
        <Heading id={titleId} ref={headingRef} tabIndex={-1} data-slot="tool-call-card-title" className="mcp-tool-call-card-title">
          {presentation.displayName || labels.unnamedTool}
        </Heading>
        {presentation.showMachineName && (
          <code data-slot="tool-call-card-tool-name" translate="no" className="mcp-machine-name">
            {presentation.name}
          </code>
        )}
        <span role="status" data-slot="tool-call-card-status" data-state={state} className="mcp-tool-call-card-status">
          <Icon name={STATE_ICONS[state]} /> {labels[STATE_LABELS[state]]}
        </span>
      </header>
      <ToolBadges tool={tool} toolName={toolName} serverId={serverId} trust={trust} labels={labelOverrides} onAnnotationIssue={onAnnotationIssue} />
      {annotationsChanged && (
        <p data-slot="tool-call-card-notice" role="note" className="mcp-tool-call-card-notice">
          <Icon name="warning" /> {labels.annotationsChanged}
        </p>
      )}
      {args !== undefined && (
        <details data-slot="tool-call-card-args" className="mcp-tool-call-card-args" open={inlinePending ? true : undefined}>
          <summary className="mcp-summary">{labels.arguments}</summary>
          <pre className="mcp-code-block">
            <code className="mcp-code">{argsText}</code>
          </pre>
        </details>
      )}
      {inlinePending && <InlineApproval pending={inlinePending} labels={labels} locale={locale} onAnswered={() => headingRef.current?.focus()} />}
      {(status.type === 'running' || status.type === 'input-required') && !pending && (
        <div data-slot="tool-call-card-progress" data-task={status.task?.status} className="mcp-tool-call-card-progress">
          {status.type === 'running' && <ProgressBar progress={status.progress} label={labels.progress} />}
          {status.type === 'running' && message && (
            <p data-slot="tool-call-card-progress-message" className="mcp-tool-call-card-message">
              {message}
            </p>
          )}
          {status.type === 'input-required' && message && (
            <p data-slot="tool-call-card-progress-message" className="mcp-tool-call-card-message">
              {message}
            </p>
          )}
          {onCancel && (
            <button type="button" data-slot="tool-call-card-action" data-action="cancel" onClick={() => onCancel(callId)} className="mcp-button">
              {labels.cancel}
            </button>
          )}
        </div>
      )}
      {status.type === 'blocked' && status.reasons.length > 0 && (
        <ul data-slot="tool-call-card-reasons" className="mcp-tool-call-card-reasons">
          {status.reasons.map((reason) => (
            <li key={reason.code} className="mcp-tool-call-card-reason">
              {formatReason(reason, labels, locale)}
            </li>
          ))}
        </ul>
      )}
      {status.type === 'error' && message && (
        <p data-slot="tool-call-card-error" className="mcp-tool-call-card-message">
          {message}
        </p>
      )}
      {status.type === 'cancelled' && message && (
        <p data-slot="tool-call-card-progress-message" className="mcp-tool-call-card-message">
          {message}
        </p>
      )}
      {children ?? (result && <ToolResult result={result} onAnnotationIssue={onAnnotationIssue} labels={labelOverrides} {...resultProps} />)}
      {canOfferRetry && (
        <button type="button" data-slot="tool-call-card-action" data-action="retry" onClick={retry} disabled={retrying} className="mcp-button">
          {labels.retry}
        </button>
      )}
      {retryNote && (
        <p data-slot="tool-call-card-retry-note" role="status" className="mcp-tool-call-card-message">
          {retryNote.type === 'blocked' ? formatLabel(labels.retryBlocked, { reason: retryNote.reason }, locale) : labels.retryDenied}
        </p>
      )}
    </article>
  );
});

/**
 * Allow / Deny (and Remember where policy allows) inside a card. The same
 * policy and once-only rules as the dialog: the answer goes to the
 * controller, which decides again before anything runs. Deny comes first in
 * the tab order, and nothing takes focus when a card starts waiting.
 */
function InlineApproval({ pending, labels, locale, onAnswered }: { pending: PendingToolApproval; labels: Labels; locale: Locale; onAnswered: () => void }) {
  const shared = useApprovalShared();
  const [remember, setRemember] = useState(false);
  // Once per question: a request asked again (a new id) can be answered again.
  const answered = useRef<string | null>(null);
  const reasonsId = useId();
  const answer = (action: 'approve' | 'deny') => {
    if (answered.current === pending.id || !shared) return;
    answered.current = pending.id;
    shared.controller.respond(pending.id, action === 'approve' ? { action, remember: remember && pending.canRemember } : { action });
    onAnswered();
  };
  const { decision } = pending;
  const destructive = decision.risk === 'destructive';
  // What is approved is the request's own tool, whatever the card shows: its machine name and server, as the dialog shows them.
  const requested = readToolName(pending.tool) || pending.toolName || '';
  return (
    <section data-slot="tool-call-card-approval" data-risk={decision.risk} aria-label={labels.approvalNeeded} aria-describedby={reasonsId} className="mcp-tool-call-card-approval">
      <dl data-slot="tool-call-card-approval-facts" className="mcp-confirm-dialog-facts">
        <div className="mcp-confirm-dialog-fact">
          <dt className="mcp-confirm-dialog-term">{labels.toolName}</dt>
          <dd className="mcp-confirm-dialog-value">
            <code translate="no" className="mcp-machine-name" data-slot="tool-call-card-approval-tool">
              {requested}
            </code>
          </dd>
        </div>
        <div className="mcp-confirm-dialog-fact">
          <dt className="mcp-confirm-dialog-term">{labels.server}</dt>
          <dd className="mcp-confirm-dialog-value">{pending.serverName}</dd>
        </div>
      </dl>
      <ul id={reasonsId} data-slot="tool-call-card-approval-reasons" className="mcp-tool-call-card-approval-reasons">
        {decision.reasons.map((reason) => (
          <li key={reason.code} data-code={reason.code} className="mcp-tool-call-card-reason">
            {formatReason(reason, labels, locale)}
          </li>
        ))}
      </ul>
      {pending.canRemember && (
        <label data-slot="confirm-dialog-remember" className="mcp-confirm-dialog-remember">
          <input type="checkbox" className="mcp-checkbox" checked={remember} onChange={(event) => setRemember(event.currentTarget.checked)} />
          {labels.remember}
        </label>
      )}
      <div data-slot="tool-call-card-approval-actions" className="mcp-confirm-dialog-actions">
        <button type="button" data-slot="confirm-dialog-cancel" className="mcp-button mcp-confirm-dialog-cancel" onClick={() => answer('deny')}>
          {labels.deny}
        </button>
        <button type="button" data-slot="confirm-dialog-action" data-risk={decision.risk} className="mcp-button mcp-confirm-dialog-action" onClick={() => answer('approve')}>
          {destructive ? labels.approveDestructive : labels.approve}
        </button>
      </div>
    </section>
  );
}

function ProgressBar({ progress, label }: { progress: { progress: number; total?: number | undefined } | undefined; label: string }) {
  const fraction = progressFraction(progress);
  return fraction === null ? (
    <progress data-slot="tool-call-card-progressbar" data-state="indeterminate" aria-label={label} className="mcp-progress" />
  ) : (
    <progress data-slot="tool-call-card-progressbar" data-state="determinate" aria-label={label} value={fraction} max={1} className="mcp-progress" />
  );
}

/** {@link ToolCallCardImpl}, memoised so one changed call re-renders one card. */
export const ToolCallCard = memo(ToolCallCardImpl);
ToolCallCard.displayName = 'ToolCallCard';
