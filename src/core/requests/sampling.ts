/**
 * Sampling (`sampling/createMessage`): a server asks the host's model for a
 * completion. The spec says a person SHOULD be able to review (and edit, or
 * deny) the request, and review the completion before it goes back. This
 * module reads both as untrusted data, never throws, and applies a person's
 * edits to a plain copy.
 */
import { isRecord } from '../shared/issues.js';
import { UNREADABLE, copyArray, ownData } from '../shared/read.js';
import { sanitizeLabel } from '../text/sanitize.js';

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
  /** False when the request cannot be shown faithfully; see `problems`. */
  valid: boolean;
  problems: string[];
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
  /** Context the server asks to include (`none`, `thisServer`, `allServers`). */
  includeContext: string | undefined;
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
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const get = (target: unknown, key: string): unknown => {
  const value = ownData(target, key);
  return value === UNREADABLE ? undefined : value;
};

function blocksOf(content: unknown): unknown[] {
  if (Array.isArray(content)) return copyArray(content, 1000) ?? [];
  return content === undefined ? [] : [content];
}

/** Reads a `sampling/createMessage` request. Never throws. */
export function parseSamplingRequest(params: unknown): SamplingView {
  const problems: string[] = [];
  const view: SamplingView = {
    valid: true,
    problems,
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
  if (!isRecord(params)) return { ...view, valid: false, problems: ['The request is not an object.'] };
  const messages = copyArray(get(params, 'messages'), MAX_MESSAGES + 1);
  if (!messages || messages.length === 0) problems.push('The request has no messages.');
  else if (messages.length > MAX_MESSAGES) problems.push(`The request has more than ${MAX_MESSAGES} messages.`);
  else {
    for (const message of messages) {
      const role = get(message, 'role');
      if (role !== 'user' && role !== 'assistant') {
        problems.push('A message has no role of "user" or "assistant".');
        continue;
      }
      view.messages.push({ role, content: blocksOf(get(message, 'content')) });
    }
  }
  view.systemPrompt = str(get(params, 'systemPrompt'));
  view.maxTokens = num(get(params, 'maxTokens'));
  if (view.maxTokens === undefined) problems.push('The request has no maxTokens.');
  view.temperature = num(get(params, 'temperature'));
  view.stopSequences = (copyArray(get(params, 'stopSequences'), 32) ?? []).filter((item): item is string => typeof item === 'string');
  view.includeContext = str(get(params, 'includeContext'));
  const preferences = get(params, 'modelPreferences');
  if (isRecord(preferences)) {
    view.modelHints = (copyArray(get(preferences, 'hints'), 16) ?? []).map((hint) => str(get(hint, 'name'))).filter((name): name is string => !!name).map((name) => sanitizeLabel(name, 80).text);
    view.intelligencePriority = num(get(preferences, 'intelligencePriority'));
    view.speedPriority = num(get(preferences, 'speedPriority'));
    view.costPriority = num(get(preferences, 'costPriority'));
  }
  view.tools = (copyArray(get(params, 'tools'), 128) ?? [])
    .filter(isRecord)
    .map((tool) => ({ name: sanitizeLabel(get(tool, 'name'), 128).text, description: str(get(tool, 'description')) ?? '' }))
    .filter((tool) => tool.name !== '');
  view.valid = problems.length === 0;
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
 * The request with a person's edits applied, as a plain copy (the original
 * is never changed). Only text blocks and the system prompt can be edited;
 * everything else passes through as it was read. Never throws.
 */
export function applySamplingEdits(params: unknown, edits: SamplingEdits): Record<string, unknown> {
  if (!isRecord(params)) return {};
  const copy: Record<string, unknown> = {};
  try {
    for (const key of Object.keys(params)) copy[key] = get(params, key);
  } catch {
    return {};
  }
  if (typeof edits.systemPrompt === 'string') copy.systemPrompt = edits.systemPrompt;
  const texts = edits.texts ?? {};
  if (Object.keys(texts).length > 0) {
    const messages = copyArray(copy.messages, MAX_MESSAGES) ?? [];
    copy.messages = messages.map((message, m) => {
      const content = get(message, 'content');
      const blocks = blocksOf(content);
      let changed = false;
      const next = blocks.map((block, b) => {
        const key = `${m}:${b}`;
        if (!Object.hasOwn(texts, key) || get(block, 'type') !== 'text' || !isRecord(block)) return block;
        changed = true;
        return { ...block, text: texts[key] };
      });
      if (!changed) return message;
      return { ...(isRecord(message) ? message : {}), content: Array.isArray(content) ? next : next[0] };
    });
  }
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

/** The completion with its text replaced by a person's edit (only for a single text block). Never throws. */
export function editSamplingResult(result: unknown, text: string): Record<string, unknown> {
  const view = parseSamplingResult(result);
  const copy: Record<string, unknown> = {};
  try {
    if (isRecord(result)) for (const key of Object.keys(result)) copy[key] = get(result, key);
  } catch {
    return copy;
  }
  if (view.text === undefined) return copy;
  const block = get(result, 'content');
  const single = Array.isArray(block) ? block[0] : block;
  const edited = { ...(isRecord(single) ? single : { type: 'text' }), text };
  copy.content = Array.isArray(block) ? [edited] : edited;
  return copy;
}
