/**
 * The AI SDK's `toolApproval` for MCP tools, decided by this library's
 * consent controller through its public verbs: `decide` on the request that
 * asks, `answer` on the one that carries the person's answer, `refuse` for
 * an answer that cannot count (replayed, never asked, unsigned, unsaved).
 * Each step is a function of its own; `mcpToolApproval` puts them together.
 */
import { InvalidToolApprovalSignatureError, type ToolApprovalStatus, type ToolSet } from 'ai';
import { toolCallBinding, type ConsentPolicy, type DecisionRecord } from '../core/consent/index.js';
import { isRecord } from '../core/shared/issues.js';
import { copyArray, ownData, textOf } from '../core/shared/read.js';
import type { Tool } from '../core/shared/types.js';
import type { DecisionReason } from '../core/text/reasons.js';
import { answersInLastMessage, approvalPartsOf, sentWithoutTools, toolCallIn } from './messages.js';
import { reasonsToWire } from './reasons.js';
import { createChatSession, type ChatSession, type McpCall, type OpenedChat } from './session.js';
import { McpChatStoreError, type McpChatStore } from './store.js';
import { DEFAULT_CLIENT_NAME, McpClientNameError, metadataOf, toolFromMetadata, wrapped } from './tools.js';

/** Options for `mcpToolApproval`. */
export interface McpToolApprovalOptions extends Pick<ConsentPolicy, 'servers' | 'mode' | 'taintGuard'> {
  /**
   * The secret the AI SDK signs approval requests with
   * (`experimental_toolApprovalSecret`). Required: without it a browser can
   * post a tool call it invented as already approved, and it runs.
   */
  secret: string | Uint8Array;
  /** The tools given to `streamText` (from `annotateMcpTools`). */
  tools?: ToolSet | undefined;
  /** The conversation (the `useChat` id). */
  chatId: string;
  store: McpChatStore;
  /**
   * Approval ids the person asked to remember (sent in the request body by
   * `useRememberedApprovals().body`). Checked again here: kept only for a call the
   * person approved and the policy lets be remembered.
   */
  remember?: readonly unknown[] | undefined;
  /** The rule for tools that are not MCP tools. Default: left to the host (`not-applicable`). */
  otherTools?: ((toolCall: { toolName: string; input: unknown }) => ToolApprovalStatus | PromiseLike<ToolApprovalStatus>) | undefined;
  /** Every decision, for the host's log. */
  onDecision?: ((record: DecisionRecord) => void) | undefined;
}

/** What the AI SDK passes to `toolApproval`. */
export interface McpToolApprovalCall {
  toolCall: { toolCallId: string; toolName: string; input: unknown; toolMetadata?: unknown };
  tools?: unknown;
  messages: readonly unknown[];
}

/** The policy function itself: `streamText({ toolApproval })`. */
export type McpToolApprovalFunction = (options: McpToolApprovalCall) => Promise<Exclude<ToolApprovalStatus, string | undefined>>;

declare const spreadOnly: unique symbol;

/**
 * `toolApproval` and the signing secret, to be spread into `streamText`
 * together: `streamText({ ...mcpToolApproval(…) })`. Passing the whole thing
 * as `toolApproval` would drop the secret, so it is a type error (its call
 * signature takes a second argument nobody has), and at run time, called that
 * way, it denies every call.
 */
export interface McpToolApproval {
  (options: McpToolApprovalCall, spread: typeof spreadOnly): Promise<Exclude<ToolApprovalStatus, string | undefined>>;
  readonly toolApproval: McpToolApprovalFunction;
  readonly experimental_toolApprovalSecret: string | Uint8Array;
  /**
   * Call before `streamText` with the request's UI messages (the route
   * helper does). Loads the chat's consent state, so an unreachable store is
   * a clear error before anything streams (`McpChatStoreError`), and records
   * what the AI SDK settles without asking the policy: the person's denials
   * in the last message (each once; a replayed one is recorded as replayed).
   * Not enumerable: spreading leaves it out.
   */
  readonly prepare: (messages: readonly unknown[]) => Promise<void>;
  /**
   * Records an approval the AI SDK refused as unverifiable
   * (`InvalidToolApprovalSignatureError`, from `streamText`'s `onError`), as
   * blocked with `approval-invalid`. Returns whether `error` was one. Not enumerable.
   */
  readonly recordInvalidApproval: (error: unknown, messages: readonly unknown[]) => boolean;
}

type Status = Exclude<ToolApprovalStatus, string | undefined>;
const RUN: Status = { type: 'not-applicable' };
const denied = (reasons: readonly DecisionReason[]): Status => ({ type: 'denied', reason: reasonsToWire(reasons) });

/** What an approval is bound to, in canonical form: the server, the tool, its input and the call. Unreadable input never matches anything. */
function bindingOf(call: McpCall): string {
  return toolCallBinding({ serverId: call.serverId, toolName: call.toolName, args: call.args, callId: call.callId }) ?? `unreadable:${Math.random()}`;
}

/** The checks a misconfigured route fails at once, with what to do; the errors name the function the host called. */
export function checkApprovalOptions(options: Pick<McpToolApprovalOptions, 'secret' | 'chatId' | 'store' | 'servers'>, caller = 'mcpToolApproval'): void {
  const secret = options?.secret;
  const secretOk = (typeof secret === 'string' && secret.length > 0) || (secret instanceof Uint8Array && secret.byteLength > 0);
  if (!secretOk) {
    throw new TypeError(
      `${caller} needs { secret }: it is passed to streamText as experimental_toolApprovalSecret so the AI SDK signs each approval request. Without it a browser can post a tool call it invented as approved, and it runs. Use a long random value from your environment.`,
    );
  }
  if (typeof options.chatId !== 'string' || !options.store) throw new TypeError(`${caller} needs { chatId, store }: the chat id (useChat id) and a store from createMcpChatStore().`);
  if (isRecord(options.servers) && Object.hasOwn(options.servers, DEFAULT_CLIENT_NAME)) {
    throw new McpClientNameError(`servers is keyed by ${JSON.stringify(DEFAULT_CLIENT_NAME)}, the name @ai-sdk/mcp gives every client that was not named, so this trust would apply to any of them. Give the client a clientName and key its trust by it.`);
  }
}

/** The MCP tool a tool call names (wrapped by `annotateMcpTools`, or carrying its own metadata), with its server; `undefined` for any other tool. */
function findMcpTool(toolName: string, tools: unknown, fallback: ToolSet | undefined, toolMetadata: unknown): { serverId: string; tool: Tool } | undefined {
  const own = isRecord(tools) ? ownData(tools, toolName) : undefined;
  const fromOptions = isRecord(fallback) ? ownData(fallback, toolName) : undefined;
  for (const candidate of [own, fromOptions]) {
    if (isRecord(candidate)) {
      const known = wrapped.get(candidate);
      if (known) return known;
    }
  }
  // An MCP tool this adapter did not wrap still carries its metadata: decide it too, from the tool's own metadata.
  const metadata = metadataOf(isRecord(own) ? own : { metadata: toolMetadata });
  if (metadata.clientName !== undefined) return { serverId: metadata.clientName, tool: toolFromMetadata(toolName, metadata, isRecord(own) ? ownData(own, 'description') : undefined) };
  return undefined;
}

/** What the AI SDK is told once a call settled and the chat's state is saved (refused when it could not be). */
const settled = (session: ChatSession, call: McpCall, result: () => Promise<{ outcome: string; record: { reasons: readonly DecisionReason[] } }>, records?: DecisionRecord[]): Promise<Status> =>
  session.settle(
    call,
    async () => {
      const { outcome, record } = await result();
      return outcome === 'run' ? RUN : denied(record.reasons);
    },
    (reason) => denied([reason]),
    records,
  );

/** The request that carries the person's approval: signed, asked here once, decided again, then recorded (and remembered where the policy allows). */
async function takeApproval(session: ChatSession, opened: OpenedChat, options: McpToolApprovalOptions, call: McpCall, approvalId: string, signature: unknown, remember: ReadonlySet<string>): Promise<Status> {
  if (signature === undefined || signature === null) return denied([session.refuse('approval-invalid', call)]);
  // Single use, and only where it was asked: this chat, this server, tool and input. The answer is then
  // decided again with the current policy: what it blocks never runs, whatever the person pressed.
  let claim: Awaited<ReturnType<McpChatStore['claimApproval']>>;
  try {
    claim = await options.store.claimApproval(options.chatId, call.callId, bindingOf(call));
  } catch (error) {
    return denied([session.unavailable(error, call)]);
  }
  if (claim !== 'ok') return denied([session.refuse(claim === 'replayed' ? 'approval-replayed' : 'approval-not-asked', call)]);
  // Remembered only where the policy would ask (never for what it would run unasked), as in the app's own dialog; the kind checks the rest.
  const { controller } = opened;
  const offered = remember.has(approvalId) && controller.preview('tool', call).action === 'confirm';
  return settled(session, call, () => controller.answer('tool', call, { action: 'approve', remember: offered }));
}

/** The request that asks: settled now when the policy can (run or block, recorded), else asked through the AI SDK and noted, so its answer counts once. */
async function decideCall(session: ChatSession, opened: OpenedChat, options: McpToolApprovalOptions, call: McpCall): Promise<Status> {
  const records = session.hold(call.callId);
  const { decision, outcome } = opened.controller.decide('tool', call);
  if (!outcome) {
    session.release(call.callId);
    try {
      await options.store.markAsked(options.chatId, call.callId, bindingOf(call));
    } catch (error) {
      return denied([session.unavailable(error, call)]);
    }
    return { type: 'user-approval', reason: reasonsToWire(decision.reasons) };
  }
  // Run or block, with its record (and the taint flag for an open-world run, saved before it runs).
  return settled(session, call, () => outcome, records);
}

/**
 * Records what the AI SDK settles without asking the policy: the person's
 * denials in the last message, each once (a replayed one as replayed),
 * through the controller like an approval.
 */
async function recordDenials(session: ChatSession, options: McpToolApprovalOptions, uiMessages: readonly unknown[]): Promise<void> {
  const answers = answersInLastMessage(uiMessages, (toolName, callId, args, toolMetadata): McpCall | undefined => {
    const found = findMcpTool(toolName, options.tools, undefined, toolMetadata);
    return found && { serverId: found.serverId, tool: found.tool, toolName, args, callId };
  });
  try {
    await session.open();
  } catch (error) {
    // Nothing has run; the person's answers are recorded as what they became, then the route says why.
    if (McpChatStoreError.isInstance(error)) for (const { call } of answers) session.refuse('store-unavailable', call);
    throw error;
  }
  const denials = answers.filter(({ approved }) => !approved);
  for (const [i, { call }] of denials.entries()) {
    try {
      const claim = await options.store.claimApproval(options.chatId, call.callId, bindingOf(call));
      if (claim !== 'ok') {
        session.refuse(claim === 'replayed' ? 'approval-replayed' : 'approval-not-asked', call);
        continue;
      }
      const { controller } = await session.open();
      await controller.answer('tool', call, { action: 'deny' });
    } catch (error) {
      // The store failed mid-way: this denial and the ones after it are recorded as what they became.
      if (McpChatStoreError.isInstance(error)) for (const rest of denials.slice(i)) session.refuse('store-unavailable', rest.call);
      throw error;
    }
  }
}

/**
 * The AI SDK's `toolApproval` for MCP tools, decided by this library's core
 * with the tool's metadata: trust per MCP client name (`servers`, keyed by
 * the `clientName` the host gave `createMCPClient`), absent or unknown
 * metadata as the worst case, host mode and per-tool overrides, remembered
 * approvals and the taint guard (through the chat store). `run` →
 * `not-applicable` (it runs), `confirm` → `{ type: 'user-approval', reason }`,
 * `block` → `{ type: 'denied', reason }`. On the request that carries the
 * person's approval it decides again: a block still wins. Tools that are not
 * MCP tools go to `otherTools` (default: left to the host). Spread the result
 * into `streamText` so the signing secret is set with it.
 *
 * @example
 * streamText({ model, tools, messages, ...mcpToolApproval({ tools, servers: { everything: { trust: 'untrusted' } }, secret: process.env.TOOL_APPROVAL_SECRET!, chatId, store }) });
 */
export function mcpToolApproval(options: McpToolApprovalOptions): McpToolApproval {
  checkApprovalOptions(options);
  const secret = options.secret;
  const remember = new Set((copyArray(options.remember, 1000) ?? []).filter((id): id is string => typeof id === 'string'));
  const session = createChatSession({ chatId: options.chatId, store: options.store, servers: options.servers, mode: options.mode, taintGuard: options.taintGuard, onDecision: options.onDecision });

  const approve: McpToolApprovalFunction = async ({ toolCall, tools, messages }) => {
    const toolName = textOf(toolCall, 'toolName') ?? '';
    const toolCallId = textOf(toolCall, 'toolCallId') ?? '';
    const input = ownData(toolCall, 'input');
    const found = findMcpTool(toolName, tools, options.tools, ownData(toolCall, 'toolMetadata'));
    if (!found) {
      const status = options.otherTools ? await options.otherTools({ toolName, input }) : undefined;
      return status === undefined ? RUN : typeof status === 'string' ? ({ type: status } as Status) : status;
    }
    if (sentWithoutTools(messages, (name) => findMcpTool(name, tools, options.tools, undefined) !== undefined)) {
      return { type: 'denied', reason: 'This app called convertToModelMessages without tools, so MCP results reached the model in the user view. Use toModelMessages(messages, tools).' };
    }
    const call: McpCall = { serverId: found.serverId, tool: found.tool, toolName, args: input, callId: toolCallId };
    let opened: OpenedChat;
    try {
      opened = session.ready() ?? (await session.open());
    } catch (error) {
      return denied([session.unavailable(error, call)]);
    }
    const parts = approvalPartsOf(messages, toolCallId);
    if (parts.request && parts.response?.approved) return takeApproval(session, opened, options, call, parts.request.approvalId, parts.request.signature, remember);
    return decideCall(session, opened, options, call);
  };

  const recordInvalidApproval = (error: unknown, modelMessages: readonly unknown[]) => {
    if (!InvalidToolApprovalSignatureError.isInstance(error)) return false;
    const { toolName, input } = toolCallIn(modelMessages, error.toolCallId);
    const found = findMcpTool(toolName, options.tools, undefined, undefined) ?? { serverId: 'mcp', tool: { name: toolName } as Tool };
    session.refuse('approval-invalid', { serverId: found.serverId, tool: found.tool, toolName, args: input, callId: error.toolCallId });
    return true;
  };

  // Wired as `toolApproval: mcpToolApproval(…)` the secret is lost: then nothing runs, and it says why.
  const misused = async () => ({ type: 'denied' as const, reason: 'mcpToolApproval(…) was passed as toolApproval, which drops its signing secret. Spread it into streamText instead: streamText({ ...mcpToolApproval(…) }).' });
  // Spreading takes the enumerable two; prepare and recordInvalidApproval are for the route.
  return Object.defineProperties(misused, {
    toolApproval: { value: approve, enumerable: true },
    experimental_toolApprovalSecret: { value: secret, enumerable: true },
    prepare: { value: (messages: readonly unknown[]) => recordDenials(session, options, messages) },
    recordInvalidApproval: { value: recordInvalidApproval },
  }) as unknown as McpToolApproval;
}
