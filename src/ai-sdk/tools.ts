/**
 * MCP tools for the AI SDK with their annotations kept: each tool remembers
 * what it was read as (server, name, metadata), returns the user view of its
 * result to the browser and keeps the model's view in the chat store.
 */
import type { ToolSet } from 'ai';
import { isRecord } from '../core/shared/issues.js';
import { ownData } from '../core/shared/read.js';
import type { Tool } from '../core/shared/types.js';
import { snapshotTool } from '../core/tool/tool-hints.js';
import { McpChatStoreError, McpToolNameConflictError, type McpChatStore } from '../gate/index.js';
import { failedCall } from '../gate/reasons.js';
import { splitMcpResult } from '../gate/views.js';

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
export const wrapped = {
  get(candidate: object): WrappedInfo | undefined {
    try {
      const descriptor = Object.getOwnPropertyDescriptor(candidate, WRAPPED);
      return descriptor && 'value' in descriptor ? (descriptor.value as WrappedInfo) : undefined;
    } catch {
      return undefined;
    }
  },
};

/** What `@ai-sdk/mcp` names a client that was given no `clientName`. */
export const DEFAULT_CLIENT_NAME = 'ai-sdk-mcp-client';

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
export function metadataOf(tool: unknown): McpToolMetadata {
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

export function toolFromMetadata(name: string, metadata: McpToolMetadata, description: unknown): Tool {
  const tool: Tool = { name: metadata.toolName ?? name };
  if (metadata.title !== undefined) tool.title = metadata.title;
  if (typeof description === 'string') tool.description = description;
  if (metadata.annotations) tool.annotations = metadata.annotations;
  return tool;
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
  // Model views this request kept: the next step reads them here, not back from the store (one round trip less).
  const kept = new Map<string, unknown>();
  for (const [index, set] of sets.entries()) {
    if (!isRecord(set)) continue;
    for (const name of Object.keys(set)) {
      const original = ownData(set, name);
      if (!isRecord(original)) continue;
      const metadata = metadataOf(original);
      const clientName = metadata.clientName ?? 'mcp';
      // Trust is keyed by client name: a shared or default name would give one server's trust to another.
      if (clientName === DEFAULT_CLIENT_NAME) throw new McpClientNameError(`The MCP tool ${JSON.stringify(name)} comes from an unnamed client: trust is keyed by client name, so give each createMCPClient its own clientName (createMCPClient({ transport, clientName: 'github' })).`);
      const seenIn = setOfClient.get(clientName);
      if (seenIn !== undefined && seenIn !== index && metadata.clientName !== undefined) {
        throw new McpClientNameError(`Two MCP tool sets come from clients named ${JSON.stringify(clientName)}: each server's client needs its own clientName.`);
      }
      setOfClient.set(clientName, index);
      const key = options.namespace === true ? `${clientName}__${name}` : typeof options.namespace === 'function' ? options.namespace(clientName, name) : name;
      if (result.has(key)) {
        clashes.add(key);
        continue;
      }
      result.set(key, wrapTool(original, name, metadata, options, kept));
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

function wrapTool(original: AnyTool, name: string, metadata: McpToolMetadata, options: AnnotateMcpToolsOptions, justKept: Map<string, unknown>): AnyTool {
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
      let kept = justKept.get(toolCallId);
      if (kept === undefined) {
        try {
          kept = await store.modelView(chatId, toolCallId);
        } catch (error) {
          store.reportError(McpChatStoreError.isInstance(error) ? error : new McpChatStoreError('read a result', error));
        }
      }
      // Forgotten, unreadable or never ours: the model gets what it may see of the user view, never more.
      return toModel({ toolCallId, input, output: kept !== undefined ? kept : splitMcpResult(output).assistant });
    },
    [WRAPPED]: info,
  };
  if (execute) {
    tool.execute = async (input: unknown, executionOptions: { toolCallId: string }) => {
      let views: { user: Record<string, unknown>; assistant: unknown };
      try {
        views = splitMcpResult(await execute(input, executionOptions), options);
      } catch {
        const failed = failedCall();
        views = { user: failed, assistant: failed };
      }
      // This request's next step reads it from here, even if the store below fails.
      justKept.set(executionOptions.toolCallId, views.assistant);
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
