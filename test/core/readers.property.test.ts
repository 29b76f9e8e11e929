// Core helpers a host calls with what it stored or received (records read back from storage, a result's
// content, a status built by hand) give a defined answer for anything, never a throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatReason, orderByPriority, splitByPriority, statusMessage } from '../../src/core/index.js';

const anything = fc.anything({ withBigInt: true, withNullPrototype: true, withBoxedValues: true, withSparseArray: true, maxDepth: 3 });
const reason = fc.record(
  { code: fc.oneof(fc.constantFrom('hints-assumed', 'annotations-changed', 'look-alike-server', 'shadowed-tool', 'untrusted-server', 'app-opens-link'), anything), hints: anything, changes: anything, servers: anything, server: anything, template: anything, text: anything, said: anything },
  { requiredKeys: [] },
);

describe('core readers of stored or hand-built values', () => {
  it('formatReason: a string for any reason, table and locale; a reason with a said text says exactly it', () => {
    fc.assert(
      fc.property(fc.oneof(anything, reason), anything, anything, (r, table, locale) => {
        const text = formatReason(r as never, table as never, locale as never);
        expect(typeof text).toBe('string');
        if (typeof r === 'object' && r !== null && !Array.isArray(r) && typeof (r as { said?: unknown }).said === 'string' && Object.hasOwn(r, 'said')) expect(text).toBe((r as { said: string }).said);
      }),
      { numRuns: 2000 },
    );
    expect(formatReason({ code: 'hints-assumed', text: '', hints: ['readOnly', 7, null] as never })).toBe(formatReason({ code: 'hints-assumed', text: '', hints: ['readOnly'] }));
  });

  it('statusMessage, orderByPriority and splitByPriority take anything', () => {
    fc.assert(
      fc.property(anything, anything, (value, options) => {
        const message = statusMessage(value as never);
        expect(message === undefined || typeof message === 'string').toBe(true);
        const ordered = orderByPriority(value as never, options as never);
        expect(ordered).toHaveLength(Array.isArray(value) ? value.length : 0);
        const split = splitByPriority(value as never, 0.5, options as never);
        expect(split.shown.length + split.folded.length).toBe(Array.isArray(value) ? value.length : 0);
      }),
      { numRuns: 1000 },
    );
  });
});
