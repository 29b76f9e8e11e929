'use client';
// One file on purpose (~450 lines): the ToolCall parts share one context (status,
// focus return, the inline approval), and each part is a few lines that read it.
import { useIsomorphicLayoutEffect } from '../../internal/use-layout-effect.js';
import { announce } from '../../internal/announce.js';
import { createContext, forwardRef, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ComponentPropsWithoutRef, type ReactNode, type RefObject } from 'react';
import { useComposedRefs } from '@radix-ui/react-compose-refs';
import { previewArguments } from '../../core/tool/arguments.js';
import { toolCallBinding, type ApprovalResult, type PendingToolApproval } from '../../core/consent/index.js';
import { formatReason } from '../../core/text/reasons.js';
import { type Trust } from '../../core/shared/policy.js';
import type { AnnotationIssueHandler } from '../../core/shared/issues.js';
import { presentTool, type ToolPresentation } from '../../core/tool/presentation.js';
import { progressFraction, readToolCallStatus, statusMessage, toolCallState, type ToolCallState, type ToolCallStatus } from '../../core/tool/tool-status.js';
import type { Tool } from '../../core/shared/types.js';
import type { Locale } from '../../core/text/format.js';
import { toolCallLabels, formatLabel, type Labels, type ToolCallLabels } from '../../internal/default-labels.js';
import { Icon, type IconName } from '../../internal/icons.js';
import { useLabels, useLocale } from '../../internal/labels.js';
import { previewWords } from '../../internal/preview-words.js';
import { useApprovalShared, usePendingApproval, useServerTrust, type ApprovalUI } from '../consent-provider/approval-context.js';
import { ToolConfirmAction, ToolConfirmCancel, ToolConfirmFacts, ToolConfirmInlineContent, ToolConfirmInlineRoot, ToolConfirmReasons, ToolConfirmRemember } from '../tool-confirm/tool-confirm-parts.js';
import { ToolBadges } from '../tool-badges/tool-badges.js';
import { ToolResult, type ToolResultProps } from '../tool-result/tool-result.js';

const ROOT_NAME = 'ToolCall.Root';

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


/** Props of {@link ToolCallRoot}: the call, and any `article` attribute. */
export interface ToolCallRootProps extends Omit<ComponentPropsWithoutRef<'article'>, 'children'> {
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
  /** Where this card's confirmations appear (`dialog` or `inline`); default: the provider's `approvalUI`. */
  approvalUI?: ApprovalUI | undefined;
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
  onAnnotationIssue?: AnnotationIssueHandler | undefined;
  labels?: Partial<Labels> | undefined;
  /** The parts, in the order you want them. */
  children?: ReactNode;
}

type RetryNote = { type: 'blocked'; reason: string } | { type: 'denied' } | null;

interface ToolCallContextValue {
  props: ToolCallRootProps;
  labels: ToolCallLabels;
  locale: Locale;
  trust: Trust;
  state: ToolCallState;
  presentation: ToolPresentation;
  argsText: string;
  message: string | undefined;
  pending: PendingToolApproval | undefined;
  inlinePending: PendingToolApproval | undefined;
  titleId: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  canOfferRetry: boolean;
  retry: () => Promise<void>;
  retrying: boolean;
  retryNote: RetryNote;
}

const ToolCallContext = createContext<ToolCallContextValue | null>(null);

function useToolCallContext(part: string): ToolCallContextValue {
  const context = useContext(ToolCallContext);
  if (!context) throw new Error(`<${part}> must be rendered inside <${ROOT_NAME}>.`);
  return context;
}

/**
 * One tool call, as an `article` named by its title, with its state in
 * `data-state` (`awaiting-approval`, `running`, `success`, `error`, …), its
 * risk in `data-risk` and its trust in `data-trust`. Holds what every part
 * reads: the call, its status, its inline prompt, its retry. Says what the
 * status line does not (why it failed or was blocked, a task's messages) in
 * the polite live region, and keeps focus on the card when the control that
 * had it goes away. `ToolCallCard` is this with every part.
 *
 * @example
 * <ToolCall.Root serverId="files" callId={call.id} tool={tool} args={args} status={status}>
 *   <ToolCall.Header />
 *   <ToolCall.Approval />
 *   <ToolCall.Result viewer="user" />
 * </ToolCall.Root>
 */
export const ToolCallRoot = forwardRef<HTMLElement, ToolCallRootProps>(function ToolCallRoot(rootProps, forwardedRef) {
  const { serverId, tool, toolName, trust: trustProp, callId, approvalUI: approvalUIProp, args, status: statusProp, annotationsChanged: _annotationsChanged, onCancel: _onCancel, onRetry, onAnnotationIssue, labels: labelOverrides, className, children, ...props } = rootProps;
  const labels = useLabels(labelOverrides, toolCallLabels);
  const locale = useLocale();
  // Read once, however the host built it: every part below gets a status it can trust.
  const status = useMemo(() => readToolCallStatus(statusProp), [statusProp]);
  const shared = useApprovalShared();
  const trust = useServerTrust(serverId, trustProp);
  const autoId = useId();
  const effectiveCallId = callId ?? autoId;
  const inline = shared !== null && (approvalUIProp ?? shared.approvalUI) === 'inline';
  const pending = usePendingApproval(shared ? effectiveCallId : undefined);
  const presentation = useMemo(() => presentTool(tool, { trust, toolName, onAnnotationIssue }), [tool, trust, toolName, onAnnotationIssue]);
  const argsText = useMemo(() => previewArguments(args, undefined, previewWords(labels, locale)).folded, [args, labels, locale]);
  // Server text in a status (progress, task, error) is shown sanitised and bounded, however the host built the status;
  // when the status says why in this app's words (a code), the message table says it.
  const message = useMemo(() => statusMessage(status) ?? (status.type === 'error' && status.code !== undefined ? labels[`status.${status.code}`] : undefined), [status, labels]);
  // A request for this call that asks about another server, tool or other arguments than the card shows is
  // not answered here: the card releases it to the dialog, which shows the request's own. Compared by
  // meaning (canonical forms), never by a preview; a call that cannot be compared is never the same.
  const binding = useMemo(() => (pending ? toolCallBinding({ serverId: serverId ?? pending.serverId, tool, toolName, args, callId: effectiveCallId }) : null), [pending, serverId, tool, toolName, args, effectiveCallId]);
  const mismatch = pending !== undefined && (pending.binding === null || pending.binding !== binding);
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
    return shared.controller.claim('tool', effectiveCallId);
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

  const callState = toolCallState(status);
  const state = pending ? 'awaiting-approval' : callState;
  const canOfferRetry = onRetry !== undefined && callState === 'error' && shared !== null && serverId !== undefined && !pending;
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

  const context: ToolCallContextValue = { props: status === statusProp ? rootProps : { ...rootProps, status }, labels, locale, trust, state, presentation, argsText, message, pending, inlinePending, titleId, headingRef, canOfferRetry, retry, retrying, retryNote };
  return (
    <ToolCallContext.Provider value={context}>
      <article
        data-slot="tool-call"
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
        ref={ref} className={className}
      >
        {children}
      </article>
    </ToolCallContext.Provider>
  );
});
ToolCallRoot.displayName = ROOT_NAME;

/** Props of {@link ToolCallHeader}. */
export interface ToolCallHeaderProps extends ComponentPropsWithoutRef<'header'> {
  /** Level of the card's heading, to fit the host's outline. Default 3. */
  headingLevel?: 2 | 3 | 4 | 5 | 6 | undefined;
}

/** The title (the card's name, and where focus returns), the machine name where a title hides it, and the status in words. */
export const ToolCallHeader = forwardRef<HTMLElement, ToolCallHeaderProps>(function ToolCallHeader({ headingLevel = 3, className, children, ...props }, ref) {
  const { labels, presentation, titleId, headingRef, state } = useToolCallContext('ToolCall.Header');
  const Heading = `h${headingLevel}` as const;
  return (
    <header data-slot="tool-call-header" {...props} ref={ref} className={className}>
      <Heading id={titleId} ref={headingRef} tabIndex={-1} data-slot="tool-call-title">
        {presentation.displayName || labels.unnamedTool}
      </Heading>
      {presentation.showMachineName && (
        <code data-slot="tool-call-tool-name" translate="no">
          {presentation.name}
        </code>
      )}
      <span role="status" data-slot="tool-call-status" data-state={state}>
        <Icon name={STATE_ICONS[state]} /> {labels[STATE_LABELS[state]]}
      </span>
      {children}
    </header>
  );
});
ToolCallHeader.displayName = 'ToolCall.Header';

/** The tool's hint badges (marked unverified for an untrusted server). */
export const ToolCallBadges = forwardRef<HTMLUListElement, Omit<ComponentPropsWithoutRef<typeof ToolBadges>, 'tool' | 'trust'>>(function ToolCallBadges(props, ref) {
  const { props: call, trust } = useToolCallContext('ToolCall.Badges');
  return <ToolBadges tool={call.tool} toolName={call.toolName} serverId={call.serverId} trust={trust} labels={call.labels} onAnnotationIssue={call.onAnnotationIssue} {...props} ref={ref} />;
});
ToolCallBadges.displayName = 'ToolCall.Badges';

/** "This tool changed since you approved it", when the root's `annotationsChanged` says so. */
export const ToolCallNotice = forwardRef<HTMLParagraphElement, ComponentPropsWithoutRef<'p'>>(function ToolCallNotice({ className, children, ...props }, ref) {
  const { props: call, labels } = useToolCallContext('ToolCall.Notice');
  if (!call.annotationsChanged) return null;
  return (
    <p data-slot="tool-call-notice" role="note" {...props} ref={ref} className={className}>
      <Icon name="warning" /> {children ?? labels.annotationsChanged}
    </p>
  );
});
ToolCallNotice.displayName = 'ToolCall.Notice';

/** The call's arguments, folded; open while the call waits for an answer here. */
export const ToolCallArguments = forwardRef<HTMLDetailsElement, ComponentPropsWithoutRef<'details'>>(function ToolCallArguments({ className, ...props }, ref) {
  const { props: call, labels, argsText, inlinePending } = useToolCallContext('ToolCall.Arguments');
  if (call.args === undefined) return null;
  return (
    <details data-slot="tool-call-args" open={inlinePending ? true : undefined} {...props} ref={ref} className={className}>
      <summary data-slot="details-summary">{labels.arguments}</summary>
      <pre data-slot="code-block">
        <code data-slot="code-text">{argsText}</code>
      </pre>
    </details>
  );
});
ToolCallArguments.displayName = 'ToolCall.Arguments';

/**
 * The call's question, answered here (inline approval): the confirmation's
 * own parts (`ToolConfirm.Facts`, `Reasons`, `Remember`, `Cancel`, `Action`)
 * in place, with the same policy and once-only rules as the dialog. The
 * answer goes to the controller, which decides again before anything runs.
 * Deny comes first in the tab order, and nothing takes focus when a card
 * starts waiting; once answered, focus goes to the card's title.
 */
export const ToolCallApproval = forwardRef<HTMLElement, ComponentPropsWithoutRef<'section'>>(function ToolCallApproval({ className, children, ...props }, ref) {
  const { inlinePending, labels, headingRef, props: call } = useToolCallContext('ToolCall.Approval');
  const shared = useApprovalShared();
  if (!inlinePending || !shared) return null;
  const pending = inlinePending;
  return (
    <ToolConfirmInlineRoot
      prompt={pending}
      labels={call.labels}
      onRespond={(answer) => {
        shared.controller.respond(pending.id, answer);
        headingRef.current?.focus();
      }}
    >
      <ToolConfirmInlineContent data-slot="tool-call-approval" aria-label={labels.approvalNeeded} {...props} ref={ref} className={className}>
        {children ?? (
          <>
            <ToolConfirmFacts />
            <ToolConfirmReasons />
            <ToolConfirmRemember />
            <div data-slot="tool-call-approval-actions">
              <ToolConfirmCancel />
              <ToolConfirmAction />
            </div>
          </>
        )}
      </ToolConfirmInlineContent>
    </ToolConfirmInlineRoot>
  );
});
ToolCallApproval.displayName = 'ToolCall.Approval';

/** While the call runs or waits for input: MCP progress (determinate or not), the server's message, and Cancel when the root has `onCancel`. */
export const ToolCallProgress = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function ToolCallProgress({ className, ...props }, ref) {
  const { props: call, labels, pending, message } = useToolCallContext('ToolCall.Progress');
  const { status, onCancel, callId } = call;
  if ((status.type !== 'running' && status.type !== 'input-required') || pending) return null;
  return (
    <div data-slot="tool-call-progress" data-task={status.task?.status} {...props} ref={ref} className={className}>
      {status.type === 'running' && <ProgressBar progress={status.progress} label={labels.progress} />}
      {message && (
        <p data-slot="tool-call-progress-message">
          {message}
        </p>
      )}
      {onCancel && (
        <button type="button" data-slot="tool-call-action" data-action="cancel" onClick={() => onCancel(callId)}>
          {labels.cancel}
        </button>
      )}
    </div>
  );
});
ToolCallProgress.displayName = 'ToolCall.Progress';

/** Why the call did not succeed: the reasons it was blocked, the error's message, or why it was cancelled. */
export const ToolCallError = forwardRef<HTMLElement, ComponentPropsWithoutRef<'div'>>(function ToolCallError({ className, ...props }, ref) {
  const { props: call, labels, locale, message } = useToolCallContext('ToolCall.Error');
  const { status } = call;
  if (status.type === 'blocked' && status.reasons.length > 0) {
    return (
      <ul data-slot="tool-call-reasons" {...(props as ComponentPropsWithoutRef<'ul'>)} ref={ref as React.Ref<HTMLUListElement>} className={className}>
        {status.reasons.map((reason) => (
          <li key={reason.code} data-slot="tool-call-reason">
            {formatReason(reason, labels, locale)}
          </li>
        ))}
      </ul>
    );
  }
  if ((status.type === 'error' || status.type === 'cancelled') && message) {
    return (
      <p data-slot={status.type === 'error' ? 'tool-call-error' : 'tool-call-progress-message'} {...(props as ComponentPropsWithoutRef<'p'>)} ref={ref as React.Ref<HTMLParagraphElement>} className={className}>
        {message}
      </p>
    );
  }
  return null;
});
ToolCallError.displayName = 'ToolCall.Error';

/** Props of {@link ToolCallResult}: the result's options (viewer, order, collapseBelow, …); `children` replaces the rendering. */
export interface ToolCallResultProps extends Omit<ToolResultProps, 'result'> {
  children?: ReactNode;
}

/** The call's result (success, or an error result), through `ToolResult`: audience filtered, ordered, fresh. */
export const ToolCallResult = forwardRef<HTMLDivElement, ToolCallResultProps>(function ToolCallResult({ children, ...props }, ref) {
  const { props: call } = useToolCallContext('ToolCall.Result');
  const { status } = call;
  if (children !== undefined) return <>{children}</>;
  const result = status.type === 'success' || status.type === 'error' ? status.result : undefined;
  return result ? <ToolResult result={result} onAnnotationIssue={call.onAnnotationIssue} labels={call.labels} {...props} ref={ref} /> : null;
});
ToolCallResult.displayName = 'ToolCall.Result';

/** Retry, after an error, when the root has `onRetry` inside a provider: a new decision, never a blind re-run. */
export const ToolCallRetry = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(function ToolCallRetry({ className, children, onClick, ...props }, ref) {
  const { labels, canOfferRetry, retry, retrying } = useToolCallContext('ToolCall.Retry');
  if (!canOfferRetry) return null;
  return (
    <button
      type="button"
      data-slot="tool-call-action"
      data-action="retry"
      disabled={retrying}
      {...props}
      ref={ref}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) void retry();
      }} className={className}
    >
      {children ?? labels.retry}
    </button>
  );
});
ToolCallRetry.displayName = 'ToolCall.Retry';

/** What came of a Retry that did not run: blocked (with the reason) or denied. A status, so it is announced. */
export const ToolCallRetryNote = forwardRef<HTMLParagraphElement, ComponentPropsWithoutRef<'p'>>(function ToolCallRetryNote({ className, ...props }, ref) {
  const { labels, locale, retryNote } = useToolCallContext('ToolCall.RetryNote');
  if (!retryNote) return null;
  return (
    <p data-slot="tool-call-retry-note" role="status" {...props} ref={ref} className={className}>
      {retryNote.type === 'blocked' ? formatLabel(labels.retryBlocked, { reason: retryNote.reason }, locale) : labels.retryDenied}
    </p>
  );
});
ToolCallRetryNote.displayName = 'ToolCall.RetryNote';

function ProgressBar({ progress, label }: { progress: { progress: number; total?: number | undefined } | undefined; label: string }) {
  const fraction = progressFraction(progress);
  return fraction === null ? (
    <progress data-slot="tool-call-progressbar" data-state="indeterminate" aria-label={label} />
  ) : (
    <progress data-slot="tool-call-progressbar" data-state="determinate" aria-label={label} value={fraction} max={1} />
  );
}

