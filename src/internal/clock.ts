'use client';
/**
 * One clock for every freshness label on the page: a single interval while
 * at least one label is mounted, none when nothing is. Labels subscribe with
 * useSyncExternalStore and re-render only when their own text changes.
 */

/** How often the shared clock ticks. Labels under a minute old move in 10 s steps. */
export const CLOCK_TICK_MS = 10_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = Date.now();

function tick(): void {
  now = Date.now();
  for (const listener of listeners) listener();
}

/** Subscribes to the shared clock; starts it on the first subscriber and stops it after the last. */
export function subscribeClock(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(tick, CLOCK_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The shared clock's time: moves only on ticks, so snapshots stay stable. While it is stopped (before a
 * label subscribes), `stopped` if given (a label's mount time: React reads a snapshot twice in a row,
 * and two readings of the wall clock could differ), else the wall clock.
 */
export function clockNow(stopped?: number): number {
  return timer === undefined ? (stopped ?? Date.now()) : now;
}

/** Number of active clock timers (0 or 1), for tests and benchmarks. */
export function activeClockTimers(): number {
  return timer === undefined ? 0 : 1;
}
