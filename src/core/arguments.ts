/**
 * Tool-call arguments as text a person can check before approving. Long
 * string values are folded so a huge payload cannot push the important
 * fields out of view; the full text is always available too.
 */

/** Arguments ready to show: pretty JSON, and a folded version when they are long. */
export interface ArgumentsPreview {
  /** Pretty-printed JSON of every argument, nothing cut. */
  full: string;
  /** The same JSON with long strings cut; equal to `full` when nothing was cut. */
  folded: string;
  /** Whether `folded` differs from `full`. */
  isFolded: boolean;
}

/** Strings longer than this are folded by default. */
export const DEFAULT_ARGUMENT_STRING_LIMIT = 160;

/** Pretty JSON that never throws (cycles, BigInt, functions). */
export function safeJson(value: unknown, fold?: number): string {
  const seen = new WeakSet<object>();
  try {
    const text = JSON.stringify(
      value,
      (_key, v: unknown) => {
        if (typeof v === 'bigint') return `${v}n`;
        if (typeof v === 'string' && fold !== undefined && v.length > fold) return `${v.slice(0, fold)}… (+${v.length - fold} characters)`;
        if (typeof v === 'object' && v !== null) {
          if (seen.has(v)) return '[circular]';
          seen.add(v);
        }
        return v;
      },
      2,
    );
    return text ?? String(value);
  } catch {
    return String(value);
  }
}

/** Formats arguments for a confirmation, folding strings longer than `limit`. */
export function previewArguments(args: unknown, limit = DEFAULT_ARGUMENT_STRING_LIMIT): ArgumentsPreview {
  const full = args === undefined ? '{}' : safeJson(args);
  const folded = args === undefined ? '{}' : safeJson(args, limit);
  return { full, folded, isFolded: folded !== full };
}
