'use client';
import { forwardRef, memo, type ReactNode } from 'react';
import type { ToolResultProps } from '../tool-result/tool-result.js';
import {
  ToolCallApproval,
  ToolCallArguments,
  ToolCallBadges,
  ToolCallError,
  ToolCallHeader,
  ToolCallNotice,
  ToolCallProgress,
  ToolCallResult,
  ToolCallRetry,
  ToolCallRetryNote,
  ToolCallRoot,
  type ToolCallRootProps,
} from './tool-call.js';

/** Props of {@link ToolCallCard}: the root's, plus what its default parts take. */
export interface ToolCallCardProps extends Omit<ToolCallRootProps, 'children'> {
  /** Props for the result (viewer, order, collapseBelow, …). */
  resultProps?: Omit<ToolResultProps, 'result'> | undefined;
  /** Replaces the default result rendering. */
  children?: ReactNode;
  /** Level of the card's heading, to fit the host's outline. Default 3. */
  headingLevel?: 2 | 3 | 4 | 5 | 6 | undefined;
}

/**
 * One tool call's life in one card: awaiting approval (in a dialog or right
 * here, inline), running with MCP progress, done with its result, error with
 * a retry that is decided again, blocked or denied. The status is one union,
 * exposed as `data-state`; risk colours the whole card. It is `ToolCall.Root`
 * with every part in the default order; recompose the parts for your own
 * layout. Memoised: a transcript re-renders only the card that changed.
 *
 * @example
 * <ToolCallCard serverId="files" callId={call.id} tool={tool} args={args} status={status} onRetry={runAgain} />
 */
const ToolCallCardImpl = forwardRef<HTMLElement, ToolCallCardProps>(function ToolCallCard({ resultProps, children, headingLevel, ...props }, ref) {
  return (
    <ToolCallRoot {...props} ref={ref}>
      <ToolCallHeader headingLevel={headingLevel} />
      <ToolCallBadges />
      <ToolCallNotice />
      <ToolCallArguments />
      <ToolCallApproval />
      <ToolCallProgress />
      <ToolCallError />
      <ToolCallResult {...resultProps}>{children}</ToolCallResult>
      <ToolCallRetry />
      <ToolCallRetryNote />
    </ToolCallRoot>
  );
});

/** {@link ToolCallCardImpl}, memoised so one changed call re-renders one card. */
export const ToolCallCard = memo(ToolCallCardImpl);
ToolCallCard.displayName = 'ToolCallCard';
