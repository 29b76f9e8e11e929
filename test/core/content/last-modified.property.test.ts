// Our strict ISO 8601 reader against the date-fns/parseISO-based reader it
// replaced (bench/date-fns-reader.mjs; date-fns stays a dev dependency for it), on ISO-shaped and random
// strings. Two intended differences: zone offsets beyond ±23:59, which
// date-fns accepts and we refuse; and digits finer than a millisecond, which
// we drop exactly where date-fns adds them as a float (off by 1 ms at times).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateFnsReader } from '../../../bench/date-fns-reader.mjs';
import { parseLastModified } from '../../../src/core/content/freshness.js';

const ZONE_HOURS = /[+-](\d{2})(?::?\d{2})?$/;
const reference = (text: string) => dateFnsReader(text)?.getTime() ?? null;

const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
const isoLike = fc
  .tuple(
    fc.integer({ min: 1970, max: 2999 }).map(String),
    two(14),
    two(32),
    fc.option(fc.tuple(fc.constantFrom('T', ' ', 't', '_'), two(25), two(61), fc.option(two(61)), fc.option(fc.tuple(fc.constantFrom('.', ','), fc.stringMatching(/^\d{0,12}$/)))), { nil: undefined }),
    fc.option(fc.oneof(fc.constantFrom('Z', 'z', 'ZZ', '+', '-0'), fc.tuple(fc.constantFrom('+', '-'), two(30), fc.constantFrom('', ':', '::'), fc.option(two(70), { nil: '' })).map((p) => p.join(''))), { nil: '' }),
    fc.constantFrom('', ' ', '\n'),
  )
  .map(([y, mo, d, time, zone, pad]) => {
    let text = `${y}-${mo}-${d}`;
    if (time) {
      const [sep, h, mi, s, fraction] = time;
      text += `${sep}${h}:${mi}${s !== null ? `:${s}${fraction ? fraction.join('') : ''}` : ''}`;
    }
    return `${pad}${text}${zone}${pad}`;
  });

function agree(text: string) {
  const ours = parseLastModified(text)?.getTime() ?? null;
  const theirs = reference(text);
  const zoneHours = Number(ZONE_HOURS.exec(text.trim())?.[1] ?? 0);
  if (zoneHours > 23 && ours === null) return; // we refuse offsets past ±23:59
  if (ours !== null && theirs !== null && /[.,]\d{4}/.test(text) && Math.abs(ours - theirs) <= 1) return;
  expect(ours, text).toBe(theirs);
}

describe('parseLastModified agrees with the date-fns reader it replaced', () => {
  it('on ISO-shaped strings, valid and not (property)', () => {
    fc.assert(fc.property(isoLike, agree), { numRuns: 20_000 });
  });

  it('on arbitrary strings (property)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), agree), { numRuns: 5_000 });
  });

  it('refuses offsets past ±23:59, which date-fns accepted', () => {
    expect(parseLastModified('2025-01-12T15:00:58+24:00')).toBeNull();
    expect(parseLastModified('2025-01-12T15:00:58-99')).toBeNull();
    expect(parseLastModified('2025-01-12T15:00:58+23:59')?.toISOString()).toBe('2025-01-11T15:01:58.000Z');
  });

  it('reads 24:00 as the end of the day, and only with zero minutes and seconds', () => {
    expect(parseLastModified('2025-01-12T24:00:00Z')?.toISOString()).toBe('2025-01-13T00:00:00.000Z');
    expect(parseLastModified('2025-01-12T24:00:00.000Z')?.toISOString()).toBe('2025-01-13T00:00:00.000Z');
    expect(parseLastModified('2025-01-12T24:00:01Z')).toBeNull();
  });

  it('keeps years below 100 as themselves', () => {
    expect(parseLastModified('0050-03-01')?.getUTCFullYear()).toBe(50);
  });
});
