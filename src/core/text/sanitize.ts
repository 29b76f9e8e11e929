/**
 * Plain-text hygiene for server strings shown to people. Labels (tool
 * titles, names) are one line: controls, direction and invisible
 * characters are removed, whitespace folded, length capped. Longer texts
 * (messages, descriptions, status messages, system prompts) keep their line
 * breaks and show every direction or invisible character as a visible
 * `\uXXXX` escape, so a text cannot read differently from what it is
 * ("Trojan Source"). Both read a bounded prefix only, in linear time.
 */

/**
 * Controls, direction marks, embeddings, overrides and isolates, zero-width
 * and other invisible characters, fillers, variation selectors and tag
 * characters. Built from a string: some are combining marks.
 */
export const INVISIBLE_CHARS = new RegExp(
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- each code point is matched alone, on purpose
  '[\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\u3164\\uffa0\\ufe00-\\ufe0f\\ufeff\\ufff9-\\ufffb]|\\udb40[\\udc00-\\udc7f]',
  'g',
);

/** Default maximum length of a label, in code points. */
export const DEFAULT_LABEL_MAX_LENGTH = 120;
/** Default maximum length of a longer text (message, description), in code points. */
export const DEFAULT_TEXT_MAX_LENGTH = 4000;

/** The result of {@link sanitizeLabel}: the clean text and whether it changed. */
export interface SanitizedLabel {
  text: string;
  /** Control, direction or invisible characters were removed (labels) or made visible (texts). */
  stripped: boolean;
  /** The text was cut to the maximum length. */
  truncated: boolean;
}

// At most this many code units are read of any string: enough for the cap, whatever the input's size.
const readLimit = (maxLength: number) => Math.max(0, Math.floor(maxLength)) * 4 + 64;

/** Cuts to `maxLength` code points with an ellipsis; never splits a surrogate pair. */
function capPoints(text: string, maxLength: number): { text: string; truncated: boolean } {
  const points = Array.from(text);
  if (points.length <= maxLength) return { text, truncated: false };
  return { text: `${points.slice(0, Math.max(0, maxLength - 1)).join('').trimEnd()}…`, truncated: true };
}

/** Cleans one untrusted label. Never throws; non-strings give an empty label. */
export function sanitizeLabel(value: unknown, maxLength = DEFAULT_LABEL_MAX_LENGTH): SanitizedLabel {
  if (typeof value !== 'string') return { text: '', stripped: false, truncated: false };
  const limit = readLimit(maxLength);
  const head = value.length > limit ? value.slice(0, limit) : value;
  const spaced = head.replace(INVISIBLE_CHARS, ' ');
  const capped = capPoints(spaced.replace(/\s+/g, ' ').trim(), maxLength);
  return { text: capped.text, stripped: spaced !== head, truncated: capped.truncated || head !== value };
}

/** A character as a visible escape: `\u202E` (code units, so a tag character shows both halves). */
export function escapeInvisible(char: string): string {
  switch (char) {
    case '\n':
      return '\\n';
    case '\t':
      return '\\t';
    case '\r':
      return '\\r';
    default:
      return Array.from({ length: char.length }, (_, i) => `\\u${char.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`).join('');
  }
}

/**
 * Cleans one untrusted text of several lines for display: line breaks and
 * tabs stay, every other control, direction or invisible character becomes
 * a visible `\uXXXX` escape, runs of blank lines fold, and the length is
 * capped (with an ellipsis). Never throws; non-strings give `''`.
 */
export function sanitizeText(value: unknown, maxLength = DEFAULT_TEXT_MAX_LENGTH): SanitizedLabel {
  if (typeof value !== 'string') return { text: '', stripped: false, truncated: false };
  const limit = readLimit(maxLength);
  const head = value.length > limit ? value.slice(0, limit) : value;
  let stripped = false;
  const visible = head.replace(/\r\n?/g, '\n').replace(INVISIBLE_CHARS, (char) => {
    if (char === '\n' || char === '\t') return char;
    stripped = true;
    return escapeInvisible(char);
  });
  const capped = capPoints(visible.replace(/\n{3,}/g, '\n\n').trim(), maxLength);
  return { text: capped.text, stripped, truncated: capped.truncated || head !== value };
}

/** The longest name (tool, server) shown, in code points. */
export const NAME_MAX_LENGTH = 128;

/** A server or tool name as safe one-line text (controls and bidi removed, length capped). */
export function safeName(value: unknown, maxLength = NAME_MAX_LENGTH): string {
  return sanitizeLabel(value, maxLength).text;
}

/** A server's name as every prompt shows it: the host's name for it, else its id, sanitised (one place for the rule). */
export function displayServerName(name: unknown, serverId: unknown): string {
  return safeName(name, 80) || safeName(serverId, 80);
}
