/**
 * react-mcp-annotations/ai-sdk — the approval policy and the audience rule
 * for the Vercel AI SDK (`ai` 7), on the server. No React here; the tool-part
 * component is in `react-mcp-annotations/ai-sdk/react`.
 *
 * Two lines in a route handler:
 *
 * ```ts
 * const tools = annotateMcpTools(await everything.tools(), { chatId, store });
 * const result = streamText({ model, tools, messages: await toModelMessages(messages, tools), ...mcpToolApproval({ tools, servers, secret, chatId, store, remember }) });
 * ```
 */
import { convertToModelMessages, type ModelMessage, type ToolApprovalStatus, type ToolSet, type UIMessage } from 'ai';
import { createApprovalStore, canOfferRemember, type ApprovalStorageAdapter, type ApprovalStore } from '../core/tool/approvals.js';
import { selectForViewer } from '../core/content/audience.js';
import { createToolApprovalController, type ApprovalPolicy, type ConsentRecord } from '../core/consent/controller.js';
import type { ToolOverride } from '../core/tool/decisions.js';
import { isRecord } from '../core/shared/issues.js';
import { canonicalForm, copyArray, defineOwn, ownData, UNREADABLE } from '../core/shared/read.js';
import { decisionReason, decisionRecord } from '../core/tool/decisions.js';
import type { Tool } from '../core/shared/types.js';

// Stores ---------------------------------------------------------------------

/** Where a chat's consent state and model views are kept between requests. */
export interface McpChatStorage {
  /** What `save` stored for this chat last, or nothing. May be malformed: it is checked. */
  load(chatId: string): unknown;
  save(chatId: string, data: McpChatData): void;
}

/** What is kept for one chat: remembered approvals, the taint flag and each MCP result's model view. */
export interface McpChatData {
  approvals: string[];
  /** The assistant view of each MCP tool result, by tool call id. */
  modelViews: Record<string, unknown>;
}

/** Options for `createMcpChatStore`. */
export interface McpChatStoreOptions {
  /** Persist chats (e.g. next to the chat's messages). Without it, chats live in memory. */
  storage?: McpChatStorage | undefined;
  /** Chats kept in memory at once (least recently used go first). Default 1,000. */
  maxChats?: number | undefined;
  /** Model views kept per chat (oldest go first; a forgotten one falls back to what the UI message holds). Default 2,000. */
  maxResultsPerChat?: number | undefined;
  /** Allow "remember" for destructive tools. Off by default. */
  rememberDestructive?: boolean | undefined;
}

/** Per-chat state shared by `annotateMcpTools` and `mcpToolApproval`. */
export interface McpChatStore {
  /** The chat's remembered approvals and taint flag (the same store the approval controller uses). */
  approvals(chatId: string): ApprovalStore;
  /** The model's view of one tool result (what `toModelOutput` sends), if kept. */
  modelView(chatId: string, toolCallId: string): unknown;
  setModelView(chatId: string, toolCallId: string, view: unknown): void;
  /**
   * Notes that a person was asked to approve this call in this chat, bound to
   * what was asked (`binding`: server, tool and input). Only an approval that
   * matches a noted question may run, once.
   */
  markAsked(chatId: string, toolCallId: string, binding: string): Promise<void>;
  /**
   * Takes the noted question for an approval, atomically: `ok` once; then
   * `replayed`; `unknown` when this chat never asked it; `mismatch` when it
   * asked something else (another server, tool or input).
   */
  claimApproval(chatId: string, toolCallId: string, binding: string): Promise<ApprovalClaim>;
}

/** What {@link McpChatStore.claimApproval} found. */
export type ApprovalClaim = 'ok' | 'replayed' | 'unknown' | 'mismatch';

interface ChatState {
  approvals: ApprovalStore;
  modelViews: Map<string, unknown>;
  /** Questions asked in this chat, by tool call id (server data: a Map). */
  asked: Map<string, { binding: string; claimed: boolean }>;
}

/**
 * Creates the per-chat store: remembered approvals and the taint guard work
 * across the steps and requests of one conversation, and each MCP result's
 * assistant view waits here for the model while the browser gets the user
 * view. Create one per app; pass `storage` to persist it.
 */
export function createMcpChatStore(options: McpChatStoreOptions = {}): McpChatStore {
  const chats = new Map<string, ChatState>();
  const maxChats = Math.max(1, options.maxChats ?? 1000);
  const maxResults = Math.max(1, options.maxResultsPerChat ?? 2000);
  const save = (chatId: string, state: ChatState) => {
    try {
      options.storage?.save(chatId, { approvals: state.approvals.toJSON(), modelViews: Object.fromEntries(state.modelViews) });
    } catch {
      // A failing storage loses persistence, never a decision.
    }
  };
  const chat = (chatId: string): ChatState => {
    const key = String(chatId);
    const known = chats.get(key);
    if (known) {
      chats.delete(key);
      chats.set(key, known);
      return known;
    }
    let loaded: unknown;
    try {
      loaded = options.storage?.load(key);
    } catch {
      loaded = undefined;
    }
    const savedApprovals = copyArray(ownData(loaded, 'approvals'), 10_000);
    const savedViews = ownData(loaded, 'modelViews');
    const modelViews = new Map<string, unknown>();
    if (isRecord(savedViews)) for (const id of Object.keys(savedViews).slice(-maxResults)) modelViews.set(id, ownData(savedViews, id));
    const state: ChatState = { approvals: undefined as unknown as ApprovalStore, modelViews, asked: new Map() };
    state.approvals = createApprovalStore({
      rememberDestructive: options.rememberDestructive,
      storage: { load: () => savedApprovals, save: () => save(key, state) } satisfies ApprovalStorageAdapter,
    });
    chats.set(key, state);
    if (chats.size > maxChats) chats.delete(chats.keys().next().value!);
    return state;
  };
  return {
    approvals: (chatId) => chat(chatId).approvals,
    modelView: (chatId, toolCallId) => chat(chatId).modelViews.get(String(toolCallId)),
    setModelView(chatId, toolCallId, view) {
      const state = chat(chatId);
      state.modelViews.delete(String(toolCallId));
      state.modelViews.set(String(toolCallId), view);
      if (state.modelViews.size > maxResults) state.modelViews.delete(state.modelViews.keys().next().value!);
      save(String(chatId), state);
    },
    // In memory, per process: one instance's questions are not seen by another (a shared store is issue 20's).
    async markAsked(chatId, toolCallId, binding) {
      const state = chat(chatId);
      const id = String(toolCallId);
      if (state.asked.get(id)?.claimed) return;
      state.asked.delete(id);
      state.asked.set(id, { binding, claimed: false });
      if (state.asked.size > maxResults) state.asked.delete(state.asked.keys().next().value!);
    },
    async claimApproval(chatId, toolCallId, binding) {
      const asked = chat(chatId).asked.get(String(toolCallId));
      if (!asked) return 'unknown';
      if (asked.claimed) return 'replayed';
      if (asked.binding !== binding) return 'mismatch';
      // Synchronous from the check to the mark: two requests cannot both take it.
      asked.claimed = true;
      return 'ok';
    },
  };
}

// Views ----------------------------------------------------------------------

/** What the user and the model each get from one MCP tool result. */
export interface McpResultViews {
  /** For the browser and persisted UI messages: no assistant-only block; no `structuredContent` or `_meta` unless opted in. */
  user: Record<string, unknown>;
  /** For the model: no user-only block. */
  assistant: unknown;
}

/**
 * Splits a tool output into the user's and the model's view (promise 1 at
 * the network boundary). A `CallToolResult` is split by audience; any other
 * output (e.g. structured output of a tool with an `outputSchema`) has no
 * audience, so the user sees it only when the host opts in. Never throws.
 */
export function splitMcpResult(output: unknown, options: { includeStructuredContent?: boolean | undefined } = {}): McpResultViews {
  const content = ownData(output, 'content');
  const isError = ownData(output, 'isError') === true;
  if (!Array.isArray(content)) {
    return { user: options.includeStructuredContent === true && output !== UNREADABLE ? { content: [], structuredContent: output } : { content: [] }, assistant: output === UNREADABLE ? { content: [] } : output };
  }
  const structured = ownData(output, 'structuredContent');
  const hasStructured = structured !== undefined && structured !== UNREADABLE;
  // `@ai-sdk/mcp` turns a structuredContent-only result into one text block holding its JSON, with
  // no audience. That block *is* the structured content: it follows the structuredContent rule.
  const standIn = hasStructured && isStructuredStandIn(content, structured);
  return {
    user: {
      content: standIn && options.includeStructuredContent !== true ? [] : selectForViewer(content, 'user'),
      ...(isError ? { isError: true } : {}),
      ...(hasStructured && options.includeStructuredContent === true ? { structuredContent: structured } : {}),
    },
    assistant: {
      content: selectForViewer(content, 'assistant'),
      ...(isError ? { isError: true } : {}),
      ...(hasStructured ? { structuredContent: structured } : {}),
    },
  };
}

/** Whether `content` is only the text serialisation of `structured` (what `@ai-sdk/mcp` puts in for a structuredContent-only result). */
function isStructuredStandIn(content: readonly unknown[], structured: unknown): boolean {
  if (content.length !== 1) return false;
  const [block] = content;
  if (ownData(block, 'type') !== 'text' || ownData(block, 'annotations') !== undefined) return false;
  try {
    return ownData(block, 'text') === JSON.stringify(structured);
  } catch {
    return false;
  }
}

// Tools ----------------------------------------------------------------------

/** The MCP tool metadata `@ai-sdk/mcp` attaches (`clientName` keys the server's trust). */
export interface McpToolMetadata {
  clientName?: string | undefined;
  toolName?: string | undefined;
  title?: string | undefined;
  annotations?: Record<string, unknown> | undefined;
}

/** Wrapped tools, with what they were read as. */
const wrapped = new WeakMap<object, { serverId: string; tool: Tool }>();

/** Two MCP tool sets offer a tool of the same name. */
export class McpToolNameConflictError extends Error {
  readonly names: string[];
  constructor(names: string[]) {
    super(`Several MCP tool sets offer a tool named ${names.map((name) => JSON.stringify(name)).join(', ')}. Merging would silently replace one; pass { namespace: true } to prefix each tool with its client name, or rename.`);
    this.name = 'McpToolNameConflictError';
    this.names = names;
  }
}

/** Options for `annotateMcpTools`. */
export interface AnnotateMcpToolsOptions {
  /** The conversation these tools serve (the `useChat` id). */
  chatId: string;
  store: McpChatStore;
  /** Show `structuredContent` (which has no audience) to the user too. Default false. */
  includeStructuredContent?: boolean | undefined;
  /**
   * Several tool sets: prefix each tool name with its client name
   * (`everything__echo`, or your own function) instead of refusing names that clash.
   */
  namespace?: boolean | ((clientName: string, toolName: string) => string) | undefined;
}

/** The metadata of a tool, as read once (absent or malformed is the worst case later). */
function metadataOf(tool: unknown): McpToolMetadata {
  const metadata = ownData(tool, 'metadata');
  const clientName = ownData(metadata, 'clientName');
  const toolName = ownData(metadata, 'toolName');
  const title = ownData(metadata, 'title');
  const annotations = ownData(metadata, 'annotations');
  return {
    ...(typeof clientName === 'string' ? { clientName } : {}),
    ...(typeof toolName === 'string' ? { toolName } : {}),
    ...(typeof title === 'string' ? { title } : {}),
    ...(isRecord(annotations) ? { annotations: { ...annotations } } : {}),
  };
}

function toolFromMetadata(name: string, metadata: McpToolMetadata, description: unknown): Tool {
  return {
    name: metadata.toolName ?? name,
    ...(metadata.title !== undefined ? { title: metadata.title } : {}),
    ...(typeof description === 'string' ? { description } : {}),
    ...(metadata.annotations ? { annotations: metadata.annotations } : {}),
  } as Tool;
}

/**
 * Wraps the tools of one or more MCP clients (`await client.tools()`) so the
 * browser never receives an assistant-only block and the model never loses
 * one: `execute` returns the user view (that is what the UI message stream and
 * persisted messages carry) and keeps the assistant view in the chat store;
 * `toModelOutput` sends the model that assistant view — or, if the store has
 * forgotten it, the assistant view of the user view, which can only leave
 * things out. Tool names that clash across sets are refused unless
 * `namespace` is set. Give the result to `streamText({ tools })` and to
 * `toModelMessages`.
 */
export function annotateMcpTools<TOOLS extends ToolSet>(toolSets: TOOLS | readonly TOOLS[], options: AnnotateMcpToolsOptions): TOOLS {
  if (!options || typeof options.chatId !== 'string' || !options.store) throw new TypeError('annotateMcpTools needs { chatId, store }: the chat id (useChat id) and a store from createMcpChatStore().');
  const sets = (Array.isArray(toolSets) ? toolSets : [toolSets]) as readonly TOOLS[];
  const result: Record<string, unknown> = {};
  const clashes = new Set<string>();
  for (const set of sets) {
    if (!isRecord(set)) continue;
    for (const name of Object.keys(set)) {
      const original = ownData(set, name);
      if (!isRecord(original)) continue;
      const metadata = metadataOf(original);
      const clientName = metadata.clientName ?? 'mcp';
      const key = options.namespace === true ? `${clientName}__${name}` : typeof options.namespace === 'function' ? options.namespace(clientName, name) : name;
      if (Object.hasOwn(result, key)) {
        clashes.add(key);
        continue;
      }
      defineOwn(result, key, wrapTool(original, name, metadata, options));
    }
  }
  if (clashes.size > 0) throw new McpToolNameConflictError([...clashes]);
  return result as TOOLS;
}

type AnyTool = Record<string, unknown> & {
  execute?: (input: unknown, options: { toolCallId: string }) => unknown;
  toModelOutput?: (options: { toolCallId: string; input: unknown; output: unknown }) => unknown;
};

function wrapTool(original: AnyTool, name: string, metadata: McpToolMetadata, options: AnnotateMcpToolsOptions): AnyTool {
  const { chatId, store } = options;
  const execute = typeof original.execute === 'function' ? original.execute.bind(original) : undefined;
  const toModel = typeof original.toModelOutput === 'function' ? original.toModelOutput.bind(original) : defaultToModelOutput;
  const tool: AnyTool = {
    ...original,
    ...(execute
      ? {
          execute: async (input: unknown, executionOptions: { toolCallId: string }) => {
            const output = await execute(input, executionOptions);
            const views = splitMcpResult(output, options);
            store.setModelView(chatId, executionOptions.toolCallId, views.assistant);
            return views.user;
          },
        }
      : {}),
    toModelOutput: ({ toolCallId, input, output }: { toolCallId: string; input: unknown; output: unknown }) => {
      const kept = store.modelView(chatId, toolCallId);
      // Forgotten (or never ours): the model gets what it may see of the user view, never more.
      return toModel({ toolCallId, input, output: kept !== undefined ? kept : splitMcpResult(output).assistant });
    },
  };
  wrapped.set(tool, { serverId: metadata.clientName ?? 'mcp', tool: toolFromMetadata(name, metadata, original.description) });
  return tool;
}

function defaultToModelOutput({ output }: { output: unknown }) {
  const content = ownData(output, 'content');
  if (!Array.isArray(content)) return { type: 'json' as const, value: (output ?? null) as never };
  return { type: 'content' as const, value: content.map((part: unknown) => (ownData(part, 'type') === 'text' && typeof ownData(part, 'text') === 'string' ? { type: 'text' as const, text: ownData(part, 'text') as string } : { type: 'text' as const, text: JSON.stringify(part) })) };
}

/**
 * `convertToModelMessages` with the tools it must not be called without:
 * without them `toModelOutput` is skipped and the model would get the user
 * view instead of its own.
 */
export function toModelMessages(messages: UIMessage[], tools: ToolSet): Promise<ModelMessage[]> {
  if (!isRecord(tools)) throw new TypeError('toModelMessages needs the annotated tools: without them the model gets the user view of MCP results.');
  return convertToModelMessages(messages, { tools });
}

// Approval -------------------------------------------------------------------

/** Options for `mcpToolApproval`. */
export interface McpToolApprovalOptions extends Pick<ApprovalPolicy, 'servers' | 'mode' | 'reasonLabels' | 'taintGuard'> {
  /**
   * The secret the AI SDK signs approval requests with
   * (`experimental_toolApprovalSecret`). Required: without it a browser can
   * post a tool call it invented as already approved, and it runs.
   */
  secret: string | Uint8Array;
  /** The tools given to `streamText` (from `annotateMcpTools`). */
  tools?: ToolSet | undefined;
  /** The conversation (the `useChat` id). */
  chatId: string;
  store: McpChatStore;
  /**
   * Approval ids the person asked to remember (sent in the request body by
   * `useRememberedApprovals().body`). Checked again here: kept only for a call the
   * person approved and the policy lets be remembered.
   */
  remember?: readonly unknown[] | undefined;
  /** The rule for tools that are not MCP tools. Default: left to the host (`not-applicable`). */
  otherTools?: ((toolCall: { toolName: string; input: unknown }) => ToolApprovalStatus | PromiseLike<ToolApprovalStatus>) | undefined;
  /** Every decision, for the host's log. */
  onDecision?: ((record: ConsentRecord) => void) | undefined;
}

/** What the AI SDK passes to `toolApproval`. */
export interface McpToolApprovalCall {
  toolCall: { toolCallId: string; toolName: string; input: unknown; toolMetadata?: unknown };
  tools?: unknown;
  messages: readonly unknown[];
}

/** The policy function itself: `streamText({ toolApproval })`. */
export type McpToolApprovalFunction = (options: McpToolApprovalCall) => Promise<Exclude<ToolApprovalStatus, string | undefined>>;

declare const spreadOnly: unique symbol;

/**
 * `toolApproval` and the signing secret, to be spread into `streamText`
 * together: `streamText({ ...mcpToolApproval(…) })`. Passing the whole thing
 * as `toolApproval` would drop the secret, so it is a type error (its call
 * signature takes a second argument nobody has), and at run time, called that
 * way, it denies every call.
 */
export interface McpToolApproval {
  (options: McpToolApprovalCall, spread: typeof spreadOnly): Promise<Exclude<ToolApprovalStatus, string | undefined>>;
  readonly toolApproval: McpToolApprovalFunction;
  readonly experimental_toolApprovalSecret: string | Uint8Array;
}

interface ApprovalParts {
  request?: { approvalId: string; signature: unknown };
  response?: { approved: boolean };
}

/** The approval request and response of one tool call in the model messages, if any. */
function approvalPartsOf(messages: readonly unknown[], toolCallId: string): ApprovalParts {
  const found: ApprovalParts = {};
  const list = copyArray(messages, 100_000) ?? [];
  for (const message of list) {
    const content = copyArray(ownData(message, 'content'), 10_000);
    if (!content) continue;
    for (const part of content) {
      const type = ownData(part, 'type');
      if (type === 'tool-approval-request' && ownData(part, 'toolCallId') === toolCallId) {
        const approvalId = ownData(part, 'approvalId');
        if (typeof approvalId === 'string') {
          found.request = { approvalId, signature: ownData(part, 'signature') };
        }
      }
      if (type === 'tool-approval-response' && found.request && ownData(part, 'approvalId') === found.request.approvalId) found.response = { approved: ownData(part, 'approved') === true };
    }
  }
  return found;
}

/** A model message that shows `convertToModelMessages` ran without tools: an MCP result sent as raw JSON. */
function sentWithoutTools(messages: readonly unknown[], isMcp: (toolName: string) => boolean): boolean {
  for (const message of copyArray(messages, 100_000) ?? []) {
    if (ownData(message, 'role') !== 'tool') continue;
    for (const part of copyArray(ownData(message, 'content'), 10_000) ?? []) {
      if (ownData(part, 'type') !== 'tool-result') continue;
      const name = ownData(part, 'toolName');
      const output = ownData(part, 'output');
      if (typeof name === 'string' && isMcp(name) && ownData(output, 'type') === 'json' && Array.isArray(ownData(ownData(output, 'value'), 'content'))) return true;
    }
  }
  return false;
}

const reasonText = (reasons: readonly { text: string }[]) => reasons.map((reason) => reason.text).join(' ');

/** What an approval is bound to: the server, the tool and its input. Unreadable input never matches anything. */
function bindingOf(request: { serverId: string; toolName: string; args: unknown }): string {
  return canonicalForm({ serverId: request.serverId, toolName: request.toolName, input: request.args }) ?? `unreadable:${Math.random()}`;
}

/**
 * The AI SDK's `toolApproval` for MCP tools, decided by this library's core
 * with the tool's metadata: trust per MCP client name (`servers`, keyed by
 * the `clientName` the host gave `createMCPClient`), absent or unknown
 * metadata as the worst case, host mode and per-tool overrides, remembered
 * approvals and the taint guard (through the chat store). `run` →
 * `not-applicable` (it runs), `confirm` → `{ type: 'user-approval', reason }`,
 * `block` → `{ type: 'denied', reason }`. On the request that carries the
 * person's approval it decides again: a block still wins. Tools that are not
 * MCP tools go to `otherTools` (default: left to the host). Spread the result
 * into `streamText` so the signing secret is set with it.
 *
 * @example
 * streamText({ model, tools, messages, ...mcpToolApproval({ tools, servers: { everything: { trust: 'untrusted' } }, secret: process.env.TOOL_APPROVAL_SECRET!, chatId, store }) });
 */
export function mcpToolApproval(options: McpToolApprovalOptions): McpToolApproval {
  const secret = options?.secret;
  const secretOk = (typeof secret === 'string' && secret.length > 0) || (secret instanceof Uint8Array && secret.byteLength > 0);
  if (!secretOk) {
    throw new TypeError(
      'mcpToolApproval needs { secret }: it is passed to streamText as experimental_toolApprovalSecret so the AI SDK signs each approval request. Without it a browser can post a tool call it invented as approved, and it runs. Use a long random value from your environment.',
    );
  }
  if (typeof options.chatId !== 'string' || !options.store) throw new TypeError('mcpToolApproval needs { chatId, store }: the chat id (useChat id) and a store from createMcpChatStore().');
  const store = options.store.approvals(options.chatId);
  const controller = createToolApprovalController({
    servers: options.servers,
    mode: options.mode,
    reasonLabels: options.reasonLabels,
    taintGuard: options.taintGuard,
    store,
    onDecision: options.onDecision,
  });
  const remember = new Set((copyArray(options.remember, 1000) ?? []).filter((id): id is string => typeof id === 'string'));
  const mcpTool = (toolName: string, tools: unknown, toolMetadata: unknown): { serverId: string; tool: Tool } | undefined => {
    const own = isRecord(tools) ? ownData(tools, toolName) : undefined;
    const fromOptions = isRecord(options.tools) ? ownData(options.tools, toolName) : undefined;
    for (const candidate of [own, fromOptions]) {
      if (isRecord(candidate)) {
        const known = wrapped.get(candidate);
        if (known) return known;
      }
    }
    // An MCP tool this adapter did not wrap still carries its metadata: decide it too, from the tool's own metadata.
    const metadata = metadataOf(isRecord(own) ? own : { metadata: toolMetadata });
    if (metadata.clientName !== undefined) return { serverId: metadata.clientName, tool: toolFromMetadata(toolName, metadata, isRecord(own) ? ownData(own, 'description') : undefined) };
    return undefined;
  };

  const approve: McpToolApprovalFunction = async ({ toolCall, tools, messages }) => {
    const toolName = typeof ownData(toolCall, 'toolName') === 'string' ? (ownData(toolCall, 'toolName') as string) : '';
    const toolCallId = typeof ownData(toolCall, 'toolCallId') === 'string' ? (ownData(toolCall, 'toolCallId') as string) : '';
    const input = ownData(toolCall, 'input');
    const found = mcpTool(toolName, tools, ownData(toolCall, 'toolMetadata'));
    if (!found) {
      const status = options.otherTools ? await options.otherTools({ toolName, input }) : undefined;
      return status === undefined ? { type: 'not-applicable' } : typeof status === 'string' ? ({ type: status } as Exclude<ToolApprovalStatus, string | undefined>) : status;
    }
    const request = { serverId: found.serverId, tool: found.tool, toolName, args: input, callId: toolCallId };
    if (sentWithoutTools(messages, (name) => mcpTool(name, tools, undefined) !== undefined)) {
      return { type: 'denied', reason: 'This app called convertToModelMessages without tools, so MCP results reached the model in the user view. Use toModelMessages(messages, tools).' };
    }
    const parts = approvalPartsOf(messages, toolCallId);
    if (parts.request && parts.response?.approved) {
      // The request that carries the person's approval.
      if (parts.request.signature === undefined || parts.request.signature === null) {
        return { type: 'denied', reason: 'Approval requests are not signed: pass experimental_toolApprovalSecret to streamText (spread mcpToolApproval(…) into it).' };
      }
      const decision = controller.previewDecision(request);
      if (decision.action === 'block') {
        const { record } = await controller.requestApproval(request);
        return { type: 'denied', reason: reasonText(record.reasons) };
      }
      // Single use, and only where it was asked: this chat, this server, tool and input.
      const claim = await options.store.claimApproval(options.chatId, toolCallId, bindingOf(request));
      if (claim !== 'ok') {
        const reasons = [decisionReason(claim === 'replayed' ? 'approval-replayed' : 'approval-not-asked', options.reasonLabels)];
        const record = decisionRecord({ ...decision, action: 'block', reasons }, request, { outcome: 'blocked', decidedBy: 'policy', timestamp: Date.now() });
        try {
          options.onDecision?.(record);
        } catch {
          // A host's logging bug must not turn a refusal into a run.
        }
        return { type: 'denied', reason: reasonText(reasons) };
      }
      // Record the person's approval, and remember it only where the policy allows.
      const asked = controller.requestApproval({ ...request, ask: true });
      const pending = controller.getSnapshot().queue.find((item) => item.kind === 'tool' && item.callId === toolCallId);
      if (pending) controller.respond(pending.id, { action: 'approve', remember: remember.has(parts.request.approvalId) && canOfferRemember(store, decision, found.tool, found.serverId) });
      await asked;
      return { type: 'not-applicable' };
    }
    const decision = controller.previewDecision(request);
    if (decision.action === 'confirm') {
      // Noted, so the answer can be matched to this very question once.
      await options.store.markAsked(options.chatId, toolCallId, bindingOf(request));
      return { type: 'user-approval', reason: reasonText(decision.reasons) };
    }
    // Run or block: settled by policy now, with a record (and the taint flag for an open-world run).
    const { outcome, record } = await controller.requestApproval(request);
    return outcome === 'run' ? { type: 'not-applicable' } : { type: 'denied', reason: reasonText(record.reasons) };
  };
  // Wired as `toolApproval: mcpToolApproval(…)` the secret is lost: then nothing runs, and it says why.
  const misused = async () => ({ type: 'denied' as const, reason: 'mcpToolApproval(…) was passed as toolApproval, which drops its signing secret. Spread it into streamText instead: streamText({ ...mcpToolApproval(…) }).' });
  Object.defineProperty(misused, 'toolApproval', { value: approve, enumerable: true });
  Object.defineProperty(misused, 'experimental_toolApprovalSecret', { value: secret, enumerable: true });
  return misused as unknown as McpToolApproval;
}

export type { ToolOverride };
