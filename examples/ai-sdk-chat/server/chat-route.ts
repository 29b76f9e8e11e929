// The chat route. In a Next.js app this is app/api/chat/route.ts, ending in
// `export const POST = chatRoute({ … })`; here Vite serves it (see
// app-server.ts). One call is the whole route: body checks, chat ownership,
// the MCP tools (user view to the browser, the model's own view to the
// model), single-use approvals, streamText and the UI message stream.
import type { LanguageModel, ToolSet } from 'ai';
import { createMcpChatRoute } from 'react-mcp-annotations/ai-sdk';
import { createMcpChatStore, createRedisChatStorage, type McpChatStore } from 'react-mcp-annotations/gate';
import type { ConsentRecord, ServerConfig } from 'react-mcp-annotations/core';
import { createClient } from 'redis';

/**
 * Chat state: in this process's memory, or on Redis when the route runs on
 * several instances. `signal` closes the Redis connection (tests, shutdown).
 */
export async function chatStore(redisUrl = process.env.REDIS_URL, signal?: AbortSignal): Promise<McpChatStore> {
  if (!redisUrl) return createMcpChatStore();
  // Fail fast while Redis is away (no queue of commands waiting for it): the route answers 503, nothing runs.
  const redis = createClient({ url: redisUrl, disableOfflineQueue: true });
  // Without a listener, node-redis's 'error' event ends the process when Redis goes away; it reconnects by itself.
  redis.on('error', (error: Error) => console.warn(`[chat store] Redis: ${error.message}`));
  signal?.addEventListener('abort', () => redis.destroy(), { once: true });
  await redis.connect();
  return createMcpChatStore({ storage: createRedisChatStorage(redis), ttlMs: 7 * 24 * 60 * 60 * 1000 });
}

export interface ChatRouteOptions {
  model: LanguageModel;
  /** The MCP tools (`await mcpClient.tools()`), fetched per request. */
  tools: () => Promise<ToolSet>;
  /** Trust and names by MCP client name. */
  servers: Record<string, ServerConfig>;
  store: McpChatStore;
  /** Whether this request's user owns the chat (your session and database). */
  ownsChat: (chatId: string, request: Request) => boolean | Promise<boolean>;
  onDecision?: (record: ConsentRecord) => void;
}

export function chatRoute(options: ChatRouteOptions) {
  return createMcpChatRoute({
    model: options.model,
    tools: options.tools,
    servers: options.servers,
    store: options.store,
    // Signs approval requests: a long random value, the same on every instance.
    secret: process.env.TOOL_APPROVAL_SECRET ?? 'example-only-secret-change-me-0123456789',
    // The chat id comes from the browser: check that the caller owns it.
    authorize: options.ownsChat,
    onDecision: options.onDecision,
  });
}
