import type { NowSource } from '../consent/types.js';
import { finiteNumber } from './read.js';

/**
 * A {@link NowSource} as milliseconds since the epoch, or `undefined` when
 * none is given or it gives nothing usable (not finite, or it throws). The
 * one rule every clock in the library follows.
 */
export function resolveNow(now: NowSource | undefined): number | undefined {
  try {
    const value = typeof now === 'function' ? now() : now instanceof Date ? now.getTime() : now;
    return finiteNumber(value);
  } catch {
    return undefined;
  }
}
