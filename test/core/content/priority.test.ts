import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { normalizePriority, orderByPriority, splitByPriority } from '../../../src/core/content/priority.js';

const p = (priority: unknown, id: string) => ({ id, type: 'text', text: id, annotations: { priority } });

describe('normalizePriority', () => {
  it('keeps finite numbers in [0, 1]', () => {
    expect(normalizePriority(0)).toBe(0);
    expect(normalizePriority(0.3)).toBe(0.3);
    expect(normalizePriority(1)).toBe(1);
    expect(normalizePriority(undefined)).toBeUndefined();
  });

  it('clamps out-of-range numbers and reports them', () => {
    const onIssue = vi.fn();
    expect(normalizePriority(-1, onIssue)).toBe(0);
    expect(normalizePriority(7, onIssue)).toBe(1);
    expect(onIssue.mock.calls.map(([i]) => [i.code, i.value])).toEqual([
      ['priority-out-of-range', -1],
      ['priority-out-of-range', 7],
    ]);
  });

  it.each([['high'], [NaN], [Infinity], [-Infinity], [null], [{}], ['0.5'], [true]])('treats %s as absent and reports it', (value) => {
    const onIssue = vi.fn();
    expect(normalizePriority(value, onIssue)).toBeUndefined();
    expect(onIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'priority-invalid' }));
  });
});

describe('orderByPriority', () => {
  it('sorts highest first, absent as neutral 0.5, ties in server order', () => {
    const blocks = [p(0.3, 'a'), p(undefined, 'b'), p(1, 'c'), p(0.5, 'd'), p('high', 'e'), p(0.7, 'f'), p(9, 'g')];
    expect(orderByPriority(blocks).map((b) => b.id)).toEqual(['c', 'g', 'f', 'b', 'd', 'e', 'a']);
  });

  it('takes a configurable neutral value', () => {
    const blocks = [p(0.3, 'a'), p(undefined, 'b'), p(0.2, 'c')];
    expect(orderByPriority(blocks, { neutral: 0 }).map((b) => b.id)).toEqual(['a', 'c', 'b']);
    expect(orderByPriority(blocks, { neutral: 1 }).map((b) => b.id)).toEqual(['b', 'a', 'c']);
  });

  it('does not change its input', () => {
    const blocks = [p(0.1, 'a'), p(0.9, 'b')];
    orderByPriority(blocks);
    expect(blocks.map((b) => b.id)).toEqual(['a', 'b']);
  });

  it('is a stable sort for any priorities (property)', () => {
    const priority = fc.oneof(fc.double({ min: -2, max: 2, noNaN: true }), fc.constant(undefined), fc.constant('x'), fc.constant(NaN));
    fc.assert(
      fc.property(fc.array(priority, { maxLength: 40 }), (priorities) => {
        const blocks = priorities.map((value, i) => p(value, String(i)));
        const eff = (b: (typeof blocks)[number]) => {
          const v = b.annotations.priority;
          return typeof v === 'number' && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0.5;
        };
        const sorted = orderByPriority(blocks);
        expect(sorted).toHaveLength(blocks.length);
        for (let i = 1; i < sorted.length; i++) {
          const [prev, cur] = [sorted[i - 1]!, sorted[i]!];
          expect(eff(prev) >= eff(cur)).toBe(true);
          if (eff(prev) === eff(cur)) expect(Number(prev.id) < Number(cur.id)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('orderByPriority with a host priorityOf', () => {
  it('is stable for any numbers, ±0 and ±Infinity included; NaN and non-numbers sort as neutral (property)', () => {
    const value = fc.oneof(fc.double(), fc.constant(-0), fc.constant(Number.NaN), fc.constant(Number.POSITIVE_INFINITY), fc.constant(undefined), fc.constant('high' as unknown as number));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 60 }), fc.double({ min: 0, max: 1, noNaN: true }), (values, neutral) => {
        const items = values.map((v, i) => ({ v, i }));
        const eff = (item: (typeof items)[number]) => (typeof item.v === 'number' && !Number.isNaN(item.v) ? item.v : neutral);
        const sorted = orderByPriority(items, { priorityOf: (item) => item.v, neutral });
        const expected = [...items].sort((a, b) => (eff(a) === eff(b) ? a.i - b.i : eff(b) - eff(a)));
        expect(sorted.map((item) => item.i)).toEqual(expected.map((item) => item.i));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('splitByPriority', () => {
  it('folds blocks strictly below the threshold, keeping order in both parts', () => {
    const blocks = [p(0.3, 'a'), p(undefined, 'b'), p(0.9, 'c'), p(0.1, 'd'), p(0.4, 'e')];
    const { shown, folded } = splitByPriority(blocks, 0.4);
    expect(shown.map((b) => b.id)).toEqual(['b', 'c', 'e']);
    expect(folded.map((b) => b.id)).toEqual(['a', 'd']);
  });
});
