/**
 * Text analysis a hostile server cannot sidestep: every check that looks for
 * words in server text (sensitive fields, look-alike names) first reads a
 * bounded prefix, applies NFKC, strips invisible characters and folds
 * Latin/Cyrillic/Greek confusables as in Unicode TR39's skeleton. Every
 * function here is linear in its (capped) input.
 */
import { INVISIBLE_CHARS } from './sanitize.js';

/** The most code units any text analysis reads of one string. */
export const ANALYSIS_MAX_LENGTH = 2000;

// Letters of Cyrillic, Greek and Latin extensions that look like a basic Latin letter
// (a subset of TR39 confusables.txt, the single-letter mappings to a-z/A-Z).
const CONFUSABLES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    // Cyrillic
    а: 'a', в: 'b', с: 'c', ԁ: 'd', е: 'e', ё: 'e', һ: 'h', і: 'i', ї: 'i', ј: 'j', к: 'k', ӏ: 'l', м: 'm', о: 'o', р: 'p', ԛ: 'q', ѕ: 's', т: 't', ѵ: 'v', ԝ: 'w', х: 'x', у: 'y', ү: 'y',
    А: 'A', В: 'B', С: 'C', Е: 'E', Ё: 'E', Н: 'H', І: 'I', Ї: 'I', Ј: 'J', К: 'K', М: 'M', О: 'O', Р: 'P', Ԛ: 'Q', Ѕ: 'S', Т: 'T', Ԝ: 'W', Х: 'X', У: 'Y', Ү: 'Y', Ӏ: 'I',
    // Greek
    α: 'a', ϲ: 'c', ε: 'e', ι: 'i', ϳ: 'j', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y',
    Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X', Ϲ: 'C',
    // Latin look-alikes outside a-z
    ı: 'i', ɑ: 'a', ɡ: 'g', ɩ: 'i', ʟ: 'L', ɪ: 'I', ℓ: 'l', ꞵ: 'b',
  }),
);

/** Reads at most {@link ANALYSIS_MAX_LENGTH} code units, NFKC, with invisible characters removed. */
export function normalizeText(value: unknown, maxLength = ANALYSIS_MAX_LENGTH): string {
  if (typeof value !== 'string') return '';
  const head = value.length > maxLength ? value.slice(0, maxLength) : value;
  try {
    return head.normalize('NFKC').replace(INVISIBLE_CHARS, '');
  } catch {
    // A lone surrogate cannot be normalised; still strip what hides.
    return head.replace(INVISIBLE_CHARS, '');
  }
}

/** Folds Cyrillic, Greek and other look-alike letters to the Latin letter they imitate. Case is kept. */
export function foldConfusables(text: string): string {
  let out = '';
  for (const char of text) out += CONFUSABLES.get(char) ?? char;
  return out;
}

const isUpper = (char: string) => char !== char.toLowerCase() && char === char.toUpperCase();
const isLower = (char: string) => char !== char.toUpperCase() && char === char.toLowerCase();
const isDigit = (char: string) => char >= '0' && char <= '9';
const isWordChar = (char: string) => /[\p{L}\p{M}\p{N}]/u.test(char);

/**
 * The words of a name or text, lower-case, one space apart, with a space at
 * each end (`" new password 1 "`): split at anything that is not a letter or
 * digit, at camelCase (`newPassword`), at the end of a capital run
 * (`APIKey` → `api key`) and between letters and digits (`otp6`). One pass,
 * no backtracking.
 */
export function splitWords(text: string): string {
  const chars = Array.from(text);
  let out = ' ';
  let previous = '';
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (!isWordChar(char)) {
      if (!out.endsWith(' ')) out += ' ';
      previous = '';
      continue;
    }
    const next = chars[i + 1] ?? '';
    const boundary =
      previous !== '' &&
      ((isLower(previous) && isUpper(char)) ||
        (isDigit(previous) !== isDigit(char)) ||
        (isUpper(previous) && isUpper(char) && isLower(next)));
    if (boundary && !out.endsWith(' ')) out += ' ';
    out += char.toLowerCase();
    previous = char;
  }
  return out.endsWith(' ') ? out : `${out} `;
}

/**
 * A TR39-style skeleton for comparing names a person would confuse:
 * normalised, confusables folded, what looks like a letter in most UI fonts
 * folded to it (capital I, 1 and | to l, 0 to o; lower-case i to l too, so
 * that case folding cannot split I from l), lower-case, `rn`→m and `vv`→w,
 * separators removed. Two names with the same skeleton
 * look alike (`deIete_fiIe`, `de1ete_file` and `delete_file` do; a name
 * that differs from another only in i and l is flagged too, which only
 * makes a tool ask).
 */
export function confusableSkeleton(value: unknown): string {
  let out = '';
  for (const char of foldConfusables(normalizeText(value))) out += 'Ii1|'.includes(char) ? 'l' : char === '0' ? 'o' : isWordChar(char) ? char : '';
  return out.toLowerCase().replace(/rn/g, 'm').replace(/vv/g, 'w');
}
