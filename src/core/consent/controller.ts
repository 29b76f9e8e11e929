/**
 * The approval controller: one framework-free object that decides every
 * consent a host needs (tool calls now; server requests such as elicitation
 * and sampling join the same queue), asks one question at a time, remembers
 * approvals, settles every request exactly once and reports a record for each.
 * React subscribes to it with `useSyncExternalStore`; a Node backend can use
 * it directly.
 */
import { canOfferRemember, createApprovalStore, type ApprovalStore } from '../tool/approvals.js';
import {
  confirmFocus,
  decideToolCall,
  decisionReason,
  decisionRecord,
  normalizeTrust,
  safeName,
  type DecidedBy,
  type DecisionReason,
  type DecisionReasonCode,
  type DecisionRecord,
  type PolicyMode,
  type ToolDecision,
  type ToolOverride,
  type Trust,
} from '../tool/decisions.js';
import { parseElicitationRequest, validateElicitation, type ElicitationAnswer, type ElicitationParseOptions, type ElicitationValues, type ElicitationView } from '../requests/elicitation.js';
import { isRecord } from '../shared/issues.js';
import { UNREADABLE, ownData } from '../shared/read.js';
import { applySamplingEdits, editSamplingResult, parseSamplingRequest, parseSamplingResult, type SamplingEdits, type SamplingResultView, type SamplingView } from '../requests/sampling.js';
import { decideServerRequest, type ServerRequestDecision, type ServerRequestPolicy, type ServerRequestRecord } from '../requests/server-requests.js';
import { snapshotTool } from '../tool/tool-hints.js';
import type { Tool } from '../shared/types.js';

/** How the host sees one server. */
export interface ServerConfig {
  /** Default `untrusted`. */
  trust?: Trust | undefined;
  /** Name shown to people; default: the server id. */
  name?: string | undefined;
  /** Per-tool overrides for this server, by tool name. */
  overrides?: Readonly<Record<string, ToolOverride>> | undefined;
}

/** The host's policy, which may change at any time; pending requests are decided again when they settle. */
export interface ApprovalPolicy extends ServerRequestPolicy {
  /** Servers by id. Unknown servers are untrusted. */
  servers?: Readonly<Record<string, ServerConfig>> | undefined;
  /** Host-wide mode. Default `default`. */
  mode?: PolicyMode | undefined;
  /** Text for decision reasons. */
  reasonLabels?: Partial<Record<DecisionReasonCode, string>> | undefined;
  /**
   * The session taint guard (off by default): once the result of an
   * open-world tool has entered the conversation, writes and further
   * open-world calls ask, even for trusted servers, until `resetTaint()`.
   */
  taintGuard?: boolean | undefined;
}

/** A timestamp source: a fixed time, or a clock. */
export type NowSource = number | Date | (() => number);

/** Options for {@link createApprovalController}. */
export interface ApprovalControllerOptions extends ApprovalPolicy {
  /** Remembered approvals and the taint flag. Default: a store for this conversation. */
  store?: ApprovalStore | undefined;
  /** Allow "remember" for destructive tools (only used by the default store). Off by default. */
  rememberDestructive?: boolean | undefined;
  /** Every settled request, for the host's log. Narrow on `record.kind`. */
  onDecision?(record: ConsentRecord): void;
  /** Clock for record timestamps. Default `Date.now`. */
  now?: NowSource | undefined;
  /** Finds the registrable domain of a host, for URL elicitations (needs the Public Suffix List). Default: the whole host is emphasised. */
  registrableDomain?: ElicitationParseOptions['registrableDomain'];
}

/** One tool call to decide. */
export interface ApprovalRequest {
  serverId: string;
  /** The tool's definition from `tools/list`; `undefined` when unknown (worst case). */
  tool: Tool | undefined;
  /** The name the call used, when the tool is unknown. */
  toolName?: string | undefined;
  args?: unknown;
  /** Ties the request to one call: its card, its inline prompt and its focus. */
  callId?: string | undefined;
  /** This call repeats one that failed; decided as a new call (see `decideToolCall`). */
  retry?: boolean | undefined;
  /** Abort to withdraw the request: a prompt on screen closes, the outcome is `denied`. */
  signal?: AbortSignal | undefined;
  /**
   * A person must answer: another policy (e.g. the AI SDK server's) already
   * asked for approval. A call the local policy would run asks instead
   * (reason `approval-requested`); a block still blocks.
   */
  ask?: boolean | undefined;
}

/** How a tool request was settled. Every request settles exactly once. */
export interface ApprovalResult {
  outcome: 'run' | 'denied' | 'blocked';
  decidedBy: DecidedBy;
  /** The user asked to remember and the store accepted it. */
  remembered: boolean;
  /** The decision the outcome rests on (decided again at settle time). */
  decision: ToolDecision;
  record: DecisionRecord;
}

/** Every kind of consent the controller queues. */
export type ConsentKind = 'tool' | 'elicitation' | 'sampling';

/** Fields every queued consent has. */
export interface PendingBase {
  /** Unique id of this prompt (a prompt asked again gets a new id). */
  id: string;
  kind: ConsentKind;
  serverId: string;
  /** Display name of the server, sanitised. */
  serverName: string;
  /** The call this belongs to, when the host said. */
  callId?: string | undefined;
}

/** A tool call waiting for a person. Also what the confirmation dialog renders. */
export interface PendingToolApproval extends PendingBase {
  kind: 'tool';
  /** The tool definition as read once when the request arrived; `undefined` when unknown. */
  tool: Tool | undefined;
  /** Name the call used, shown when the tool is unknown. */
  toolName?: string | undefined;
  args?: unknown;
  decision: ToolDecision;
  /** Offer "remember for this conversation". */
  canRemember: boolean;
  /** Which button takes focus first. */
  focus: 'approve' | 'deny';
  retry: boolean;
}

/** A server asking the person for information (`elicitation/create`). */
export interface PendingElicitation extends PendingBase {
  kind: 'elicitation';
  trust: Trust;
  view: ElicitationView;
  decision: ServerRequestDecision;
}

/** A server asking to use the host's model (`sampling/createMessage`). */
export interface PendingSampling extends PendingBase {
  kind: 'sampling';
  trust: Trust;
  /** `request`: review what would be sent; `generating`: the model runs; `result`: review the answer before it goes back. */
  stage: 'request' | 'generating' | 'result';
  view: SamplingView;
  /** The completion, once the model answered. */
  result?: SamplingResultView | undefined;
  decision: ServerRequestDecision;
}

/** Anything waiting in the queue. */
export type PendingConsent = PendingToolApproval | PendingElicitation | PendingSampling;

/** An answer to a pending tool approval. */
export type ToolApprovalResponse = { action: 'approve'; remember?: boolean | undefined } | { action: 'deny' };
/** An answer to a pending elicitation: accept with the values, decline (an explicit no) or cancel (dismissed). */
export type ElicitationResponse = { action: 'accept'; content?: ElicitationValues | undefined } | { action: 'decline' } | { action: 'cancel' };
/** An answer to a pending sampling request: approve (with edits to the request, or to the answer's text) or deny. */
export type SamplingResponse = { action: 'approve'; edits?: SamplingEdits | undefined; text?: string | undefined } | { action: 'deny' };
/** Any answer; it must fit the kind of the prompt it answers. */
export type ConsentResponse = ToolApprovalResponse | ElicitationResponse | SamplingResponse;

/** Any record the controller reports. Narrow on `kind`. */
export type ConsentRecord = DecisionRecord | ServerRequestRecord;

/** What subscribers see. A new object whenever anything in it changes. */
export interface ApprovalSnapshot {
  /** Everything waiting, in the order it will be asked. */
  queue: readonly PendingConsent[];
  /** The prompt a dialog should show now: the first one no inline card has claimed. */
  current: PendingConsent | undefined;
  /** Whether the taint guard has tripped (open-world content entered the conversation). */
  tainted: boolean;
}

/** A server's `elicitation/create` request to decide. */
export interface ElicitationRequest {
  serverId: string;
  /** The request's params, as the server sent them. */
  params: unknown;
  /** The call this request belongs to, when known (focus returns to its card). */
  callId?: string | undefined;
  /** The JSON-RPC id of the server's request, for the record. */
  requestId?: string | number | undefined;
  /** Aborted when the server withdrew the request (or it timed out): the prompt closes and the answer is `cancel`. */
  signal?: AbortSignal | undefined;
  /**
   * Whether a running call waits on this request: it is asked next, ahead of
   * tool confirmations. Default true (servers send requests while a call runs).
   */
  blocking?: boolean | undefined;
}

/** How an elicitation was settled. `result` is what goes back to the server (the SDK's `ElicitResult`). */
export interface ElicitationOutcome {
  result: ElicitationAnswer;
  record: ServerRequestRecord;
}

/** A server's `sampling/createMessage` request to decide. */
export interface SamplingRequest {
  serverId: string;
  params: unknown;
  /** Runs the host's model on the (possibly edited) request and returns a `CreateMessageResult`. */
  sample: (params: Record<string, unknown>, context: { signal: AbortSignal }) => Promise<unknown>;
  callId?: string | undefined;
  requestId?: string | number | undefined;
  signal?: AbortSignal | undefined;
  /** See {@link ElicitationRequest.blocking}. Default true. */
  blocking?: boolean | undefined;
}

/** How a sampling request was settled. */
export interface SamplingOutcome {
  /** `approved`: `result` goes back; `denied` / `blocked`: refuse the request; `failed`: the model failed (`error`). */
  outcome: 'approved' | 'denied' | 'blocked' | 'failed';
  result?: Record<string, unknown> | undefined;
  error?: string | undefined;
  record: ServerRequestRecord;
}

/** The controller. Stable for the life of a conversation. */
export interface ApprovalController {
  /** Decides a tool call; asks when policy says confirm. Always resolves, never rejects. */
  requestApproval(request: ApprovalRequest): Promise<ApprovalResult>;
  /** Decides a server's elicitation; asks a person unless policy blocks it. Never answered automatically. Always resolves. */
  requestElicitation(request: ElicitationRequest): Promise<ElicitationOutcome>;
  /** Decides a server's sampling request; a person reviews the request and the answer unless policy says otherwise. Always resolves. */
  requestSampling(request: SamplingRequest): Promise<SamplingOutcome>;
  /** What policy would say for a call now, without asking anyone. */
  previewDecision(request: ApprovalRequest): ToolDecision;
  /**
   * Answers a pending prompt. Returns false when it is no longer pending, the
   * answer does not fit its kind, or (elicitation) the values are not valid.
   */
  respond(id: string, response: ConsentResponse): boolean;
  /**
   * Replaces the host's policy. Pending requests are decided again when they
   * settle. Subscribers are told unless `notify` is false (a React provider
   * sets the policy while rendering and tells subscribers after its commit).
   */
  setPolicy(policy: ApprovalPolicy, options?: { notify?: boolean | undefined }): void;
  /** The policy in force. */
  getPolicy(): ApprovalPolicy;
  /** The trust the host gave a server. */
  trustOf(serverId: string): Trust;
  /** The server's display name, sanitised (its id when it has none). */
  serverName(serverId: string): string;
  /** Lets an inline card show the prompt of `callId` instead of the dialog. Returns a release function. */
  claim(callId: string): () => void;
  /** Resets the taint guard. */
  resetTaint(): void;
  /** Settles everything still waiting as refused (e.g. the conversation closed). */
  dispose(): void;
  /** The remembered-approval store in use. */
  store: ApprovalStore;
  subscribe(listener: () => void): () => void;
  getSnapshot(): ApprovalSnapshot;
}

interface Entry {
  item: PendingConsent;
  /** A running call waits on it: asked ahead of tool confirmations. */
  blocking: boolean;
  /** Handles an answer; returns whether it was taken. */
  answer(response: ConsentResponse): boolean;
  /** Settles it as refused without a person (abort, dispose). */
  abandon(why: 'abandoned' | 'disposed'): void;
}

interface ReadRequest {
  serverId: string;
  tool: Tool | undefined;
  toolName: string | undefined;
  args: unknown;
  callId: string | undefined;
  retry: boolean;
  ask: boolean;
  signal: AbortSignal | undefined;
}

const text = (request: unknown, key: string) => {
  const value = ownData(request, key);
  return typeof value === 'string' ? value : undefined;
};

const signalOf = (request: unknown): AbortSignal | undefined => {
  const signal = ownData(request, 'signal');
  return typeof signal === 'object' && signal !== null && 'aborted' in signal ? (signal as AbortSignal) : undefined;
};

/** Reads a request once, as data; anything malformed falls to the worst case. */
function readRequest(request: unknown): ReadRequest {
  const args = ownData(request, 'args');
  return {
    serverId: text(request, 'serverId') ?? '',
    tool: snapshotTool(ownData(request, 'tool')),
    toolName: text(request, 'toolName'),
    args: args === UNREADABLE ? undefined : args,
    callId: text(request, 'callId'),
    retry: ownData(request, 'retry') === true,
    ask: ownData(request, 'ask') === true,
    signal: signalOf(request),
  };
}

function clock(now: NowSource | undefined): number {
  try {
    if (typeof now === 'function') return now();
    if (typeof now === 'number') return now;
    if (now instanceof Date) return now.getTime();
  } catch {
    // A broken clock must not lose a decision.
  }
  return Date.now();
}

const errorText = (error: unknown): string => {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'The model failed.';
  }
};

/**
 * Creates the controller for one conversation: tool confirmations,
 * elicitations and sampling reviews in one queue, at most one on screen.
 *
 * @example
 * const approvals = createApprovalController({ servers: { files: { trust: 'trusted' } }, onDecision: log });
 * const { outcome } = await approvals.requestApproval({ serverId: 'files', tool, args });
 * if (outcome === 'run') await client.callTool({ name: tool.name, arguments: args });
 */
export function createApprovalController(options: ApprovalControllerOptions = {}): ApprovalController {
  const store = options.store ?? createApprovalStore({ rememberDestructive: options.rememberDestructive });
  let policy: ApprovalPolicy = {
    servers: options.servers,
    mode: options.mode,
    reasonLabels: options.reasonLabels,
    taintGuard: options.taintGuard,
    elicitation: options.elicitation,
    blockSensitiveElicitation: options.blockSensitiveElicitation,
    sampling: options.sampling,
  };
  const entries: Entry[] = [];
  const claims = new Map<string, number>();
  const listeners = new Set<() => void>();
  let nextId = 1;
  let snapshot: ApprovalSnapshot = { queue: [], current: undefined, tainted: store.isTainted() };

  const visible = (item: PendingConsent) => item.kind !== 'tool' || item.callId === undefined || !claims.has(item.callId);
  const emit = () => {
    const queue = entries.map((entry) => entry.item);
    snapshot = { queue, current: queue.find(visible), tainted: store.isTainted() };
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch {
        // One subscriber's bug must not stop the others.
      }
    }
  };
  store.subscribe(() => {
    if (snapshot.tainted !== store.isTainted()) emit();
  });

  const serverOf = (serverId: string): ServerConfig | undefined => {
    const servers = policy.servers;
    if (!isRecord(servers) || !Object.hasOwn(servers, serverId)) return undefined;
    const server = ownData(servers, serverId);
    return isRecord(server) ? (server as ServerConfig) : undefined;
  };
  const trustOf = (serverId: string) => normalizeTrust(ownData(serverOf(serverId), 'trust'));
  const serverName = (serverId: string) => {
    const name = ownData(serverOf(serverId), 'name');
    return safeName(typeof name === 'string' && name.trim() !== '' ? name : serverId, 80);
  };

  const report = (record: ConsentRecord) => {
    try {
      options.onDecision?.(record);
    } catch {
      // A host's logging bug must not lose the decision.
    }
  };

  // The one on screen stays first; a request a running call waits on goes right after it
  // (after other such requests: first in, first out among them); everything else waits at the end.
  const enqueue = (entry: Entry) => {
    if (!entry.blocking) entries.push(entry);
    else {
      const head = entries.findIndex((candidate) => visible(candidate.item));
      let index = head < 0 ? 0 : head + 1;
      while (index < entries.length && entries[index]!.blocking) index++;
      entries.splice(index, 0, entry);
    }
    emit();
  };
  const remove = (entry: Entry): boolean => {
    const index = entries.indexOf(entry);
    if (index < 0) return false;
    entries.splice(index, 1);
    emit();
    return true;
  };
  // Listens for a withdrawn request; returns the clean-up.
  const onAbort = (signal: AbortSignal | undefined, abort: () => void): (() => void) => {
    if (!signal) return () => {};
    signal.addEventListener('abort', abort, { once: true });
    return () => signal.removeEventListener('abort', abort);
  };

  // Tool calls --------------------------------------------------------------

  const evaluate = (request: ReadRequest, serverRemoved = false): ToolDecision => {
    const decision = evaluatePolicy(request, serverRemoved);
    // Someone else already decided a person must answer: a run asks, a block still blocks.
    if (request.ask && decision.action === 'run') return { ...decision, action: 'confirm', reasons: [decisionReason('approval-requested', policy.reasonLabels), ...decision.reasons] };
    return decision;
  };

  const evaluatePolicy = (request: ReadRequest, serverRemoved: boolean): ToolDecision => {
    const server = serverOf(request.serverId);
    const trust = normalizeTrust(ownData(server, 'trust'));
    const context = { serverId: request.serverId, trust };
    const changes = store.changesSinceApproval(request.tool, context);
    const overrides = ownData(server, 'overrides');
    return decideToolCall({
      tool: request.tool,
      toolName: request.toolName,
      trust,
      mode: policy.mode,
      overrides: isRecord(overrides) ? (overrides as Record<string, ToolOverride>) : undefined,
      remembered: store.isApproved(request.tool, context),
      annotationsChanged: changes.length > 0 ? changes : false,
      retry: request.retry,
      tainted: policy.taintGuard === true && store.isTainted(),
      serverRemoved,
      reasonLabels: policy.reasonLabels,
    });
  };

  const withReason = <D extends { reasons: DecisionReason[] }>(decision: D, code: DecisionReasonCode): D => ({ ...decision, reasons: [decisionReason(code, policy.reasonLabels), ...decision.reasons] });

  const finishTool = (request: ReadRequest, result: Omit<ApprovalResult, 'record'>, original: ToolDecision, resolve: (value: ApprovalResult) => void) => {
    const record = decisionRecord({ ...result.decision, action: original.action }, request, {
      outcome: result.outcome,
      decidedBy: result.decidedBy,
      remembered: result.remembered,
      timestamp: clock(options.now),
    });
    // Once an open-world result may enter the conversation, the guard has something to guard.
    if (result.outcome === 'run' && result.decision.hints.openWorld) store.setTainted(true);
    report(record);
    resolve({ ...result, record });
  };

  const makeToolItem = (request: ReadRequest, decision: ToolDecision): PendingToolApproval => ({
    id: `consent-${nextId++}`,
    kind: 'tool',
    serverId: request.serverId,
    serverName: serverName(request.serverId),
    ...(request.callId !== undefined ? { callId: request.callId } : {}),
    tool: request.tool,
    ...(request.toolName !== undefined ? { toolName: safeName(request.toolName) } : {}),
    args: request.args,
    decision,
    canRemember: canOfferRemember(store, decision, request.tool, request.serverId),
    focus: confirmFocus(decision),
    retry: request.retry,
  });

  const requestApproval = (raw: ApprovalRequest): Promise<ApprovalResult> =>
    new Promise<ApprovalResult>((resolve) => {
      let request: ReadRequest | undefined;
      try {
        request = readRequest(raw);
        const read = request;
        const decision = evaluate(read);
        if (read.signal?.aborted) {
          return finishTool(read, { outcome: 'denied', decidedBy: 'policy', remembered: false, decision: withReason(decision, 'request-abandoned') }, decision, resolve);
        }
        if (decision.action === 'run') return finishTool(read, { outcome: 'run', decidedBy: decision.decidedBy, remembered: false, decision }, decision, resolve);
        if (decision.action === 'block') return finishTool(read, { outcome: 'blocked', decidedBy: 'policy', remembered: false, decision }, decision, resolve);
        let settled = false;
        const configured = serverOf(read.serverId) !== undefined;
        const settle = (result: Omit<ApprovalResult, 'record'>) => {
          if (settled) return;
          settled = true;
          cleanup();
          finishTool(read, result, decision, resolve);
        };
        const entry: Entry = {
          item: makeToolItem(read, decision),
          blocking: false,
          answer(response) {
            const item = entry.item as PendingToolApproval;
            const action = isRecord(response) ? ownData(response, 'action') : undefined;
            if (action !== 'approve' && action !== 'deny') return false;
            if (action === 'deny') {
              remove(entry);
              settle({ outcome: 'denied', decidedBy: 'user', remembered: false, decision: item.decision });
              return true;
            }
            // Decided again now: what the current policy blocks does not run.
            const fresh = evaluate(read, configured && serverOf(read.serverId) === undefined);
            if (fresh.action === 'block') {
              remove(entry);
              settle({ outcome: 'blocked', decidedBy: 'policy', remembered: false, decision: withReason(fresh, 'policy-changed') });
              return true;
            }
            if (fresh.action === 'confirm' && (fresh.trust !== item.decision.trust || fresh.risk !== item.decision.risk)) {
              // The question the person answered is not the question now: ask again.
              entry.item = makeToolItem(read, fresh);
              emit();
              return true;
            }
            remove(entry);
            const wantsRemember = ownData(response, 'remember') === true;
            const remembered = wantsRemember && canOfferRemember(store, fresh, read.tool, read.serverId) && store.remember(read.tool, { serverId: read.serverId, trust: fresh.trust }).ok;
            settle({ outcome: 'run', decidedBy: 'user', remembered, decision: fresh });
            return true;
          },
          abandon(why) {
            if (!remove(entry) && why === 'abandoned') return;
            const item = entry.item as PendingToolApproval;
            settle({ outcome: 'denied', decidedBy: 'policy', remembered: false, decision: why === 'abandoned' ? withReason(item.decision, 'request-abandoned') : item.decision });
          },
        };
        const cleanup = onAbort(read.signal, () => entry.abandon('abandoned'));
        enqueue(entry);
      } catch {
        // Nothing documented never-throws may reject: fail closed.
        const fallback = decideToolCall({ tool: undefined, mode: 'read-only' });
        const read = request ?? readRequest({});
        finishTool(read, { outcome: 'blocked', decidedBy: 'policy', remembered: false, decision: fallback }, fallback, resolve);
      }
    });

  // Server requests ---------------------------------------------------------

  const serverRecord = (
    kind: ServerRequestRecord['kind'],
    base: { serverId: string; callId: string | undefined; requestId: unknown },
    decision: ServerRequestDecision,
    settled: Pick<ServerRequestRecord, 'outcome' | 'decidedBy' | 'reasons'> & Partial<Pick<ServerRequestRecord, 'fields' | 'host' | 'edited'>>,
  ): ServerRequestRecord => ({
    kind,
    serverId: base.serverId,
    ...(base.callId !== undefined ? { callId: base.callId } : {}),
    ...(typeof base.requestId === 'string' || typeof base.requestId === 'number' ? { requestId: base.requestId } : {}),
    trust: decision.trust,
    mode: decision.mode,
    policyAction: decision.action,
    timestamp: clock(options.now),
    ...settled,
  });

  const decideRequest = (kind: 'elicitation' | 'sampling', serverId: string, view: { elicitation?: ElicitationView; sampling?: SamplingView }) =>
    decideServerRequest({ kind, trust: trustOf(serverId), mode: policy.mode, policy, reasonLabels: policy.reasonLabels, ...view });

  const requestElicitation = (raw: ElicitationRequest): Promise<ElicitationOutcome> =>
    new Promise<ElicitationOutcome>((resolve) => {
      const serverId = text(raw, 'serverId') ?? '';
      const base = { serverId, callId: text(raw, 'callId'), requestId: ownData(raw, 'requestId') };
      let decision: ServerRequestDecision = decideRequest('elicitation', serverId, {});
      let view: ElicitationView = { mode: 'invalid', message: '', problems: ['The request could not be read.'] };
      let settled = false;
      let cleanup = () => {};
      const finish = (result: ElicitationAnswer, settledBy: Pick<ServerRequestRecord, 'outcome' | 'decidedBy' | 'reasons'>, fields?: string[]) => {
        if (settled) return;
        settled = true;
        cleanup();
        const record = serverRecord('elicitation', base, decision, { ...settledBy, ...(fields ? { fields } : {}), ...(view.mode === 'url' ? { host: view.url.host } : {}) });
        report(record);
        resolve({ result, record });
      };
      try {
        view = parseElicitationRequest(ownData(raw, 'params'), { registrableDomain: options.registrableDomain });
        decision = decideRequest('elicitation', serverId, { elicitation: view });
        const signal = signalOf(raw);
        if (signal?.aborted) return finish({ action: 'cancel' }, { outcome: 'cancel', decidedBy: 'policy', reasons: withReason(decision, 'request-abandoned').reasons });
        if (decision.action !== 'confirm') return finish({ action: 'decline' }, { outcome: 'blocked', decidedBy: 'policy', reasons: decision.reasons });
        const item: PendingElicitation = {
          id: `consent-${nextId++}`,
          kind: 'elicitation',
          serverId,
          serverName: serverName(serverId),
          ...(base.callId !== undefined ? { callId: base.callId } : {}),
          trust: decision.trust,
          view,
          decision,
        };
        const entry: Entry = {
          item,
          blocking: ownData(raw, 'blocking') !== false,
          answer(response) {
            const action = isRecord(response) ? ownData(response, 'action') : undefined;
            if (action === 'decline' || action === 'cancel') {
              remove(entry);
              finish({ action }, { outcome: action, decidedBy: 'user', reasons: decision.reasons });
              return true;
            }
            if (action !== 'accept' || view.mode === 'invalid' || (view.mode === 'url' && !view.url.secure)) return false;
            // Decided again now: what the current policy blocks is declined.
            const fresh = decideRequest('elicitation', serverId, { elicitation: view });
            if (fresh.action === 'block') {
              remove(entry);
              finish({ action: 'decline' }, { outcome: 'blocked', decidedBy: 'policy', reasons: withReason(fresh, 'policy-changed').reasons });
              return true;
            }
            if (view.mode === 'url') {
              remove(entry);
              finish({ action: 'accept' }, { outcome: 'accept', decidedBy: 'user', reasons: decision.reasons });
              return true;
            }
            const content = ownData(response, 'content');
            const checked = validateElicitation(view, isRecord(content) ? (content as ElicitationValues) : {});
            if (!checked.ok) return false;
            remove(entry);
            finish({ action: 'accept', content: checked.content }, { outcome: 'accept', decidedBy: 'user', reasons: decision.reasons }, Object.keys(checked.content));
            return true;
          },
          abandon(why) {
            if (!remove(entry) && why === 'abandoned') return;
            finish({ action: 'cancel' }, { outcome: 'cancel', decidedBy: 'policy', reasons: why === 'abandoned' ? withReason(decision, 'request-abandoned').reasons : decision.reasons });
          },
        };
        cleanup = onAbort(signal, () => entry.abandon('abandoned'));
        enqueue(entry);
      } catch {
        finish({ action: 'decline' }, { outcome: 'blocked', decidedBy: 'policy', reasons: withReason(decision, 'request-invalid').reasons });
      }
    });

  const requestSampling = (raw: SamplingRequest): Promise<SamplingOutcome> =>
    new Promise<SamplingOutcome>((resolve) => {
      const serverId = text(raw, 'serverId') ?? '';
      const base = { serverId, callId: text(raw, 'callId'), requestId: ownData(raw, 'requestId') };
      let decision: ServerRequestDecision = decideRequest('sampling', serverId, {});
      let settled = false;
      let edited = false;
      let cleanup = () => {};
      const generation = new AbortController();
      const finish = (outcome: Omit<SamplingOutcome, 'record'>, settledBy: Pick<ServerRequestRecord, 'decidedBy' | 'reasons'>) => {
        if (settled) return;
        settled = true;
        cleanup();
        generation.abort();
        const record = serverRecord('sampling', base, decision, { outcome: outcome.outcome, ...settledBy, edited });
        report(record);
        resolve({ ...outcome, record });
      };
      try {
        const params = ownData(raw, 'params');
        const sample = ownData(raw, 'sample');
        const view = parseSamplingRequest(params);
        decision = decideRequest('sampling', serverId, { sampling: view });
        const signal = signalOf(raw);
        const run = async (request: Record<string, unknown>): Promise<{ ok: true; result: unknown } | { ok: false; error: string }> => {
          try {
            if (typeof sample !== 'function') return { ok: false, error: 'The host has no model to sample.' };
            return { ok: true, result: await (sample as SamplingRequest['sample'])(request, { signal: generation.signal }) };
          } catch (error) {
            return { ok: false, error: errorText(error) };
          }
        };
        if (signal?.aborted) return finish({ outcome: 'denied' }, { decidedBy: 'policy', reasons: withReason(decision, 'request-abandoned').reasons });
        if (decision.action === 'block') return finish({ outcome: 'blocked' }, { decidedBy: 'policy', reasons: decision.reasons });
        if (decision.action === 'run') {
          void run(applySamplingEdits(params, {})).then((outcome) =>
            outcome.ok
              ? finish({ outcome: 'approved', result: editSamplingResult(outcome.result, parseSamplingResult(outcome.result).text ?? '') }, { decidedBy: 'policy', reasons: decision.reasons })
              : finish({ outcome: 'failed', error: outcome.error }, { decidedBy: 'policy', reasons: decision.reasons }),
          );
          return;
        }
        let completion: unknown;
        const entry: Entry = {
          item: { id: `consent-${nextId++}`, kind: 'sampling', serverId, serverName: serverName(serverId), ...(base.callId !== undefined ? { callId: base.callId } : {}), trust: decision.trust, stage: 'request', view, decision },
          blocking: ownData(raw, 'blocking') !== false,
          answer(response) {
            const item = entry.item as PendingSampling;
            const action = isRecord(response) ? ownData(response, 'action') : undefined;
            if (action === 'deny') {
              remove(entry);
              finish({ outcome: 'denied' }, { decidedBy: 'user', reasons: decision.reasons });
              return true;
            }
            if (action !== 'approve' || item.stage === 'generating' || (item.stage === 'request' && !view.valid)) return false;
            if (item.stage === 'request') {
              const fresh = decideRequest('sampling', serverId, { sampling: view });
              if (fresh.action === 'block') {
                remove(entry);
                finish({ outcome: 'blocked' }, { decidedBy: 'policy', reasons: withReason(fresh, 'policy-changed').reasons });
                return true;
              }
              const edits = ownData(response, 'edits');
              const request = applySamplingEdits(params, isRecord(edits) ? (edits as SamplingEdits) : {});
              if (isRecord(edits) && Object.keys(edits).length > 0) edited = true;
              entry.item = { ...item, stage: 'generating' };
              emit();
              void run(request).then((outcome) => {
                if (settled) return;
                if (!outcome.ok) {
                  remove(entry);
                  finish({ outcome: 'failed', error: outcome.error }, { decidedBy: 'policy', reasons: decision.reasons });
                  return;
                }
                completion = outcome.result;
                entry.item = { ...(entry.item as PendingSampling), stage: 'result', result: parseSamplingResult(outcome.result) };
                emit();
              });
              return true;
            }
            // The completion, as reviewed (and maybe edited), goes back.
            const textEdit = ownData(response, 'text');
            const answered = parseSamplingResult(completion);
            const finalText = typeof textEdit === 'string' ? textEdit : answered.text;
            if (typeof textEdit === 'string' && textEdit !== answered.text) edited = true;
            remove(entry);
            finish({ outcome: 'approved', result: editSamplingResult(completion, finalText ?? '') }, { decidedBy: 'user', reasons: decision.reasons });
            return true;
          },
          abandon(why) {
            if (!remove(entry) && why === 'abandoned') return;
            finish({ outcome: 'denied' }, { decidedBy: 'policy', reasons: why === 'abandoned' ? withReason(decision, 'request-abandoned').reasons : decision.reasons });
          },
        };
        cleanup = onAbort(signal, () => entry.abandon('abandoned'));
        enqueue(entry);
      } catch {
        finish({ outcome: 'blocked' }, { decidedBy: 'policy', reasons: withReason(decision, 'request-invalid').reasons });
      }
    });

  return {
    requestApproval,
    requestElicitation,
    requestSampling,
    previewDecision: (request) => evaluate(readRequest(request)),
    respond(id, response) {
      const entry = entries.find((candidate) => candidate.item.id === id);
      if (!entry) return false;
      try {
        return entry.answer(response);
      } catch {
        return false;
      }
    },
    setPolicy(next, setOptions) {
      policy = isRecord(next) ? next : {};
      if (setOptions?.notify !== false) emit();
    },
    getPolicy: () => policy,
    trustOf,
    serverName,
    claim(callId) {
      claims.set(callId, (claims.get(callId) ?? 0) + 1);
      emit();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const count = (claims.get(callId) ?? 1) - 1;
        if (count <= 0) claims.delete(callId);
        else claims.set(callId, count);
        emit();
      };
    },
    resetTaint: () => store.setTainted(false),
    dispose() {
      for (const entry of [...entries]) {
        entries.splice(entries.indexOf(entry), 1);
        entry.abandon('disposed');
      }
      emit();
    },
    store,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
}
