/**
 * The approval controller: one framework-free object that decides every
 * consent a host needs (tool calls now; server requests such as elicitation
 * and sampling join the same queue), asks one question at a time, remembers
 * approvals, settles every request exactly once and reports a record for each.
 * React subscribes to it with `useSyncExternalStore`; a Node backend can use
 * it directly.
 */
import { canOfferRemember, createApprovalStore, type ApprovalStore } from './approvals.js';
import {
  confirmFocus,
  decideToolCall,
  decisionReason,
  decisionRecord,
  normalizeTrust,
  safeName,
  type DecidedBy,
  type DecisionReasonCode,
  type DecisionRecord,
  type PolicyMode,
  type ToolDecision,
  type ToolOverride,
  type Trust,
} from './decisions.js';
import { isRecord } from './issues.js';
import { UNREADABLE, ownData } from './read.js';
import { snapshotTool } from './tool-hints.js';
import type { Tool } from './types.js';

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
export interface ApprovalPolicy {
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
export type ConsentKind = 'tool';

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

/** Anything waiting in the queue. */
export type PendingConsent = PendingToolApproval;

/** An answer to a pending tool approval. */
export type ToolApprovalResponse = { action: 'approve'; remember?: boolean | undefined } | { action: 'deny' };

/** Any record the controller reports. */
export type ConsentRecord = DecisionRecord;

/** What subscribers see. A new object whenever anything in it changes. */
export interface ApprovalSnapshot {
  /** Everything waiting, in the order it will be asked. */
  queue: readonly PendingConsent[];
  /** The prompt a dialog should show now: the first one no inline card has claimed. */
  current: PendingConsent | undefined;
  /** Whether the taint guard has tripped (open-world content entered the conversation). */
  tainted: boolean;
}

/** The controller. Stable for the life of a conversation. */
export interface ApprovalController {
  /** Decides a tool call; asks when policy says confirm. Always resolves, never rejects. */
  requestApproval(request: ApprovalRequest): Promise<ApprovalResult>;
  /** What policy would say for a call now, without asking anyone. */
  previewDecision(request: ApprovalRequest): ToolDecision;
  /** Answers a pending prompt. Returns false when it is no longer pending (already settled). */
  respond(id: string, response: ToolApprovalResponse): boolean;
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
  /** Denies everything still waiting (e.g. the conversation closed). */
  dispose(): void;
  /** The remembered-approval store in use. */
  store: ApprovalStore;
  subscribe(listener: () => void): () => void;
  getSnapshot(): ApprovalSnapshot;
}

interface Entry {
  item: PendingToolApproval;
  request: ReadRequest;
  /** The server was in the configuration when the request arrived. */
  configured: boolean;
  settle: (result: Omit<ApprovalResult, 'record'>, original: ToolDecision) => void;
  cleanup: () => void;
}

interface ReadRequest {
  serverId: string;
  tool: Tool | undefined;
  toolName: string | undefined;
  args: unknown;
  callId: string | undefined;
  retry: boolean;
  signal: AbortSignal | undefined;
}

/** Reads a request once, as data; anything malformed falls to the worst case. */
function readRequest(request: unknown): ReadRequest {
  const text = (key: string) => {
    const value = ownData(request, key);
    return typeof value === 'string' ? value : undefined;
  };
  const signal = ownData(request, 'signal');
  return {
    serverId: text('serverId') ?? '',
    tool: snapshotTool(ownData(request, 'tool')),
    toolName: text('toolName'),
    args: ownData(request, 'args') === UNREADABLE ? undefined : ownData(request, 'args'),
    callId: text('callId'),
    retry: ownData(request, 'retry') === true,
    signal: typeof signal === 'object' && signal !== null && 'aborted' in signal ? (signal as AbortSignal) : undefined,
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

/**
 * Creates the controller for one conversation.
 *
 * @example
 * const approvals = createApprovalController({ servers: { files: { trust: 'trusted' } }, onDecision: log });
 * const { outcome } = await approvals.requestApproval({ serverId: 'files', tool, args });
 * if (outcome === 'run') await client.callTool({ name: tool.name, arguments: args });
 */
export function createApprovalController(options: ApprovalControllerOptions = {}): ApprovalController {
  const store = options.store ?? createApprovalStore({ rememberDestructive: options.rememberDestructive });
  let policy: ApprovalPolicy = { servers: options.servers, mode: options.mode, reasonLabels: options.reasonLabels, taintGuard: options.taintGuard };
  const entries: Entry[] = [];
  const claims = new Map<string, number>();
  const listeners = new Set<() => void>();
  let nextId = 1;
  let snapshot: ApprovalSnapshot = { queue: [], current: undefined, tainted: store.isTainted() };

  const emit = () => {
    const queue = entries.map((entry) => entry.item);
    snapshot = { queue, current: queue.find((item) => item.callId === undefined || !claims.has(item.callId)), tainted: store.isTainted() };
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

  const evaluate = (request: ReadRequest, serverRemoved = false): ToolDecision => {
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

  const report = (record: ConsentRecord) => {
    try {
      options.onDecision?.(record);
    } catch {
      // A host's logging bug must not lose the decision.
    }
  };

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

  const enqueue = (entry: Entry) => {
    entries.push(entry);
    emit();
  };

  const remove = (entry: Entry): boolean => {
    const index = entries.indexOf(entry);
    if (index < 0) return false;
    entries.splice(index, 1);
    entry.cleanup();
    return true;
  };

  const makeItem = (request: ReadRequest, decision: ToolDecision): PendingToolApproval => ({
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
        const onAbort = () => {
          if (!remove(entry)) return;
          emit();
          entry.settle({ outcome: 'denied', decidedBy: 'policy', remembered: false, decision: withReason(entry.item.decision, 'request-abandoned') }, decision);
        };
        const entry: Entry = {
          item: makeItem(read, decision),
          request: read,
          configured: serverOf(read.serverId) !== undefined,
          settle: (result, original) => {
            if (settled) return;
            settled = true;
            finishTool(read, result, original, resolve);
          },
          cleanup: () => read.signal?.removeEventListener('abort', onAbort),
        };
        read.signal?.addEventListener('abort', onAbort, { once: true });
        enqueue(entry);
      } catch {
        // Nothing documented never-throws may reject: fail closed.
        const fallback = decideToolCall({ tool: undefined, mode: 'read-only' });
        const read = request ?? readRequest({});
        finishTool(read, { outcome: 'blocked', decidedBy: 'policy', remembered: false, decision: fallback }, fallback, resolve);
      }
    });

  const withReason = (decision: ToolDecision, code: DecisionReasonCode): ToolDecision => ({ ...decision, reasons: [decisionReason(code, policy.reasonLabels), ...decision.reasons] });

  const respond = (id: string, response: ToolApprovalResponse): boolean => {
    const entry = entries.find((candidate) => candidate.item.id === id);
    if (!entry) return false;
    const { item, request } = entry;
    const original = item.decision;
    const action = isRecord(response) ? ownData(response, 'action') : undefined;
    if (action !== 'approve') {
      remove(entry);
      emit();
      entry.settle({ outcome: 'denied', decidedBy: 'user', remembered: false, decision: original }, original);
      return true;
    }
    // Decided again now: what the current policy blocks does not run.
    const fresh = evaluate(request, entry.configured && serverOf(request.serverId) === undefined);
    if (fresh.action === 'block') {
      remove(entry);
      emit();
      entry.settle({ outcome: 'blocked', decidedBy: 'policy', remembered: false, decision: withReason(fresh, 'policy-changed') }, original);
      return true;
    }
    if (fresh.action === 'confirm' && (fresh.trust !== original.trust || fresh.risk !== original.risk)) {
      // The question the person answered is not the question now: ask again.
      const index = entries.indexOf(entry);
      entry.item = makeItem(request, fresh);
      entries[index] = entry;
      emit();
      return true;
    }
    remove(entry);
    emit();
    const wantsRemember = ownData(response, 'remember') === true;
    const remembered = wantsRemember && canOfferRemember(store, fresh, request.tool, request.serverId) && store.remember(request.tool, { serverId: request.serverId, trust: fresh.trust }).ok;
    entry.settle({ outcome: 'run', decidedBy: 'user', remembered, decision: fresh }, original);
    return true;
  };

  return {
    requestApproval,
    previewDecision: (request) => evaluate(readRequest(request)),
    respond,
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
        remove(entry);
        entry.settle({ outcome: 'denied', decidedBy: 'policy', remembered: false, decision: entry.item.decision }, entry.item.decision);
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
