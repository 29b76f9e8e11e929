// What a host passes is read once per value: a malformed tag must not throw out of a render.
const MAX_TAG = 256;
const usable = new Map<string, readonly string[] | undefined>();

/**
 * The tags `Intl` accepts from a locale a host passes: `en_US` (POSIX, Java)
 * is read as `en-US`; malformed tags and values that are not strings are
 * dropped, and with none left the runtime's locale is used (`undefined`).
 * Every formatter in the library goes through it, so a bad locale changes
 * the language, never whether the page renders.
 */
export function usableLocales(locale: unknown): readonly string[] | undefined {
  if (locale === undefined) return undefined;
  // Hot path (every label formats): a string is its own key, with no array made.
  // A locale can come from a request header: a tag longer than any real one is dropped, never cached.
  const fits = (tag: unknown): tag is string => typeof tag === 'string' && tag.length <= MAX_TAG;
  const key = fits(locale) ? locale : Array.isArray(locale) ? locale.slice(0, 16).filter(fits).join('\u0000') : '';
  if (usable.has(key)) return usable.get(key);
  const found: string[] = [];
  for (const tag of key === '' ? [] : key.split('\u0000')) {
    for (const candidate of [tag, tag.replace(/_/g, '-')]) {
      try {
        found.push(...Intl.getCanonicalLocales(candidate));
        break;
      } catch {
        // Not a tag: try the repaired spelling, then drop it.
      }
    }
  }
  const result = found.length > 0 ? found : undefined;
  if (usable.size > 64) usable.clear();
  usable.set(key, result);
  return result;
}

/** One cache key per usable locale list (`''`: the runtime's). */
export function localeKey(locale: unknown): string {
  return usableLocales(locale)?.join(',') ?? '';
}
