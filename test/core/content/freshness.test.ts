import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { describeFreshness, formatAbsoluteTime, parseLastModified, readLastModified } from '../../../src/core/content/freshness.js';

const iso = (value: string) => parseLastModified(value)?.toISOString() ?? null;

describe('parseLastModified', () => {
  it.each([
    ['2025-01-12T15:00:58Z', '2025-01-12T15:00:58.000Z'],
    ['2025-01-12T15:00:58z', '2025-01-12T15:00:58.000Z'],
    ['2025-01-12T15:00:58+02:00', '2025-01-12T13:00:58.000Z'],
    ['2025-01-12T15:00:58+0200', '2025-01-12T13:00:58.000Z'],
    ['2025-01-12T15:00:58+02', '2025-01-12T13:00:58.000Z'],
    ['2025-01-12T15:00:58-05:30', '2025-01-12T20:30:58.000Z'],
    ['2025-01-12T15:00:58.1Z', '2025-01-12T15:00:58.100Z'],
    ['2025-01-12T15:00:58.123456789Z', '2025-01-12T15:00:58.123Z'],
    ['2025-01-12T15:00:58,5Z', '2025-01-12T15:00:58.500Z'],
    ['2025-01-12T15:00Z', '2025-01-12T15:00:00.000Z'],
    ['2025-01-12 15:00:58Z', '2025-01-12T15:00:58.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['  2025-01-12T15:00:58Z  ', '2025-01-12T15:00:58.000Z'],
  ])('accepts %s', (value, expected) => {
    expect(iso(value)).toBe(expected);
  });

  it.each(['UTC', 'Asia/Kolkata', 'America/Los_Angeles'])('reads offset-less times and date-only values as UTC, also in %s', (zone) => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      expect(iso('2025-01-12T15:00:58')).toBe('2025-01-12T15:00:58.000Z');
      expect(iso('2025-01-12 15:00')).toBe('2025-01-12T15:00:00.000Z');
      expect(iso('2025-01-12')).toBe('2025-01-12T00:00:00.000Z');
      expect(iso('2025-06-12T15:00:58+02:00')).toBe('2025-06-12T13:00:58.000Z');
    } finally {
      process.env.TZ = before;
    }
  });

  it.each([
    ['garbage', 'yesterday'],
    ['an impossible day', '2025-02-30'],
    ['an impossible date-time', '2025-02-30T10:00:00Z'],
    ['a non-leap 29 February', '2025-02-29T00:00:00Z'],
    ['month 13', '2025-13-01T00:00:00Z'],
    ['hour 25', '2025-01-12T25:00:00Z'],
    ['second 60', '2025-01-12T15:00:60Z'],
    ['a doubled zone', '2025-01-12T15:00:58ZZ'],
    ['a week date', '2025-W01'],
    ['a year alone', '2025'],
    ['an empty string', ''],
    ['a huge string', `2025-01-12T15:00:58${'0'.repeat(100)}Z`],
  ])('rejects %s', (_name, value) => {
    expect(parseLastModified(value)).toBeNull();
  });

  it.each([[12345], [null], [{}], [new Date(0)], [true]])('rejects the non-string %s', (value) => {
    expect(parseLastModified(value)).toBeNull();
  });

  it('round-trips every valid Date through its ISO form, in each offset form (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), fc.integer({ min: -12 * 60, max: 14 * 60 }), (date, offsetMin) => {
        const whole = new Date(Math.floor(date.getTime() / 1000) * 1000);
        const local = new Date(whole.getTime() + offsetMin * 60_000);
        const sign = offsetMin < 0 ? '-' : '+';
        const hh = String(Math.floor(Math.abs(offsetMin) / 60)).padStart(2, '0');
        const mm = String(Math.abs(offsetMin) % 60).padStart(2, '0');
        const base = local.toISOString().slice(0, 19);
        expect(parseLastModified(`${base}${sign}${hh}:${mm}`)?.getTime()).toBe(whole.getTime());
        expect(parseLastModified(`${base}${sign}${hh}${mm}`)?.getTime()).toBe(whole.getTime());
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on any string (property)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => void parseLastModified(s)), { numRuns: 1000 });
  });

  it('readLastModified reports present-but-unusable values only', () => {
    const onIssue = vi.fn();
    expect(readLastModified(undefined, onIssue)).toBeNull();
    expect(readLastModified('yesterday', onIssue)).toBeNull();
    expect(readLastModified(12345, onIssue)).toBeNull();
    expect(onIssue.mock.calls.map(([i]) => i.value)).toEqual(['yesterday', 12345]);
  });
});

describe('describeFreshness', () => {
  const now = Date.parse('2026-11-30T12:00:00Z');
  const at = (msAgo: number, extra: Partial<Parameters<typeof describeFreshness>[1]> = {}) => describeFreshness(new Date(now - msAgo), { now, locale: 'en-US', timeZone: 'UTC', ...extra });

  it('gives locale-aware relative labels', () => {
    expect(at(0).relative).toBe('now');
    expect(at(30_000).relative).toBe('30 seconds ago');
    expect(at(5 * 60_000).relative).toBe('5 minutes ago');
    expect(at(3 * 3_600_000).relative).toBe('3 hours ago');
    expect(at(24 * 3_600_000).relative).toBe('yesterday');
    expect(at(3 * 86_400_000).relative).toBe('3 days ago');
    expect(at(14 * 86_400_000).relative).toBe('2 weeks ago');
    expect(at(90 * 86_400_000).relative).toBe('3 months ago');
    expect(at(800 * 86_400_000).relative).toBe('2 years ago');
    expect(at(3 * 3_600_000, { locale: 'de-DE' }).relative).toBe('vor 3 Stunden');
    expect(at(3 * 3_600_000, { locale: 'fr' }).relative).toBe('il y a 3 heures');
  });

  it('treats small future skew as now, and larger future times as future', () => {
    expect(at(-60_000)).toMatchObject({ relative: 'now', state: 'fresh' });
    expect(at(-3 * 3_600_000)).toMatchObject({ relative: 'in 3 hours', state: 'future' });
    expect(at(-60_000, { futureSkewMs: 0 })).toMatchObject({ relative: 'in 1 minute', state: 'future' });
  });

  it('is stale past the host-set age, and never without one', () => {
    expect(at(2 * 86_400_000, { staleAfterMs: 86_400_000 }).state).toBe('stale');
    expect(at(3_600_000, { staleAfterMs: 86_400_000 }).state).toBe('fresh');
    expect(at(10 * 365 * 86_400_000).state).toBe('fresh');
  });

  it('gives an absolute label in the requested zone and the ISO form', () => {
    const d = at(0);
    expect(d.iso).toBe('2026-11-30T12:00:00.000Z');
    expect(d.absolute).toBe('Nov 30, 2026, 12:00:00 PM UTC');
    expect(formatAbsoluteTime(new Date(now), { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe('Nov 30, 2026, 9:00:00 PM GMT+9');
  });
});
