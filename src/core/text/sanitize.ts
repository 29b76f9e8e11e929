/**
 * Plain-text hygiene for short server strings shown as labels (tool titles,
 * names). Removes C0/C1 controls and the Unicode bidirectional controls that
 * can make a label read differently from what it is ("Trojan Source"), folds
 * runs of whitespace, and caps the length.
 */

// C0 and C1 controls (keeping none: labels are one line), bidi embeddings,
// overrides and isolates, and the invisible marks that steer direction.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Default maximum length of a label, in code points. */
export const DEFAULT_LABEL_MAX_LENGTH = 120;

/** The result of {@link sanitizeLabel}: the clean text and whether it changed. */
export interface SanitizedLabel {
  text: string;
  /** Control or direction characters were removed. */
  stripped: boolean;
  /** The text was cut to the maximum length. */
  truncated: boolean;
}

/** Cleans one untrusted label. Never throws; non-strings give an empty label. */
export function sanitizeLabel(value: unknown, maxLength = DEFAULT_LABEL_MAX_LENGTH): SanitizedLabel {
  if (typeof value !== 'string') return { text: '', stripped: false, truncated: false };
  const spaced = value.replace(UNSAFE_CHARS, ' ');
  const cleaned = spaced.replace(/\s+/g, ' ').trim();
  const points = Array.from(cleaned);
  const truncated = points.length > maxLength;
  const text = truncated ? `${points.slice(0, Math.max(1, maxLength - 1)).join('').trimEnd()}…` : cleaned;
  return { text, stripped: spaced !== value, truncated };
}
