'use client';
/**
 * react-mcp-annotations/mcp/react — the React hooks that register an MCP
 * SDK 1.x client's server-request handlers with the nearest
 * `ConsentProvider` and keep its tool list fresh. For SDK 2.x use
 * `react-mcp-annotations/mcp/v2/react` (the same hooks).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ToolListSnapshot } from '../core/tool/watcher.js';
import { requestHandlersHook, toolsHook } from './hooks.js';
import { registerMcpRequestHandlers, watchMcpTools, type McpRequestHandlerOptions, type McpToolWatchOptions } from './index.js';

export {
  answerInputRequests,
  callMcpTool,
  elicitationsFromError,
  mcpClientCapabilities,
  relatedTaskId,
  watchMcpTools,
  type McpCallOptions,
  type McpCapabilityOptions,
  type McpRequestHandlerOptions,
  type McpToolWatchOptions,
} from './index.js';

/**
 * Answers a connected client's `elicitation/create` and
 * `sampling/createMessage` requests through the nearest provider: decided by
 * policy, asked in the same queue as tool confirmations, recorded. Create the
 * client with `mcpClientCapabilities()`. The latest `options` are used; the
 * handlers are registered again only when the client or server id changes.
 * Returns `true` once the handlers are on this client: connect (or call)
 * after that, or a request that arrives first goes unanswered.
 *
 * @example
 * const ready = useMcpRequestHandlers(client, 'everything', { sample: runMyModel });
 */
export const useMcpRequestHandlers: (client: Client | null | undefined, serverId: string, options?: McpRequestHandlerOptions) => boolean = requestHandlersHook<Client>(registerMcpRequestHandlers);

/**
 * A connected client's tool list, kept fresh (`watchMcpTools`): fetched on
 * mount, again on `ttlMs` and on list changes. Changes are judged against the
 * nearest provider's approval store, so a tool that changed since the person
 * allowed it asks again with "changed since you allowed it".
 *
 * @example
 * const { tools, changes } = useMcpTools(client, 'notes', { onChange: log });
 */
export const useMcpTools: (client: Client | null | undefined, serverId: string, options?: Omit<McpToolWatchOptions, 'store' | 'trust'>) => ToolListSnapshot = toolsHook<Client>(watchMcpTools);
