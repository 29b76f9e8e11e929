import { isRecord, report, type AnnotationIssueHandler } from './issues.js';
import { sanitizeLabel } from './text.js';
import type { Tool } from './types.js';

/** The four behavioural hints of a tool. */
export type ToolHintName = 'readOnly' | 'destructive' | 'idempotent' | 'openWorld';

/** Every hint name, in display order. */
export const TOOL_HINT_NAMES: readonly ToolHintName[] = ['readOnly', 'destructive', 'idempotent', 'openWorld'];

/**
 * Hints after applying the spec defaults. `declared.X` is true only when the
 * server sent a real boolean for that hint; otherwise the value was assumed.
 */
export interface ResolvedToolHints {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  openWorld: boolean;
  declared: Record<ToolHintName, boolean>;
}

/** Anything that may carry tool annotations; `undefined` is an unknown tool. */
export type ToolLike = Pick<Tool, 'annotations'> | Tool | null | undefined;

const HINT_KEYS: Record<ToolHintName, string> = {
  readOnly: 'readOnlyHint',
  destructive: 'destructiveHint',
  idempotent: 'idempotentHint',
  openWorld: 'openWorldHint',
};

/** Options shared by the functions that read untrusted tool data. */
export interface ToolReadOptions {
  /** Receives every problem found. */
  onAnnotationIssue?: AnnotationIssueHandler | undefined;
}

/** Reads the annotations object, reporting anything that is not an object. */
function readAnnotations(tool: unknown, onIssue?: AnnotationIssueHandler): Record<string, unknown> {
  if (tool === undefined || tool === null) return {};
  if (!isRecord(tool)) {
    report(onIssue, 'tool-invalid', 'tool', 'The tool definition is not an object; it is treated as unknown.');
    return {};
  }
  const annotations = tool.annotations;
  if (annotations === undefined) return {};
  if (!isRecord(annotations)) {
    report(onIssue, 'tool-annotations-invalid', 'tool.annotations', 'Tool annotations are not an object; every hint is assumed.', annotations);
    return {};
  }
  return annotations;
}

/**
 * Resolves a tool's hints with the spec's worst-case defaults. A value that
 * is not a real boolean (`"false"`, `0`, `null`) counts as absent.
 *
 * @example
 * resolveToolHints({ name: 'read_file', annotations: { readOnlyHint: true } })
 * // → { readOnly: true, destructive: false, idempotent: true, openWorld: true, declared: {...} }
 */
export function resolveToolHints(tool: ToolLike, options: ToolReadOptions = {}): ResolvedToolHints {
  const annotations = readAnnotations(tool, options.onAnnotationIssue);
  const raw = {} as Record<ToolHintName, boolean | undefined>;
  for (const hint of TOOL_HINT_NAMES) {
    const key = HINT_KEYS[hint];
    const value = annotations[key];
    if (typeof value === 'boolean') raw[hint] = value;
    else if (value !== undefined) {
      report(options.onAnnotationIssue, 'tool-hint-invalid', `tool.annotations.${key}`, `${key} is not a boolean; the worst case is assumed.`, value);
    }
  }
  const readOnly = raw.readOnly === true;
  return {
    readOnly,
    destructive: !readOnly && raw.destructive !== false,
    idempotent: readOnly || raw.idempotent === true,
    openWorld: raw.openWorld !== false,
    declared: {
      readOnly: raw.readOnly !== undefined,
      destructive: raw.destructive !== undefined,
      idempotent: raw.idempotent !== undefined,
      openWorld: raw.openWorld !== undefined,
    },
  };
}

/** How risky a call is, from its resolved hints. */
export type ToolRisk = 'read' | 'write' | 'destructive';

/** Read-only → `read`; not destructive → `write`; otherwise `destructive`. */
export function toolRisk(hints: ResolvedToolHints): ToolRisk {
  if (hints.readOnly) return 'read';
  return hints.destructive ? 'destructive' : 'write';
}

/** Maximum length of a display name, in code points. */
export const TOOL_TITLE_MAX_LENGTH = 80;
/** Maximum length of a machine name shown next to a title, in code points. */
export const TOOL_NAME_MAX_LENGTH = 128;

/**
 * The tool's machine name as safe plain text, or `''` when it has none.
 * Missing or non-string names are reported.
 */
export function toolName(tool: unknown, options: ToolReadOptions = {}): string {
  const name = isRecord(tool) ? tool.name : undefined;
  if (typeof name !== 'string' || name.trim() === '') {
    if (tool !== undefined) report(options.onAnnotationIssue, 'tool-name-missing', 'tool.name', 'The tool has no usable name.', name);
    return '';
  }
  const clean = sanitizeLabel(name, TOOL_NAME_MAX_LENGTH);
  if (clean.stripped || clean.truncated) report(options.onAnnotationIssue, 'tool-title-sanitized', 'tool.name', 'The tool name contained control or direction characters, or was too long.');
  return clean.text;
}

/**
 * The name to show for a tool: `tool.title`, then `annotations.title`, then
 * `name` (spec precedence). Blank and non-string titles are skipped. The
 * result is plain text with control and bidi-override characters removed and
 * capped at {@link TOOL_TITLE_MAX_LENGTH}. Returns `''` only when the tool has
 * no usable title or name at all.
 */
export function toolDisplayName(tool: unknown, options: ToolReadOptions = {}): string {
  return titleOf(tool, options.onAnnotationIssue) || toolName(tool, options);
}

/** The first usable title, cleaned, or `''`. Reports unusable titles. */
function titleOf(tool: unknown, onIssue: AnnotationIssueHandler | undefined): string {
  const record = isRecord(tool) ? tool : {};
  const annotations = isRecord(record.annotations) ? record.annotations : {};
  const candidates: Array<[string, unknown]> = [
    ['tool.title', record.title],
    ['tool.annotations.title', annotations.title],
  ];
  for (const [path, value] of candidates) {
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      report(onIssue, 'tool-title-invalid', path, 'The title is not a string; it is ignored.', value);
      continue;
    }
    const clean = sanitizeLabel(value, TOOL_TITLE_MAX_LENGTH);
    if (clean.text === '') continue;
    if (clean.stripped || clean.truncated) {
      report(onIssue, 'tool-title-sanitized', path, 'The title contained control or direction characters, or was too long; it was cleaned.');
    }
    return clean.text;
  }
  return '';
}

/** What to call a tool, read once: its machine name, display name and description. */
export interface ToolIdentity {
  /** Machine name as safe text; `''` when missing. */
  name: string;
  /** Title by spec precedence, else the name; `''` when neither exists. */
  displayName: string;
  /** True when the display name is a title rather than the name. */
  titled: boolean;
  /** Plain-text description, or `''`. */
  description: string;
}

/** Reads a tool's name, title and description, reporting each problem once. */
export function toolIdentity(tool: unknown, options: ToolReadOptions = {}): ToolIdentity {
  const name = toolName(tool, options);
  const title = titleOf(tool, options.onAnnotationIssue);
  const description = isRecord(tool) && typeof tool.description === 'string' ? tool.description : '';
  return { name, displayName: title || name, titled: title !== '' && title !== name, description };
}

/** Serialises a value with sorted keys, skipping `undefined`; never throws. */
function canonical(value: unknown, seen: Set<object>): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : `"#${String(value)}"`;
  if (typeof value !== 'object') return `"#${typeof value}"`;
  if (seen.has(value)) return '"#cycle"';
  seen.add(value);
  let out: string;
  if (Array.isArray(value)) out = `[${value.map((item) => canonical(item, seen)).join(',')}]`;
  else {
    const keys = Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined).sort();
    out = `{${keys.map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key], seen)}`).join(',')}}`;
  }
  seen.delete(value);
  return out;
}

/**
 * A stable string for a tool's declared annotations. It changes when, and
 * only when, a declared annotation changes: key order and a key set to
 * `undefined` versus a missing key do not matter. Every key counts, also
 * unknown or malformed ones, so any change invalidates a remembered approval.
 * The string is exact (no hash), so no server can forge a collision.
 */
export function annotationFingerprint(tool: unknown): string {
  const annotations = isRecord(tool) ? tool.annotations : undefined;
  if (annotations === undefined || annotations === null) return 'a1:{}';
  return `a1:${canonical(annotations, new Set())}`;
}

/** The badges a tool earns. */
export type ToolBadgeKind = 'read-only' | 'write' | 'destructive' | 'idempotent' | 'open-world' | 'closed-world';

/** One badge: which hint it reflects, its value, and whether the server declared it. */
export interface ToolBadgeSpec {
  kind: ToolBadgeKind;
  hint: ToolHintName;
  value: boolean;
  declared: boolean;
}

/**
 * The badges that matter for a tool, in display order: its access (read-only,
 * or else write / destructive), "safe to retry" when a writing tool is
 * idempotent, and its reach (open world or local only).
 */
export function toolBadges(hints: ResolvedToolHints): ToolBadgeSpec[] {
  const badges: ToolBadgeSpec[] = [];
  if (hints.readOnly) badges.push({ kind: 'read-only', hint: 'readOnly', value: true, declared: hints.declared.readOnly });
  else {
    badges.push({ kind: hints.destructive ? 'destructive' : 'write', hint: 'destructive', value: hints.destructive, declared: hints.declared.destructive });
    if (hints.idempotent) badges.push({ kind: 'idempotent', hint: 'idempotent', value: true, declared: hints.declared.idempotent });
  }
  badges.push({ kind: hints.openWorld ? 'open-world' : 'closed-world', hint: 'openWorld', value: hints.openWorld, declared: hints.declared.openWorld });
  return badges;
}
