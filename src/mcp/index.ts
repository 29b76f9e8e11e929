/**
 * react-mcp-annotations/mcp — wires an MCP SDK client to the approval
 * controller: the server's `elicitation/create` and `sampling/createMessage`
 * requests wait in the same queue as tool confirmations. Needs
 * `@modelcontextprotocol/sdk` (an optional peer, so the root entry never
 * loads it). No React here; the hook is in `react-mcp-annotations/mcp/react`.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, ElicitationCompleteNotificationSchema, McpError, ToolListChangedNotificationSchema, type ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { createToolListWatcher, type ToolListWatcher } from '../core/tool/watcher.js';
import type { ConsentControllerCore } from '../core/consent/index.js';
import { isRecord } from '../core/shared/issues.js';
import { ownData } from '../core/shared/read.js';
import { answerOnce, beginCall, bindClient, bindingOf, capabilitiesFor, eitherSignal, elicit, listAllTools, sample, soleCall, stopFor, abortReasonOr, elicitationCompleteHandler, registrations, requestOptionsOf, TASK_WATCH_MS, type McpCallOptions, type McpCapabilityOptions, type McpRequestHandlerOptions, type McpToolWatchOptions } from './shared.js';

export {
  answerInputRequests,
  elicitationsFromError,
  relatedTaskId,
  type InputRequestOptions,
  type McpCallOptions,
  type McpCapabilityOptions,
  type McpRequestHandlerOptions,
  type McpToolWatchOptions,
} from './shared.js';

/**
 * The client capabilities to pass to `new Client(info, { capabilities })`:
 * capabilities cannot be added after `connect`, and a handler cannot be set
 * for one that was not declared. `applyDefaults` is never declared: it would
 * make the SDK add values to an elicitation answer that the person never saw.
 *
 * @example
 * const client = new Client({ name: 'my-host', version: '1.0.0' }, { capabilities: mcpClientCapabilities() });
 * // A Node host that answers task-augmented requests too:
 * new Client(info, { capabilities: mcpClientCapabilities({ tasks: true }), taskStore: new InMemoryTaskStore() });
 */
export function mcpClientCapabilities(options: McpCapabilityOptions = {}): ClientCapabilities {
  options ??= {};
  return capabilitiesFor(options, true) as ClientCapabilities;
}

/** The SDK's task store on a request's `extra`, as far as the handlers use it. */
interface RequestTaskStore {
  createTask(options: { ttl?: number | null | undefined }): Promise<{ taskId: string }>;
  updateTaskStatus(taskId: string, status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled', statusMessage?: string): Promise<void>;
  storeTaskResult(taskId: string, status: 'completed' | 'failed', result: Record<string, unknown>): Promise<void>;
  getTask(taskId: string): Promise<{ status: string } | null | undefined>;
}

/** The SDK's request `extra`, as far as the handlers read it. */
interface RequestExtra {
  signal: AbortSignal;
  requestId: string | number;
  taskStore?: RequestTaskStore | undefined;
}

/**
 * A task-augmented request (`params.task`, the `-async` tools) gets a task at
 * once; the person is asked in the background, and the answer becomes the
 * task's result, which the server fetches with `tasks/result`.
 */
async function answerAsTask(
  request: { params?: unknown },
  extra: RequestExtra,
  ask: (signal: AbortSignal) => Promise<{ ok: true; result: Record<string, unknown> } | { ok: false; message: string }>,
): Promise<unknown> {
  const task = ownData(request.params, 'task');
  const store = extra.taskStore;
  if (!isRecord(task) || !store) return undefined;
  const ttl = ownData(task, 'ttl');
  const created = await store.createTask({ ttl: typeof ttl === 'number' ? ttl : undefined });
  // The server may cancel the task (tasks/cancel) or let it expire before the
  // person answers: then nobody waits for the answer, and the prompt closes.
  const abandoned = new AbortController();
  const watch = setInterval(() => {
    store.getTask(created.taskId).then(
      (current) => {
        // Still waiting means input_required (ours) or working; anything else, or no task, ends the prompt.
        if (current?.status !== 'input_required' && current?.status !== 'working') abandoned.abort();
      },
      () => abandoned.abort(),
    );
  }, TASK_WATCH_MS);
  void (async () => {
    try {
      await store.updateTaskStatus(created.taskId, 'input_required', 'Waiting for the person to answer.');
      const answer = await ask(abandoned.signal);
      if (abandoned.signal.aborted) return;
      if (answer.ok) await store.storeTaskResult(created.taskId, 'completed', answer.result);
      else await store.updateTaskStatus(created.taskId, 'failed', answer.message);
    } catch {
      // The task expired or was cancelled meanwhile: nobody is waiting for it.
    } finally {
      clearInterval(watch);
    }
  })();
  return { task: created };
}

/**
 * Registers the client's handlers for `elicitation/create` and
 * `sampling/createMessage` (and the elicitation-complete notification), so
 * every request goes through the controller: decided by policy, asked one at
 * a time, recorded. Each server request id is asked once: a replay (as a
 * resumed HTTP stream can deliver) gets the same answer and never a second
 * prompt. A request the server withdraws closes its prompt. Returns a
 * function that removes the handlers. Handlers for capabilities the client
 * did not declare are skipped.
 *
 * @example
 * const stop = registerMcpRequestHandlers(client, controller, 'everything', { sample: runMyModel });
 */
export function registerMcpRequestHandlers(client: Client, controller: ConsentControllerCore, serverId: string, options: McpRequestHandlerOptions = {}): () => void {
  options ??= {};
  const once = answerOnce(options.memory);
  const { binding, unbind } = bindClient(client, { controller, serverId, options });
  // Who asks: the host's mapping first, else the one call in flight (`callMcpTool`).
  const originOf = (request: { method: string; params: unknown }, extra: RequestExtra, signal: AbortSignal | undefined) => {
    const call = soleCall(client);
    const callId = options.callIdFor?.(request, extra) ?? call?.callId;
    return { requestId: extra.requestId, callId, callName: call?.toolName, signal: eitherSignal(signal, call?.ended), stop: stopFor(options, request, call, callId) };
  };
  const handlers = registrations();
  handlers.onRemove(unbind);
  const register = (method: string, add: () => void) => handlers.add(add, () => client.removeRequestHandler(method));

  register('elicitation/create', () =>
    client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
      once(client.transport ?? client, `${request.method}:${String(extra.requestId)}`, async () => {
        const ask = (signal?: AbortSignal) => elicit(binding.controller, serverId, request.params, originOf(request, extra, signal));
        const asTask = await answerAsTask(request, extra, async (signal) => ({ ok: true, result: await ask(signal) }));
        return asTask ?? (await ask(extra.signal));
      }) as Promise<never>,
    ),
  );

  register('sampling/createMessage', () =>
    client.setRequestHandler(CreateMessageRequestSchema, (request, extra) =>
      once(client.transport ?? client, `${request.method}:${String(extra.requestId)}`, async () => {
        const ask = (signal?: AbortSignal) => sample(binding.controller, serverId, request.params, originOf(request, extra, signal), options.sample);
        const asTask = await answerAsTask(request, extra, (signal) => ask(signal));
        if (asTask) return asTask;
        const answer = await ask(extra.signal);
        if (answer.ok) return answer.result;
        throw new McpError(answer.code, answer.message);
      }) as Promise<never>,
    ),
  );

  handlers.add(
    () => client.setNotificationHandler(ElicitationCompleteNotificationSchema, elicitationCompleteHandler(options)),
    () => client.removeNotificationHandler('notifications/elicitation/complete'),
  );
  return handlers.removeAll;
}

/**
 * `client.callTool` with the call recorded while it runs: an elicitation or
 * sampling request that arrives meanwhile names the call's tool and returns
 * focus to its card (when it is the only call in flight on the client; map
 * others with `callIdFor`), and its prompt closes when the call ends, times
 * out or is aborted, so a late answer is never sent. Register the handlers
 * first.
 *
 * @example
 * const result = await callMcpTool(client, { name: 'delete_file', arguments: { path } }, { callId: call.id, signal });
 */
export async function callMcpTool(client: Client, params: { name: string; arguments?: Record<string, unknown> | undefined }, options: McpCallOptions = {}): Promise<Awaited<ReturnType<Client['callTool']>>> {
  const { end, signal } = beginCall(bindingOf(client, 'callMcpTool'), params, options);
  try {
    return await client.callTool(params, undefined, requestOptionsOf(options, signal));
  } catch (error) {
    throw abortReasonOr(signal, error);
  } finally {
    end();
  }
}

/**
 * Keeps a connected client's tool list fresh (see `createToolListWatcher`):
 * lists every page now, again when the list's `ttlMs` runs out and when the
 * server sends `notifications/tools/list_changed`, and reports each tool that
 * changed in what the person approved. Give `store` (the provider's or
 * controller's approval store) to learn which changes cost an approval.
 * `dispose()` removes the notification handler.
 *
 * @example
 * const tools = watchMcpTools(client, 'notes', { store: controller.store, trust: () => controller.trustOf('notes'), onChange: log });
 * await tools.refresh();
 */
export function watchMcpTools(client: Client, serverId: string, options: McpToolWatchOptions = {}): ToolListWatcher {
  options ??= {};
  const watcher = createToolListWatcher({ ...options, serverId, list: () => listAllTools((cursor) => client.listTools(cursor === undefined ? undefined : { cursor }), options.maxPages) });
  let removed = options.listen === false;
  if (!removed) {
    try {
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => watcher.listChanged());
    } catch {
      removed = true;
    }
  }
  const dispose = watcher.dispose;
  return {
    ...watcher,
    dispose() {
      dispose();
      if (!removed) client.removeNotificationHandler('notifications/tools/list_changed');
      removed = true;
    },
  };
}
