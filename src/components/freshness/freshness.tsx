'use client';
import { forwardRef, useCallback, useMemo, useState, useSyncExternalStore, type ComponentPropsWithoutRef } from 'react';
import { formatAbsoluteTime, freshnessLabel, readLastModified } from '../../core/freshness.js';
import type { AnnotationIssueHandler } from '../../core/issues.js';
import type { Labels } from '../../internal/default-labels.js';
import { clockNow, subscribeClock } from '../../internal/clock.js';
import { cx } from '../../internal/cx.js';
import { useLabels } from '../../internal/labels.js';
import { useTooltip } from '../../internal/use-tooltip.js';

/** Props of {@link Freshness}. */
export interface FreshnessProps extends Omit<ComponentPropsWithoutRef<'time'>, 'children' | 'dateTime'> {
  /** An ISO 8601 string (as in `lastModified`) or a Date. Unparseable values render nothing and are reported. */
  date: string | Date | null | undefined;
  /**
   * Reference time for server rendering and hydration, so both render the
   * same text. Afterwards the label follows the shared clock unless `live` is false.
   */
  now?: number | Date | undefined;
  /** Keep the label current with the page's one shared clock. Default true. */
  live?: boolean | undefined;
  /** Age in ms after which the date is shown as stale. */
  staleAfterMs?: number | undefined;
  /** Future times within this many ms read as "now". Default 2 minutes. */
  futureSkewMs?: number | undefined;
  /** BCP 47 locale for the labels; default: the runtime's. */
  locale?: string | readonly string[] | undefined;
  /** IANA time zone of the absolute label. Set it when rendering on a server. */
  timeZone?: string | undefined;
  onAnnotationIssue?: AnnotationIssueHandler | undefined;
  labels?: Partial<Labels> | undefined;
}

const noSubscribe = () => () => {};

/**
 * How fresh something is: a `<time>` with a relative label ("3 hours ago"),
 * the absolute time on hover and focus, and a stale state past a host-set
 * age. Every instance shares one clock, so 1,000 labels mean one timer.
 *
 * @example
 * <Freshness date={block.annotations?.lastModified} staleAfterMs={7 * 864e5} />
 */
export const Freshness = forwardRef<HTMLTimeElement, FreshnessProps>(function Freshness(
  { date, now, live = true, staleAfterMs, futureSkewMs, locale, timeZone, onAnnotationIssue, labels: labelOverrides, className, onFocus, onBlur, onMouseEnter, onMouseLeave, onKeyDown, ...props },
  ref,
) {
  const labels = useLabels(labelOverrides);
  const parsed = useMemo(
    () => (date instanceof Date ? (Number.isNaN(date.getTime()) ? null : date) : readLastModified(date ?? undefined, onAnnotationIssue, 'lastModified')),
    [date, onAnnotationIssue],
  );
  const [mountedAt] = useState(() => (now === undefined ? clockNow() : typeof now === 'number' ? now : now.getTime()));
  // The snapshot is "state|label": a tick re-renders only labels whose text changed.
  const labelAt = useCallback(
    (at: number): string => {
      if (!parsed) return '';
      const label = freshnessLabel(parsed, { now: at, locale, staleAfterMs, futureSkewMs });
      return `${label.state}|${label.relative}`;
    },
    [parsed, locale, staleAfterMs, futureSkewMs],
  );
  const ticking = live && parsed !== null;
  const snapshot = useSyncExternalStore(
    ticking ? subscribeClock : noSubscribe,
    () => labelAt(ticking ? clockNow() : mountedAt),
    () => labelAt(mountedAt),
  );
  // Rendered only while shown: pages hold hundreds of these labels.
  const tooltip = useTooltip<HTMLTimeElement>({ onFocus, onBlur, onMouseEnter, onMouseLeave, onKeyDown }, { lazy: true });
  if (!parsed) return null;
  const split = snapshot.indexOf('|');
  const state = snapshot.slice(0, split);
  return (
    <time dateTime={parsed.toISOString()} data-slot="freshness" data-state={state} {...props} {...tooltip.triggerProps} ref={ref} className={cx('mcp-freshness', className)}>
      {snapshot.slice(split + 1)}
      {state === 'stale' && <span data-slot="freshness-stale">{` (${labels.stale})`}</span>}
      {tooltip.render && (
        <span data-slot="freshness-tooltip" {...tooltip.tooltipProps}>
          {formatAbsoluteTime(parsed, { locale, timeZone })}
        </span>
      )}
    </time>
  );
});
Freshness.displayName = 'Freshness';
