import { isRecord, report, type AnnotationIssueHandler } from '../shared/issues.js';
import { UNREADABLE, canonicalForm, copyArray, defineOwn, ownData, readOwn } from '../shared/read.js';
import { sanitizeLabel, NAME_MAX_LENGTH } from '../text/sanitize.js';
import type { Icon, Tool } from '../shared/types.js';

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

/**
 * Reads the annotations object as an own data property, reporting anything
 * that is not a plain object. Inherited values and getters are never read.
 */
function readAnnotations(tool: unknown, onIssue?: AnnotationIssueHandler): Record<string, unknown> {
  if (tool === undefined || tool === null) return {};
  if (!isRecord(tool)) {
    report(onIssue, 'tool-invalid', 'tool', 'The tool definition is not an object; it is treated as unknown.');
    return {};
  }
  const annotations = ownData(tool, 'annotations');
  if (annotations === undefined) return {};
  if (annotations === UNREADABLE || !isRecord(annotations)) {
    report(onIssue, 'tool-annotations-invalid', 'tool.annotations', 'Tool annotations are not a plain object; every hint is assumed.', annotations);
    return {};
  }
  return annotations;
}

/**
 * Resolves a tool's hints with the spec's worst-case defaults. A value that
 * is not a real boolean (`"false"`, `0`, `null`) counts as absent, and so
 * does anything that is not an own data property (an inherited
 * `Object.prototype.readOnlyHint`, a getter). Never throws.
 *
 * @example
 * resolveToolHints({ name: 'read_file', annotations: { readOnlyHint: true } })
 * // → { readOnly: true, destructive: false, idempotent: true, openWorld: true, declared: {...} }
 */
export function resolveToolHints(tool: ToolLike, options: ToolReadOptions = {}): ResolvedToolHints {
  options ??= {};
  const annotations = readAnnotations(tool, options.onAnnotationIssue);
  const raw = {} as Record<ToolHintName, boolean | undefined>;
  for (const hint of TOOL_HINT_NAMES) {
    const key = HINT_KEYS[hint];
    const value = ownData(annotations, key);
    if (typeof value === 'boolean') raw[hint] = value;
    else if (value !== undefined) {
      report(options.onAnnotationIssue, 'tool-hint-invalid', `tool.annotations.${key}`, `${key} is not a boolean data value; the worst case is assumed.`, value);
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
export const TOOL_NAME_MAX_LENGTH = NAME_MAX_LENGTH;

/**
 * The tool's machine name as safe plain text, or `''` when it has none.
 * Missing or non-string names are reported.
 */
export function toolName(tool: unknown, options: ToolReadOptions = {}): string {
  options ??= {};
  const name = readOwn(tool, 'name');
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
  options ??= {};
  return titleOf(tool, options.onAnnotationIssue) || toolName(tool, options);
}

/** The first usable title, cleaned, or `''`. Reports unusable titles. */
function titleOf(tool: unknown, onIssue: AnnotationIssueHandler | undefined): string {
  const annotations = ownData(tool, 'annotations');
  const candidates: Array<[string, unknown]> = [
    ['tool.title', ownData(tool, 'title')],
    ['tool.annotations.title', isRecord(annotations) ? ownData(annotations, 'title') : undefined],
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
  options ??= {};
  const name = toolName(tool, options);
  const title = titleOf(tool, options.onAnnotationIssue);
  const raw = ownData(tool, 'description');
  const description = typeof raw === 'string' ? raw : '';
  return { name, displayName: title || name, titled: title !== '' && title !== name, description };
}

/**
 * A stable string for a tool's declared annotations. It changes when, and
 * only when, a declared annotation changes: key order and a key set to
 * `undefined` versus a missing key do not matter. Every key counts, also
 * unknown or malformed ones, so any change invalidates a remembered approval.
 * The string is exact (no hash), so no server can forge a collision.
 * Annotations that cannot be read as data, or are deeper than 64 levels or
 * larger than 256 KiB, give `"a1:!unreadable"`, which callers must treat as
 * "cannot be compared" (such a tool is never remembered). Never throws.
 */
export function annotationFingerprint(tool: unknown): string {
  const annotations = ownData(tool, 'annotations');
  if (annotations === undefined || annotations === null) return 'a1:{}';
  const text = annotations === UNREADABLE ? null : canonicalForm(annotations);
  return text === null ? UNREADABLE_FINGERPRINT : `a1:${text}`;
}

/** What {@link annotationFingerprint} returns for annotations that cannot be compared. */
export const UNREADABLE_FINGERPRINT = 'a1:!unreadable';

/**
 * Everything about a tool that a person or the model saw, as exact canonical
 * texts: `tool.title`, the annotations (including `annotations.title`), the
 * description and the input schema. A remembered approval applies only while
 * all four are unchanged.
 */
export interface ToolFingerprint {
  title: string;
  annotations: string;
  description: string;
  inputSchema: string;
  /** What the tool says it returns. */
  outputSchema: string;
  /** How it runs (`execution.taskSupport`). */
  execution: string;
  /** The MCP Apps UI it renders (`_meta.ui`). */
  ui: string;
}

/** The parts of {@link ToolFingerprint}, in a fixed order. */
export const TOOL_FINGERPRINT_PARTS: ReadonlyArray<keyof ToolFingerprint> = ['title', 'annotations', 'description', 'inputSchema', 'outputSchema', 'execution', 'ui'];

const UNREADABLE_PART = Symbol('unreadable');

// Fingerprints taken when a snapshot was made, so the snapshot and its key come from one read.
const snapshotFingerprints = new WeakMap<object, ToolFingerprint | null>();

/**
 * The exact fingerprint of what a tool shows (see {@link ToolFingerprint}),
 * or `null` when any part cannot be read or is over the limits (64 levels,
 * 256 KiB per part): such a tool cannot be remembered. Never throws.
 */
export function toolFingerprint(tool: unknown): ToolFingerprint | null {
  const snapshot = snapshotTool(tool);
  return snapshot ? (snapshotFingerprints.get(snapshot) ?? null) : null;
}

/** Whether `tool` is a snapshot made by {@link snapshotTool}. */
export function isToolSnapshot(tool: unknown): boolean {
  return typeof tool === 'object' && tool !== null && snapshotFingerprints.has(tool);
}

/**
 * A plain copy of a tool definition, read once: only own data properties,
 * the annotations copied, icons copied, nothing called. Decisions, badges and
 * the confirmation all use one snapshot, so a proxy or getter cannot answer
 * one way to the policy and another to the screen. `undefined` for an
 * unknown or unreadable tool (the worst case). Passing a snapshot returns it
 * unchanged. Never throws.
 */
export function snapshotTool(tool: unknown, options: ToolReadOptions = {}): Tool | undefined {
  options ??= {};
  if (tool === undefined || tool === null) return undefined;
  if (!isRecord(tool)) {
    report(options.onAnnotationIssue, 'tool-invalid', 'tool', 'The tool definition is not an object; it is treated as unknown.');
    return undefined;
  }
  if (snapshotFingerprints.has(tool)) return tool as unknown as Tool;
  let unreadable = false;
  const read = (key: string): unknown => {
    const value = ownData(tool, key);
    if (value === UNREADABLE) {
      unreadable = true;
      report(options.onAnnotationIssue, 'tool-unreadable', `tool.${key}`, 'A field of the tool definition is not plain data; it is ignored.');
      return undefined;
    }
    return value;
  };
  const name = read('name');
  const snapshot: Record<string, unknown> = { name: typeof name === 'string' ? name : '' };
  for (const key of ['title', 'description', 'inputSchema', 'outputSchema', '_meta']) {
    const value = read(key);
    if (value !== undefined) snapshot[key] = value;
  }
  const annotations = read('annotations');
  if (isRecord(annotations)) {
    const copy: Record<string, unknown> = {};
    let names: string[] = [];
    try {
      names = Object.getOwnPropertyNames(annotations);
    } catch {
      unreadable = true;
    }
    for (const key of names) {
      const value = ownData(annotations, key);
      if (value === UNREADABLE) unreadable = true;
      else if (value !== undefined) defineOwn(copy, key, value);
    }
    snapshot.annotations = Object.freeze(copy);
  } else if (annotations !== undefined) snapshot.annotations = annotations;
  const icons = copyArray(read('icons'), 32);
  if (icons) {
    snapshot.icons = icons.filter(isRecord).map((icon) => {
      const copy: Record<string, unknown> = {};
      for (const key of ['src', 'mimeType', 'sizes', 'theme']) {
        const value = ownData(icon, key);
        if (value !== UNREADABLE && value !== undefined) copy[key] = key === 'sizes' ? copyArray(value, 16) : value;
      }
      return copy as unknown as Icon;
    });
  }
  const execution = read('execution');
  if (isRecord(execution)) {
    const taskSupport = ownData(execution, 'taskSupport');
    snapshot.execution = typeof taskSupport === 'string' ? { taskSupport } : {};
  }
  // The key is built from the values just read, never from a second read.
  // MCP Apps: `_meta.ui` (and the older flat `_meta["ui/resourceUri"]`).
  const uiMeta = ownData(snapshot._meta, 'ui');
  const uiLegacy = ownData(snapshot._meta, 'ui/resourceUri');
  const ui = uiMeta === UNREADABLE || uiLegacy === UNREADABLE ? UNREADABLE : uiMeta === undefined && uiLegacy === undefined ? undefined : { ui: uiMeta, resourceUri: uiLegacy };
  const source: Record<keyof ToolFingerprint, unknown> = {
    title: snapshot.title,
    annotations: snapshot.annotations,
    description: snapshot.description,
    inputSchema: snapshot.inputSchema,
    outputSchema: snapshot.outputSchema,
    execution: snapshot.execution,
    ui: ui === UNREADABLE ? UNREADABLE_PART : ui,
  };
  const parts = unreadable ? null : TOOL_FINGERPRINT_PARTS.map((part) => (source[part] === UNREADABLE_PART ? null : canonicalForm(source[part])));
  const fingerprint =
    parts && parts.every((part): part is string => part !== null)
      ? (Object.fromEntries(TOOL_FINGERPRINT_PARTS.map((part, i) => [part, parts[i]!])) as unknown as ToolFingerprint)
      : null;
  if (fingerprint === null) report(options.onAnnotationIssue, 'fingerprint-unavailable', 'tool', 'The tool definition is too deep, too large or not plain data; approvals of it cannot be remembered.');
  Object.freeze(snapshot);
  snapshotFingerprints.set(snapshot, fingerprint);
  return snapshot as unknown as Tool;
}

/** The badges a tool earns. `background`: it runs as a task (`execution.taskSupport: "required"`). */
export type ToolBadgeKind = 'read-only' | 'write' | 'destructive' | 'idempotent' | 'open-world' | 'closed-world' | 'background';

/** One badge: which hint it reflects, its value, and whether the server declared it. */
export interface ToolBadgeSpec {
  kind: ToolBadgeKind;
  /** The hint behind the badge; `taskSupport` for the background badge. */
  hint: ToolHintName | 'taskSupport';
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
