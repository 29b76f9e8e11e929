/**
 * Formats one message of the table with its parameters, in a locale. The
 * syntax is a small subset of ICU MessageFormat, so translators meet what
 * they know:
 *
 * - `{name}`: the value; numbers in the locale's digits, lists joined with
 *   `Intl.ListFormat` ("a, b and c");
 * - `{name, list, or}` / `{name, list, and}`: a list as "a, b or c";
 * - `{name, plural, =0 {…} one {…} other {…}}`: the branch `Intl.PluralRules`
 *   picks, with `#` the number in the locale's digits.
 *
 * Templates come from the host's table, never from a server; values are
 * inserted once and never read as syntax. One pass over the template, no
 * backtracking; a template that is not well formed comes out as its text.
 */

import { localeKey, usableLocales } from './locales.js';

/** A value a message can take. */
export type MessageValue = string | number | readonly string[];
/** The values of one message, by placeholder name. */
export type MessageParams = Readonly<Record<string, MessageValue | undefined>>;
/** A BCP 47 locale, or a list to choose from (as `Intl` takes them). */
export type Locale = string | readonly string[] | undefined;

// One formatter per locale and kind: Intl constructors are costly and messages are formatted by the hundred.
const cache = new Map<string, Intl.PluralRules | Intl.ListFormat | Intl.NumberFormat>();
function cached<T extends Intl.PluralRules | Intl.ListFormat | Intl.NumberFormat>(kind: string, locale: Locale, make: (locales: string[] | undefined) => T): T {
  const key = `${kind}|${localeKey(locale)}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    const locales = usableLocales(locale);
    formatter = make(locales && [...locales]);
    if (cache.size > 64) cache.clear();
    cache.set(key, formatter);
  }
  return formatter;
}

const numberFormat = (locale: Locale) => cached('n', locale, (l) => new Intl.NumberFormat(l));
const pluralRules = (locale: Locale) => cached('p', locale, (l) => new Intl.PluralRules(l));
const listFormat = (locale: Locale, type: 'conjunction' | 'disjunction') => cached(`l${type}`, locale, (l) => new Intl.ListFormat(l, { type }));

/** A list in the locale's words: "a, b and c" (`and`) or "a, b or c" (`or`). */
export function formatList(items: readonly string[], locale?: Locale, type: 'and' | 'or' = 'and'): string {
  return (listFormat(locale, type === 'or' ? 'disjunction' : 'conjunction') as Intl.ListFormat).format(items);
}

function show(value: MessageValue | undefined, locale: Locale, style: string | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return (numberFormat(locale) as Intl.NumberFormat).format(value);
  if (typeof value === 'string') return value;
  return formatList(value, locale, style === 'or' ? 'or' : 'and');
}

/** The index just after the `}` that closes the `{` at `open`, or -1. */
function closing(template: string, open: number): number {
  let depth = 0;
  for (let i = open; i < template.length; i++) {
    const c = template.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125 && --depth === 0) return i + 1;
  }
  return -1;
}

function plural(body: string, value: MessageValue | undefined, locale: Locale): string | null {
  const count = typeof value === 'number' ? value : Number(value);
  const branches = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    while (i < body.length && body.charCodeAt(i) === 32) i++;
    const brace = body.indexOf('{', i);
    if (brace === -1) break;
    const selector = body.slice(i, brace).trim();
    const end = closing(body, brace);
    if (end === -1 || selector === '') return null;
    branches.set(selector, body.slice(brace + 1, end - 1));
    i = end;
  }
  const branch = branches.get(`=${count}`) ?? branches.get((pluralRules(locale) as Intl.PluralRules).select(count)) ?? branches.get('other');
  if (branch === undefined) return null;
  // `#` is the number; the branch may hold placeholders of its own, filled by the caller's pass.
  return branch.split('#').join(Number.isFinite(count) ? (numberFormat(locale) as Intl.NumberFormat).format(count) : '');
}

/**
 * Fills a message template. Unknown placeholders stay as written, so a
 * missing value is visible rather than silently empty.
 *
 * @example
 * formatMessage('{count, plural, one {# more block} other {# more blocks}}', { count: 3 }, 'en') // "3 more blocks"
 */
export function formatMessage(template: string, params: MessageParams = {}, locale?: Locale): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open === -1) break;
    out += template.slice(i, open);
    const end = closing(template, open);
    if (end === -1) {
      out += template.slice(open);
      return out;
    }
    const inner = template.slice(open + 1, end - 1);
    const comma = inner.indexOf(',');
    const name = (comma === -1 ? inner : inner.slice(0, comma)).trim();
    const has = /^\w+$/.test(name) && Object.hasOwn(params, name);
    if (!has) out += template.slice(open, end);
    else if (comma === -1) out += show(params[name], locale, undefined);
    else {
      const rest = inner.slice(comma + 1);
      const comma2 = rest.indexOf(',');
      const kind = (comma2 === -1 ? rest : rest.slice(0, comma2)).trim();
      const arg = comma2 === -1 ? '' : rest.slice(comma2 + 1).trim();
      if (kind === 'plural') {
        const branch = plural(arg, params[name], locale);
        // A branch's own placeholders (not `#`) are filled with the same values: branches hold template text only.
        out += branch === null ? template.slice(open, end) : formatMessage(branch, params, locale);
      } else if (kind === 'list') out += show(params[name], locale, arg || 'and');
      else out += show(params[name], locale, undefined);
    }
    i = end;
  }
  return out + template.slice(i);
}
