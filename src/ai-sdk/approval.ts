/**
 * The AI SDK's `toolApproval` for MCP tools, decided by this library's
 * consent controller through its public verbs: `decide` on the request that
 * asks, `answer` on the one that carries the person's answer, `refuse` for
 * an answer that cannot count (replayed, never asked, unsigned, unsaved).
 * Each step is a function of its own; `mcpToolApproval` puts them together.
 */
import { InvalidToolApprovalSignatureError, type ToolApprovalStatus, type ToolSet } from 'ai';
import type { ConsentPolicy, DecisionRecord } from '../core/consent/index.js';
import { isRecord } from '../core/shared/issues.js';
import { copyArray, ownData, textOf } from '../core/shared/read.js';
import type { Tool } from '../core/shared/types.js';
import type { DecisionReason } from '../core/text/reasons.js';
import { McpChatStoreError, openMcpGate, type GateCall, type GateTool, type GateVerdict, type McpChatStore, type McpGate } from '../gate/index.js';
import { reasonsToWire } from '../gate/reasons.js';
import { gateTool } from '../gate/tools.js';
import { answersInLastMessage, approvalPartsOf, sentWithoutTools, toolCallIn } from './messages.js';
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

/** The checks a misconfigured route fails at once, with what to do; the errors name the function the host called. */
export function checkApprovalOptions(options: Pick<McpToolApprovalOptions, 'secret' | 'chatId' | 'store' | 'servers'>, caller = 'mcpToolApproval'): void {
  const secret = options?.secret;
  const secretOk = (typeof secret === 'string' && secret.length > 0) || (secret instanceof Uint8Array && secret.byteLength > 0);
  if (!secretOk) {
    throw new TypeError(
      `${caller} needs { secret } (streamText's experimental_toolApprovalSecret, which signs each approval request): without it a browser can post a tool call it invented as approved. Use a long random value from your environment.`,
    );
  }
  if (typeof options.chatId !== 'string' || !options.store) throw new TypeError(`${caller} needs { chatId, store }: the chat id (useChat id) and a store from createMcpChatStore().`);
  if (isRecord(options.servers) && Object.hasOwn(options.servers, DEFAULT_CLIENT_NAME)) {
    throw new McpClientNameError(`servers is keyed by ${JSON.stringify(DEFAULT_CLIENT_NAME)}, the name @ai-sdk/mcp gives every unnamed client: give the client a clientName and key its trust by it.`);
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

/** What the AI SDK is told of a verdict. */
const statusOf = (verdict: GateVerdict): Status =>
  verdict.type === 'run' ? RUN : verdict.type === 'ask' ? { type: 'user-approval', reason: reasonsToWire(verdict.reasons) } : denied(verdict.type === 'refused' ? verdict.reasons : []);

/** The gate's tools from an AI SDK tool set: each MCP tool (wrapped by `annotateMcpTools`, or carrying its metadata) by its name. */
function gateToolsOf(tools: unknown): GateTool[] {
  const out: GateTool[] = [];
  if (!isRecord(tools)) return out;
  for (const name of Object.keys(tools)) {
    const found = findMcpTool(name, tools, undefined, undefined);
    const tool = found && gateTool(found.serverId, found.tool, name);
    if (tool) out.push(tool);
  }
  return out;
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
  // The gate of this request, opened once (the chat's state loaded, the tool set read).
  let opening: Promise<McpGate> | undefined;
  const gate = (tools: unknown, answers?: GateCall[]) =>
    (opening ??= openMcpGate({ chatId: options.chatId, store: options.store, servers: options.servers, mode: options.mode, taintGuard: options.taintGuard, onDecision: options.onDecision, tools: gateToolsOf(options.tools ?? tools), answers }));

  /** Records what the AI SDK settles without asking the policy: the person's denials in the last message, each claimed once. */
  const prepare = async (uiMessages: readonly unknown[]) => {
    const answers = answersInLastMessage(uiMessages, (toolName, callId, args, toolMetadata): GateCall | undefined => (findMcpTool(toolName, options.tools, undefined, toolMetadata) ? { name: toolName, args, callId } : undefined));
    const open = await gate(options.tools, answers.map(({ call }) => call));
    let unsaved = false;
    for (const { call, approved } of answers) {
      if (approved) continue;
      const verdict = await open.answer(call, { approved: false });
      unsaved ||= verdict.type === 'refused' && verdict.reasons.some((reason) => reason.code === 'store-unavailable');
    }
    // Recorded as what they became; the route then says the store is down (503) before anything streams.
    if (unsaved) throw new McpChatStoreError('save the chat', new Error('a denial could not be recorded'));
  };

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
      return { type: 'denied', reason: 'convertToModelMessages ran without tools: the model got the user view of MCP results. Use toModelMessages(messages, tools).' };
    }
    let open: McpGate;
    try {
      open = await gate(tools);
    } catch {
      return denied([{ code: 'store-unavailable' }]);
    }
    const call: GateCall = { name: toolName, args: input, callId: toolCallId };
    const parts = approvalPartsOf(messages, toolCallId);
    if (parts.approved) {
      // Signed by the AI SDK, or nothing runs; then claimed once and decided again by the gate.
      const { signature, approvalId } = parts.approved;
      if (signature === undefined || signature === null) return statusOf(open.refuse(call, 'approval-invalid'));
      return statusOf(await open.answer(call, { approved: true, remember: remember.has(approvalId) }));
    }
    // Asked before, and no approval answers it here: never asked again (the AI SDK would read that as approved).
    if (parts.asked) return statusOf(open.refuse(call, 'approval-not-asked'));
    // A call the model made in this request: run, refused, or asked through the AI SDK (bound, so its answer counts once).
    open.made(toolCallId);
    return statusOf(await open.decide(call));
  };

  const recordInvalidApproval = (error: unknown, modelMessages: readonly unknown[]) => {
    if (!InvalidToolApprovalSignatureError.isInstance(error)) return false;
    const { toolName, input } = toolCallIn(modelMessages, error.toolCallId);
    void gate(options.tools).then(
      (open) => open.refuse({ name: toolName, args: input, callId: error.toolCallId }, 'approval-invalid'),
      () => undefined,
    );
    return true;
  };

  // Wired as `toolApproval: mcpToolApproval(…)` the secret is lost: then nothing runs, and it says why.
  const misused = async () => ({ type: 'denied' as const, reason: 'mcpToolApproval(…) was passed as toolApproval, which drops its secret: spread it into streamText({ ...mcpToolApproval(…) }).' });
  // Spreading takes the enumerable two; prepare and recordInvalidApproval are for the route.
  return Object.defineProperties(misused, {
    toolApproval: { value: approve, enumerable: true },
    experimental_toolApprovalSecret: { value: secret, enumerable: true },
    prepare: { value: prepare },
    recordInvalidApproval: { value: recordInvalidApproval },
  }) as unknown as McpToolApproval;
}
