/**
 * react-mcp-annotations/mcp — wires an MCP SDK client to the approval
 * controller: the server's `elicitation/create` and `sampling/createMessage`
 * requests wait in the same queue as tool confirmations. Needs
 * `@modelcontextprotocol/sdk` (an optional peer, so the root entry never
 * loads it). No React here; the hook is in `react-mcp-annotations/mcp/react`.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, ElicitationCompleteNotificationSchema, McpError, ToolListChangedNotificationSchema, type ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { createToolListWatcher, type ToolListWatcher, type ToolListWatcherOptions } from '../core/tool/watcher.js';
import type { ApprovalController, ElicitationOutcome } from '../core/consent/controller.js';
import { isRecord } from '../core/shared/issues.js';
import { copyArray, ownData } from '../core/shared/read.js';

/** What {@link mcpClientCapabilities} declares. */
export interface McpCapabilityOptions {
  /** Form and/or URL elicitation. Default both. */
  elicitation?: boolean | { form?: boolean | undefined; url?: boolean | undefined } | undefined;
  /** Sampling. Default true. */
  sampling?: boolean | undefined;
  /**
   * Answer task-augmented elicitation and sampling requests (the `-async`
   * tools of server-everything). Declare it only when the client also gets a
   * `taskStore` (the SDK's `InMemoryTaskStore` needs Node's crypto; in a
   * browser bring your own). Default false.
   */
  tasks?: boolean | undefined;
}

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
  const elicitation = options.elicitation ?? true;
  const form = elicitation === true || (typeof elicitation === 'object' && elicitation.form !== false);
  const url = elicitation === true || (typeof elicitation === 'object' && elicitation.url !== false);
  const sampling = options.sampling !== false;
  const capabilities: Record<string, unknown> = {};
  if (form || url) capabilities.elicitation = { ...(form ? { form: {} } : {}), ...(url ? { url: {} } : {}) };
  if (sampling) capabilities.sampling = {};
  if (options.tasks === true && (form || url || sampling)) {
    capabilities.tasks = {
      requests: {
        ...(sampling ? { sampling: { createMessage: {} } } : {}),
        ...(form || url ? { elicitation: { create: {} } } : {}),
      },
    };
  }
  return capabilities as ClientCapabilities;
}

/** The SDK's task store on a request's `extra`, as far as the handlers use it. */
interface RequestTaskStore {
  createTask(options: { ttl?: number | null | undefined }): Promise<{ taskId: string }>;
  updateTaskStatus(taskId: string, status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled', statusMessage?: string): Promise<void>;
  storeTaskResult(taskId: string, status: 'completed' | 'failed', result: Record<string, unknown>): Promise<void>;
  getTask(taskId: string): Promise<{ status: string } | null | undefined>;
}

/** How often an open prompt for a task-augmented request checks that its task still waits. */
export const TASK_WATCH_MS = 1000;

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

/** Options for {@link registerMcpRequestHandlers}. */
export interface McpRequestHandlerOptions {
  /**
   * Runs the host's model for an approved sampling request and returns a
   * `CreateMessageResult`. Without it, every sampling request is refused.
   */
  sample?: ((params: Record<string, unknown>, context: { signal: AbortSignal }) => Promise<unknown>) | undefined;
  /** Ties a server request to a call of the host (its card gets focus back), e.g. through a related task id. */
  callIdFor?: ((request: { method: string; params: unknown }, extra: { requestId: string | number }) => string | undefined) | undefined;
  /** A URL elicitation's out-of-band flow finished (`notifications/elicitation/complete`). */
  onElicitationComplete?: ((elicitationId: string) => void) | undefined;
  /** How many answered request ids to remember against replays. Default 500. */
  memory?: number | undefined;
}

/**
 * The task a server request belongs to (`_meta["io.modelcontextprotocol/related-task"].taskId`),
 * so a host can tie it to the call that started the task. `undefined` when none.
 */
export function relatedTaskId(request: unknown): string | undefined {
  const meta = ownData(ownData(request, 'params'), '_meta');
  const id = ownData(ownData(meta, 'io.modelcontextprotocol/related-task'), 'taskId');
  return typeof id === 'string' ? id : undefined;
}

/** The error a person's refusal of a sampling request gives the server (the spec's suggestion). */
export const SAMPLING_REJECTED_CODE = -1;

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
export function registerMcpRequestHandlers(client: Client, controller: ApprovalController, serverId: string, options: McpRequestHandlerOptions = {}): () => void {
  const memory = options.memory ?? 500;
  const answers = new Map<string, Promise<unknown>>();
  // One answer per server request id; the oldest are forgotten first.
  const once = (method: string, extra: RequestExtra, ask: () => Promise<unknown>): Promise<unknown> => {
    const key = `${method}:${String(extra.requestId)}`;
    const known = answers.get(key);
    if (known) return known;
    const answer = ask();
    answers.set(key, answer);
    if (answers.size > memory) answers.delete(answers.keys().next().value!);
    return answer;
  };
  const removers: Array<() => void> = [];
  const register = (method: string, add: () => void) => {
    try {
      add();
      removers.push(() => client.removeRequestHandler(method));
    } catch {
      // The client did not declare this capability: nothing to answer.
    }
  };

  register('elicitation/create', () =>
    client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
      once(request.method, extra, async () => {
        const ask = async (signal?: AbortSignal) => {
          const outcome: ElicitationOutcome = await controller.requestElicitation({
            serverId,
            params: request.params,
            requestId: extra.requestId,
            signal,
            callId: options.callIdFor?.(request, extra),
          });
          return outcome.result as unknown as Record<string, unknown>;
        };
        const asTask = await answerAsTask(request, extra, async (signal) => ({ ok: true, result: await ask(signal) }));
        return asTask ?? (await ask(extra.signal));
      }) as Promise<never>,
    ),
  );

  register('sampling/createMessage', () =>
    client.setRequestHandler(CreateMessageRequestSchema, (request, extra) =>
      once(request.method, extra, async () => {
        const ask = async (signal?: AbortSignal): Promise<{ ok: true; result: Record<string, unknown> } | { ok: false; code: number; message: string }> => {
          const outcome = await controller.requestSampling({
            serverId,
            params: request.params,
            requestId: extra.requestId,
            signal,
            callId: options.callIdFor?.(request, extra),
            sample: options.sample ?? (() => Promise.reject(new Error('This app has no model for sampling.'))),
          });
          if (outcome.outcome === 'approved' && outcome.result) return { ok: true, result: outcome.result };
          if (outcome.outcome === 'failed') return { ok: false, code: -32603, message: outcome.error ?? 'The model failed.' };
          return { ok: false, code: SAMPLING_REJECTED_CODE, message: 'User rejected sampling request' };
        };
        const asTask = await answerAsTask(request, extra, (signal) => ask(signal));
        if (asTask) return asTask;
        const answer = await ask(extra.signal);
        if (answer.ok) return answer.result;
        throw new McpError(answer.code, answer.message);
      }) as Promise<never>,
    ),
  );

  try {
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) => {
      const id = ownData(notification.params, 'elicitationId');
      if (typeof id === 'string') options.onElicitationComplete?.(id);
    });
    removers.push(() => client.removeNotificationHandler('notifications/elicitation/complete'));
  } catch {
    // Older protocol without the notification.
  }

  return () => {
    for (const remove of removers.splice(0)) remove();
  };
}

/**
 * The URL elicitations a tool call's error asks for: MCP error -32042
 * (`UrlElicitationRequiredError`) carries them in `data.elicitations`. Put
 * each through `controller.requestElicitation` (the same consent as a
 * request), then retry the call. `[]` for any other error.
 */
export function elicitationsFromError(error: unknown): unknown[] {
  if (!isRecord(error) && !(error instanceof Error)) return [];
  if (ownData(error, 'code') !== -32042) return [];
  const data = ownData(error, 'data');
  // -32042 is only ever URL consent: the server's own `mode` never turns it into a form.
  return (copyArray(isRecord(data) ? ownData(data, 'elicitations') : undefined, 16) ?? []).filter(isRecord).map((params) => ({ ...params, mode: 'url' }));
}

/**
 * Protocol 2026-07-28: a tool result of `resultType: "input_required"`
 * carries `inputRequests` by key. Each goes through the same consent as a
 * server request (elicitation or sampling); the answers, by the same keys, are
 * the `inputResponses` to send with the retried call. A request of an unknown
 * method is answered with a decline.
 */
export async function answerInputRequests(
  controller: ApprovalController,
  serverId: string,
  result: unknown,
  options: { sample?: McpRequestHandlerOptions['sample']; callId?: string | undefined } = {},
): Promise<Record<string, unknown>> {
  const requests = ownData(result, 'inputRequests');
  if (!isRecord(requests)) return {};
  const entries = Object.keys(requests).slice(0, 32);
  // A Map, then own properties: a key such as "__proto__" stays a key.
  const answers = new Map<string, unknown>();
  // One at a time, in order: the person answers them in the order the server listed them.
  for (const key of entries) {
    const request = ownData(requests, key);
    const method = ownData(request, 'method');
    const params = ownData(request, 'params');
    if (method === 'elicitation/create') {
      answers.set(key, (await controller.requestElicitation({ serverId, params, callId: options.callId })).result);
    } else if (method === 'sampling/createMessage') {
      const outcome = await controller.requestSampling({
        serverId,
        params,
        callId: options.callId,
        sample: options.sample ?? (() => Promise.reject(new Error('This app has no model for sampling.'))),
      });
      answers.set(key, outcome.outcome === 'approved' ? outcome.result : { error: { code: SAMPLING_REJECTED_CODE, message: 'User rejected sampling request' } });
    } else {
      answers.set(key, { action: 'decline' });
    }
  }
  return Object.fromEntries(answers);
}

/** Options for `watchMcpTools`: the watcher's, without `list` (the client lists). */
export type McpToolWatchOptions = Omit<ToolListWatcherOptions, 'serverId' | 'list'> & {
  /** Pages fetched at most (`nextCursor`), so a server cannot page forever. Default 50. */
  maxPages?: number | undefined;
  /**
   * Handle `notifications/tools/list_changed` on the client. Default true. The
   * v1 client keeps one handler per notification, so this replaces yours: if
   * you have one, pass false and call `watcher.listChanged()` from it.
   */
  listen?: boolean | undefined;
};

/** Every page of `tools/list`, with the first page's `ttlMs`. */
async function listAllTools(client: Client, maxPages: number) {
  const tools: unknown[] = [];
  let cursor: string | undefined;
  let ttlMs: unknown;
  for (let page = 0; page < maxPages; page++) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor });
    if (page === 0) ttlMs = ownData(result, 'ttlMs');
    tools.push(...(copyArray(ownData(result, 'tools'), 10_000) ?? []));
    const next = ownData(result, 'nextCursor');
    if (typeof next !== 'string' || next === '' || next === cursor) break;
    cursor = next;
  }
  return { tools, ...(typeof ttlMs === 'number' ? { ttlMs } : {}) };
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
  const maxPages = Math.max(1, options.maxPages ?? 50);
  const watcher = createToolListWatcher({ ...options, serverId, list: () => listAllTools(client, maxPages) });
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
