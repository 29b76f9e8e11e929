'use client';
import { forwardRef, memo, useCallback, useId, useMemo, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { previewArguments } from '../../core/arguments.js';
import { canRetryWithoutAsking, normalizeTrust, type Trust } from '../../core/decisions.js';
import type { AnnotationIssueHandler } from '../../core/issues.js';
import type { Labels } from '../../internal/default-labels.js';
import { resolveToolHints, toolIdentity, toolRisk } from '../../core/tool-hints.js';
import { progressFraction, toolCallState, type ToolCallState, type ToolCallStatus } from '../../core/tool-status.js';
import type { Tool } from '../../core/types.js';
import { cx } from '../../internal/cx.js';
import { Icon, type IconName } from '../../internal/icons.js';
import { useLabels } from '../../internal/labels.js';
import { useOptionalToolApproval } from '../approval-provider/approval-provider.js';
import { ToolBadges } from '../tool-badges/tool-badges.js';
import { ToolResult, type ToolResultProps } from '../tool-result/tool-result.js';

/** Props of {@link ToolCallCard}. */
export interface ToolCallCardProps extends Omit<ComponentPropsWithoutRef<'article'>, 'children'> {
  /** Server the tool belongs to; used for retries through the approval provider. */
  serverId?: string | undefined;
  /** The tool's definition; `undefined` when unknown. */
  tool: Tool | undefined;
  /** The name the call used, shown when the tool is unknown. */
  toolName?: string | undefined;
  /** Trust of the server; default: the approval provider's, else `untrusted`. */
  trust?: Trust | undefined;
  /** Arguments of the call. */
  args?: unknown;
  /** Where the call is in its life. */
  status: ToolCallStatus;
  /** The tool's annotations changed since the user approved it. */
  annotationsChanged?: boolean | undefined;
  /** Shows a Cancel button while running. */
  onCancel?: (() => void) | undefined;
  /**
   * Shows Retry after an error. Called only once a retry may go ahead: at once
   * for idempotent tools of trusted servers, otherwise after a new approval
   * through the nearest `ToolApprovalProvider` (without one, no Retry is offered).
   */
  onRetry?: (() => void) | undefined;
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
  running: 'spinner',
  success: 'check',
  error: 'error',
  blocked: 'block',
  denied: 'block',
  cancelled: 'block',
};

const STATE_LABELS: Record<ToolCallState, keyof Labels> = {
  'awaiting-approval': 'awaitingApproval',
  running: 'running',
  success: 'success',
  error: 'error',
  blocked: 'blocked',
  denied: 'denied',
  cancelled: 'cancelled',
};

/**
 * One tool call's life in one card: awaiting approval, running with MCP
 * progress, done with its result, error with a retry that follows the retry
 * policy, blocked or denied. The status is one union, exposed as `data-state`.
 * Memoised: a transcript of many cards re-renders only the card that changed.
 *
 * @example
 * <ToolCallCard serverId="files" tool={tool} args={args} status={{ type: 'running', progress }} onCancel={abort} />
 */
const ToolCallCardImpl = forwardRef<HTMLElement, ToolCallCardProps>(function ToolCallCard(
  { serverId, tool, toolName, trust: trustProp, args, status, annotationsChanged, onCancel, onRetry, resultProps, children, headingLevel = 3, onAnnotationIssue, labels: labelOverrides, className, ...props },
  ref,
) {
  const labels = useLabels(labelOverrides);
  const approval = useOptionalToolApproval();
  const trust = trustProp ?? (approval && serverId !== undefined ? approval.trustOf(serverId) : normalizeTrust(undefined));
  const state = toolCallState(status);
  const identity = useMemo(() => toolIdentity(tool, { onAnnotationIssue }), [tool, onAnnotationIssue]);
  const risk = useMemo(() => toolRisk(resolveToolHints(tool)), [tool]);
  const argsText = useMemo(() => previewArguments(args).folded, [args]);
  const titleId = useId();
  const [retrying, setRetrying] = useState(false);

  const retryFreely = canRetryWithoutAsking(tool, trust);
  const canOfferRetry = onRetry !== undefined && state === 'error' && (retryFreely || (approval !== null && serverId !== undefined));
  const retry = useCallback(async () => {
    if (!onRetry) return;
    if (retryFreely) return onRetry();
    if (!approval || serverId === undefined) return;
    setRetrying(true);
    try {
      const result = await approval.requestApproval({ serverId, tool, toolName, args });
      if (result.outcome === 'run') onRetry();
    } finally {
      setRetrying(false);
    }
  }, [onRetry, retryFreely, approval, serverId, tool, toolName, args]);

  const name = identity.displayName || toolName || labels.unnamedTool;
  const Heading = `h${headingLevel}` as const;
  const result = status.type === 'success' || status.type === 'error' ? status.result : undefined;
  return (
    <article data-slot="tool-call-card" data-state={state} data-risk={risk} data-trust={trust} aria-labelledby={titleId} {...props} ref={ref} className={cx('mcp-tool-call-card', className)}>
      <header data-slot="tool-call-card-header">
        <Heading id={titleId} data-slot="tool-call-card-title">
          {name}
        </Heading>
        {(identity.titled || (!identity.name && toolName)) && (
          <code data-slot="tool-call-card-tool-name" translate="no">
            {identity.name || toolName}
          </code>
        )}
        <span role="status" data-slot="tool-call-card-status" data-state={state}>
          <Icon name={STATE_ICONS[state]} /> {labels[STATE_LABELS[state]]}
        </span>
      </header>
      <ToolBadges tool={tool} trust={trust} labels={labelOverrides} onAnnotationIssue={onAnnotationIssue} />
      {annotationsChanged && (
        <p data-slot="tool-call-card-notice" role="note">
          <Icon name="warning" /> {labels.annotationsChanged}
        </p>
      )}
      {args !== undefined && (
        <details data-slot="tool-call-card-args">
          <summary>{labels.arguments}</summary>
          <pre tabIndex={0}>
            <code>{argsText}</code>
          </pre>
        </details>
      )}
      {status.type === 'running' && (
        <div data-slot="tool-call-card-progress">
          <ProgressBar progress={status.progress} label={labels.progress} />
          {status.progress?.message && <p data-slot="tool-call-card-progress-message">{status.progress.message}</p>}
          {onCancel && (
            <button type="button" data-slot="tool-call-card-action" data-action="cancel" onClick={onCancel}>
              {labels.cancel}
            </button>
          )}
        </div>
      )}
      {status.type === 'blocked' && status.reasons.length > 0 && (
        <ul data-slot="tool-call-card-reasons">
          {status.reasons.map((reason) => (
            <li key={reason.code}>{reason.text}</li>
          ))}
        </ul>
      )}
      {status.type === 'error' && status.message && <p data-slot="tool-call-card-error">{status.message}</p>}
      {children ?? (result && <ToolResult result={result} onAnnotationIssue={onAnnotationIssue} labels={labelOverrides} {...resultProps} />)}
      {canOfferRetry && (
        <button type="button" data-slot="tool-call-card-action" data-action="retry" onClick={retry} disabled={retrying}>
          {labels.retry}
        </button>
      )}
    </article>
  );
});

function ProgressBar({ progress, label }: { progress: { progress: number; total?: number | undefined } | undefined; label: string }) {
  const fraction = progressFraction(progress);
  return fraction === null ? (
    <progress data-slot="tool-call-card-progressbar" data-state="indeterminate" aria-label={label} />
  ) : (
    <progress data-slot="tool-call-card-progressbar" data-state="determinate" aria-label={label} value={fraction} max={1} />
  );
}

/** {@link ToolCallCardImpl}, memoised so one changed call re-renders one card. */
export const ToolCallCard = memo(ToolCallCardImpl);
ToolCallCard.displayName = 'ToolCallCard';
