/**
 * Sampling (`sampling/createMessage`): a server asks the host's model for a
 * completion. The spec says a person SHOULD be able to review (and edit, or
 * deny) the request, and review the completion before it goes back. This
 * module reads both as untrusted data, never throws, and applies a person's
 * edits to a plain copy.
 */
import { selectVisible } from '../content/audience.js';
import { isRecord } from '../shared/issues.js';
import { copyArray, defineOwn, finiteNumber, ownData, snapshotData, readOwn } from '../shared/read.js';
import { sanitizeLabel, sanitizeText } from '../text/sanitize.js';
import { formatPreview, type PreviewWords } from '../tool/arguments.js';
import type { MessageRef, RequestProblemCode } from '../text/messages.js';

/** One message the server wants sent to the model. */
export interface SamplingMessageView {
  role: 'user' | 'assistant';
  /** Its content blocks (a single block becomes a list of one), as sent: render them through `ContentBlocks`. */
  content: unknown[];
}

/** A tool the server offers the model. */
export interface SamplingToolView {
  name: string;
  description: string;
}

/** A sampling request as the review shows it. */
export interface SamplingView {
  /** False when the request cannot be shown faithfully; see `problemCodes`. */
  valid: boolean;
  /** Why it cannot be shown, as codes (`problem.<code>` in the message table). */
  problemCodes: Array<MessageRef<RequestProblemCode>>;
  messages: SamplingMessageView[];
  systemPrompt: string | undefined;
  maxTokens: number | undefined;
  temperature: number | undefined;
  stopSequences: string[];
  /** Model name hints, in preference order. */
  modelHints: string[];
  intelligencePriority: number | undefined;
  speedPriority: number | undefined;
  costPriority: number | undefined;
  /** The context the server asks to include; a value the spec does not define is `'other'`. */
  includeContext: 'none' | 'thisServer' | 'allServers' | 'other' | undefined;
  tools: SamplingToolView[];
}

/** A completion as the review shows it. */
export interface SamplingResultView {
  valid: boolean;
  role: 'user' | 'assistant' | undefined;
  content: unknown[];
  /** The completion's text when it is one text block (the case a person can edit). */
  text: string | undefined;
  model: string | undefined;
  stopReason: string | undefined;
}

const MAX_MESSAGES = 200;
const SYSTEM_PROMPT_MAX = 20_000;
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const get = readOwn;

function blocksOf(content: unknown): unknown[] {
  if (Array.isArray(content)) return copyArray(content, 1000) ?? [];
  return content === undefined ? [] : [content];
}

/** Reads a `sampling/createMessage` request. Never throws. */
export function parseSamplingRequest(params: unknown): SamplingView {
  const problemCodes: Array<MessageRef<RequestProblemCode>> = [];
  const problem = (code: RequestProblemCode, params?: { max: number }) => void problemCodes.push(params ? { code, params } : { code });
  const view: SamplingView = {
    valid: true,
    problemCodes,
    messages: [],
    systemPrompt: undefined,
    maxTokens: undefined,
    temperature: undefined,
    stopSequences: [],
    modelHints: [],
    intelligencePriority: undefined,
    speedPriority: undefined,
    costPriority: undefined,
    includeContext: undefined,
    tools: [],
  };
  if (!isRecord(params)) {
    problem('not-object');
    return { ...view, valid: false };
  }
  const messages = copyArray(get(params, 'messages'), MAX_MESSAGES + 1);
  if (!messages || messages.length === 0) problem('no-messages');
  else if (messages.length > MAX_MESSAGES) problem('too-many-messages', { max: MAX_MESSAGES });
  else {
    for (const message of messages) {
      const role = get(message, 'role');
      if (role !== 'user' && role !== 'assistant') {
        problem('message-role');
        continue;
      }
      view.messages.push({ role, content: blocksOf(get(message, 'content')) });
    }
  }
  const systemPrompt = str(get(params, 'systemPrompt'));
  view.systemPrompt = systemPrompt === undefined ? undefined : sanitizeText(systemPrompt, SYSTEM_PROMPT_MAX).text;
  view.maxTokens = finiteNumber(get(params, 'maxTokens'));
  if (view.maxTokens === undefined) problem('no-max-tokens');
  view.temperature = finiteNumber(get(params, 'temperature'));
  view.stopSequences = (copyArray(get(params, 'stopSequences'), 32) ?? []).filter((item): item is string => typeof item === 'string');
  const context = str(get(params, 'includeContext'));
  view.includeContext = context === undefined ? undefined : context === 'none' || context === 'thisServer' || context === 'allServers' ? context : 'other';
  const preferences = get(params, 'modelPreferences');
  if (isRecord(preferences)) {
    view.modelHints = (copyArray(get(preferences, 'hints'), 16) ?? []).map((hint) => str(get(hint, 'name'))).filter((name): name is string => !!name).map((name) => sanitizeLabel(name, 80).text);
    view.intelligencePriority = finiteNumber(get(preferences, 'intelligencePriority'));
    view.speedPriority = finiteNumber(get(preferences, 'speedPriority'));
    view.costPriority = finiteNumber(get(preferences, 'costPriority'));
  }
  view.tools = (copyArray(get(params, 'tools'), 128) ?? [])
    .filter(isRecord)
    .map((tool) => ({ name: sanitizeLabel(get(tool, 'name'), 128).text, description: sanitizeText(str(get(tool, 'description')) ?? '', 2000).text }))
    .filter((tool) => tool.name !== '');
  view.valid = problemCodes.length === 0;
  return view;
}

/** A person's edits to a sampling request. */
export interface SamplingEdits {
  /** A new system prompt. */
  systemPrompt?: string | undefined;
  /** New text for text blocks, by `"message index:block index"`. */
  texts?: Readonly<Record<string, string>> | undefined;
}

/**
 * Reads a sampling request once into a plain copy (see `snapshotData`).
 * The review and what is sent are both made from it: a proxy cannot show
 * the person one text and give the model another. Never throws.
 */
export function snapshotSamplingRequest(params: unknown): Record<string, unknown> {
  const copy = snapshotData(params);
  return isRecord(copy) ? copy : {};
}

const hiddenMark = (block: Record<string, unknown>): Record<string, unknown> => ({ ...block, annotations: { ...(isRecord(block.annotations) ? block.annotations : {}), audience: ['assistant'] } });

/**
 * A message's content as a reviewer sees it: `tool_use` becomes a line of
 * text naming the tool and its input; `tool_result` becomes its content,
 * which inherits the result's audience (the most restrictive wins: the
 * inside of an assistant-only result stays assistant-only). Render the
 * output through `ContentBlocks`, whose audience filter then applies.
 */
export function samplingDisplayBlocks(content: readonly unknown[], say?: PreviewWords): unknown[] {
  return content.flatMap((block): unknown[] => {
    if (!isRecord(block)) return [block];
    const type = get(block, 'type');
    if (type === 'tool_use') {
      return [{ type: 'text', text: `→ ${sanitizeLabel(get(block, 'name'), 128).text}(${formatPreview(get(block, 'input'), undefined, say)})`, ...(get(block, 'annotations') !== undefined ? { annotations: get(block, 'annotations') } : {}) }];
    }
    if (type === 'tool_result') {
      const inner = blocksOf(get(block, 'content'));
      if (get(block, 'annotations') === undefined) return inner;
      const visibleToUser = selectVisible([block], 'user').length === 1;
      return visibleToUser ? inner : inner.map((item) => (isRecord(item) ? hiddenMark(item) : item));
    }
    return [block];
  });
}

/** A person's edits to a sampling request. */
export interface SamplingEdits {
  /** A new system prompt. */
  systemPrompt?: string | undefined;
  /** New text for text blocks, by `"message index:block index"`. */
  texts?: Readonly<Record<string, string>> | undefined;
}

/**
 * The edits a review amounts to: only what differs from the request counts
 * (text put back as it was is no edit). `undefined` when nothing changed.
 */
export function samplingEditsFrom(view: SamplingView, draft: { systemPrompt?: string | undefined; texts?: ReadonlyMap<string, string> | Readonly<Record<string, string>> | undefined }): SamplingEdits | undefined {
  const edits: { systemPrompt?: string; texts?: Record<string, string> } = {};
  if (typeof draft.systemPrompt === 'string' && draft.systemPrompt !== (view.systemPrompt ?? '')) edits.systemPrompt = draft.systemPrompt;
  const entries: Array<[string, string]> = draft.texts instanceof Map ? [...draft.texts] : Object.entries(draft.texts ?? {});
  const texts: Record<string, string> = Object.create(null) as Record<string, string>;
  let changed = false;
  for (const [key, value] of entries) {
    const match = /^(\d{1,4}):(\d{1,5})$/.exec(key);
    if (!match || typeof value !== 'string') continue;
    const block = view.messages[Number(match[1])]?.content[Number(match[2])];
    if (get(block, 'type') === 'text' && get(block, 'text') === value) continue;
    texts[key] = value;
    changed = true;
  }
  if (changed) edits.texts = texts;
  return Object.keys(edits).length > 0 ? edits : undefined;
}

/**
 * What the model is sent: the request snapshot with a person's edits
 * applied, as a new plain object (the snapshot is never changed). Blocks the
 * reviewer could not see (see `samplingHidden`) are left out unless the host
 * shows them (`hidden: 'show'`); inside a `tool_result`, hidden blocks are
 * left out too, and an assistant-only `tool_result` goes whole. A message
 * left with no content is left out. Only text blocks and the system prompt
 * can be edited. Never throws.
 */
export function samplingRequestToSend(snapshot: unknown, edits: SamplingEdits = {}, options: { hidden?: 'omit' | 'show' | undefined } = {}): Record<string, unknown> {
  edits ??= {};
  options ??= {};
  if (!isRecord(snapshot)) return {};
  const copy: Record<string, unknown> = {};
  try {
    for (const key of Object.keys(snapshot)) defineOwn(copy, key, get(snapshot, key));
  } catch {
    return {};
  }
  if (typeof edits.systemPrompt === 'string') copy.systemPrompt = edits.systemPrompt;
  const texts = isRecord(edits.texts) ? edits.texts : {};
  const omitHidden = options.hidden !== 'show';
  const messages = copyArray(copy.messages, MAX_MESSAGES) ?? [];
  const visibleIn = (blocks: unknown[]): Set<number> => new Set(selectVisible(blocks, 'user').map((item) => item.index));
  const out: unknown[] = [];
  messages.forEach((message, m) => {
    const content = get(message, 'content');
    const blocks = blocksOf(content);
    const shown = visibleIn(blocks);
    const next: unknown[] = [];
    blocks.forEach((block, b) => {
      if (omitHidden && !shown.has(b)) return;
      const key = `${m}:${b}`;
      if (isRecord(block) && get(block, 'type') === 'text' && Object.hasOwn(texts, key) && typeof ownData(texts, key) === 'string') {
        next.push({ ...block, text: ownData(texts, key) });
        return;
      }
      if (omitHidden && isRecord(block) && get(block, 'type') === 'tool_result' && Array.isArray(get(block, 'content'))) {
        const inner = blocksOf(get(block, 'content'));
        const innerShown = visibleIn(inner);
        next.push({ ...block, content: inner.filter((_, i) => innerShown.has(i)) });
        return;
      }
      next.push(block);
    });
    if (next.length === 0) return;
    out.push({ ...(isRecord(message) ? message : {}), content: Array.isArray(content) ? next : next[0] });
  });
  copy.messages = out;
  return copy;
}

/** Reads a `CreateMessageResult` (the completion). Never throws. */
export function parseSamplingResult(result: unknown): SamplingResultView {
  const role = get(result, 'role');
  const content = blocksOf(get(result, 'content'));
  const only = content.length === 1 ? content[0] : undefined;
  const text = get(only, 'type') === 'text' ? str(get(only, 'text')) : undefined;
  return {
    valid: isRecord(result) && content.length > 0 && (role === 'user' || role === 'assistant'),
    role: role === 'user' || role === 'assistant' ? role : undefined,
    content,
    text,
    model: str(get(result, 'model')),
    stopReason: str(get(result, 'stopReason')),
  };
}

/** The outcome of {@link applySamplingResultEdits}: what goes back, and whether it differs from the model's answer. */
export interface SamplingResultEdit {
  result: Record<string, unknown>;
  edited: boolean;
}

/**
 * The completion as a person approved it: new text for its text blocks (by
 * block index, or `text` for an answer that is one text block), applied to
 * a plain copy. `edited` is true only when what goes back differs from what
 * the model answered, so a record never says "edited" while the original
 * goes back. Never throws.
 */
export function applySamplingResultEdits(result: unknown, edits: { text?: unknown; texts?: unknown } = {}): SamplingResultEdit {
  edits ??= {};
  const snapshot = snapshotData(result);
  const copy: Record<string, unknown> = {};
  if (isRecord(snapshot)) for (const key of Object.keys(snapshot)) defineOwn(copy, key, get(snapshot, key));
  const content = get(snapshot, 'content');
  const blocks = blocksOf(content);
  const byIndex = new Map<number, string>();
  if (typeof edits.text === 'string' && blocks.length === 1) byIndex.set(0, edits.text);
  if (isRecord(edits.texts)) {
    for (const key of Object.keys(edits.texts)) {
      const value = ownData(edits.texts, key);
      if (/^\d{1,5}$/.test(key) && typeof value === 'string') byIndex.set(Number(key), value);
    }
  }
  let edited = false;
  const next = blocks.map((block, i) => {
    const value = byIndex.get(i);
    if (value === undefined || !isRecord(block) || get(block, 'type') !== 'text' || get(block, 'text') === value) return block;
    edited = true;
    return { ...block, text: value };
  });
  if (edited) copy.content = Array.isArray(content) ? next : next[0];
  return { result: copy, edited };
}

