/**
 * react-mcp-annotations/ai-sdk — the approval policy and the audience rule
 * for the Vercel AI SDK (`ai` 7), on the server. No React here; the tool-part
 * component is in `react-mcp-annotations/ai-sdk/react`.
 *
 * The whole route in one call (Next.js: `app/api/chat/route.ts`):
 *
 * ```ts
 * export const POST = createMcpChatRoute({ model, tools: async () => client.tools(), servers, secret, store: createMcpChatStore(), authorize });
 * ```
 *
 * The parts, for a hand-written route: `annotateMcpTools`, `mcpToolApproval`
 * (spread into `streamText`), `toModelMessages`.
 */
import { convertToModelMessages, InvalidToolApprovalSignatureError, type ModelMessage, type ToolApprovalStatus, type ToolSet, type UIMessage } from 'ai';
import { canOfferRemember } from '../core/tool/approvals.js';
import { McpChatStoreError, type McpChatConsent, type McpChatStore } from './store.js';
import { selectForViewer } from '../core/content/audience.js';
import { createToolApprovalController, type ApprovalPolicy, type ConsentRecord } from '../core/consent/controller.js';
import type { ToolApprovalResponse } from '../core/consent/types.js';
import type { ToolOverride } from '../core/tool/decisions.js';
import { isRecord } from '../core/shared/issues.js';
import { canonicalForm, copyArray, ownData, UNREADABLE } from '../core/shared/read.js';
import { decideToolCall, decisionReason, decisionRecord, type ToolDecision } from '../core/tool/decisions.js';
import { snapshotTool } from '../core/tool/tool-hints.js';
import type { Tool } from '../core/shared/types.js';

export {
  createMcpChatStore,
  createMemoryChatStorage,
  createRedisChatStorage,
  McpChatStoreError,
  type ApprovalClaim,
  type McpChatConsent,
  type McpChatStorage,
  type McpChatStore,
  type McpChatStoreOptions,
  type MemoryChatStorageOptions,
  type RedisChatStorageOptions,
  type RedisLikeClient,
} from './store.js';

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
  options ??= {};
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
// What a wrapped tool was read as, under a module-private symbol: a WeakMap entry per tool per request
// cost more than the rest of the wrapping. JSON cannot make this key, so server data cannot forge it.
const WRAPPED: unique symbol = Symbol('react-mcp-annotations.wrapped');
class WrappedInfo {
  #built: Tool | undefined;
  constructor(
    readonly serverId: string,
    private readonly name: string,
    private readonly metadata: McpToolMetadata,
    private readonly description: unknown,
  ) {}
  get tool(): Tool {
    // A snapshot: the core recognises it and does not copy or fingerprint it again at each step.
    return (this.#built ??= snapshotTool(toolFromMetadata(this.name, this.metadata, this.description)) ?? toolFromMetadata(this.name, this.metadata, this.description));
  }
}
const wrapped = {
  get(candidate: object): WrappedInfo | undefined {
    try {
      const descriptor = Object.getOwnPropertyDescriptor(candidate, WRAPPED);
      return descriptor && 'value' in descriptor ? (descriptor.value as WrappedInfo) : undefined;
    } catch {
      return undefined;
    }
  },
};

/** Two MCP tool sets offer a tool of the same name. */
export class McpToolNameConflictError extends Error {
  readonly names: string[];
  constructor(names: string[]) {
    super(`Several MCP tool sets offer a tool named ${names.map((name) => JSON.stringify(name)).join(', ')}. Merging would silently replace one; pass { namespace: true } to prefix each tool with its client name, or rename.`);
    this.name = 'McpToolNameConflictError';
    this.names = names;
  }
}

/** What `@ai-sdk/mcp` names a client that was given no `clientName`. */
const DEFAULT_CLIENT_NAME = 'ai-sdk-mcp-client';

/** Two servers would share one trust entry: a default or repeated MCP client name. */
export class McpClientNameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpClientNameError';
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
  // Assignments, not conditional spreads: this runs for every tool on every request.
  const read: McpToolMetadata = {};
  if (typeof clientName === 'string') read.clientName = clientName;
  if (typeof toolName === 'string') read.toolName = toolName;
  if (typeof title === 'string') read.title = title;
  if (isRecord(annotations)) read.annotations = { ...annotations };
  return read;
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
  const result = new Map<string, unknown>();
  const clashes = new Set<string>();
  const setOfClient = new Map<string, number>();
  for (const [index, set] of sets.entries()) {
    if (!isRecord(set)) continue;
    for (const name of Object.keys(set)) {
      const original = ownData(set, name);
      if (!isRecord(original)) continue;
      const metadata = metadataOf(original);
      const clientName = metadata.clientName ?? 'mcp';
      // Trust is keyed by client name: a shared or default name would give one server's trust to another.
      if (clientName === DEFAULT_CLIENT_NAME) throw new McpClientNameError(`The MCP tool ${JSON.stringify(name)} comes from a client with the default name ${JSON.stringify(DEFAULT_CLIENT_NAME)}. Trust is keyed by client name, so give each createMCPClient its own clientName (e.g. createMCPClient({ transport, clientName: 'github' })).`);
      const seenIn = setOfClient.get(clientName);
      if (seenIn !== undefined && seenIn !== index && metadata.clientName !== undefined) {
        throw new McpClientNameError(`Two MCP tool sets come from clients named ${JSON.stringify(clientName)}. Trust is keyed by client name, so each server's client needs its own clientName.`);
      }
      setOfClient.set(clientName, index);
      const key = options.namespace === true ? `${clientName}__${name}` : typeof options.namespace === 'function' ? options.namespace(clientName, name) : name;
      if (result.has(key)) {
        clashes.add(key);
        continue;
      }
      result.set(key, wrapTool(original, name, metadata, options));
    }
  }
  if (clashes.size > 0) throw new McpToolNameConflictError([...clashes]);
  // fromEntries defines own data properties (a tool named __proto__ stays a tool).
  return Object.fromEntries(result) as TOOLS;
}

type AnyTool = Record<string | symbol, unknown> & {
  execute?: (input: unknown, options: { toolCallId: string }) => unknown;
  toModelOutput?: (options: { toolCallId: string; input: unknown; output: unknown }) => unknown;
};

function wrapTool(original: AnyTool, name: string, metadata: McpToolMetadata, options: AnnotateMcpToolsOptions): AnyTool {
  const { chatId, store } = options;
  const originalExecute = original.execute;
  const originalToModel = original.toModelOutput;
  const execute = typeof originalExecute === 'function' ? (input: unknown, executionOptions: { toolCallId: string }) => originalExecute.call(original, input, executionOptions) : undefined;
  const toModel = typeof originalToModel === 'function' ? (value: { toolCallId: string; input: unknown; output: unknown }) => originalToModel.call(original, value) : defaultToModelOutput;
  // The Tool is built when the policy first asks for it (most tools of a set are never called).
  const info = new WrappedInfo(metadata.clientName ?? 'mcp', name, metadata, original.description);
  const tool: AnyTool = {
    ...original,
    toModelOutput: async ({ toolCallId, input, output }: { toolCallId: string; input: unknown; output: unknown }) => {
      let kept: unknown;
      try {
        kept = await store.modelView(chatId, toolCallId);
      } catch (error) {
        store.reportError(McpChatStoreError.isInstance(error) ? error : new McpChatStoreError('read a result', error));
      }
      // Forgotten, unreadable or never ours: the model gets what it may see of the user view, never more.
      return toModel({ toolCallId, input, output: kept !== undefined ? kept : splitMcpResult(output).assistant });
    },
    [WRAPPED]: info,
  };
  if (execute) {
    tool.execute = async (input: unknown, executionOptions: { toolCallId: string }) => {
      const output = await execute(input, executionOptions);
      const views = splitMcpResult(output, options);
      try {
        await store.setModelView(chatId, executionOptions.toolCallId, views.assistant);
      } catch (error) {
        // The call has run: the person still gets the result; the model later gets the user view's part.
        store.reportError(McpChatStoreError.isInstance(error) ? error : new McpChatStoreError('keep a result', error));
      }
      return views.user;
    };
  }
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
  /**
   * Call before `streamText` with the request's UI messages (the route
   * helper does). Loads the chat's consent state, so an unreachable store is
   * a clear error before anything streams (`McpChatStoreError`), and records
   * what the AI SDK settles without asking the policy: the person's denials
   * in the last message (each once; a replayed one is recorded as replayed).
   * Not enumerable: spreading leaves it out.
   */
  readonly prepare: (messages: readonly unknown[]) => Promise<void>;
  /**
   * Records an approval the AI SDK refused as unverifiable
   * (`InvalidToolApprovalSignatureError`, from `streamText`'s `onError`), as
   * blocked with `approval-invalid`. Returns whether `error` was one. Not enumerable.
   */
  readonly recordInvalidApproval: (error: unknown, messages: readonly unknown[]) => boolean;
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
  if (isRecord(options.servers) && Object.hasOwn(options.servers, DEFAULT_CLIENT_NAME)) {
    throw new McpClientNameError(`servers is keyed by ${JSON.stringify(DEFAULT_CLIENT_NAME)}, the name @ai-sdk/mcp gives every client that was not named, so this trust would apply to any of them. Give the client a clientName and key its trust by it.`);
  }
  const { chatId, store } = options;
  const remember = new Set((copyArray(options.remember, 1000) ?? []).filter((id): id is string => typeof id === 'string'));

  // A host's logging bug must not turn a refusal into a run.
  const emit = (record: ConsentRecord) => {
    try {
      options.onDecision?.(record);
    } catch {
      // ignored
    }
  };
  // Records wait until the chat's state is saved: a decision that could not be saved is reported as what it became.
  const held = new Map<string, ConsentRecord[]>();
  type Session = { consent: McpChatConsent; controller: ReturnType<typeof createToolApprovalController> };
  let session: Promise<Session> | undefined;
  // Once loaded, used without an await: every await on the way to a tool call delays the call itself.
  let ready: Session | undefined;
  const open = () =>
    (session ??= store.consent(chatId).then((consent) => (ready = {
      consent,
      controller: createToolApprovalController({
        servers: options.servers,
        mode: options.mode,
        reasonLabels: options.reasonLabels,
        taintGuard: options.taintGuard,
        store: consent.approvals,
        onDecision: (record) => {
          const hold = record.kind === 'tool' && record.callId !== undefined ? held.get(record.callId) : undefined;
          if (hold) hold.push(record);
          else emit(record);
        },
      }),
    })));
  const refusal = (code: 'approval-replayed' | 'approval-not-asked' | 'approval-invalid' | 'store-unavailable', request: { serverId: string; tool: Tool; toolName: string; args: unknown; callId: string }, decision?: ToolDecision) => {
    const reasons = [decisionReason(code, options.reasonLabels)];
    const base: ToolDecision = decision ?? decideToolCall({ tool: request.tool });
    emit(decisionRecord({ ...base, action: 'block', reasons }, request, { outcome: 'blocked', decidedBy: 'policy', timestamp: Date.now() }));
    return { type: 'denied' as const, reason: reasonText(reasons) };
  };

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

  /** Brings the person's answer, given in the browser, to the engine: asked (no second prompt) and answered at once. */
  const answer = (controller: Session['controller'], request: Parameters<typeof refusal>[1], response: ToolApprovalResponse) => {
    const asked = controller.requestApproval({ ...request, ask: true });
    const pending = controller.getSnapshot().queue.find((item) => item.kind === 'tool' && item.callId === request.callId);
    if (pending) controller.respond(pending.id, response);
    return asked;
  };

  /** Runs one decision with its records held until the chat's state is saved. */
  const hold = (callId: string) => {
    const records: ConsentRecord[] = [];
    held.set(callId, records);
    return records;
  };
  const settled = async <T>(request: Parameters<typeof refusal>[1], decide: () => Promise<T>, ifUnsaved: () => T, records = hold(request.callId)): Promise<T> => {
    let value: T;
    try {
      value = await decide();
      const { consent } = ready ?? (await open());
      if (consent.pending()) await consent.flush();
    } catch (error) {
      if (!McpChatStoreError.isInstance(error)) throw error;
      store.reportError(error);
      refusal('store-unavailable', request);
      return ifUnsaved();
    } finally {
      held.delete(request.callId);
    }
    records.forEach(emit);
    return value;
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
    let opened: Session;
    try {
      opened = ready ?? (await open());
    } catch (error) {
      if (!McpChatStoreError.isInstance(error)) throw error;
      store.reportError(error);
      return refusal('store-unavailable', request);
    }
    const { controller, consent } = opened;
    const parts = approvalPartsOf(messages, toolCallId);
    if (parts.request && parts.response?.approved) {
      // The request that carries the person's approval.
      if (parts.request.signature === undefined || parts.request.signature === null) {
        return refusal('approval-invalid', request);
      }
      const decision = controller.previewDecision(request);
      if (decision.action === 'block') {
        const { record } = await controller.requestApproval(request);
        return { type: 'denied', reason: reasonText(record.reasons) };
      }
      // Single use, and only where it was asked: this chat, this server, tool and input.
      let claim: Awaited<ReturnType<McpChatStore['claimApproval']>>;
      try {
        claim = await store.claimApproval(chatId, toolCallId, bindingOf(request));
      } catch (error) {
        if (!McpChatStoreError.isInstance(error)) throw error;
        store.reportError(error);
        return refusal('store-unavailable', request, decision);
      }
      if (claim !== 'ok') return refusal(claim === 'replayed' ? 'approval-replayed' : 'approval-not-asked', request, decision);
      // Record the person's approval, and remember it only where the policy allows.
      return settled(
        request,
        async () => {
          const { outcome, record } = await answer(controller, request, { action: 'approve', remember: remember.has(parts.request!.approvalId) && canOfferRemember(consent.approvals, decision, found.tool, found.serverId) });
          return outcome === 'run' ? ({ type: 'not-applicable' } as const) : ({ type: 'denied', reason: reasonText(record.reasons) } as const);
        },
        () => ({ type: 'denied', reason: decisionReason('store-unavailable', options.reasonLabels).text }),
      );
    }
    // One decision: settled now when the policy can (run or block), else asked through the AI SDK.
    const records = hold(toolCallId);
    const { decision, settled: byPolicy } = controller.settleByPolicy(request);
    if (!byPolicy) {
      held.delete(toolCallId);
      // Noted, so the answer can be matched to this very question once.
      try {
        await store.markAsked(chatId, toolCallId, bindingOf(request));
      } catch (error) {
        if (!McpChatStoreError.isInstance(error)) throw error;
        store.reportError(error);
        return refusal('store-unavailable', request, decision);
      }
      return { type: 'user-approval', reason: reasonText(decision.reasons) };
    }
    // Run or block: settled by policy now, with a record (and the taint flag for an open-world run, saved before it runs).
    return settled(
      request,
      async () => {
        const { outcome, record } = await byPolicy;
        return outcome === 'run' ? ({ type: 'not-applicable' } as const) : ({ type: 'denied', reason: reasonText(record.reasons) } as const);
      },
      () => ({ type: 'denied', reason: decisionReason('store-unavailable', options.reasonLabels).text }),
      records,
    );
  };

  /** The person's answers in the last message that the server has not settled yet. */
  const freshAnswers = (uiMessages: readonly unknown[]) => {
    const last = (copyArray(uiMessages, 100_000) ?? []).at(-1);
    const answers: Array<{ request: Parameters<typeof refusal>[1]; approved: boolean }> = [];
    if (ownData(last, 'role') !== 'assistant') return answers;
    for (const part of copyArray(ownData(last, 'parts'), 10_000) ?? []) {
      if (ownData(part, 'state') !== 'approval-responded') continue;
      const type = ownData(part, 'type');
      const toolName = type === 'dynamic-tool' ? ownData(part, 'toolName') : typeof type === 'string' && type.startsWith('tool-') ? type.slice(5) : undefined;
      const toolCallId = ownData(part, 'toolCallId');
      if (typeof toolName !== 'string' || typeof toolCallId !== 'string') continue;
      const found = mcpTool(toolName, options.tools, ownData(part, 'toolMetadata'));
      if (!found) continue;
      answers.push({ request: { serverId: found.serverId, tool: found.tool, toolName, args: ownData(part, 'input'), callId: toolCallId }, approved: ownData(ownData(part, 'approval'), 'approved') === true });
    }
    return answers;
  };

  const prepare = async (uiMessages: readonly unknown[]) => {
    const answers = freshAnswers(uiMessages);
    try {
      await open();
    } catch (error) {
      // Nothing has run; the person's answers are recorded as what they became, then the route says why.
      if (McpChatStoreError.isInstance(error)) for (const { request } of answers) refusal('store-unavailable', request);
      throw error;
    }
    // The AI SDK never asks the policy about a denied call: record the person's no here, once.
    for (const { request, approved } of answers) {
      if (approved) continue;
      const toolCallId = request.callId;
      const claim = await store.claimApproval(chatId, toolCallId, bindingOf(request));
      if (claim !== 'ok') {
        refusal(claim === 'replayed' ? 'approval-replayed' : 'approval-not-asked', request);
        continue;
      }
      // Through the engine like an approval, so the record is the engine's (denied by the user, after a fresh decision).
      const { controller } = await open();
      await answer(controller, request, { action: 'deny' });
    }
  };

  const recordInvalidApproval = (error: unknown, modelMessages: readonly unknown[]) => {
    if (!InvalidToolApprovalSignatureError.isInstance(error)) return false;
    const toolCallId = error.toolCallId;
    let toolName = '';
    let input: unknown;
    for (const message of copyArray(modelMessages, 100_000) ?? []) {
      for (const part of copyArray(ownData(message, 'content'), 10_000) ?? []) {
        if (ownData(part, 'type') === 'tool-call' && ownData(part, 'toolCallId') === toolCallId) {
          const name = ownData(part, 'toolName');
          toolName = typeof name === 'string' ? name : '';
          input = ownData(part, 'input');
        }
      }
    }
    const found = mcpTool(toolName, options.tools, undefined) ?? { serverId: 'mcp', tool: { name: toolName } as Tool };
    refusal('approval-invalid', { serverId: found.serverId, tool: found.tool, toolName, args: input, callId: toolCallId });
    return true;
  };

  // Wired as `toolApproval: mcpToolApproval(…)` the secret is lost: then nothing runs, and it says why.
  const misused = async () => ({ type: 'denied' as const, reason: 'mcpToolApproval(…) was passed as toolApproval, which drops its signing secret. Spread it into streamText instead: streamText({ ...mcpToolApproval(…) }).' });
  Object.defineProperty(misused, 'toolApproval', { value: approve, enumerable: true });
  Object.defineProperty(misused, 'experimental_toolApprovalSecret', { value: secret, enumerable: true });
  Object.defineProperty(misused, 'prepare', { value: prepare, enumerable: false });
  Object.defineProperty(misused, 'recordInvalidApproval', { value: recordInvalidApproval, enumerable: false });
  return misused as unknown as McpToolApproval;
}

export type { ToolOverride };
export { createMcpChatRoute, defaultMcpChatErrorText, normalizeMcpChatMessages, type McpChatAuthorize, type McpChatRequestContext, type McpChatRouteOptions } from './route.js';
