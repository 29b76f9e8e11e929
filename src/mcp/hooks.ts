'use client';
/**
 * The React hooks of `./mcp/react` and `./mcp/v2/react`, written once over
 * the line's own registration and watcher.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ConsentControllerCore } from '../core/consent/index.js';
import type { ToolListSnapshot, ToolListWatcher } from '../core/tool/watcher.js';
import { useConsentController } from '../components/consent-provider/approval-context.js';
import type { McpRequestHandlerOptions, McpToolWatchOptions } from './shared.js';

type Register<C> = (client: C, controller: ConsentControllerCore, serverId: string, options: McpRequestHandlerOptions) => () => void;
type Watch<C> = (client: C, serverId: string, options: McpToolWatchOptions) => ToolListWatcher;

/** `useMcpRequestHandlers` for one SDK line. */
export function requestHandlersHook<C extends object>(register: Register<C>) {
  return function useMcpRequestHandlers(client: C | null | undefined, serverId: string, options: McpRequestHandlerOptions = {}): boolean {
    const controller = useConsentController();
    const latest = useRef(options);
    useEffect(() => {
      latest.current = options;
    });
    // Which client the handlers are on: `true` only once they are, so a host connects after it.
    const [registered, setRegistered] = useState<{ client: C; serverId: string } | undefined>(undefined);
    useEffect(() => {
      if (!client) return;
      const remove = register(client, controller, serverId, {
        // Read per request: without a model, sampling is refused unasked.
        get sample() {
          const run = latest.current.sample;
          return run ? (params: Record<string, unknown>, context: { signal: AbortSignal }) => run(params, context) : undefined;
        },
        callIdFor: (request, extra) => latest.current.callIdFor?.(request, extra),
        onElicitationComplete: (id) => latest.current.onElicitationComplete?.(id),
        // Read per request: a task's question offers "Stop task" only while the host can stop tasks.
        get onStop() {
          const stop = latest.current.onStop;
          return stop ? (target: { taskId: string; callId: string | undefined }) => stop(target) : undefined;
        },
        memory: latest.current.memory,
      });
      setRegistered({ client, serverId });
      return () => {
        remove();
        setRegistered(undefined);
      };
    }, [client, controller, serverId]);
    return client != null && registered?.client === client && registered.serverId === serverId;
  };
}

const EMPTY: ToolListSnapshot = { serverId: '', tools: [], fetchedAt: undefined, expiresAt: null, changes: [], status: 'idle', error: undefined };

/** `useMcpTools` for one SDK line. */
export function toolsHook<C extends object>(watch: Watch<C>) {
  return function useMcpTools(client: C | null | undefined, serverId: string, options: Omit<McpToolWatchOptions, 'store' | 'trust'> = {}): ToolListSnapshot {
    const controller = useConsentController();
    const latest = useRef(options);
    useEffect(() => {
      latest.current = options;
    });
    const [watcher, setWatcher] = useState<ToolListWatcher | undefined>(undefined);
    useEffect(() => {
      if (!client) return;
      const next = watch(client, serverId, {
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
  };
}
