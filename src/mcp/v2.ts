/**
 * react-mcp-annotations/mcp/v2 — the same wiring as `./mcp`, for the MCP SDK
 * v2 client (`@modelcontextprotocol/client` 2.x, an optional peer), in both
 * of its eras: 2025-11-25 ("legacy", the default) and 2026-07-28 ("modern",
 * `versionNegotiation: { mode: 'auto' }` or a pin). In the modern era servers
 * ask through `input_required` results (multi-round-trip); `callMcpTool`
 * drives those rounds itself, so every prompt names the call it belongs to.
 * No React here; the hooks are in `react-mcp-annotations/mcp/v2/react`.
 */
import { ProtocolError, type CallToolRequestOptions, type CallToolResult, type Client, type ClientCapabilities, type CreateMessageResult, type ElicitResult } from '@modelcontextprotocol/client';
import type { ConsentControllerCore } from '../core/consent/index.js';
import { finiteNumber, ownData } from '../core/shared/read.js';
import { createToolListWatcher, type ToolListWatcher } from '../core/tool/watcher.js';
import { answerOnce, collectInputResponses, beginCall, bindClient, bindingOf, capabilitiesFor, eitherSignal, elicit, listAllTools, sample, soleCall, stopFor, abortReasonOr, elicitationCompleteHandler, registrations, requestOptionsOf, type McpCallOptions as BaseCallOptions, type McpCapabilityOptions, type McpRequestHandlerOptions, type McpToolWatchOptions } from './shared.js';

export {
  answerInputRequests,
  elicitationsFromError,
  relatedTaskId,
  type InputRequestOptions,
  type McpCapabilityOptions,
  type McpRequestHandlerOptions,
  type McpToolWatchOptions,
} from './shared.js';

/**
 * The client capabilities to pass to `new Client(info, { capabilities })`
 * (v2). `applyDefaults` is never declared, and neither are tasks: the v2
 * client has no task support (a `resultType: "task"` result fails with the
 * SDK's `UNSUPPORTED_RESULT_TYPE` error), so `tasks: true` is ignored here.
 *
 * @example
 * const client = new Client({ name: 'my-host', version: '1.0.0' }, { capabilities: mcpClientCapabilities(), versionNegotiation: { mode: 'auto' } });
 */
export function mcpClientCapabilities(options: McpCapabilityOptions = {}): ClientCapabilities {
  options ??= {};
  return capabilitiesFor(options, false);
}

/**
 * Registers the v2 client's handlers for `elicitation/create` and
 * `sampling/createMessage`, so every request goes through the controller:
 * decided by policy, asked one at a time, recorded. The same handlers answer
 * a 2025-era server's requests and the input requests of a 2026-07-28 tool
 * result that the SDK fulfils by itself (its default auto-fulfil mode), with
 * the call's abort signal. In the legacy era each server request id is asked
 * once (a replay gets the same answer); in the modern era ids are the input
 * requests' keys, which repeat across calls, so nothing is remembered.
 * Returns a function that removes the handlers.
 *
 * @example
 * const stop = registerMcpRequestHandlers(client, controller, 'notes', { sample: runMyModel });
 */
export function registerMcpRequestHandlers(client: Client, controller: ConsentControllerCore, serverId: string, options: McpRequestHandlerOptions = {}): () => void {
  options ??= {};
  const once = answerOnce(options.memory);
  const { binding, unbind } = bindClient(client, { controller, serverId, options });
  const modern = () => client.getProtocolEra() === 'modern';
  const originOf = (request: { method: string; params: unknown }, ctx: { mcpReq: { id: string | number; signal: AbortSignal } }) => {
    const call = soleCall(client);
    const callId = options.callIdFor?.(request, { requestId: ctx.mcpReq.id }) ?? call?.callId;
    // A modern id is the input request's key ("confirm"), not a request id worth recording.
    return { requestId: modern() ? undefined : ctx.mcpReq.id, callId, callName: call?.toolName, signal: eitherSignal(ctx.mcpReq.signal, call?.ended), stop: stopFor(options, request, call, callId) };
  };
  const answer = <T>(method: string, ctx: { mcpReq: { id: string | number } }, ask: () => Promise<T>): Promise<T> => (modern() ? ask() : once(client.transport ?? client, `${method}:${String(ctx.mcpReq.id)}`, ask));
  const handlers = registrations();
  handlers.onRemove(unbind);
  const register = (method: string, add: () => void) => handlers.add(add, () => client.removeRequestHandler(method));

  register('elicitation/create', () =>
    client.setRequestHandler('elicitation/create', (request, ctx) =>
      answer(request.method, ctx, async () => (await elicit(binding.controller, serverId, request.params, originOf(request, ctx))) as ElicitResult),
    ),
  );
  register('sampling/createMessage', () =>
    client.setRequestHandler('sampling/createMessage', (request, ctx) =>
      answer(request.method, ctx, async () => {
        const outcome = await sample(binding.controller, serverId, request.params, originOf(request, ctx), options.sample);
        if (outcome.ok) return outcome.result as CreateMessageResult;
        throw new ProtocolError(outcome.code, outcome.message);
      }),
    ),
  );
  handlers.add(
    () => client.setNotificationHandler('notifications/elicitation/complete', elicitationCompleteHandler(options)),
    () => client.removeNotificationHandler('notifications/elicitation/complete'),
  );
  return handlers.removeAll;
}

/** Options for {@link callMcpTool} (v2): those of SDK 1.x, and how many rounds of questions. */
export interface McpCallOptions extends BaseCallOptions {
  /** Rounds of `input_required` answered at most before the call fails. Default 10 (the SDK's default). */
  maxRounds?: number | undefined;
}

/** A 2026-07-28 call asked for input more often than `maxRounds` allows. */
export class McpInputRoundsError extends Error {
  override readonly name = 'McpInputRoundsError';
  constructor(
    readonly toolName: string,
    readonly rounds: number,
  ) {
    super(`The tool "${toolName}" asked for input ${rounds} times; the call was stopped.`);
  }
}

/**
 * `client.callTool` with the call attributed (v2, both eras). In the
 * 2026-07-28 era it answers each `input_required` round itself, through the
 * controller, with this call's id and tool name — whether the client
 * auto-fulfils or not (`inputRequired.autoFulfill: false`) — and retries
 * with the answers and the server's `requestState`, up to `maxRounds`. In
 * the legacy era server requests that arrive during the call are tied to it
 * while it is the only call in flight. Either way its prompts close when the
 * call ends, times out or is aborted, so a late answer is never sent.
 * Register the handlers first.
 *
 * @example
 * const result = await callMcpTool(client, { name: 'delete_note', arguments: { id } }, { callId: call.id, signal });
 */
export async function callMcpTool(client: Client, params: { name: string; arguments?: Record<string, unknown> | undefined }, options: McpCallOptions = {}): Promise<CallToolResult> {
  const binding = bindingOf(client, 'callMcpTool');
  // Not a finite number (NaN, Infinity) reads as absent: rounds always end (a negative limit allows none, as 0).
  const maxRounds = finiteNumber(options.maxRounds) ?? 10;
  const { call, end, signal } = beginCall(binding, params, options);
  const requestOptions: CallToolRequestOptions = { ...requestOptionsOf(options, signal), allowInputRequired: true };
  try {
    let next: typeof params = params;
    for (let round = 0; ; round++) {
      const result: unknown = await client.callTool(next, requestOptions);
      if (ownData(result, 'resultType') !== 'input_required') return result as CallToolResult;
      if (round >= maxRounds) throw new McpInputRoundsError(call.toolName, round);
      const { responses: inputResponses, refused } = await collectInputResponses(
        binding.controller,
        binding.serverId,
        result,
        { sample: binding.options.sample, callId: call.callId, callName: call.toolName, signal: call.ended, stop: { kind: 'call', run: call.stop } },
        true,
      );
      signal.throwIfAborted();
      // A refused sampling request fails the call, as the SDK's auto-fulfilment does.
      if (refused) throw new ProtocolError(refused.code, refused.message);
      const requestState = ownData(result, 'requestState');
      next = { ...params, ...{ inputResponses }, ...(typeof requestState === 'string' ? { requestState } : {}) };
    }
  } catch (error) {
    throw abortReasonOr(signal, error);
  } finally {
    end();
  }
}

/**
 * Keeps a connected v2 client's tool list fresh (see `createToolListWatcher`):
 * lists now (past the SDK's response cache), again when the list's `ttlMs`
 * runs out and when the server says the list changed — by
 * `notifications/tools/list_changed` in the legacy era, through a
 * `subscriptions/listen` stream (opened here, closed by `dispose()`) in the
 * modern era. Give `store` to learn which changes cost an approval.
 *
 * @example
 * const tools = watchMcpTools(client, 'notes', { store: controller.store, trust: () => controller.trustOf('notes'), onChange: log });
 * await tools.refresh();
 */
export function watchMcpTools(client: Client, serverId: string, options: McpToolWatchOptions = {}): ToolListWatcher {
  options ??= {};
  const watcher = createToolListWatcher({
    ...options,
    serverId,
    list: () => listAllTools((cursor) => client.listTools(cursor === undefined ? undefined : { cursor }, { cacheMode: 'refresh' }), options.maxPages),
  });
  let disposed = false;
  let closeStream: (() => Promise<void>) | undefined;
  const listen = options.listen !== false;
  if (listen) {
    try {
      client.setNotificationHandler('notifications/tools/list_changed', () => watcher.listChanged());
    } catch {
      // Not offered by this client.
    }
  }
  // The era is known only once connected: the stream opens at the first fetch on a modern connection.
  let opened = false;
  const ensureStream = () => {
    if (!listen || opened || disposed || client.getProtocolEra() !== 'modern') return;
    opened = true;
    // At most a few re-opens after the stream drops, so a failing server cannot loop us.
    let reopens = 3;
    const open = () => {
      client.listen({ toolsListChanged: true }).then(
        (subscription) => {
          if (disposed) return void subscription.close();
          closeStream = () => subscription.close();
          void subscription.closed.then((how) => {
            if (how === 'remote' && !disposed && reopens-- > 0) {
              watcher.listChanged();
              open();
            }
          });
        },
        (error: unknown) => options.onError?.(error),
      );
    };
    open();
  };
  ensureStream();
  const { dispose, refresh } = watcher;
  return {
    ...watcher,
    refresh(reason) {
      ensureStream();
      return refresh(reason);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      dispose();
      void closeStream?.();
      if (listen) client.removeNotificationHandler('notifications/tools/list_changed');
    },
  };
}
