// Issue 33, class 3: a numeric option that is not a finite number reads as absent, everywhere. Each option is
// given NaN, ±Infinity, negative, fractional and huge values (and non-numbers); none may turn a limit off,
// fire a timer at once, publish an empty tool list or fold every block.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolListWatcher } from '../../../src/core/index.js';
import { prepareContent } from '../../../src/core/content/content.js';
import { answerOnce, listAllTools } from '../../../src/mcp/shared.js';

const odd = fc.oneof(fc.constantFrom<unknown>(Number.NaN, Infinity, -Infinity, -1, -0.5, 0.5, 1e300, Number.MAX_VALUE, '3', null, {}), fc.double());

describe('numeric options read by one rule', () => {
  it('property: maxPages of any value still fetches the first page, and never pages forever', async () => {
    await fc.assert(
      fc.asyncProperty(odd, async (maxPages) => {
        let calls = 0;
        // A server that always has another page.
        const { tools } = await listAllTools(async () => ({ tools: [{ name: `t${calls}` }], nextCursor: `c${++calls}` }), maxPages);
        expect(tools.length).toBeGreaterThanOrEqual(1);
        const finite = typeof maxPages === 'number' && Number.isFinite(maxPages);
        expect(calls).toBe(finite ? Math.min(1000, Math.max(1, Math.ceil(maxPages))) : 50);
      }),
      { numRuns: 200 },
    );
  });

  it('property: the answered-request memory of any value is bounded (500 unless a finite number says otherwise)', async () => {
    await fc.assert(
      fc.asyncProperty(odd, async (memory) => {
        const once = answerOnce(memory);
        const connection = {};
        let asked = 0;
        for (let i = 0; i < 600; i++) await once(connection, `k${i}`, async () => ++asked);
        // The first key is remembered only when the memory holds 600 or more.
        await once(connection, 'k0', async () => ++asked);
        const finite = typeof memory === 'number' && Number.isFinite(memory);
        expect(asked).toBe(finite && memory >= 600 ? 600 : 601);
      }),
      { numRuns: 60 },
    );
  });

  it('property: coalesceMs and minIntervalMs of any value never fire a list-change refetch at once unless they are a finite 0 or less, nor past the longest timer', async () => {
    await fc.assert(
      fc.asyncProperty(odd, odd, async (coalesceMs, minIntervalMs) => {
        const delays: number[] = [];
        const watcher = createToolListWatcher({
          serverId: 's',
          list: async () => [],
          coalesceMs: coalesceMs as number,
          minIntervalMs: minIntervalMs as number,
          now: () => 0,
          setTimer: (_run: () => void, ms: number) => (delays.push(ms), delays.length),
          clearTimer: () => {},
        });
        watcher.listChanged();
        const finite = typeof coalesceMs === 'number' && Number.isFinite(coalesceMs);
        expect(delays[0]).toBe(finite ? Math.min(2_147_483_647, coalesceMs) : 250);
        for (const ms of delays) expect(ms).toBeLessThanOrEqual(2_147_483_647);
        watcher.dispose();
      }),
      { numRuns: 200 },
    );
  });

  it('property: collapseBelow and neutralPriority of any value: non-finite folds nothing and keeps the default neutral', () => {
    const blocks = [
      { type: 'text', text: 'low', annotations: { priority: 0.1 } },
      { type: 'text', text: 'none' },
    ];
    fc.assert(
      fc.property(odd, odd, (collapseBelow, neutralPriority) => {
        const { shown, folded } = prepareContent(blocks, { collapseBelow: collapseBelow as number, neutralPriority: neutralPriority as number });
        expect(shown.length + folded.length).toBe(2);
        if (!(typeof collapseBelow === 'number' && Number.isFinite(collapseBelow))) expect(folded).toEqual([]);
        // The block without a priority is folded only against a finite neutral (or the default 0.5).
        const neutral = typeof neutralPriority === 'number' && Number.isFinite(neutralPriority) ? Math.min(1, Math.max(0, neutralPriority)) : 0.5;
        const noneFolded = folded.some((item) => item.index === 1);
        expect(noneFolded).toBe(typeof collapseBelow === 'number' && Number.isFinite(collapseBelow) && neutral < collapseBelow);
      }),
      { numRuns: 300 },
    );
  });
});
