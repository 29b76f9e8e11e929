/**
 * The whole chat route for `useChat`, with this library's policy and audience
 * rule in place: `export const POST = createMcpChatRoute({ … })`.
 */
import { createUIMessageStreamResponse, InvalidToolApprovalSignatureError, stepCountIs, streamText, toUIMessageStream, validateUIMessages, type LanguageModel, type ToolSet, type UIMessage } from 'ai';
import type { ConsentPolicy, DecisionRecord } from '../core/consent/index.js';
import { isRecord } from '../core/shared/issues.js';
import { copyArray, numberOption, ownData } from '../core/shared/read.js';
import { checkApprovalOptions, mcpToolApproval } from './approval.js';
import { gateReason, gateReasonLabels, reasonsToWire, type GateReasonCode } from '../gate/reasons.js';
import { toModelMessages } from './messages.js';
import { annotateMcpTools, type AnnotateMcpToolsOptions } from './tools.js';
import { McpChatStoreError, isChatId, type McpChatStore } from '../gate/store.js';

/** What the route knows about a request when it asks the host for tools or a model. */
export interface McpChatRequestContext {
  /** The chat id from the body (the `useChat` id), already authorised. */
  chatId: string;
  request: Request;
}

/** Who may use a chat id: a check, or the explicit opt-out `'anyone'`. */
export type McpChatAuthorize = ((chatId: string, request: Request) => boolean | PromiseLike<boolean>) | 'anyone';

type StreamTextOptions = Parameters<typeof streamText>[0];

/** Options for `createMcpChatRoute`. */
export interface McpChatRouteOptions extends Pick<ConsentPolicy, 'servers' | 'mode' | 'taintGuard'>, Pick<AnnotateMcpToolsOptions, 'namespace' | 'includeStructuredContent'> {
  /** The model, or one per request. */
  model: LanguageModel | ((context: McpChatRequestContext) => LanguageModel | PromiseLike<LanguageModel>);
  /** The MCP tools for this request (`await mcpClient.tools()`, one set per client). */
  tools: (context: McpChatRequestContext) => ToolSet | readonly ToolSet[] | PromiseLike<ToolSet | readonly ToolSet[]>;
  /** Signs approval requests (`experimental_toolApprovalSecret`): a long random value, the same on every instance. */
  secret: string | Uint8Array;
  /** Chat state shared by every instance (`createMcpChatStore()`; on several instances give it Redis storage). */
  store: McpChatStore;
  /**
   * Whether the caller may use this chat id. The id comes from the browser
   * and keys the chat's remembered approvals, pending questions and the
   * model's view of every result: without a check, anyone who learns or
   * guesses an id can act in that chat. Return `false` to refuse (403).
   * `'anyone'` opts out on purpose (a demo, or ids checked elsewhere).
   */
  authorize: McpChatAuthorize;
  /** Approval ids the person asked to remember, read from the body's `remember` (what `useRememberedApprovals().body` sends). Default true. */
  readRemember?: boolean | undefined;
  /** Every decision, for the host's log: runs, the person's approvals and denials, policy blocks, invalid and replayed approvals. */
  onDecision?: ((record: DecisionRecord) => void) | undefined;
  /** Server-side errors, for the host's log (the browser only gets `errorText`). Default: `console.error`. */
  onError?: ((error: unknown) => void) | undefined;
  /** What the browser is told when something fails. Default: a short sentence that never includes internals. */
  errorText?: ((error: unknown) => string) | undefined;
  /** Extra `streamText` options (system prompt, `stopWhen`, provider options…). Default `stopWhen: stepCountIs(5)`. */
  streamText?: Omit<StreamTextOptions, 'model' | 'tools' | 'messages' | 'prompt' | 'toolApproval' | 'experimental_toolApprovalSecret'> | undefined;
  /** Largest request body accepted, in bytes (UTF-8, as sent). Default 4 MiB. A larger `Content-Length` is refused before anything is read; a body without one is read no further than this. */
  maxBodyBytes?: number | undefined;
}

/**
 * The body as text, or `null` when it is over `max` bytes: refused on its
 * `Content-Length` before anything is read, and read no further than the
 * limit when it has none (or lies).
 */
async function readBody(request: Request, max: number): Promise<string | null> {
  if (Number(request.headers.get('content-length')) > max) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  if (!reader) return '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      // Nothing past the limit is read.
      void reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(await new Blob(chunks as BlobPart[]).arrayBuffer());
}

/** A coded error (`McpChatError` in the browser says it in the host's words). */
const coded = (code: GateReasonCode) => reasonsToWire([gateReason(code)]);
/** A plain-text response. */
const reply = (status: number, text: string) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
const refuse = (status: number, code: GateReasonCode) => reply(status, coded(code));

/** What the browser gets for an error: a code, never internals, never server text, never words. */
export function defaultMcpChatErrorText(error: unknown): string {
  if (InvalidToolApprovalSignatureError.isInstance(error)) return coded('approval-invalid');
  if (McpChatStoreError.isInstance(error)) return coded('store-unavailable');
  return coded('chat-failed');
}

/**
 * A part the server settled as refused keeps the person's `approved: true`
 * when a policy block overrode it, and the AI SDK then rejects every later
 * request (validateUIMessages). Such a part is a refusal either way: say so.
 */
export function normalizeMcpChatMessages(messages: unknown): unknown {
  const list = copyArray(messages, 100_000);
  if (!list) return messages;
  return list.map((message) => {
    const parts = copyArray(ownData(message, 'parts'), 10_000);
    if (!isRecord(message) || !parts) return message;
    let changed = false;
    const next = parts.map((part) => {
      const approval = ownData(part, 'approval');
      if (ownData(part, 'state') === 'output-denied' && isRecord(approval) && ownData(approval, 'approved') === true) {
        changed = true;
        return { ...(part as object), approval: { ...approval, approved: false } };
      }
      return part;
    });
    return changed ? { ...message, parts: next } : message;
  });
}

/**
 * The chat route for `useChat`, whole: parses and checks the body, asks
 * `authorize` whether the caller owns the chat, builds the MCP tools for the
 * request (user view to the browser, assistant view to the model), applies
 * the approval policy (single-use approvals bound to their question; every
 * outcome recorded), runs `streamText` and returns the UI message stream
 * with safe error text. A `Request` in, a `Response` out:
 *
 * @example
 * // app/api/chat/route.ts (Next.js)
 * export const POST = createMcpChatRoute({ model, tools: async () => [await github.tools()], servers, secret, store, authorize });
 */
export function createMcpChatRoute(options: McpChatRouteOptions): (request: Request) => Promise<Response> {
  if (!options || typeof options !== 'object') throw new TypeError('createMcpChatRoute needs options: { model, tools, servers, secret, store, authorize }.');
  if (typeof options.authorize !== 'function' && options.authorize !== 'anyone') {
    throw new TypeError(
      "createMcpChatRoute needs { authorize }: the chat id comes from the browser and keys the chat's approvals and results. Pass authorize: (chatId, request) => whether this caller owns the chat, or authorize: 'anyone' to opt out on purpose.",
    );
  }
  if (typeof options.tools !== 'function') throw new TypeError('createMcpChatRoute needs { tools }: a function that returns the MCP tools for a request (await mcpClient.tools()).');
  if (!options.store) throw new TypeError('createMcpChatRoute needs { store }: createMcpChatStore().');
  // The same checks mcpToolApproval makes, at start-up rather than at the first request, naming this function.
  checkApprovalOptions({ secret: options.secret, chatId: '', store: options.store, servers: options.servers }, 'createMcpChatRoute');
  const maxBody = numberOption(options.maxBodyBytes, 4 * 1024 * 1024, 1, Number.MAX_SAFE_INTEGER, true);
  const log = options.onError ?? ((error: unknown) => console.error('[react-mcp-annotations] chat route:', error));
  const errorText = (error: unknown) => {
    try {
      return options.errorText ? String(options.errorText(error)) : defaultMcpChatErrorText(error);
    } catch {
      return coded('chat-failed');
    }
  };

  return async (request) => {
    if (request.method !== 'POST') return new Response(coded('chat-failed'), { status: 405, headers: { allow: 'POST' } });
    let body: unknown;
    try {
      const text = await readBody(request, maxBody);
      if (text === null) return refuse(413, 'chat-failed');
      body = JSON.parse(text);
    } catch {
      return refuse(400, 'chat-failed');
    }
    const chatId = ownData(body, 'id');
    // Checked at the door: a malformed id is a bad request, never a store outage.
    if (!isChatId(chatId)) return refuse(400, 'chat-failed');
    try {
      const allowed = options.authorize === 'anyone' ? true : await options.authorize(chatId, request);
      if (allowed !== true) return refuse(403, 'chat-forbidden');
    } catch (error) {
      log(error);
      return reply(500, errorText(error));
    }
    let messages: UIMessage[];
    try {
      messages = await validateUIMessages({ messages: normalizeMcpChatMessages(ownData(body, 'messages')) });
    } catch {
      return refuse(400, 'chat-failed');
    }
    const remember = options.readRemember === false ? [] : (copyArray(ownData(body, 'remember'), 1000) ?? []).filter((id) => typeof id === 'string');
    const context: McpChatRequestContext = { chatId, request };
    try {
      const tools = annotateMcpTools(await options.tools(context), { chatId, store: options.store, namespace: options.namespace, includeStructuredContent: options.includeStructuredContent });
      const approval = mcpToolApproval({ tools, servers: options.servers, mode: options.mode, taintGuard: options.taintGuard, secret: options.secret, chatId, store: options.store, remember, onDecision: options.onDecision });
      const modelMessages = await toModelMessages(messages, tools);
      // Loads the chat's state (a clear 503 when the store is down, before anything runs) and records the person's denials.
      await approval.prepare(messages);
      const model = typeof options.model === 'function' ? await options.model(context) : options.model;
      const result = streamText({
        stopWhen: stepCountIs(5),
        ...options.streamText,
        model,
        tools,
        messages: modelMessages,
        ...approval,
        onError: (event) => {
          const invalid = approval.recordInvalidApproval(event.error, modelMessages);
          // A forged or stale approval is expected traffic, and it is a decision record already: one line, not a stack.
          if (invalid && !options.onError) console.warn(`[react-mcp-annotations] chat route: ${gateReasonLabels['approval-invalid']} (Recorded as approval-invalid.)`);
          else log(event.error);
          return (options.streamText?.onError as ((event: unknown) => unknown) | undefined)?.(event) as never;
        },
      });
      return createUIMessageStreamResponse({
        stream: toUIMessageStream({ stream: result.stream, tools, originalMessages: messages, onError: errorText }),
      });
    } catch (error) {
      log(error);
      return reply(McpChatStoreError.isInstance(error) ? 503 : 500, errorText(error));
    }
  };
}
