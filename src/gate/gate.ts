/**
 * The server-side consent gate: the one loop every framework adapter drives.
 * Opened once per request; an adapter translates its framework's events
 * into these verbs and the gate decides:
 *
 * - the tools: listed once per request as deep plain copies, given to the
 *   policy as `toolLists` (same-name and look-alike tools across servers ask);
 * - `decide`: a call the model made in this request runs, is refused, or is
 *   asked about (the question bound to chat, server, tool, input and call);
 * - `answer`: the person's answer, claimed once (approval and denial alike),
 *   then decided again with the current policy;
 * - `execute` / `keep`: a result split into the person's view (returned) and
 *   the model's (kept once: what a call became is never overwritten); error
 *   text replaced by a code;
 * - `filterForBrowser` (beside the gate): every event that leaves for the browser.
 *
 * Records wait until the chat's state is saved; a decision that could not be
 * saved is a refusal (`store-unavailable`). After `close()` (or once the
 * adapter's request ended) every verb fails closed.
 */
import { createConsentController, toolCallBinding, toolKind, type ConsentController, type ConsentPolicy, type DecisionRecord, type ToolKindTypes } from '../core/consent/index.js';
import { reasonFrom, type DecisionReason } from '../core/text/reasons.js';
import { isVisibleTo } from '../core/content/audience.js';
import { failedCall, reasonsToWire, type GateReasonCode } from './reasons.js';
import { McpChatStoreError, type McpChatConsent, type McpChatStore } from './store.js';
import { toolMap, type GateTool } from './tools.js';
import { modelText, splitMcpResult } from './views.js';

/** What a gate needs, the same words in every adapter. */
export interface McpGateOptions extends Pick<ConsentPolicy, 'servers' | 'mode' | 'taintGuard'> {
  /** Questions asked, answers used, model views, remembered approvals: `createMcpChatStore()` (Redis on several instances). */
  store: McpChatStore;
  /** Every decision, for the host's log: runs, approvals, denials, refusals (replayed, never asked, unsaved). */
  onDecision?: ((record: DecisionRecord) => void) | undefined;
  /** Prefix each tool name with its server id (`everything__echo`) instead of refusing names that clash. */
  namespace?: boolean | undefined;
  /** Show `structuredContent` (which has no audience) to the person too. Default false. */
  includeStructuredContent?: boolean | undefined;
  /** Pages of `tools/list` read at most per server. Default 50. */
  maxPages?: number | undefined;
}

/** One request's gate: the chat, and its tools (`listMcpTools(clients)`, or read from the adapter's framework with `gateTool`). */
export interface OpenMcpGateOptions extends McpGateOptions {
  /** The conversation. It comes from the browser: check that the signed-in user owns it first. */
  chatId: string;
  tools?: Iterable<GateTool> | undefined;
  /** The answers this request carries: when the chat's state cannot be loaded they are recorded as refused (`store-unavailable`) before the error is thrown. */
  answers?: readonly GateCall[] | undefined;
}

/** One tool call, as the model made it (by the name it called). */
export interface GateCall {
  name: string;
  args: unknown;
  callId: string;
}

/** What a call became: it runs, a person is asked, the person said no, or it is refused with reasons. */
export type GateVerdict = { type: 'run' } | { type: 'ask'; reasons: readonly DecisionReason[] } | { type: 'denied' } | { type: 'refused'; reasons: readonly DecisionReason[] };

/** The gate of one request. */
export interface McpGate {
  readonly chatId: string;
  /** The tools by the name the model calls them. */
  readonly tools: ReadonlyMap<string, GateTool>;
  /** Whether the policy would ask for this tool before seeing an input (frameworks with a static approval flag); a blocked tool does not ask, it is refused when called. */
  asks(name: string): boolean;
  /** Notes a call the model made in this request: only these can be asked about, or run unasked. */
  made(callId: string): void;
  /** Decides a call the model made: runs (saved first), is refused, or asks (the question bound and noted). */
  decide(call: GateCall): Promise<GateVerdict>;
  /** Notes a question the framework asks on its own (a static approval flag): bound as `decide` binds, for calls the model made here only. */
  ask(call: GateCall): Promise<void>;
  /** The person's answer, claimed once (a denial too), then decided again. `remember` is honoured where the policy would ask. */
  answer(call: GateCall, answer: { approved: boolean; remember?: boolean | undefined }): Promise<GateVerdict>;
  /** A question left open (no answer, no result): used up, so a late answer runs nothing; refused for this request only. */
  abandon(call: GateCall): Promise<GateVerdict>;
  /** Refuses a call for an adapter's reason, recorded at once. */
  refuse(call: GateCall, code: GateReasonCode): GateVerdict;
  /** Runs a call through its client, once, only after a `run` verdict for exactly this input: the person's view back, the model's kept. */
  execute(call: GateCall, signal?: AbortSignal): Promise<Record<string, unknown>>;
  /** A result the framework produced itself: the person's view back, the model's kept (once). */
  keep(callId: string, output: unknown): Promise<Record<string, unknown>>;
  /** The model's text of a call's result (its own view): this request's, else the store's; `undefined` when never kept. */
  modelText(callId: string): Promise<string | undefined>;
  /** The tool-result body of a refusal or a denial (the model reads `error`; the browser formats `reasons`). */
  resultOf(verdict: GateVerdict): Record<string, unknown>;
  /** Ends the request: every verb after this fails closed. */
  close(): void;
}

type Outcome = { outcome: string; record: { reasons: readonly DecisionReason[] } };

/**
 * Whether data holds, at any depth (also inside JSON text), an object shaped like a content block the person
 * may not see: what `filterForBrowser` would take out of it. Past 64 levels or the budget: assumed so.
 */
function hidesBlock(value: unknown, depth: number, budget: { left: number }): boolean {
  if (typeof value === 'string') {
    const first = value.trimStart()[0];
    if ((first !== '{' && first !== '[') || value.length > 4_000_000) return false;
    try {
      return hidesBlock(JSON.parse(value), depth + 1, budget);
    } catch {
      return false;
    }
  }
  if (value === null || typeof value !== 'object') return false;
  if (depth > 64 || --budget.left < 0) return true;
  const block = value as { type?: unknown };
  if (!Array.isArray(value) && typeof block.type === 'string' && ('annotations' in value || 'resource' in value) && !isVisibleTo(value, 'user')) return true;
  return Object.values(value).some((item) => hidesBlock(item, depth + 1, budget));
}
const REFUSED = 'Refused by the consent policy.';

/**
 * Opens the gate of one request: loads the chat's consent state and lists
 * the tools. Rejects with `McpChatStoreError` when the store is unreachable
 * and `McpToolNameConflictError` when two servers offer one name.
 */
export async function openMcpGate(options: OpenMcpGateOptions): Promise<McpGate> {
  if (!options || typeof options.chatId !== 'string' || options.chatId === '' || !options.store) throw new TypeError('openMcpGate needs { chatId, store }.');
  const { chatId, store } = options;
  const tools = toolMap(options.tools ?? []);
  // Every server's list, for shadowing and look-alike checks.
  const toolLists: Record<string, unknown[]> = Object.create(null);
  for (const tool of tools.values()) (toolLists[tool.serverId] ??= []).push(tool.tool);
  const policy: ConsentPolicy = { servers: options.servers, mode: options.mode, taintGuard: options.taintGuard, toolLists };
  // A host's logging bug must not turn a refusal into a run.
  const emit = (record: DecisionRecord) => {
    try {
      options.onDecision?.(record);
    } catch {
      // ignored
    }
  };
  const held = new Map<string, DecisionRecord[]>();
  // Refusals need no chat state: their own controller, reported at once.
  const refusals = createConsentController({ ...policy, kinds: [toolKind()], onDecision: emit });
  const requestOf = (call: GateCall) => {
    const tool = tools.get(call.name);
    return { serverId: tool?.serverId ?? 'mcp', tool: tool?.tool, toolName: tool?.tool.name ?? call.name, args: call.args, callId: call.callId };
  };
  const bindingOf = (call: GateCall) => toolCallBinding(requestOf(call)) ?? `unreadable:${globalThis.crypto.randomUUID()}`;
  const refuse = (call: GateCall, code: GateReasonCode | 'request-invalid'): GateVerdict => {
    const reason = reasonFrom(code);
    // Settled (and recorded) within this call: the flow refuses synchronously.
    void refusals.refuse('tool', requestOf(call), reason);
    return { type: 'refused', reasons: [reason] };
  };
  let consent: McpChatConsent;
  try {
    consent = await store.consent(chatId);
  } catch (error) {
    // Nothing can run; the answers this request carried are recorded as what they became.
    for (const call of options.answers ?? []) refuse(call, 'store-unavailable');
    throw error;
  }
  const controller: ConsentController<ToolKindTypes> = createConsentController({
    ...policy,
    kinds: [toolKind()],
    store: consent.approvals,
    onDecision(record) {
      const hold = record.callId !== undefined ? held.get(record.callId) : undefined;
      if (hold) hold.push(record);
      else emit(record);
    },
  });
  /**
   * Whether a call can be shown as it is: its binding can be read (not too large or deep), and no part of its
   * input looks like a block the person may not see (the browser would show less than what runs).
   */
  const shownAsIs = (call: GateCall) => {
    try {
      return toolCallBinding(requestOf(call)) !== null && !hidesBlock(call.args, 0, { left: 100_000 });
    } catch {
      return false;
    }
  };
  const made = new Set<string>();
  // Bindings a `run` verdict was given for, each used once by `execute`.
  const runs = new Set<string>();
  const views = new Map<string, unknown>();
  let closed = false;

  const unavailable = (error: unknown, call: GateCall): GateVerdict => {
    store.reportError(McpChatStoreError.isInstance(error) ? error : new McpChatStoreError('save the chat', error));
    return refuse(call, 'store-unavailable');
  };
  /** Runs a decision, saves the chat's state, and only then reports its records and gives the verdict. */
  const settle = async (call: GateCall, decide: () => Promise<Outcome>, records: DecisionRecord[]): Promise<GateVerdict> => {
    let verdict: GateVerdict;
    try {
      const { outcome, record } = await decide();
      if (consent.pending()) await consent.flush();
      verdict = outcome === 'run' ? { type: 'run' } : outcome === 'denied' ? { type: 'denied' } : { type: 'refused', reasons: record.reasons };
    } catch (error) {
      return unavailable(error, call);
    } finally {
      held.delete(call.callId);
    }
    records.forEach(emit);
    if (verdict.type === 'run') runs.add(bindingOf(call));
    // What a call became when it does not run is kept too: a history that later says it ran is not believed.
    else await keepView(call.callId, resultOf(verdict));
    return verdict;
  };
  const hold = (callId: string) => {
    const records: DecisionRecord[] = [];
    held.set(callId, records);
    return records;
  };
  const claim = async (call: GateCall): Promise<GateVerdict | undefined> => {
    let found;
    try {
      found = await store.claimApproval(chatId, call.callId, bindingOf(call));
    } catch (error) {
      return unavailable(error, call);
    }
    return found === 'ok' ? undefined : refuse(call, found === 'replayed' ? 'approval-replayed' : 'approval-not-asked');
  };
  const keepView = async (callId: string, view: unknown) => {
    // What a call became is kept once: a later write for the same call (a refusal of a replay) never replaces it.
    if (views.get(callId) === undefined) views.set(callId, view);
    try {
      await store.setModelView(chatId, callId, view);
    } catch (error) {
      store.reportError(McpChatStoreError.isInstance(error) ? error : new McpChatStoreError('keep a result', error));
    }
  };

  const resultOf: McpGate['resultOf'] = (verdict) => (verdict.type === 'denied' ? { approved: false } : { error: REFUSED, reasons: reasonsToWire(verdict.type === 'refused' || verdict.type === 'ask' ? verdict.reasons : []) });
  const keep: McpGate['keep'] = async (callId, output) => {
    const split = splitMcpResult(output, options);
    await keepView(callId, split.assistant);
    return split.user;
  };

  return {
    chatId,
    tools,
    asks: (name) => {
      const tool = tools.get(name);
      return !tool || closed || controller.preview('tool', requestOf({ name, args: undefined, callId: `${name}:preview` })).action === 'confirm';
    },
    made: (callId) => void (closed || made.add(callId)),
    async decide(call) {
      if (closed) return refuse(call, 'chat-failed');
      if (!tools.has(call.name) || !made.has(call.callId)) return refuse(call, 'approval-not-asked');
      if (!shownAsIs(call)) return refuse(call, 'request-invalid');
      const records = hold(call.callId);
      const { decision, outcome } = controller.decide('tool', requestOf(call));
      if (outcome) return settle(call, () => outcome, records);
      held.delete(call.callId);
      try {
        // Bound where it is asked: the answer must come back for this chat, server, tool, input and call.
        await store.markAsked(chatId, call.callId, bindingOf(call));
      } catch (error) {
        return unavailable(error, call);
      }
      return { type: 'ask', reasons: decision.reasons };
    },
    async ask(call) {
      if (closed || !tools.has(call.name) || !made.has(call.callId) || !shownAsIs(call)) return;
      try {
        await store.markAsked(chatId, call.callId, bindingOf(call));
      } catch (error) {
        // Not noted: its answer will be refused (`approval-not-asked`); the outage is reported now.
        store.reportError(McpChatStoreError.isInstance(error) ? error : new McpChatStoreError('note a question', error));
      }
    },
    async answer(call, { approved, remember }) {
      if (closed) return refuse(call, 'chat-failed');
      if (!tools.has(call.name)) return refuse(call, 'approval-not-asked');
      if (!shownAsIs(call)) return refuse(call, 'request-invalid');
      const refused = await claim(call);
      if (refused) return refused;
      const request = requestOf(call);
      // Remembered only where the policy would ask (never for what it would run unasked); the kind checks the rest.
      const offered = approved && remember === true && controller.preview('tool', request).action === 'confirm';
      return settle(call, () => controller.answer('tool', request, approved ? { action: 'approve', remember: offered } : { action: 'deny' }), hold(call.callId));
    },
    async abandon(call) {
      // Used up, so a late answer to it (another tab, a crafted body) runs nothing either; the record says why it
      // did not run: never asked here, or a store that could not use the question up.
      try {
        await store.claimApproval(chatId, call.callId, bindingOf(call));
      } catch (error) {
        return unavailable(error, call);
      }
      return refuse(call, 'approval-not-asked');
    },
    refuse,
    async execute(call, signal) {
      const tool = tools.get(call.name);
      const binding = bindingOf(call);
      // Only what was decided runs, once, with exactly the input it was decided with.
      if (closed || !tool?.client || !runs.delete(binding)) {
        const body = resultOf(refuse(call, closed ? 'chat-failed' : 'approval-not-asked'));
        await keepView(call.callId, body);
        return body;
      }
      let output: unknown;
      try {
        const args = call.args !== null && typeof call.args === 'object' && !Array.isArray(call.args) ? (call.args as Record<string, unknown>) : {};
        output = await tool.client.callTool({ name: tool.tool.name, arguments: args }, undefined, signal ? { signal } : {});
      } catch {
        const failed = failedCall();
        await keepView(call.callId, failed);
        return failed;
      }
      return keep(call.callId, output);
    },
    keep,
    async modelText(callId) {
      // Read once per request, a miss too: every model step passes the whole history again.
      if (!views.has(callId)) views.set(callId, await store.modelView(chatId, callId).catch((error: unknown) => store.reportError(McpChatStoreError.isInstance(error) ? error : new McpChatStoreError('read a result', error))));
      const view = views.get(callId);
      return view === undefined ? undefined : modelText(view);
    },
    resultOf,
    close() {
      closed = true;
      runs.clear();
    },
  };
}
