'use client';
import { resolveNow } from '../../core/shared/now.js';
import { forwardRef, useMemo, useState, useSyncExternalStore, type ComponentPropsWithoutRef } from 'react';
import type { NowSource } from '../../core/consent/index.js';
import { formatAbsoluteTime, freshnessLabel, readLastModified } from '../../core/content/freshness.js';
import type { AnnotationIssueHandler } from '../../core/shared/issues.js';
import { clockNow, subscribeClock } from '../../internal/clock.js';
import { freshnessLabels, type Labels } from '../../internal/default-labels.js';
import { useLabel, useLocale } from '../../internal/labels.js';
import { useComposedRefs } from '@radix-ui/react-compose-refs';
import { setTooltipMaker, tooltipTrigger } from '../../internal/use-tooltip.js';

/** Props of {@link Freshness}. */
export interface FreshnessProps extends Omit<ComponentPropsWithoutRef<'time'>, 'children' | 'dateTime'> {
  /** The annotation's `lastModified` (ISO 8601) or a Date. Unparseable values render nothing and are reported. */
  lastModified?: string | Date | null | undefined;
  /**
   * The current time: a fixed time for server rendering and hydration (both
   * render the same text; afterwards the label follows the shared clock unless
   * `live` is false, in which case it follows this prop), or a function that
   * is the clock.
   */
  now?: NowSource | undefined;
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
  /** Words before the label, inside the same element (e.g. "Last modified"): one element, not a wrapper. */
  prefix?: string | undefined;
}

const noSubscribe = () => () => {};

// A freshness label's tooltip: a visible copy of its hidden absolute time, hidden from assistive technology (which reads the original).
setTooltipMaker((trigger) => {
  // The label's last child is its date, " (<date>)" as rendered below.
  const text = trigger.lastElementChild?.textContent;
  if (!text) return null;
  const tooltip = trigger.appendChild(trigger.ownerDocument.createElement('span'));
  tooltip.dataset.slot = 'freshness-tooltip';
  tooltip.setAttribute('aria-hidden', 'true');
  tooltip.textContent = text.slice(2, -1);
  return tooltip;
});

// One rule for every clock (core); re-exported here for code that imported it from this module.
export { resolveNow } from '../../core/shared/now.js';

/**
 * How fresh something is: a `<time>` with a relative label ("3 hours ago"),
 * the absolute time on hover, and a stale state past a host-set age. It is
 * not a tab stop. Every instance shares one clock, so 1,000 labels mean one
 * timer, and a tick re-renders only labels whose text changed.
 *
 * @example
 * <Freshness lastModified={block.annotations?.lastModified} staleAfterMs={7 * 864e5} />
 */
export const Freshness = forwardRef<HTMLTimeElement, FreshnessProps>(function Freshness(
  { lastModified, now, live = true, staleAfterMs, futureSkewMs, locale: localeProp, timeZone, onAnnotationIssue, labels: labelOverrides, prefix, ...props },
  ref,
) {
  const staleLabel = useLabel('stale', labelOverrides, freshnessLabels.stale);
  const locale = useLocale(localeProp);
  const date = lastModified;
  const parsed = useMemo(
    () => (date instanceof Date ? (Number.isNaN(date.getTime()) ? null : date) : readLastModified(date ?? undefined, onAnnotationIssue, 'lastModified')),
    [date, onAnnotationIssue],
  );
  const [mountedAt] = useState(clockNow);
  // The time the label is pinned to when it is not live (and on the server): follows the prop.
  const pinned = resolveNow(now) ?? mountedAt;
  // The snapshot is "state|label": a tick re-renders only labels whose text changed.
  // (A plain function: React compares the strings it returns, not the function.)
  const labelAt = (at: number): string => {
    if (!parsed) return '';
    const label = freshnessLabel(parsed, { now: at, locale, staleAfterMs, futureSkewMs });
    return `${label.state}|${label.relative}`;
  };
  const ticking = live && parsed !== null;
  const snapshot = useSyncExternalStore(
    ticking ? subscribeClock : noSubscribe,
    () => labelAt(ticking ? ((typeof now === 'function' ? resolveNow(now) : undefined) ?? clockNow(mountedAt)) : pinned),
    () => labelAt(pinned),
  );
  const composedRef = useComposedRefs(ref, tooltipTrigger);
  if (!parsed) return null;
  // No locale's relative label has a "|".
  const [state, label] = snapshot.split('|') as [string, string];
  // Only a state that means something is written ("fresh" is the default).
  // The absolute time is text in the label, visually hidden: assistive
  // technology reads it in place, no hover and no tooltip element needed. The
  // tooltip that shows it on hover is made only while open (internal/use-tooltip).
  return (
    <time dateTime={parsed.toISOString()} data-slot="freshness" data-state={state === 'fresh' ? undefined : state} {...props} ref={composedRef}>
      {prefix ? `${prefix} ${label}` : label}
      {state === 'stale' && <span data-slot="freshness-stale">{` (${staleLabel})`}</span>}
      <span data-slot="freshness-date">{` (${formatAbsoluteTime(parsed, { locale, timeZone })})`}</span>
    </time>
  );
});
Freshness.displayName = 'Freshness';
