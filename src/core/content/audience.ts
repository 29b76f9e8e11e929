import { report, type AnnotationIssueHandler } from '../shared/issues.js';
import { UNREADABLE, copyArray, defineOwn, isObjectLike } from '../shared/read.js';
import type { Role } from '../shared/types.js';

/** Who is looking: the person in the chat, or the model (also the debug view). */
export type Viewer = Role;

/** Options for audience checks. */
export interface AudienceOptions {
  /** Receives malformed audiences and blocks. */
  onAnnotationIssue?: AnnotationIssueHandler | undefined;
  /** Prefix for issue paths, e.g. `blocks[3]`. */
  path?: string | undefined;
}

// Fields the library reads from a block or an embedded resource, by name (once each) whether or not they
// are enumerable (a class instance's getters); every other own field travels along, read once too.
const KNOWN_FIELDS = ['type', 'text', 'data', 'blob', 'mimeType', 'uri', 'name', 'title', 'description', 'size', 'resource', 'content', 'annotations'];

function copyAnnotations(value: unknown): unknown {
  if (!isObjectLike(value)) return value;
  const copy: Record<string, unknown> = {};
  try {
    for (const key of ANNOTATION_FIELDS) {
      const item = value[key];
      if (item !== undefined) copy[key] = Array.isArray(item) ? (copyArray(item, 16) ?? UNREADABLE) : item;
    }
  } catch {
    return UNREADABLE;
  }
  return copy;
}
const ANNOTATION_FIELDS = ['audience', 'priority', 'lastModified'];

function copyFields(value: object): Record<string, unknown> | typeof UNREADABLE {
  const copy: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  try {
    for (const key of KNOWN_FIELDS) {
      const item = source[key];
      if (item === undefined) continue;
      copy[key] = key === 'annotations' ? copyAnnotations(item) : key === 'resource' && isObjectLike(item) ? copyFields(item) : item;
    }
    // Anything else the server sent (newer spec fields) travels along, read once too.
    for (const key of Object.keys(value)) if (!KNOWN_FIELDS.includes(key)) defineOwn(copy, key, source[key]);
  } catch {
    return UNREADABLE;
  }
  return copy;
}

/**
 * A plain copy of one content block, read exactly once: every field the
 * library looks at is read one time (getters run once), so a getter or
 * proxy that answers differently on a second read cannot put one thing in
 * front of the audience check and another in front of the user. Returns
 * `null` for a non-object and {@link UNREADABLE} when reading throws.
 * Decisions and rendering use only the snapshot.
 */
export function snapshotBlock(block: unknown): Record<string, unknown> | null | typeof UNREADABLE {
  if (typeof block !== 'object' || block === null) return null;
  try {
    if (Array.isArray(block)) return null;
  } catch {
    // A revoked proxy: an object that cannot be read.
    return UNREADABLE;
  }
  return copyFields(block);
}

function isRoleList(value: unknown): value is Role[] {
  return Array.isArray(value) && value.length > 0 && value.every((role) => role === 'user' || role === 'assistant');
}

// The hot path: no allocation unless something is wrong; issue paths are built only when reported.
function audienceOfAnnotations(annotations: unknown, onIssue: AnnotationIssueHandler | undefined, path: () => string): 'everyone' | 'invalid' | readonly Role[] {
  if (annotations === undefined || annotations === null) return 'everyone';
  if (annotations === UNREADABLE || !isObjectLike(annotations)) {
    if (onIssue) report(onIssue, 'annotations-invalid', `${path()}.annotations`, 'Annotations are not an object.', annotations);
    return 'invalid';
  }
  const audience = annotations.audience;
  if (audience === undefined) return 'everyone';
  if (!isRoleList(audience)) {
    if (onIssue) report(onIssue, 'audience-invalid', `${path()}.annotations.audience`, 'The audience is not a non-empty array of "user"/"assistant".', audience);
    return 'invalid';
  }
  return audience;
}

/**
 * The audience of a block snapshot: its own, narrowed by the audience of an
 * embedded resource's contents when they carry one (the most restrictive
 * wins). `'invalid'` for anything malformed or unreadable.
 */
export function snapshotAudience(snapshot: Record<string, unknown> | null | typeof UNREADABLE, onIssue: AnnotationIssueHandler | undefined, path: () => string): 'everyone' | 'invalid' | readonly Role[] {
  if (snapshot === UNREADABLE) {
    if (onIssue) report(onIssue, 'block-unreadable', path(), 'The block could not be read.');
    return 'invalid';
  }
  if (snapshot === null) {
    if (onIssue) report(onIssue, 'block-invalid', path(), 'The block is not an object.');
    return 'invalid';
  }
  const own = audienceOfAnnotations(snapshot.annotations, onIssue, path);
  if (own === 'invalid') return own;
  const resource = snapshot.resource;
  if (resource === UNREADABLE) {
    if (onIssue) report(onIssue, 'block-unreadable', `${path()}.resource`, 'The block could not be read.');
    return 'invalid';
  }
  if (snapshot.type !== 'resource' || !isObjectLike(resource) || resource.annotations === undefined) return own;
  const inner = audienceOfAnnotations(resource.annotations, onIssue, () => `${path()}.resource`);
  if (inner === 'invalid' || own === 'everyone') return inner;
  if (inner === 'everyone') return own;
  return own.filter((role) => inner.includes(role));
}

function visibleIn(audience: 'everyone' | 'invalid' | readonly Role[], viewer: Viewer): boolean {
  return audience === 'everyone' || (audience !== 'invalid' && audience.includes(viewer));
}

/**
 * The audience a block declares: `'everyone'` when it has none, the roles it
 * names, or `'invalid'` when the value is present but malformed (a string, an
 * empty array, unknown roles, a non-array) or the block is not an object.
 * An embedded resource whose contents carry their own audience narrows it.
 */
export function readAudience(block: unknown, options: AudienceOptions = {}): 'everyone' | 'invalid' | readonly Role[] {
  options ??= {};
  return snapshotAudience(snapshotBlock(block), options.onAnnotationIssue, () => options.path ?? 'block');
}

/**
 * Whether `viewer` may see `block`. This is the single place where audience
 * is decided: absent audience means everyone; an array means exactly the
 * roles it names; anything malformed or unreadable fails closed (visible to
 * no one).
 */
export function isVisibleTo(block: unknown, viewer: Viewer, options: AudienceOptions = {}): boolean {
  options ??= {};
  return visibleIn(readAudience(block, options), viewer);
}

/** One block the viewer may see: its server position and its snapshot. */
export interface VisibleBlock {
  index: number;
  block: Record<string, unknown>;
  /** The audience it declared (after narrowing), for marking assistant-only blocks in a debug view. */
  audience: 'everyone' | readonly Role[];
}

/**
 * The blocks `viewer` may see, as snapshots with their server position, in
 * server order. The list and each block are read exactly once; one block
 * that cannot be read is left out alone and reported.
 */
export function selectVisible(blocks: unknown, viewer: Viewer, options: Omit<AudienceOptions, 'path'> = {}): VisibleBlock[] {
  const out: VisibleBlock[] = [];
  eachVisible(blocks, viewer, options?.onAnnotationIssue, (index, block, audience) => void out.push({ index, block, audience }));
  return out;
}

// What one walk may read below the top level: 10,000 nested blocks (each list
// costs one more) and ten levels. A tree past it (deep, or one list shared many
// times over) cannot be checked, so the rest is not shown. Wide trees of a
// sane depth are read whole: the budget is on work, not on how many lists.
let nestedLeft = 0;

/**
 * The one walk behind {@link selectVisible} and {@link selectForViewer}:
 * reads the list and each block once. Blocks nested in a block's `content`
 * (a `tool_result`'s) pass the same rule at every depth, and one the viewer
 * may not see is left out of its parent's copy, so no exit that takes these
 * snapshots can carry it. False when the list cannot be checked.
 */
function eachVisible(
  blocks: unknown,
  viewer: Viewer,
  onIssue: AnnotationIssueHandler | undefined,
  take: (index: number, block: Record<string, unknown>, audience: 'everyone' | readonly Role[]) => void,
  at = 'blocks',
  depth = 0,
): boolean {
  if (!depth) nestedLeft = 10_000;
  // copyArray never throws (a revoked proxy reads as null) and reads the list once.
  const list = copyArray(blocks, depth ? nestedLeft : Number.MAX_SAFE_INTEGER);
  if (!list || (depth && (depth > 10 || (nestedLeft -= list.length + 1) < 0))) {
    if (blocks != null) report(onIssue, 'block-invalid', at, 'The content could not be read; nothing is shown.');
    return false;
  }
  for (let i = 0; i < list.length; i++) {
    const block = snapshotBlock(list[i]) as Record<string, unknown>;
    // Issue paths are built only when someone listens (`String()` is '').
    const path = onIssue ? () => `${at}[${i}]` : String;
    const audience = snapshotAudience(block, onIssue, path);
    if (audience === 'invalid' || !visibleIn(audience, viewer)) continue;
    const kept: unknown[] = [];
    if (block.content !== undefined) {
      if (!eachVisible(block.content, viewer, onIssue, (_index, nested) => void kept.push(nested), `${path()}.content`, depth + 1)) continue;
      block.content = kept;
    }
    take(i, block, audience);
  }
  return true;
}

/**
 * The blocks `viewer` may see, in server order, as plain snapshots read
 * once (never the caller's objects, which could answer differently when read
 * again). `selectForViewer(blocks, 'assistant')` is what a host should send
 * to the model; `'user'` is what a chat UI may show. A non-array gives `[]`
 * and is reported.
 */
export function selectForViewer<T>(blocks: readonly T[] | null | undefined, viewer: Viewer, options: Omit<AudienceOptions, 'path'> = {}): T[] {
  const out: T[] = [];
  eachVisible(blocks, viewer, options?.onAnnotationIssue, (_index, block) => void out.push(block as T));
  return out;
}
