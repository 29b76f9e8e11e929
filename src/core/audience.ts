import { isRecord, report, type AnnotationIssueHandler } from './issues.js';
import type { Role } from './types.js';

/** Who is looking: the person in the chat, or the model (also the debug view). */
export type Viewer = Role;

const ROLES: ReadonlySet<unknown> = new Set<Role>(['user', 'assistant']);

/** Options for audience checks. */
export interface AudienceOptions {
  /** Receives malformed audiences and blocks. */
  onAnnotationIssue?: AnnotationIssueHandler | undefined;
  /** Prefix for issue paths, e.g. `blocks[3]`. */
  path?: string | undefined;
}

/**
 * The audience a block declares: `'everyone'` when it has none, the roles it
 * names, or `'invalid'` when the value is present but malformed (a string, an
 * empty array, unknown roles, a non-array) or the block is not an object.
 */
export function readAudience(block: unknown, options: AudienceOptions = {}): 'everyone' | 'invalid' | readonly Role[] {
  return audienceOf(block, options.onAnnotationIssue, () => options.path ?? 'block');
}

// The hot path: no allocation unless something is wrong; issue paths are built only when reported.
function audienceOf(block: unknown, onIssue: AnnotationIssueHandler | undefined, path: () => string): 'everyone' | 'invalid' | readonly Role[] {
  if (!isRecord(block)) {
    if (onIssue) report(onIssue, 'block-invalid', path(), 'The content block is not an object; it is not shown.');
    return 'invalid';
  }
  const annotations = block.annotations;
  if (annotations === undefined || annotations === null) return 'everyone';
  if (!isRecord(annotations)) {
    if (onIssue) report(onIssue, 'annotations-invalid', `${path()}.annotations`, 'Annotations are not an object; the block is not shown.', annotations);
    return 'invalid';
  }
  const audience = annotations.audience;
  if (audience === undefined) return 'everyone';
  if (!Array.isArray(audience) || audience.length === 0 || !audience.every((role) => ROLES.has(role))) {
    if (onIssue) report(onIssue, 'audience-invalid', `${path()}.annotations.audience`, 'The audience is not a non-empty array of "user"/"assistant"; the block is not shown.', audience);
    return 'invalid';
  }
  return audience as Role[];
}

function visible(block: unknown, viewer: Viewer, onIssue: AnnotationIssueHandler | undefined, path: () => string): boolean {
  const audience = audienceOf(block, onIssue, path);
  return audience === 'everyone' || (audience !== 'invalid' && audience.includes(viewer));
}

/**
 * Whether `viewer` may see `block`. This is the single place where audience
 * is decided: absent audience means everyone; an array means exactly the
 * roles it names; anything malformed fails closed (visible to no one).
 */
export function isVisibleTo(block: unknown, viewer: Viewer, options: AudienceOptions = {}): boolean {
  return visible(block, viewer, options.onAnnotationIssue, () => options.path ?? 'block');
}

/**
 * Positions of the blocks `viewer` may see, in server order. The one loop
 * behind {@link selectForViewer}; the component pipeline uses it to keep
 * each block's server position.
 */
export function visibleIndices(blocks: unknown, viewer: Viewer, options: Omit<AudienceOptions, 'path'> = {}): number[] {
  if (!Array.isArray(blocks)) {
    if (blocks !== undefined && blocks !== null) {
      report(options.onAnnotationIssue, 'block-invalid', 'blocks', 'The content is not an array; nothing is shown.');
    }
    return [];
  }
  const out: number[] = [];
  for (let i = 0; i < blocks.length; i++) {
    if (visible(blocks[i], viewer, options.onAnnotationIssue, () => `blocks[${i}]`)) out.push(i);
  }
  return out;
}

/**
 * The blocks `viewer` may see, in server order. `selectForViewer(blocks,
 * 'assistant')` is what a host should send to the model; `'user'` is what a
 * chat UI may show. A non-array gives `[]` and is reported.
 */
export function selectForViewer<T>(blocks: readonly T[] | null | undefined, viewer: Viewer, options: Omit<AudienceOptions, 'path'> = {}): T[] {
  return visibleIndices(blocks, viewer, options).map((i) => (blocks as readonly T[])[i] as T);
}
