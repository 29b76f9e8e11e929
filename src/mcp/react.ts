'use client';
/**
 * react-mcp-annotations/mcp/react — the React hook that registers an MCP
 * SDK client's server-request handlers with the nearest
 * `ToolApprovalProvider`.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { useEffect, useRef } from 'react';
import { useApprovalController } from '../components/approval-provider/approval-context.js';
import { registerMcpRequestHandlers, type McpRequestHandlerOptions } from './index.js';

export { mcpClientCapabilities, relatedTaskId, type McpCapabilityOptions, type McpRequestHandlerOptions } from './index.js';

/**
 * Answers a connected client's `elicitation/create` and
 * `sampling/createMessage` requests through the nearest provider: decided by
 * policy, asked in the same queue as tool confirmations, recorded. Create the
 * client with `mcpClientCapabilities()`. The latest `options` are used; the
 * handlers are registered again only when the client or server id changes.
 *
 * @example
 * useMcpRequestHandlers(client, 'everything', { sample: runMyModel });
 */
export function useMcpRequestHandlers(client: Client | null | undefined, serverId: string, options: McpRequestHandlerOptions = {}): void {
  const controller = useApprovalController();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    if (!client) return;
    return registerMcpRequestHandlers(client, controller, serverId, {
      sample: (params, context) => {
        const sample = latest.current.sample;
        return sample ? sample(params, context) : Promise.reject(new Error('This app has no model for sampling.'));
      },
      callIdFor: (request, extra) => latest.current.callIdFor?.(request, extra),
      onElicitationComplete: (id) => latest.current.onElicitationComplete?.(id),
      memory: latest.current.memory,
    });
  }, [client, controller, serverId]);
}
