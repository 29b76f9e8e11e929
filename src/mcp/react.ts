'use client';
/**
 * react-mcp-annotations/mcp/react — the React hook that registers an MCP
 * SDK client's server-request handlers with the nearest
 * `ToolApprovalProvider`.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ToolListSnapshot } from '../core/tool/watcher.js';
import { useApprovalController } from '../components/approval-provider/approval-context.js';
import { registerMcpRequestHandlers, watchMcpTools, type McpRequestHandlerOptions, type McpToolWatchOptions } from './index.js';

export { answerInputRequests, elicitationsFromError, mcpClientCapabilities, relatedTaskId, watchMcpTools, type McpCapabilityOptions, type McpRequestHandlerOptions, type McpToolWatchOptions } from './index.js';

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

const EMPTY: ToolListSnapshot = { serverId: '', tools: [], fetchedAt: undefined, expiresAt: null, changes: [], status: 'idle', error: undefined };

/**
 * A connected client's tool list, kept fresh (`watchMcpTools`): fetched on
 * mount, again on `ttlMs` and on list changes. Changes are judged against the
 * nearest provider's approval store, so a tool that changed since the person
 * allowed it asks again with "changed since you allowed it".
 *
 * @example
 * const { tools, changes } = useMcpTools(client, 'notes', { onChange: log });
 */
export function useMcpTools(client: Client | null | undefined, serverId: string, options: Omit<McpToolWatchOptions, 'store' | 'trust'> = {}): ToolListSnapshot {
  const controller = useApprovalController();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [watcher, setWatcher] = useState<ReturnType<typeof watchMcpTools> | undefined>(undefined);
  useEffect(() => {
    if (!client) return;
    const next = watchMcpTools(client, serverId, {
      ...latest.current,
      store: controller.store,
      trust: () => controller.trustOf(serverId),
      onChange: (change) => latest.current.onChange?.(change),
      onError: (error) => latest.current.onError?.(error),
    });
    setWatcher(next);
    void next.refresh();
    return () => {
      next.dispose();
      setWatcher(undefined);
    };
  }, [client, controller, serverId]);
  return useSyncExternalStore(
    (listener) => watcher?.subscribe(listener) ?? (() => {}),
    () => watcher?.getSnapshot() ?? EMPTY,
    () => EMPTY,
  );
}
