import { localeKey, usableLocales } from '../text/locales.js';
import { resolveNow } from '../shared/now.js';
import { report, type AnnotationIssueHandler } from '../shared/issues.js';
import { finiteNumber } from '../shared/read.js';

// Our own strict ISO 8601 reader: no regular expression and no allocation
// but the Date. Half of date-fns/parseISO's bytes and several times faster;
// `npm run bench` compares both on the spec's and our fixtures' dates (P8).

/** The value of `count` ASCII digits at `at`, or -1. */
function digits(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const code = text.charCodeAt(i) - 48;
    if (!(code >= 0 && code <= 9)) return -1;
    value = value * 10 + code;
  }
  return value;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Parses an annotation's `lastModified`. Accepts ISO 8601 calendar dates
 * (`YYYY-MM-DD`), optionally with a `T` or space and a time (`hh:mm`,
 * `hh:mm:ss`, any fraction of a second after `.` or `,`, `24:00` as the end
 * of the day) and a zone of `Z`, `±hh:mm`, `±hhmm` or `±hh` (up to ±23:59).
 * Returns `null` for anything else, including impossible dates
 * (`2025-02-30`) and non-strings. Leading and trailing spaces are ignored.
 *
 * Times without a zone, and date-only values, are read as **UTC**: a server
 * cannot know the viewer's zone, and reading them as UTC makes server and
 * client rendering agree (no hydration mismatch).
 */
export function parseLastModified(value: unknown): Date | null {
  if (typeof value !== 'string' || value.length > 64) return null;
  const text = value.trim();
  const length = text.length;
  if (length < 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null; // YYYY-MM-DD
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let ms = 0;
  let shift = 0;
  let at = 10;
  if (at < length) {
    const separator = text.charCodeAt(at);
    if ((separator !== 84 && separator !== 32) || text.charCodeAt(at + 3) !== 58) return null; // 'T' or ' ', then hh:
    hour = digits(text, at + 1, 2);
    minute = digits(text, at + 4, 2);
    at += 6;
    if (text.charCodeAt(at) === 58) {
      second = digits(text, at + 1, 2);
      at += 3;
      const mark = text.charCodeAt(at);
      if (mark === 46 || mark === 44) {
        // Any precision; milliseconds are kept, finer digits dropped.
        const start = ++at;
        while (at < length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at++;
        if (at === start) return null;
        for (let i = 0; i < 3; i++) ms = ms * 10 + (start + i < at ? text.charCodeAt(start + i) - 48 : 0);
      }
    }
    if (hour < 0 || minute < 0 || second < 0 || minute > 59 || second > 59 || hour > 24 || (hour === 24 && minute + second + ms > 0)) return null;
    if (at < length) {
      const zone = text.charCodeAt(at);
      if (zone === 90 || zone === 122) at++; // 'Z' or 'z'
      else if (zone === 43 || zone === 45) {
        const hours = digits(text, at + 1, 2);
        let minutes = 0;
        at += 3;
        if (at < length) {
          if (text.charCodeAt(at) === 58) at++;
          minutes = digits(text, at, 2);
          at += 2;
        }
        if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) return null;
        shift = (zone === 43 ? 1 : -1) * (hours * 60 + minutes);
      } else return null;
    }
    if (at !== length) return null;
  }
  if (year >= 100) return new Date(Date.UTC(year, month - 1, day, hour, minute - shift, second, ms));
  // Date.UTC reads years 0–99 as 1900–1999; the setters do not.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute - shift, second, ms);
  return date;
}

/** Reads a block's `lastModified`, reporting values that are present but unusable. */
export function readLastModified(value: unknown, onIssue?: AnnotationIssueHandler, path = 'annotations.lastModified'): Date | null {
  if (value === undefined) return null;
  const date = parseLastModified(value);
  if (!date) report(onIssue, 'last-modified-invalid', path, 'lastModified is not an ISO 8601 date; no freshness is shown.', value);
  return date;
}

/** fresh: within the stale age; stale: older; future: later than now beyond the skew allowance. */
export type FreshnessState = 'fresh' | 'stale' | 'future';

/** Options for {@link describeFreshness}. */
export interface FreshnessOptions {
  /** The current time. Pass a fixed value when rendering on a server; one that is not a finite time reads as the runtime clock. */
  now: number | Date;
  /** BCP 47 locale(s) for labels; default: the runtime's. */
  locale?: string | readonly string[] | undefined;
  /** Age in milliseconds after which the content is stale; no limit by default. */
  staleAfterMs?: number | undefined;
  /** Future times within this many ms count as "now" (clock skew). Default 2 minutes. */
  futureSkewMs?: number | undefined;
  /** IANA time zone for the absolute label; default: the runtime's. Set it for server rendering. */
  timeZone?: string | undefined;
}

/** Everything a freshness label shows. */
export interface FreshnessDescription {
  state: FreshnessState;
  /** Locale-aware relative label, e.g. "3 hours ago", "now". */
  relative: string;
  /** Locale-aware absolute date and time. */
  absolute: string;
  /** Machine-readable ISO 8601 in UTC, for `<time dateTime>`. */
  iso: string;
  /** Milliseconds since the date (negative in the future). */
  ageMs: number;
}

/** Default allowance for clocks that run a little ahead. */
export const DEFAULT_FUTURE_SKEW_MS = 2 * 60_000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number, number]> = [
  // unit, size, use while |age| < limit
  ['second', SECOND, MINUTE],
  ['minute', MINUTE, HOUR],
  ['hour', HOUR, DAY],
  ['day', DAY, 7 * DAY],
  ['week', 7 * DAY, 30 * DAY],
  ['month', 30 * DAY, 365 * DAY],
  ['year', 365 * DAY, Infinity],
];

// Formatters are costly to build; hundreds of labels share a few (one map, bounded).
const formats = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>();
function cachedFormat<T extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    if (formats.size > 128) formats.clear();
    formats.set(key, (format = make()));
  }
  return format;
}

function relativeFormat(locale: FreshnessOptions['locale']): Intl.RelativeTimeFormat {
  return cachedFormat(`r|${localeKey(locale)}`, () => new Intl.RelativeTimeFormat(usableLocales(locale) as string[] | undefined, { numeric: 'auto' }));
}

function absoluteFormat(locale: FreshnessOptions['locale'], timeZone: string | undefined): Intl.DateTimeFormat {
  const zone = typeof timeZone === 'string' ? timeZone : undefined;
  return cachedFormat(`a|${localeKey(locale)}|${zone ?? ''}`, () => {
    const locales = usableLocales(locale) as string[] | undefined;
    try {
      return new Intl.DateTimeFormat(locales, { dateStyle: 'medium', timeStyle: 'long', timeZone: zone });
    } catch {
      // An unknown time zone: the runtime's, which the label names ("… UTC"), so it stays true.
      return new Intl.DateTimeFormat(locales, { dateStyle: 'medium', timeStyle: 'long' });
    }
  });
}

/** The part of a freshness description that changes with time. */
export interface FreshnessLabel {
  state: FreshnessState;
  relative: string;
}

/**
 * The relative label and state only — what a live label recomputes on each
 * tick (the absolute label never changes, so it is not formatted here).
 */
export function freshnessLabel(date: Date, options: FreshnessOptions): FreshnessLabel {
  const now = resolveNow(options.now) ?? Date.now();
  const ageMs = now - date.getTime();
  const skew = finiteNumber(options.futureSkewMs) ?? DEFAULT_FUTURE_SKEW_MS;
  const staleAfter = finiteNumber(options.staleAfterMs);
  const format = relativeFormat(options.locale);
  if (ageMs < -skew) return { state: 'future', relative: formatRelative(format, ageMs) };
  const relative = ageMs < 10 * SECOND ? format.format(0, 'second') : formatRelative(format, ageMs);
  return { state: staleAfter !== undefined && ageMs > staleAfter ? 'stale' : 'fresh', relative };
}

/**
 * Describes how fresh a date is relative to `now`: a relative label through
 * `Intl.RelativeTimeFormat`, an absolute label, and a state. Small future
 * skew (default 2 minutes) reads as "now"; beyond it the state is `future`.
 */
export function describeFreshness(date: Date, options: FreshnessOptions): FreshnessDescription {
  const now = resolveNow(options.now) ?? Date.now();
  return { ...freshnessLabel(date, options), absolute: formatAbsoluteTime(date, options), iso: date.toISOString(), ageMs: now - date.getTime() };
}

/** The locale-aware absolute date and time (medium date, long time with zone). */
export function formatAbsoluteTime(date: Date, options: Pick<FreshnessOptions, 'locale' | 'timeZone'> = {}): string {
  options ??= {};
  return absoluteFormat(options.locale, options.timeZone).format(date);
}

function formatRelative(format: Intl.RelativeTimeFormat, ageMs: number): string {
  const abs = Math.abs(ageMs);
  for (const [unit, size, limit] of UNITS) {
    if (abs < limit) return format.format(-Math.sign(ageMs) * Math.floor(abs / size), unit);
  }
  return format.format(-Math.round(ageMs / (365 * DAY)), 'year');
}

/** How often a label must change to stay right for a date of this age. */
export function freshnessRefreshMs(ageMs: number): number {
  const abs = Math.abs(ageMs);
  if (abs < MINUTE) return 10 * SECOND;
  if (abs < HOUR) return MINUTE;
  return HOUR;
}
