/**
 * Tool-call arguments as text a person can check before approving. The
 * preview is built by our own printer, not `JSON.stringify`, so that it is
 * bounded (depth, key length, string length, total size, each with a
 * placeholder that says what was folded), shows invisible and direction
 * characters as visible escapes (`\u202E`), gives every top-level argument
 * its own share of the space (one huge argument cannot hide the others), and
 * never throws or prints `[object Object]`. Where it folds something it
 * writes a code and a count, worded by the caller (`preview.<code>` in the
 * message table): core has no words.
 */

/** Arguments ready to show: a short preview and a longer one behind "Show all". */
import { INVISIBLE_CHARS, escapeInvisible } from '../text/sanitize.js';

export interface ArgumentsPreview {
  /** Pretty-printed arguments with generous limits (see {@link FULL_PREVIEW_LIMITS}). */
  full: string;
  /** The same with long strings cut and deep or large parts folded. */
  folded: string;
  /** Whether `folded` differs from `full`. */
  isFolded: boolean;
}

/** Limits of one preview. */
export interface PreviewLimits {
  /** Strings longer than this many UTF-16 units are cut. */
  stringLimit: number;
  /** Objects and arrays nested deeper than this are folded. */
  maxDepth: number;
  /** Keys longer than this are cut. */
  keyLimit: number;
  /** Approximate size of the whole preview, in characters. */
  totalLimit: number;
}

/** Strings longer than this are folded by default. */
export const DEFAULT_ARGUMENT_STRING_LIMIT = 160;

/** Limits of the short preview (`folded`). */
export const FOLDED_PREVIEW_LIMITS: Readonly<PreviewLimits> = { stringLimit: DEFAULT_ARGUMENT_STRING_LIMIT, maxDepth: 6, keyLimit: 64, totalLimit: 4_000 };
/** Limits of the long preview (`full`): still bounded, so a 1 MB argument cannot freeze the page. */
export const FULL_PREVIEW_LIMITS: Readonly<PreviewLimits> = { stringLimit: 100_000, maxDepth: 32, keyLimit: 1_024, totalLimit: 400_000 };

/** A string as a quoted literal with every invisible or direction character as a visible `\uXXXX` escape. */
export function visibleString(text: string): string {
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`).replace(INVISIBLE_CHARS, escapeInvisible)}"`;
}

/** What a preview left out, as a code and a count (`preview.<code>` in the message table). */
export type PreviewCode = 'characters-cut' | 'folded' | 'hidden';

/** Words a preview's placeholders: a component passes the host's message table. */
export type PreviewWords = (code: PreviewCode, count: number) => string;

/** Without a table, a placeholder is its count alone: no language at all. */
const countOnly: PreviewWords = (_code, count) => String(count);

function cut(text: string, limit: number, say: PreviewWords): string {
  if (text.length <= limit) return visibleString(text);
  // Never split a surrogate pair.
  let end = limit;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${visibleString(text.slice(0, end))}…(+${say('characters-cut', text.length - end)})`;
}

interface Budget {
  left: number;
}

function print(value: unknown, limits: PreviewLimits, depth: number, indent: string, budget: Budget, seen: Set<object>, say: PreviewWords): string {
  const emit = (text: string) => {
    budget.left -= text.length;
    return text;
  };
  switch (typeof value) {
    case 'string':
      return emit(cut(value, Math.max(16, Math.min(limits.stringLimit, budget.left)), say));
    case 'number':
    case 'boolean':
      return emit(String(value));
    case 'bigint':
      return emit(`${value.toString()}n`);
    case 'undefined':
      return emit('undefined');
    case 'function':
      return emit('[function]');
    case 'symbol':
      return emit('[symbol]');
  }
  if (value === null) return emit('null');
  const node = value as object;
  try {
    if (seen.has(node)) return emit('[circular]');
    if (node instanceof Date) return emit(Number.isNaN(node.getTime()) ? '[invalid date]' : visibleString(node.toISOString()));
    const isArray = Array.isArray(node);
    const keys = isArray ? [] : Object.keys(node);
    const size = isArray ? (node as unknown[]).length : keys.length;
    if (size === 0) return emit(isArray ? '[]' : '{}');
    if (depth >= limits.maxDepth) return emit(isArray ? `[… ${say('folded', size)}]` : `{… ${say('folded', size)}}`);
    seen.add(node);
    const inner = `${indent}  `;
    const lines: string[] = [];
    // Each entry at the top level gets its own share, so one huge argument cannot hide the rest.
    const share = depth === 0 ? Math.max(200, Math.floor(budget.left / size)) : 0;
    for (let i = 0; i < size; i++) {
      if (budget.left <= 0) {
        lines.push(`${inner}… ${say('hidden', size - i)}`);
        break;
      }
      const key = isArray ? '' : keys[i]!;
      let item: unknown;
      let readable = true;
      try {
        item = isArray ? (node as unknown[])[i] : (node as Record<string, unknown>)[key];
      } catch {
        readable = false;
      }
      const own: Budget = depth === 0 ? { left: share } : budget;
      const label = isArray ? '' : `${emit(cut(key, limits.keyLimit, say))}: `;
      const text = readable ? print(item, limits, depth + 1, inner, own, seen, say) : emit('[unreadable]');
      if (depth === 0) budget.left -= share - Math.max(0, own.left);
      // Indentation and separators count too.
      budget.left -= inner.length + 2;
      lines.push(`${inner}${label}${text}`);
    }
    seen.delete(node);
    return isArray ? `[\n${lines.join(',\n')}\n${indent}]` : `{\n${lines.join(',\n')}\n${indent}}`;
  } catch {
    // Revoked proxies and traps that throw.
    return emit('[unreadable]');
  }
}

/**
 * Prints any value as bounded, readable JSON-like text (see the module
 * notes). Never throws, never prints `[object Object]`.
 */
export function formatPreview(value: unknown, limits: Readonly<PreviewLimits> = FULL_PREVIEW_LIMITS, say: PreviewWords = countOnly): string {
  try {
    return print(value, limits, 0, '', { left: limits.totalLimit }, new Set(), say);
  } catch {
    return '[unreadable]';
  }
}

/** Formats arguments for a confirmation: a short preview, and a bounded full one. Never throws. */
export function previewArguments(args: unknown, limit = DEFAULT_ARGUMENT_STRING_LIMIT, say: PreviewWords = countOnly): ArgumentsPreview {
  if (args === undefined) return { full: '{}', folded: '{}', isFolded: false };
  const full = formatPreview(args, FULL_PREVIEW_LIMITS, say);
  const folded = formatPreview(args, { ...FOLDED_PREVIEW_LIMITS, stringLimit: typeof limit === 'number' && limit > 0 ? limit : DEFAULT_ARGUMENT_STRING_LIMIT }, say);
  return { full, folded, isFolded: folded !== full };
}
