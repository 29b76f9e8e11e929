import type { NowSource } from '../consent/types.js';

/**
 * A {@link NowSource} as milliseconds since the epoch, or `undefined` when
 * none is given or it gives nothing usable (not finite, or it throws). The
 * one rule every clock in the library follows.
 */
export function resolveNow(now: NowSource | undefined): number | undefined {
  try {
    const value = typeof now === 'function' ? now() : now instanceof Date ? now.getTime() : now;
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
