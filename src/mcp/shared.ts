/**
 * What both MCP SDK lines share (`./mcp` for `@modelcontextprotocol/sdk` 1.x,
 * `./mcp/v2` for `@modelcontextprotocol/client` 2.x): the answers to server
 * requests through the controller, the calls in flight a request is
 * attributed to, input requests, capabilities. Imports no SDK, so each entry
 * loads only its own line.
 *
 * One file (about 430 lines) on purpose: everything here is the contract both
 * SDK entries bind to, and each piece is small; splitting it would make both
 * entries import from several modules that always travel together.
 */
import type { ConsentControllerCore, ElicitationKindTypes, SamplingKindTypes } from '../core/consent/index.js';
import type { ToolListWatcherOptions } from '../core/tool/watcher.js';
import { isRecord } from '../core/shared/issues.js';
import { copyArray, finiteNumber, ownData, signalOf } from '../core/shared/read.js';

/** What `mcpClientCapabilities` declares. */
export interface McpCapabilityOptions {
  /** Form and/or URL elicitation. Default both. */
  elicitation?: boolean | { form?: boolean | undefined; url?: boolean | undefined } | undefined;
  /**
   * The host's model for sampling (the same function as
   * `registerMcpRequestHandlers`' `sample`): sampling is declared only with
   * it, so a server never asks a host that cannot answer.
   */
  sample?: ((...args: never[]) => unknown) | undefined;
  /**
   * Sampling without `sample`: `true` declares it anyway (the model is
   * wired elsewhere), `false` never. Default: declared when `sample` is given.
   */
  sampling?: boolean | undefined;
  /**
   * Answer task-augmented elicitation and sampling requests (the `-async`
   * tools of server-everything). SDK 1.x only (2.x has no task client).
   * Declare it only when the client also gets a `taskStore` (the SDK's
   * `InMemoryTaskStore` needs Node's crypto; in a browser bring your own).
   * Default false.
   */
  tasks?: boolean | undefined;
}

/** The capabilities object both lines accept; `tasks` only where the line can answer them. */
export function capabilitiesFor(options: McpCapabilityOptions, allowTasks: boolean): Record<string, unknown> {
  const elicitation = options.elicitation ?? true;
  const form = elicitation === true || (typeof elicitation === 'object' && elicitation.form !== false);
  const url = elicitation === true || (typeof elicitation === 'object' && elicitation.url !== false);
  const sampling = options.sampling ?? typeof options.sample === 'function';
  const capabilities: Record<string, unknown> = {};
  if (form || url) capabilities.elicitation = { ...(form ? { form: {} } : {}), ...(url ? { url: {} } : {}) };
  if (sampling) capabilities.sampling = {};
  if (allowTasks && options.tasks === true && (form || url || sampling)) {
    capabilities.tasks = {
      requests: {
        ...(sampling ? { sampling: { createMessage: {} } } : {}),
        ...(form || url ? { elicitation: { create: {} } } : {}),
      },
    };
  }
  return capabilities;
}

/** Options for `registerMcpRequestHandlers` (both lines). */
export interface McpRequestHandlerOptions {
  /**
   * Runs the host's model for an approved sampling request and returns a
   * `CreateMessageResult`. Without it, every sampling request is refused.
   */
  sample?: ((params: Record<string, unknown>, context: { signal: AbortSignal }) => Promise<unknown>) | undefined;
  /**
   * Ties a server request to a call of the host (its card gets focus back),
   * e.g. through a related task id. Calls made with `callMcpTool` are tied
   * without it whenever they are the only call in flight on the client.
   */
  callIdFor?: ((request: { method: string; params: unknown }, extra: { requestId: string | number }) => string | undefined) | undefined;
  /** A URL elicitation's out-of-band flow finished (`notifications/elicitation/complete`, protocol 2025-11-25 only). */
  onElicitationComplete?: ((elicitationId: string) => void) | undefined;
  /** How many answered request ids to remember against replays. Default 500. */
  memory?: number | undefined;
  /**
   * Stops a task that asks (`relatedTaskId`), e.g. `client.experimental.tasks.cancelTask(taskId)`:
   * with it, a task's question offers "Stop task". A question during a
   * `callMcpTool` call offers "Stop call" without it (the call is aborted).
   */
  onStop?: ((target: { taskId: string; callId: string | undefined }) => void) | undefined;
}

/** Options for `callMcpTool` (both lines). */
export interface McpCallOptions {
  /** The host's id for this call (its card's `callId`): its prompts return focus there. */
  callId?: string | undefined;
  /** Stops the call; its open prompts close with `cancel`. */
  signal?: AbortSignal | undefined;
  /** The SDK's request timeout for the call, in ms. */
  timeout?: number | undefined;
  /** The server's progress notifications for the call. */
  onprogress?: ((progress: { progress: number; total?: number | undefined; message?: string | undefined }) => void) | undefined;
  /** Restart `timeout` on each progress notification (a long call that reports progress lives on). */
  resetTimeoutOnProgress?: boolean | undefined;
}

/** The SDK request options a call passes on, without keys for what is unset. */
export function requestOptionsOf(options: McpCallOptions, signal: AbortSignal) {
  return {
    signal,
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    ...(options.onprogress ? { onprogress: options.onprogress } : {}),
    ...(options.resetTimeoutOnProgress !== undefined ? { resetTimeoutOnProgress: options.resetTimeoutOnProgress } : {}),
  };
}

/** Handler registrations on one client, removed together; one the client refuses (an undeclared capability) is skipped. */
export function registrations() {
  const removers: Array<() => void> = [];
  return {
    add(register: () => void, remove: () => void) {
      try {
        register();
        removers.push(remove);
      } catch {
        // The client did not declare this capability, or does not offer the notification: nothing to answer.
      }
    },
    onRemove: (remove: () => void) => void removers.push(remove),
    removeAll() {
      for (const remove of removers.splice(0)) remove();
    },
  };
}

/** The `notifications/elicitation/complete` handler (protocol 2025-11-25). */
export const elicitationCompleteHandler = (options: McpRequestHandlerOptions) => (notification: { params?: unknown }) => {
  const id = ownData(notification.params, 'elicitationId');
  if (typeof id === 'string') options.onElicitationComplete?.(id);
};

/** A call in flight that server requests can be attributed to. */
export interface McpCallInFlight {
  callId: string | undefined;
  /** The tool's name, shown in the prompt ("Asked during …"). */
  toolName: string;
  /** Aborted when the call ends (it settled, timed out or was aborted): its prompts close. */
  ended: AbortSignal;
  /** Stops the call (the person chose "Stop call" in one of its prompts). */
  stop: () => void;
}

/** What a registration keeps per client, for `callMcpTool`. */
export interface McpBinding {
  controller: ConsentControllerCore;
  serverId: string;
  options: McpRequestHandlerOptions;
  calls: Set<McpCallInFlight>;
}

const bindings = new WeakMap<object, McpBinding>();

/** Ties a client to the controller it answers through; returns the un-binding. */
export function bindClient(client: object, binding: Omit<McpBinding, 'calls'>): { binding: McpBinding; unbind: () => void } {
  const full: McpBinding = { ...binding, calls: bindings.get(client)?.calls ?? new Set() };
  bindings.set(client, full);
  return {
    binding: full,
    unbind: () => {
      if (bindings.get(client) === full) bindings.delete(client);
    },
  };
}

/** The registration of a client, or a clear error for a host that forgot it. */
export function bindingOf(client: object, caller: string): McpBinding {
  const binding = bindings.get(client);
  if (!binding) throw new Error(`${caller}: register this client's request handlers first (registerMcpRequestHandlers or useMcpRequestHandlers).`);
  return binding;
}

/** The one call in flight on a client; none when there are several (a request could belong to any). */
export function soleCall(client: object): McpCallInFlight | undefined {
  const calls = bindings.get(client)?.calls;
  if (!calls || calls.size !== 1) return undefined;
  return calls.values().next().value;
}

/**
 * Marks a call as in flight until `end` runs (which also closes its prompts).
 * `signal` is what the SDK request gets: the host's, or the person's Stop.
 */
export function beginCall(binding: McpBinding, params: unknown, options: McpCallOptions): { call: McpCallInFlight; end: () => void; signal: AbortSignal } {
  const ended = new AbortController();
  const stopped = new AbortController();
  // Read as data: a host's malformed call still runs (and fails in the SDK), never throws here.
  const signal = eitherSignal(signalOf(options), stopped.signal)!;
  const name = ownData(params, 'name');
  const callId = ownData(options, 'callId');
  const call: McpCallInFlight = { callId: typeof callId === 'string' ? callId : undefined, toolName: typeof name === 'string' ? name : '', ended: ended.signal, stop: () => stopped.abort(new DOMException('The person stopped the call.', 'AbortError')) };
  const onAbort = () => ended.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  if (signal.aborted) ended.abort(signal.reason);
  binding.calls.add(call);
  return {
    call,
    signal,
    end() {
      binding.calls.delete(call);
      signal.removeEventListener('abort', onAbort);
      ended.abort();
    },
  };
}

/**
 * What a call that was aborted rejects with: the abort's own reason (an
 * `AbortError`, which `toolCallStatusFromError` shows as cancelled), not
 * whatever the SDK wrapped it in (v2 turns it into a timeout error).
 */
export function abortReasonOr(signal: AbortSignal, error: unknown): unknown {
  return signal.aborted && signal.reason !== undefined ? signal.reason : error;
}

/** A signal aborted when any of the given ones is. */
export function eitherSignal(...signals: Array<AbortSignal | undefined>): AbortSignal | undefined {
  const present = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  if (present.length <= 1) return present[0];
  // The platform's combination holds its sources weakly: a host's long-lived signal passed to many calls
  // does not collect one listener per call (the fallback below does, for runtimes without it).
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(present);
  const both = new AbortController();
  for (const signal of present) {
    if (signal.aborted) {
      both.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => both.abort(signal.reason), { once: true });
  }
  return both.signal;
}

/**
 * One answer per server request id and connection; the oldest are forgotten
 * first. Ids restart with every connection (a reconnect, another server
 * instance), so the memory is kept per transport: a new connection's request
 * 0 is a new question, never answered with the old one's answer.
 */
export function answerOnce(memory: unknown) {
  // Answers kept per connection (default 500); a value that is not a finite number reads as absent, never as "keep all".
  const max = finiteNumber(memory) ?? 500;
  const byConnection = new WeakMap<object, Map<string, Promise<unknown>>>();
  return <T>(connection: object, key: string, ask: () => Promise<T>): Promise<T> => {
    let answers = byConnection.get(connection);
    if (!answers) byConnection.set(connection, (answers = new Map()));
    const known = answers.get(key);
    if (known) return known as Promise<T>;
    const answer = ask();
    answers.set(key, answer);
    if (answers.size > max) answers.delete(answers.keys().next().value!);
    return answer;
  };
}

/** The error a person's refusal of a sampling request gives the server (the spec's suggestion). */
export const SAMPLING_REJECTED_CODE = -1;

/** How often an open prompt for a task-augmented request checks that its task still waits. */
export const TASK_WATCH_MS = 1000;

/** Where a server request came from, for the prompt and its record. */
export interface RequestOrigin {
  requestId?: string | number | undefined;
  signal?: AbortSignal | undefined;
  callId?: string | undefined;
  callName?: string | undefined;
  /** Elicitation: what its Stop button stops. */
  stop?: { kind: 'task' | 'call'; run: () => void } | undefined;
}

/** What a question's Stop button stops: the task that asks (when the host can stop tasks), else the call in flight. */
export function stopFor(options: McpRequestHandlerOptions, request: unknown, call: McpCallInFlight | undefined, callId: string | undefined): RequestOrigin['stop'] {
  const taskId = relatedTaskId(request);
  const onStop = options.onStop;
  if (taskId !== undefined && onStop) return { kind: 'task', run: () => onStop({ taskId, callId }) };
  return call ? { kind: 'call', run: call.stop } : undefined;
}

/** An elicitation through the controller; the answer is the `ElicitResult` to send. */
export async function elicit(controller: ConsentControllerCore, serverId: string, params: unknown, origin: RequestOrigin): Promise<Record<string, unknown>> {
  // A host whose controller has no elicitation kind asks nobody: the server hears a no.
  if (!controller.has('elicitation')) return { action: 'decline' };
  const outcome = await (controller as ConsentControllerCore<ElicitationKindTypes>).request('elicitation', { serverId, params, ...origin });
  return outcome.result as unknown as Record<string, unknown>;
}

/** A sampling request through the controller: the result, or the error to send. */
export async function sample(
  controller: ConsentControllerCore,
  serverId: string,
  params: unknown,
  { stop: _stop, ...origin }: RequestOrigin,
  run: McpRequestHandlerOptions['sample'],
): Promise<{ ok: true; result: Record<string, unknown> } | { ok: false; code: number; message: string }> {
  // A sampling review has Deny; Stop is an elicitation's.
  // Without a model the policy blocks it unasked (`sampling-no-model`): nobody reviews a request that cannot run.
  // A host whose controller has no sampling kind lends no model: refused, as without a model.
  const outcome = controller.has('sampling') ? await (controller as ConsentControllerCore<SamplingKindTypes>).request('sampling', { serverId, params, ...origin, sample: run }) : undefined;
  if (outcome?.outcome === 'approved' && outcome.result) return { ok: true, result: outcome.result };
  if (outcome?.outcome === 'failed') return { ok: false, code: -32603, message: outcome.error ?? 'The model failed.' };
  const noModel = !outcome || outcome.record.reasons.some((reason) => reason.code === 'sampling-no-model');
  return { ok: false, code: SAMPLING_REJECTED_CODE, message: noModel ? 'This app has no model for sampling.' : 'User rejected sampling request' };
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

/**
 * The URL elicitations a tool call's error asks for: MCP error -32042
 * (`UrlElicitationRequiredError`, protocol 2025-11-25) carries them in
 * `data.elicitations`. Put each through the controller's elicitation kind (the
 * same consent as a request), then retry the call. `[]` for any other error.
 */
export function elicitationsFromError(error: unknown): unknown[] {
  if (!isRecord(error) && !(error instanceof Error)) return [];
  if (ownData(error, 'code') !== -32042) return [];
  const data = ownData(error, 'data');
  // -32042 is only ever URL consent: the server's own `mode` never turns it into a form.
  return (copyArray(isRecord(data) ? ownData(data, 'elicitations') : undefined, 16) ?? []).filter(isRecord).map((params) => ({ ...params, mode: 'url' }));
}

/** Options for `answerInputRequests`. */
export interface InputRequestOptions {
  sample?: McpRequestHandlerOptions['sample'];
  /** The call the requests belong to: its card gets focus back. */
  callId?: string | undefined;
  /** The call's tool, named in the prompt. */
  callName?: string | undefined;
  /** Aborted when the call no longer waits (it timed out or was stopped): open prompts close, the rest are not asked. */
  signal?: AbortSignal | undefined;
  /** Offers "Stop call" (or "Stop task") in each question: `run` stops what asked. */
  stop?: { kind: 'task' | 'call'; run: () => void } | undefined;
}

/**
 * Protocol 2026-07-28: a tool result of `resultType: "input_required"`
 * carries `inputRequests` by key. Each goes through the same consent as a
 * server request (elicitation or sampling); the answers, by the same keys, are
 * the `inputResponses` to send with the retried call. A request of an unknown
 * method is answered with a decline; once `signal` aborts, the rest are
 * answered with `cancel` unasked. A refused sampling request is answered
 * `{ error: { code, message } }`, which a 2026-07-28 server cannot read (it
 * would ask again): stop the call on it, as `callMcpTool` does.
 */
export async function answerInputRequests(controller: ConsentControllerCore, serverId: string, result: unknown, options: InputRequestOptions = {}): Promise<Record<string, unknown>> {
  return (await collectInputResponses(controller, serverId, result, options, false)).responses;
}

/**
 * The answers to a result's input requests, in order. With `stopAtRefusal`, a
 * refused sampling request ends the round and is returned as `refused` (the
 * call fails with it, as the SDK's own auto-fulfilment does): a server that
 * never sees an answer would only ask again.
 */
export async function collectInputResponses(
  controller: ConsentControllerCore,
  serverId: string,
  result: unknown,
  options: InputRequestOptions,
  stopAtRefusal: boolean,
): Promise<{ responses: Record<string, unknown>; refused?: { code: number; message: string } | undefined }> {
  const requests = ownData(result, 'inputRequests');
  if (!isRecord(requests)) return { responses: {} };
  const entries = Object.keys(requests).slice(0, 32);
  // A Map, then own properties: a key such as "__proto__" stays a key.
  const answers = new Map<string, unknown>();
  const origin: RequestOrigin = { callId: options.callId, callName: options.callName, signal: options.signal, stop: options.stop };
  // One at a time, in order: the person answers them in the order the server listed them.
  for (const key of entries) {
    const request = ownData(requests, key);
    const method = ownData(request, 'method');
    const params = ownData(request, 'params');
    if (options.signal?.aborted) {
      answers.set(key, { action: 'cancel' });
    } else if (method === 'elicitation/create') {
      answers.set(key, await elicit(controller, serverId, params, origin));
    } else if (method === 'sampling/createMessage') {
      const answer = await sample(controller, serverId, params, origin, options.sample);
      if (!answer.ok && stopAtRefusal) return { responses: Object.fromEntries(answers), refused: { code: answer.code, message: answer.message } };
      answers.set(key, answer.ok ? answer.result : { error: { code: answer.code, message: answer.message } });
    } else {
      answers.set(key, { action: 'decline' });
    }
  }
  return { responses: Object.fromEntries(answers) };
}

/** Every page of a `tools/list` (at most `maxPages`, default 50; one that is not a finite number reads as absent), with the first page's `ttlMs`. */
export async function listAllTools(list: (cursor: string | undefined) => Promise<unknown>, maxPages: unknown) {
  const tools: unknown[] = [];
  let cursor: string | undefined;
  let ttlMs: unknown;
  // Held to 1,000, so a server cannot page forever whatever the host passed.
  const pages = Math.min(1000, finiteNumber(maxPages) ?? 50);
  // Always the first page: a list that was never fetched must not read as empty (every tool removed).
  for (let page = 0; ; ) {
    const result = await list(cursor);
    if (page === 0) ttlMs = ownData(result, 'ttlMs');
    tools.push(...(copyArray(ownData(result, 'tools'), 10_000) ?? []));
    const next = ownData(result, 'nextCursor');
    if (++page >= pages || typeof next !== 'string' || next === '' || next === cursor) break;
    cursor = next;
  }
  return { tools, ...(typeof ttlMs === 'number' ? { ttlMs } : {}) };
}

/** Options for `watchMcpTools`: the watcher's, without `list` (the client lists). */
export type McpToolWatchOptions = Omit<ToolListWatcherOptions, 'serverId' | 'list'> & {
  /** Pages fetched at most (`nextCursor`), so a server cannot page forever. Default 50. */
  maxPages?: number | undefined;
  /**
   * Handle `notifications/tools/list_changed` on the client. Default true. An
   * SDK client keeps one handler per notification, so this replaces yours: if
   * you have one, pass false and call `watcher.listChanged()` from it.
   */
  listen?: boolean | undefined;
};
