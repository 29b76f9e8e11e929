import { selectVisible, snapshotBlock, type Viewer } from './audience.js';
import { readLastModified } from './freshness.js';
import { isRecord, report, type AnnotationIssueHandler } from '../shared/issues.js';
import { UNREADABLE, finiteNumber, readOwn } from '../shared/read.js';
import type { Role } from '../shared/types.js';
import { DEFAULT_AUDIO_TYPES, DEFAULT_IMAGE_TYPES, base64ByteLength, fileNameFromUri, mimeEssence, safeHttpUrl, safeMediaUrl } from './media.js';
import { normalizePriority, orderByPriority, splitByPriority } from './priority.js';
import type { ContentBlock } from '../shared/types.js';

/**
 * What a renderer needs to show one block, with every server value checked.
 * `kind` extends the block `type` with the two kinds of embedded resource and
 * the two outcomes for blocks the library cannot show.
 */
export type BlockView =
  | {
      kind: 'text';
      text: string;
      /** `json` when the text is a JSON object or array; `pretty` then holds it indented. */
      format: 'plain' | 'json';
      pretty?: string | undefined;
    }
  | { kind: 'image'; src: string | null; mimeType: string }
  | { kind: 'audio'; src: string | null; mimeType: string }
  | {
      kind: 'resource_link';
      uri: string;
      /** Present only for `http:`/`https:` URIs. */
      href: string | null;
      name: string;
      title: string | undefined;
      description: string | undefined;
      mimeType: string | undefined;
      size: number | undefined;
    }
  | { kind: 'resource_text'; uri: string; mimeType: string | undefined; text: string }
  | { kind: 'resource_blob'; uri: string; mimeType: string | undefined; byteLength: number | null; fileName: string; data: string }
  | { kind: 'unknown'; type: string }
  | { kind: 'invalid' };

/** The kinds of {@link BlockView}. */
export type BlockKind = BlockView['kind'];

/** One block, checked and ready to render. */
export interface PreparedBlock {
  /** Stable key: the block's position in the server's list. */
  key: string;
  /** Position in the server's list. */
  index: number;
  /** The block as the server sent it (already cleared for the viewer). */
  block: ContentBlock;
  view: BlockView;
  /** Normalised priority, or `undefined` when absent or unusable. */
  priority: number | undefined;
  /** Parsed `lastModified`, or `null`. */
  lastModified: Date | null;
  /**
   * The audience the block declared, after narrowing: `'everyone'` or the
   * roles. In the assistant view, `['assistant']` marks a block the user
   * never sees.
   */
  audience: 'everyone' | readonly Role[];
}

/** Media and reporting options for {@link prepareBlock}. */
export interface PrepareBlockOptions {
  onAnnotationIssue?: AnnotationIssueHandler | undefined;
  /** Image MIME types rendered from base64. Default {@link DEFAULT_IMAGE_TYPES}. */
  imageTypes?: readonly string[] | undefined;
  /** Audio MIME types rendered from base64. Default {@link DEFAULT_AUDIO_TYPES}. */
  audioTypes?: readonly string[] | undefined;
}

const optionalString = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

// JSON is pretty-printed only up to this size; beyond it the text shows as is.
const JSON_PRETTY_LIMIT = 200_000;

function textView(text: string): BlockView {
  const first = text.charCodeAt(0) === 0x20 || text.charCodeAt(0) === 0x0a ? text.trimStart().charCodeAt(0) : text.charCodeAt(0);
  // Only text that starts like an object or array is worth parsing.
  if ((first === 0x7b || first === 0x5b) && text.length <= JSON_PRETTY_LIMIT) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) return { kind: 'text', text, format: 'json', pretty: JSON.stringify(parsed, null, 2) };
    } catch {
      // Not JSON: plain text.
    }
  }
  return { kind: 'text', text, format: 'plain' };
}

function viewOf(block: Record<string, unknown>, path: string, options: PrepareBlockOptions): BlockView {
  const onIssue = options.onAnnotationIssue;
  const invalid = (what: string): BlockView => {
    report(onIssue, 'block-invalid', path, `${what}; a placeholder is shown.`);
    return { kind: 'invalid' };
  };
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? textView(block.text) : invalid('The text block has no string text');
    case 'image':
    case 'audio': {
      const kind = block.type;
      const src = safeMediaUrl(block.data, block.mimeType, kind === 'image' ? (options.imageTypes ?? DEFAULT_IMAGE_TYPES) : (options.audioTypes ?? DEFAULT_AUDIO_TYPES));
      if (!src) report(onIssue, 'media-rejected', path, `The ${kind} is not base64 data of an allowed MIME type; a placeholder is shown.`, block.mimeType);
      return { kind, src, mimeType: mimeEssence(block.mimeType) };
    }
    case 'resource_link': {
      if (typeof block.uri !== 'string') return invalid('The resource link has no URI');
      const href = safeHttpUrl(block.uri);
      if (!href && /^\s*(javascript|data|vbscript|blob):/i.test(block.uri)) {
        report(onIssue, 'uri-unsafe', `${path}.uri`, 'The link uses a scheme that is never followed; it is shown as text.');
      }
      const size = typeof block.size === 'number' && Number.isFinite(block.size) && block.size >= 0 ? block.size : undefined;
      return {
        kind: 'resource_link',
        uri: block.uri,
        href,
        name: optionalString(block.name) ?? fileNameFromUri(block.uri, block.uri),
        title: optionalString(block.title),
        description: optionalString(block.description),
        mimeType: optionalString(block.mimeType),
        size,
      };
    }
    case 'resource': {
      const resource = block.resource;
      if (!isRecord(resource) || typeof resource.uri !== 'string') return invalid('The embedded resource has no contents or URI');
      const mimeType = optionalString(resource.mimeType);
      if (typeof resource.text === 'string') return { kind: 'resource_text', uri: resource.uri, mimeType, text: resource.text };
      if (typeof resource.blob === 'string') {
        const byteLength = base64ByteLength(resource.blob);
        if (byteLength === null) report(onIssue, 'media-rejected', `${path}.resource.blob`, 'The blob is not base64; it cannot be downloaded.');
        return { kind: 'resource_blob', uri: resource.uri, mimeType, byteLength, fileName: fileNameFromUri(resource.uri), data: byteLength === null ? '' : resource.blob };
      }
      return invalid('The embedded resource has neither text nor blob');
    }
    default:
      if (typeof block.type !== 'string') return invalid('The block has no type');
      report(onIssue, 'type-unknown', `${path}.type`, 'The content type is not known to this version; a placeholder is shown.', block.type);
      return { kind: 'unknown', type: block.type };
  }
}

function prepareSnapshot(record: Record<string, unknown>, index: number, audience: PreparedBlock['audience'], options: PrepareBlockOptions): PreparedBlock {
  // Issue paths are only built when there is someone to tell.
  const path = options.onAnnotationIssue ? `blocks[${index}]` : '';
  const annotations = isRecord(record.annotations) ? record.annotations : undefined;
  let view: BlockView;
  try {
    view = viewOf(record, path, options);
  } catch {
    view = { kind: 'invalid' };
  }
  return {
    key: `b${index}`,
    index,
    block: record as unknown as ContentBlock,
    view,
    priority: annotations ? normalizePriority(annotations.priority, options.onAnnotationIssue, `${path}.annotations.priority`) : undefined,
    lastModified: annotations ? readLastModified(annotations.lastModified, options.onAnnotationIssue, `${path}.annotations.lastModified`) : null,
    audience,
  };
}

/**
 * Checks one block (already cleared for the viewer) and reads its priority
 * and date. The block is read once into a snapshot. Never throws; problems
 * become placeholders and reports.
 */
export function prepareBlock(block: unknown, index: number, options: PrepareBlockOptions = {}): PreparedBlock {
  options ??= {};
  const snapshot = snapshotBlock(block);
  if (snapshot === null || snapshot === UNREADABLE) {
    return { key: `b${index}`, index, block: {} as ContentBlock, view: { kind: 'invalid' }, priority: undefined, lastModified: null, audience: 'everyone' };
  }
  return prepareSnapshot(snapshot, index, 'everyone', options);
}

/** How blocks are ordered: as the server sent them, or by priority. */
export type BlockOrder = 'server' | 'priority';

/** Options for {@link prepareContent}. */
export interface PrepareContentOptions extends PrepareBlockOptions {
  /** Who is looking. Default `'user'`, so forgetting it is safe. */
  viewer?: Viewer | undefined;
  /** Default `'server'`. */
  order?: BlockOrder | undefined;
  /** Fold blocks whose priority is below this into a disclosure. */
  collapseBelow?: number | undefined;
  /** Priority for blocks without one. Default 0.5. */
  neutralPriority?: number | undefined;
}

/** Blocks to show at once, and blocks folded below the priority threshold. */
export interface PreparedContent {
  shown: PreparedBlock[];
  folded: PreparedBlock[];
  /**
   * How many blocks this viewer may not see (or that could not be read). Never
   * render it by default: a count of hidden blocks leaks that they exist. A
   * host may opt in to saying a result was for the assistant.
   */
  hiddenCount: number;
}

/**
 * The whole content pipeline: the audience filter of `selectForViewer`
 * first (so nothing the viewer may not see goes any further), then checks,
 * order and folding. Each block is read once; everything after the audience
 * check works on that snapshot. Never throws: one unreadable block is left
 * out alone and reported.
 */
export function prepareContent(blocks: unknown, options: PrepareContentOptions = {}): PreparedContent {
  options ??= {};
  let prepared: PreparedBlock[];
  let total = 0;
  try {
    total = Array.isArray(blocks) ? blocks.length : 0;
    prepared = selectVisible(blocks, options.viewer === 'assistant' ? 'assistant' : 'user', options).map((item) => prepareSnapshot(item.block, item.index, item.audience, options));
  } catch {
    report(options.onAnnotationIssue, 'block-unreadable', 'blocks', 'The content could not be read; nothing is shown.');
    return { shown: [], folded: [], hiddenCount: total };
  }
  const hiddenCount = Math.max(0, total - prepared.length);
  const priorityOptions = { neutral: options.neutralPriority, priorityOf: (item: PreparedBlock) => item.priority };
  if (options.order === 'priority') prepared = orderByPriority(prepared, priorityOptions);
  // A threshold that is not a finite number (NaN, ±Infinity) reads as absent: nothing is folded.
  const threshold = finiteNumber(options.collapseBelow);
  if (threshold !== undefined) return { ...splitByPriority(prepared, threshold, priorityOptions), hiddenCount };
  return { shown: prepared, folded: [], hiddenCount };
}

/**
 * Whether a result's `structuredContent` may be shown to `viewer`. It carries
 * no audience annotation and is meant for the model, so by default it shows
 * only in the assistant (debug) view; a host may opt in for the user view.
 */
export function structuredContentVisible(viewer: Viewer | undefined, hostOptIn?: boolean | undefined): boolean {
  return hostOptIn ?? viewer === 'assistant';
}

/** A `CallToolResult` as a viewer sees it (see {@link readToolResult}). */
export interface ToolResultView {
  /** `ok`: an object; `absent`: nothing yet; `malformed`: something that is not a result (a placeholder is shown, the host told). */
  state: 'ok' | 'absent' | 'malformed';
  /** `isError: true`, exactly. */
  isError: boolean;
  /** The blocks to render (`content`), unread until `prepareContent`. */
  content: unknown;
  /** `structuredContent`, only when `viewer` may see it; else `undefined`. */
  structured: unknown;
}

/**
 * Reads a tool result once for one viewer: whether it is one, whether it is
 * an error, its content, and its `structuredContent` only where the rule
 * lets it show (see {@link structuredContentVisible}). A malformed result is
 * reported. Never throws.
 */
export function readToolResult(result: unknown, options: { viewer?: Viewer | undefined; showStructuredContent?: boolean | undefined; onAnnotationIssue?: AnnotationIssueHandler | undefined } = {}): ToolResultView {
  options ??= {};
  if (result === undefined || result === null) return { state: 'absent', isError: false, content: undefined, structured: undefined };
  if (!isRecord(result)) {
    report(options.onAnnotationIssue, 'block-invalid', 'result', 'The tool result is not an object; a placeholder is shown.');
    return { state: 'malformed', isError: false, content: undefined, structured: undefined };
  }
  const read = (key: string) => readOwn(result, key);
  const structured = read('structuredContent');
  return {
    state: 'ok',
    isError: read('isError') === true,
    content: read('content'),
    structured: structured !== undefined && structuredContentVisible(options.viewer, options.showStructuredContent) ? structured : undefined,
  };
}
