import { describe, expect, it } from 'vitest';
import { resolveNow } from '../../../src/core/shared/now.js';

describe('resolveNow (the one clock rule)', () => {
  it('reads a number, a Date or a clock function, and nothing else', () => {
    expect(resolveNow(5)).toBe(5);
    expect(resolveNow(new Date(7))).toBe(7);
    expect(resolveNow(() => 9)).toBe(9);
    expect(resolveNow(undefined)).toBeUndefined();
  });

  it('gives undefined for what is not a usable time: NaN, Infinity, an invalid Date, a clock that throws or returns junk', () => {
    for (const now of [Number.NaN, Infinity, new Date('nope'), () => Number.NaN, () => 'soon' as unknown as number, () => { throw new Error('broken'); }, 'now' as unknown as number]) expect(resolveNow(now)).toBeUndefined();
  });
});
