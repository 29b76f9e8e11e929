/**
 * Promise 1 for whatever leaves the server for the browser: one walk over
 * any event (stream parts, AG-UI events, snapshots, metadata, errors) that
 * drops every content block the person may not see, at every depth, also
 * inside strings that hold JSON (a tool message's content). The gate's
 * adapters pass every outgoing event through it, whatever its type.
 */
import { isVisibleTo } from '../core/content/audience.js';
import { copyArray, FINGERPRINT_MAX_DEPTH } from '../core/shared/read.js';

/** Strings longer than this are not parsed as JSON: they pass as text (a block in one could not be checked, so it is replaced). */
const MAX_JSON_TEXT = 4 * 1024 * 1024;
const MAX_NODES = 200_000;

/** Whether an item of a list is a content block whose audience must be checked. */
const looksLikeBlock = (value: Record<string, unknown>) => typeof value.type === 'string' && ('annotations' in value || 'resource' in value);

/**
 * A copy of `value` with every content block the person may not see left
 * out (assistant-only, or a malformed audience: fail closed), in arrays,
 * objects and JSON strings at any depth. Data past the limits (depth 64,
 * 200,000 values) cannot be checked and becomes `null`. Never throws; a
 * value with nothing to drop comes back as an equal copy.
 */
export function filterForBrowser<T>(value: T): T {
  let budget = MAX_NODES;
  const walk = (input: unknown, depth: number): unknown => {
    if (typeof input === 'string') return walkText(input, depth);
    if (input === null || typeof input !== 'object') return input;
    if (depth >= FINGERPRINT_MAX_DEPTH || --budget < 0) return null;
    try {
      if (Array.isArray(input)) {
        const out: unknown[] = [];
        for (const item of copyArray(input, MAX_NODES) ?? []) {
          if (item !== null && typeof item === 'object' && !Array.isArray(item) && looksLikeBlock(item as Record<string, unknown>) && !isVisibleTo(item, 'user')) continue;
          out.push(walk(item, depth + 1));
        }
        return out;
      }
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(input)) {
        const descriptor = Object.getOwnPropertyDescriptor(input, key);
        if (!descriptor || !('value' in descriptor)) continue;
        const item: unknown = descriptor.value;
        // A block held in a field (not a list) the person may not see is left out too.
        if (item !== null && typeof item === 'object' && !Array.isArray(item) && looksLikeBlock(item as Record<string, unknown>) && !isVisibleTo(item, 'user')) continue;
        Object.defineProperty(out, key, { value: walk(item, depth + 1), enumerable: true, writable: true, configurable: true });
      }
      return out;
    } catch {
      return null;
    }
  };
  const walkText = (text: string, depth: number): unknown => {
    const first = text.trimStart()[0];
    if (first !== '{' && first !== '[') return text;
    if (text.length > MAX_JSON_TEXT) return mentionsAudience(text) ? null : text;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return text;
    }
    const before = budget;
    const filtered = walk(parsed, depth + 1);
    // Unchanged data keeps its own text (byte for byte); changed data is written anew.
    budget = Math.min(budget, before);
    const again = JSON.stringify(filtered);
    return again === JSON.stringify(parsed) ? text : again;
  };
  return walk(value, 0) as T;
}

/** Whether text too large to parse might hold an audience (then it is not sent). */
const mentionsAudience = (text: string) => text.includes('"audience"');
