/**
 * react-mcp-annotations/tanstack-ai — MCP tools for TanStack AI's `chat()`
 * (`@tanstack/ai` 0.58) with their annotations kept and this library's
 * policy deciding each call, on the server. No React here, and nothing from
 * `@tanstack/ai` at run time (its types only).
 *
 * TanStack AI gives a tool one static `needsApproval` and, on the next
 * request, runs whatever the request body says was approved: a call the
 * model never made, a replayed approval, edited arguments. `mcpChatTools`
 * closes that: the approval is bound (chat, server, tool, input, call) when
 * the question is asked, claimed once when it comes back, and decided again
 * before the call runs; a call from the body that this server never asked
 * about runs nothing. The browser gets the person's view of each result (no
 * assistant-only block); the model gets its own, through `providerMessages`.
 *
 * ```ts
 * const mcp = await mcpChatTools({ clients: { everything: client }, servers, chatId, store });
 * return toServerSentEventsResponse(chat({ adapter, messages, tools: mcp.tools, middleware: [mcp.middleware] }));
 * ```
 */
import type { ChatMiddleware, Tool as TanStackTool } from '@tanstack/ai';
import type { ConsentPolicy, DecisionRecord } from '../core/consent/index.js';
import { toolCallBinding } from '../core/consent/index.js';
import { isRecord } from '../core/shared/issues.js';
import { ownData } from '../core/shared/read.js';
import type { DecisionReason } from '../core/text/reasons.js';
import { reasonsToWire } from '../ai-sdk/reasons.js';
import { listClientTools, type ClientTool } from '../ai-sdk/clients.js';
import { createChatSession, type ChatSession, type McpCall } from '../ai-sdk/session.js';
import { McpChatStoreError, type McpChatStore } from '../ai-sdk/store.js';
import { modelText, splitMcpResult } from '../ai-sdk/views.js';

export { createMcpChatStore, createMemoryChatStorage, createRedisChatStorage, McpChatStoreError, type McpChatStorage, type McpChatStore, type RedisLikeClient } from '../ai-sdk/store.js';
export { McpToolNameConflictError } from '../ai-sdk/tools.js';

/** What this adapter needs of an MCP client: the MCP SDK's `Client` (v1 or v2) has both. */
export interface McpToolClient {
  listTools(params?: { cursor?: string }): Promise<unknown>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }, resultSchema?: undefined, options?: { signal?: AbortSignal }): Promise<unknown>;
}

/** Options for `mcpChatTools`. */
export interface McpChatToolsOptions extends Pick<ConsentPolicy, 'servers' | 'mode' | 'taintGuard'> {
  /** The MCP clients, keyed by server id: the key is the one `servers` gives trust to. */
  clients: Readonly<Record<string, McpToolClient>>;
  /** The conversation. It comes from the browser: check that the signed-in user owns it before you call this. */
  chatId: string;
  /** Questions asked, approvals used, model views: `createMcpChatStore()` (Redis for several instances). */
  store: McpChatStore;
  /** Prefix each tool name with its server id (`everything__echo`) instead of refusing names that clash. */
  namespace?: boolean | undefined;
  /** Show `structuredContent` (which has no audience) to the person too. Default false. */
  includeStructuredContent?: boolean | undefined;
  /** Pages of `tools/list` read at most per server. Default 50. */
  maxPages?: number | undefined;
  /** Every decision, for the host's log. */
  onDecision?: ((record: DecisionRecord) => void) | undefined;
}

/** What `chat()` takes: the tools and the middleware that gates them (pass both). */
export interface McpChatTools {
  /** The MCP tools, `needsApproval` decided by the policy. */
  tools: TanStackTool[];
  /** Binds, claims and re-decides approvals; gives the model its view of results. */
  middleware: ChatMiddleware;
}

type Entry = ClientTool<McpToolClient>;

const RUN = undefined;

/** A refusal as the tool's result: the model reads `error`; the browser formats `reasons`. */
const refusal = (reasons: readonly DecisionReason[]) => ({ type: 'skip' as const, result: { error: 'Refused by the consent policy.', reasons: reasonsToWire(reasons) } });

/**
 * The MCP tools of `clients` for TanStack AI's `chat()`, and the middleware
 * that gates them. Lists each server's tools once (all pages); a tool the
 * policy would ask about gets `needsApproval`. Pass both to `chat()`.
 */
export async function mcpChatTools(options: McpChatToolsOptions): Promise<McpChatTools> {
  if (!isRecord(options) || !isRecord(options.clients) || typeof options.chatId !== 'string' || !options.store) {
    throw new TypeError('mcpChatTools needs { clients, chatId, store }: MCP clients by server id, the chat id you authorized, createMcpChatStore().');
  }
  const { chatId, store } = options;
  const session = createChatSession({ chatId, store, servers: options.servers, mode: options.mode, taintGuard: options.taintGuard, onDecision: options.onDecision });
  const opened = await session.open();
  const entries = await listClientTools(options.clients, options);

  // Model views of this request, read before the next model step (the store keeps them for later requests).
  const kept = new Map<string, unknown>();
  // Calls the model made in this request: only these may be asked about or run unasked.
  const made = new Set<string>();

  const callOf = (entry: Entry, args: unknown, callId: string): McpCall => ({ serverId: entry.serverId, tool: entry.tool, toolName: entry.tool.name, args, callId });
  const bindingOf = (call: McpCall) => toolCallBinding(call) ?? `unreadable:${Math.random()}`;


  const tools: TanStackTool[] = [...entries].map(([name, entry]) => ({
    name,
    description: entry.tool.description ?? '',
    inputSchema: (isRecord(entry.tool.inputSchema) ? entry.tool.inputSchema : { type: 'object', properties: {} }) as TanStackTool['inputSchema'],
    // Static in TanStack AI: the policy without the input. The input is decided again before the call runs.
    needsApproval: opened.controller.preview('tool', callOf(entry, undefined, `${name}:preview`)).action === 'confirm',
    // The annotations travel with the tool, so other middleware can read them.
    metadata: { mcp: entry.wire },
    execute: async (args: unknown, context?: { toolCallId?: string; abortSignal?: AbortSignal }) => {
      const output = await entry.client.callTool({ name: entry.tool.name, arguments: isRecord(args) ? args : {} }, undefined, context?.abortSignal ? { signal: context.abortSignal } : {});
      const views = splitMcpResult(output, options);
      const callId = context?.toolCallId;
      if (callId !== undefined) {
        kept.set(callId, views.assistant);
        try {
          await store.setModelView(chatId, callId, views.assistant);
        } catch (error) {
          store.reportError(McpChatStoreError.isInstance(error) ? error : new McpChatStoreError('keep a result', error));
        }
      }
      // The stream, the snapshot and the browser carry the person's view only.
      return views.user;
    },
  }));

  /** A snapshot rebuilds the client's parts from `metadata.tanstack.toolCallMetadata`: the annotations go there too. */
  type SnapshotMessage = { toolCalls?: Array<{ id: string; function?: { name?: string } }>; metadata?: { tanstack?: { toolCallMetadata?: Record<string, object> } } };
  const withToolMetadata = <M extends SnapshotMessage>(message: M): M => {
    if (!message.toolCalls) return message;
    const tanstack = message.metadata?.tanstack;
    const byCall = { ...tanstack?.toolCallMetadata };
    for (const call of message.toolCalls) {
      const mcp = entries.get(call.function?.name ?? '')?.wire;
      if (mcp) byCall[call.id] = { ...byCall[call.id], mcp };
    }
    return { ...message, metadata: { ...message.metadata, tanstack: { ...tanstack, toolCallMetadata: byCall } } };
  };

  /** Model views for the model: the tool messages of this chat, by call id (this request's, else the store's). */
  const providerMessages = async (messages: readonly unknown[]) => {
    const out: unknown[] = [];
    for (const message of messages) {
      const callId = ownData(message, 'toolCallId');
      if (ownData(message, 'role') !== 'tool' || typeof callId !== 'string') {
        out.push(message);
        continue;
      }
      // Read once per request, a miss too: every model step passes the whole history again.
      if (!kept.has(callId)) kept.set(callId, await store.modelView(chatId, callId).catch((error: unknown) => store.reportError(McpChatStoreError.isInstance(error) ? error : new McpChatStoreError('read a result', error))));
      const view = kept.get(callId);
      // Never ours, or forgotten: the model gets what the browser sent, which holds no more than the person saw.
      out.push(view === undefined ? message : { ...(message as object), content: modelText(view) });
    }
    return out;
  };

  const middleware: ChatMiddleware = {
    name: 'react-mcp-annotations',
    async onConfig(_ctx, config) {
      return { providerMessages: (await providerMessages(config.messages)) as typeof config.messages };
    },
    onChunk(ctx, chunk) {
      // TanStack AI's client keeps this metadata on the tool-call part: the annotations reach the card there.
      if (chunk.type === 'MESSAGES_SNAPSHOT') return { ...chunk, messages: chunk.messages.map((message) => withToolMetadata(message as SnapshotMessage) as typeof message) };
      if (chunk.type !== 'TOOL_CALL_START') return;
      if (ctx.phase === 'modelStream') made.add(chunk.toolCallId);
      const mcp = entries.get(chunk.toolCallName)?.wire;
      return mcp ? { ...chunk, metadata: { ...chunk.metadata, mcp } } : chunk;
    },
    async onToolPhaseComplete(_ctx, info) {
      // Bound where it is asked: only calls the model made here, so a body cannot get a question it invented asked.
      for (const { toolCallId, toolName, input } of info.needsApproval) {
        const entry = entries.get(toolName);
        if (!entry || !made.has(toolCallId)) continue;
        const call = callOf(entry, input, toolCallId);
        try {
          await store.markAsked(chatId, toolCallId, bindingOf(call));
        } catch (error) {
          session.unavailable(error, call);
        }
      }
    },
    async onBeforeToolCall(_ctx, { toolName, toolCallId, args, tool }) {
      const entry = entries.get(toolName);
      if (!entry) return RUN;
      const call = callOf(entry, args, toolCallId);
      if (tool?.needsApproval) {
        // Approved in the body: asked here, once, for this input; then decided again (a block still wins).
        let claim: Awaited<ReturnType<McpChatStore['claimApproval']>>;
        try {
          claim = await store.claimApproval(chatId, toolCallId, bindingOf(call));
        } catch (error) {
          return refusal([session.unavailable(error, call)]);
        }
        if (claim !== 'ok') return refusal([session.refuse(claim === 'replayed' ? 'approval-replayed' : 'approval-not-asked', call)]);
        return settle(session, call, () => opened.controller.answer('tool', call, { action: 'approve' }));
      }
      // A call in the body that the model did not make in this request was never decided here.
      if (!made.has(toolCallId)) return refusal([session.refuse('approval-not-asked', call)]);
      // Decided now: run, or a refusal that skips the call (never `abort`, which would end the whole run).
      const records = session.hold(toolCallId);
      const { outcome } = opened.controller.decide('tool', call);
      if (outcome) return settle(session, call, () => outcome, records);
      // The input turned a call the tool list let run into one to ask about: TanStack AI cannot ask now.
      session.release(toolCallId);
      return refusal([session.refuse('approval-not-asked', call)]);
    },
  };
  return { tools, middleware };
}

/** The outcome once the chat's state is saved: run, or a refusal with its reasons (also when it could not be saved). */
function settle(session: ChatSession, call: McpCall, result: () => Promise<{ outcome: string; record: { reasons: readonly DecisionReason[] } }>, records?: DecisionRecord[]) {
  return session.settle(
    call,
    async () => {
      const { outcome, record } = await result();
      return outcome === 'run' ? RUN : refusal(record.reasons);
    },
    (reason) => refusal([reason]),
    records,
  );
}
