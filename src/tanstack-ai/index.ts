/**
 * react-mcp-annotations/tanstack-ai — MCP tools for TanStack AI's `chat()`
 * (`@tanstack/ai` 0.58) behind the consent gate (`./gate`), on the server.
 * No React here, and nothing from `@tanstack/ai` at run time (its types
 * only). This file only translates TanStack AI's hooks into the gate's
 * verbs; the gate decides.
 *
 * TanStack AI gives a tool one static `needsApproval` and, on the next
 * request, acts on whatever the body says was answered. So every answer in
 * the body (an approval, a denial, a cancelled question) is claimed once by
 * the gate for the call it was asked about, and decided again before the
 * call runs; the tool's `execute` runs only what the gate let run.
 *
 * ```ts
 * const mcp = await mcpChatTools({ clients: { everything: client }, servers, chatId, store });
 * return toServerSentEventsResponse(chat({ adapter, messages, tools: mcp.tools, middleware: [mcp.middleware] }));
 * ```
 */
import type { ChatMiddleware, Tool as TanStackTool } from '@tanstack/ai';
import { filterForBrowser, listMcpTools, openMcpGate, type GateCall, type GateVerdict, type McpGateOptions, type McpToolClient } from '../gate/index.js';

/** Options for `mcpChatTools`: the gate's, with the MCP clients and the chat. */
export interface McpChatToolsOptions extends McpGateOptions {
  /** The MCP clients, keyed by server id: the key is the one `servers` gives trust to. */
  clients: Readonly<Record<string, McpToolClient>>;
  /** The conversation. It comes from the browser: check that the signed-in user owns it before you call this. */
  chatId: string;
}

/** What `chat()` takes: the tools and the middleware that gates them (pass both, to one `chat()` call). */
export interface McpChatTools {
  /** The MCP tools, `needsApproval` decided by the policy. */
  tools: TanStackTool[];
  /** Binds, claims and re-decides answers; gives the model its view of results; filters what the browser gets. */
  middleware: ChatMiddleware;
}

type Chunk = { type: string; toolCallId?: string; toolCallName?: string; metadata?: Record<string, unknown>; messages?: unknown[] };
type SnapshotMessage = { toolCalls?: Array<{ id: string; function?: { name?: string } }>; metadata?: { tanstack?: { toolCallMetadata?: Record<string, object> } } };

const skip = (result: Record<string, unknown>) => ({ type: 'skip' as const, result });

/**
 * The MCP tools of `clients` for TanStack AI's `chat()`, and the middleware
 * that gates them: one request's worth (call it per request; a second
 * `chat()` run with the same pair runs nothing).
 */
export async function mcpChatTools(options: McpChatToolsOptions): Promise<McpChatTools> {
  if (!options || typeof options !== 'object' || !options.clients || typeof options.chatId !== 'string' || !options.store) {
    throw new TypeError('mcpChatTools needs { clients, chatId, store }: MCP clients by server id, the chat id you authorized, createMcpChatStore().');
  }
  const gate = await openMcpGate({ ...options, tools: await listMcpTools(options.clients, options) });
  // The request these belong to: the first run's. Any other run finds the gate closed.
  let requestId: string | undefined;
  const own = (ctx: { requestId: string }) => {
    requestId ??= ctx.requestId;
    if (ctx.requestId !== requestId) gate.close();
  };
  // Calls the gate settled through `onBeforeToolCall` in this request.
  const handled = new Set<string>();

  const tools: TanStackTool[] = [...gate.tools.values()].map((tool) => ({
    name: tool.name,
    description: tool.tool.description ?? '',
    inputSchema: tool.schema() as TanStackTool['inputSchema'],
    // Static in TanStack AI: the policy without the input. The input is decided again before the call runs.
    needsApproval: gate.asks(tool.name),
    // The annotations travel with the tool, so other middleware can read them.
    metadata: { mcp: tool.wire },
    // Runs only what the gate let run, with exactly that input.
    execute: (args: unknown, context?: { toolCallId?: string; abortSignal?: AbortSignal }) => gate.execute({ name: tool.name, args, callId: String(context?.toolCallId) }, context?.abortSignal),
  }));

  /** The annotations on a snapshot's tool calls (TanStack AI's client rebuilds parts from them); none for calls that are not the gate's. */
  const withToolMetadata = (message: SnapshotMessage): SnapshotMessage => {
    if (!message.toolCalls) return message;
    const tanstack = message.metadata?.tanstack;
    const byCall = { ...tanstack?.toolCallMetadata };
    for (const call of message.toolCalls) {
      const { mcp: _dropped, ...rest } = (byCall[call.id] ?? {}) as Record<string, unknown>;
      void _dropped;
      const mcp = gate.tools.get(call.function?.name ?? '')?.wire;
      // A call id from the browser is never a key assigned into a plain object (`__proto__` would set its prototype).
      Object.defineProperty(byCall, call.id, { value: mcp ? { ...rest, mcp } : rest, enumerable: true, writable: true, configurable: true });
    }
    return { ...message, metadata: { ...message.metadata, tanstack: { ...tanstack, toolCallMetadata: byCall } } };
  };

  const middleware: ChatMiddleware = {
    name: 'react-mcp-annotations',
    async onConfig(ctx, config) {
      own(ctx);
      // The model reads its own view of each result (this request's, else the store's); never ours: what the browser sent.
      const providerMessages = [];
      for (const message of config.messages) {
        const text = message.role === 'tool' && typeof message.toolCallId === 'string' ? await gate.modelText(message.toolCallId) : undefined;
        providerMessages.push(text === undefined ? message : { ...message, content: text });
      }
      return { providerMessages };
    },
    onChunk(ctx, raw) {
      own(ctx);
      const chunk = raw as Chunk;
      let out: Chunk = chunk;
      if (chunk.type === 'MESSAGES_SNAPSHOT' && Array.isArray(chunk.messages)) out = { ...chunk, messages: chunk.messages.map((message) => withToolMetadata(message as SnapshotMessage)) };
      if (chunk.type === 'TOOL_CALL_START' && typeof chunk.toolCallId === 'string') {
        if (ctx.phase === 'modelStream') gate.made(chunk.toolCallId);
        // The card reads `metadata.mcp`: the gate's word for its own tools, nobody's for any other.
        const { mcp: _dropped, ...metadata } = chunk.metadata ?? {};
        void _dropped;
        const mcp = gate.tools.get(String(chunk.toolCallName))?.wire;
        out = { ...chunk, metadata: mcp ? { ...metadata, mcp } : metadata };
      }
      return filterForBrowser(out) as typeof raw;
    },
    async onToolPhaseComplete(ctx, info) {
      own(ctx);
      const argsOf = new Map(info.toolCalls.map((call) => [call.id, call.function.arguments]));
      // Questions TanStack AI asks: bound where they are asked (only calls the model made here).
      for (const { toolCallId, toolName, input } of info.needsApproval) if (gate.tools.has(toolName)) await gate.ask({ name: toolName, args: input, callId: toolCallId });
      // Answers TanStack AI settled without the gate (a denial, a cancelled question): claimed and recorded, once.
      for (const { toolCallId, toolName } of info.results) {
        const tool = gate.tools.get(toolName);
        if (!tool || handled.has(toolCallId) || !gate.asks(toolName)) continue;
        await gate.answer({ name: toolName, args: parseArgs(argsOf.get(toolCallId)), callId: toolCallId }, { approved: false });
      }
    },
    async onBeforeToolCall(ctx, { toolName, toolCallId, args, tool }) {
      own(ctx);
      if (!gate.tools.has(toolName)) return undefined;
      handled.add(toolCallId);
      const call: GateCall = { name: toolName, args, callId: toolCallId };
      // Approved in the body: claimed once, for this input; decided again. Otherwise decided now.
      let verdict: GateVerdict = tool?.needsApproval ? await gate.answer(call, { approved: true }) : await gate.decide(call);
      // The input turned a call the tool list let run into one to ask about: TanStack AI cannot ask now.
      if (verdict.type === 'ask') verdict = await gate.abandon(call);
      // Run, or a refusal that skips the call (never `abort`, which would end the whole run).
      return verdict.type === 'run' ? undefined : skip(gate.resultOf(verdict));
    },
    onFinish: () => gate.close(),
    onError: () => gate.close(),
    onAbort: () => gate.close(),
  };
  return { tools, middleware };
}

/** A tool call's arguments as TanStack AI carries them (JSON text); unreadable input is no input. */
function parseArgs(text: unknown): unknown {
  try {
    return typeof text === 'string' ? JSON.parse(text.trim() || '{}') : undefined;
  } catch {
    return undefined;
  }
}
