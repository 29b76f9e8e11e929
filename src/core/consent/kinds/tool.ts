/**
 * The tool-call kind: decided by `decideToolCall` with the server's trust,
 * the host's mode and overrides, remembered approvals and the taint guard;
 * an approval may be remembered; a call that runs may trip the taint guard.
 */
import { canOfferRemember } from '../../tool/approvals.js';
import {
  confirmFocus,
  decideToolCall,
  displayServerName,
  decisionRecord,
  failClosedDecision,
  normalizeTrust,
  requireAnswer,
  safeName,
  tripsTaint,
  type ToolDecision,
  type ToolOverride,
} from '../../tool/decisions.js';
import { snapshotTool } from '../../tool/tool-hints.js';
import { findLookAlikeServers, indexToolNames, type ServerLookAlike, type ToolNameIndex } from '../../tool/collisions.js';
import { isRecord } from '../../shared/issues.js';
import { UNREADABLE, ownData } from '../../shared/read.js';
import type { Tool } from '../../shared/types.js';
import type { ConsentContext } from '../context.js';
import { signalOf, textOf } from '../context.js';
import type { ConsentKindModule, FlowStep } from '../flow.js';
import type { ApprovalResult, PendingToolApproval } from '../types.js';

/** A tool request as read once. */
export interface ToolRequestRead {
  serverId: string;
  tool: Tool | undefined;
  toolName: string | undefined;
  args: unknown;
  callId: string | undefined;
  retry: boolean;
  ask: boolean;
  signal: AbortSignal | undefined;
  /** The first decision, for the record's `policyAction`. */
  first?: ToolDecision | undefined;
  app: PendingToolApproval['app'];
}

function readApp(raw: unknown): PendingToolApproval['app'] {
  if (!isRecord(raw)) return undefined;
  const uri = ownData(raw, 'resourceUri');
  const name = safeName(ownData(raw, 'name'), 80);
  const version = safeName(ownData(raw, 'version'), 40);
  return { resourceUri: typeof uri === 'string' ? safeName(uri, 300) : '', ...(name ? { name } : {}), ...(version ? { version } : {}) };
}

type Settled = Omit<ApprovalResult, 'record'>;

/** Reads a tool request once, as data; anything malformed falls to the worst case. */
export function readToolRequest(request: unknown): ToolRequestRead {
  const args = ownData(request, 'args');
  return {
    serverId: textOf(request, 'serverId') ?? '',
    tool: snapshotTool(ownData(request, 'tool')),
    toolName: textOf(request, 'toolName'),
    args: args === UNREADABLE ? undefined : args,
    callId: textOf(request, 'callId'),
    retry: ownData(request, 'retry') === true,
    ask: ownData(request, 'ask') === true,
    signal: signalOf(request),
    app: readApp(ownData(request, 'app')),
  };
}

// The name index is built once per tool-lists object (pass a new object when a list changes, as the
// watcher's snapshots are); a count check catches lists grown or shrunk in place.
const indexes = new WeakMap<object, { size: string; index: ToolNameIndex }>();
const EMPTY_INDEX = indexToolNames(undefined);
function namesIndex(lists: unknown): ToolNameIndex {
  if (!isRecord(lists)) return EMPTY_INDEX;
  const size = Object.keys(lists)
    .map((id) => {
      const list = ownData(lists, id);
      const tools = isRecord(list) && !Array.isArray(list) ? ownData(list, 'tools') : list;
      return `${id}:${Array.isArray(tools) ? tools.length : 0}`;
    })
    .join('|');
  const known = indexes.get(lists);
  if (known && known.size === size) return known.index;
  const index = indexToolNames(lists);
  indexes.set(lists, { size, index });
  return index;
}
// Servers are read at every decision (a host may change them in place); skeletons are memoised by name.
function lookAlikes(servers: unknown): ServerLookAlike[] {
  if (!isRecord(servers)) return [];
  const claimed: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const id of Object.keys(servers)) claimed[id] = ownData(ownData(servers, id), 'claimedName');
  return findLookAlikeServers(servers, claimed);
}

/** The display names of the other servers that offer a tool of this name (or one that looks the same); `[]` when none. */
export function shadowingServerNames(context: ConsentContext, serverId: string, name: string | undefined): string[] {
  if (!name) return [];
  const shadows = namesIndex(context.policy().toolLists).shadowsOf(serverId, name);
  return [...new Set(shadows.map((shadow) => displayServerName(ownData(context.serverOf(shadow.serverId), 'name'), shadow.serverId)))];
}

/** What the policy says for a tool call now (no one asked). */
export function decideToolRequest(context: ConsentContext, request: ToolRequestRead, serverRemoved = false): ToolDecision {
  const server = context.serverOf(request.serverId);
  const trust = normalizeTrust(ownData(server, 'trust'));
  const store = context.store;
  const scope = { serverId: request.serverId, trust };
  const changes = store.changesSinceApproval(request.tool, scope);
  const overrides = ownData(server, 'overrides');
  const policy = context.policy();
  const shadows = shadowingServerNames(context, request.serverId, request.tool?.name || request.toolName);
  const lookAlike = lookAlikes(policy.servers).find((entry) => entry.serverId === request.serverId);
  const decision = decideToolCall({
    shadowedBy: shadows.length > 0 ? shadows : undefined,
    lookAlikeOf: lookAlike?.resemblesName,
    tool: request.tool,
    toolName: request.toolName,
    trust,
    mode: policy.mode,
    overrides: isRecord(overrides) ? (overrides as Record<string, ToolOverride>) : undefined,
    remembered: store.isApproved(request.tool, scope),
    annotationsChanged: changes.length > 0 ? changes : false,
    retry: request.retry,
    tainted: policy.taintGuard === true && store.isTainted(),
    serverRemoved,
    reasonLabels: context.reasonLabels(),
  });
  return request.ask ? requireAnswer(decision, context.reasonLabels()) : decision;
}

/** The tool kind for the consent flow. */
export function toolKind(context: ConsentContext): ConsentKindModule<ToolRequestRead, ToolDecision, Settled, ApprovalResult> {
  return {
    decide(request, { serverRemoved }) {
      const decision = decideToolRequest(context, request, serverRemoved);
      request.first ??= decision;
      return decision;
    },
    failClosed: () => failClosedDecision(context.reasonLabels()),
    describe: (request, decision, id): PendingToolApproval => ({
      id,
      kind: 'tool',
      serverId: request.serverId,
      serverName: context.serverName(request.serverId),
      ...(request.callId !== undefined ? { callId: request.callId } : {}),
      tool: request.tool,
      ...(request.toolName !== undefined ? { toolName: safeName(request.toolName) } : {}),
      args: request.args,
      decision,
      canRemember: canOfferRemember(context.store, decision, request.tool, request.serverId),
      focus: confirmFocus(decision),
      retry: request.retry,
      ...(request.app ? { app: request.app } : {}),
    }),
    run: (_request, decision): FlowStep<Settled> => ({ type: 'settle', result: { outcome: 'run', decidedBy: decision.decidedBy, remembered: false, decision } }),
    refuse: (_request, decision, cause) => ({ outcome: cause === 'abandoned' || cause === 'disposed' ? 'denied' : 'blocked', decidedBy: 'policy', remembered: false, decision }),
    isRefusal: (response) => isRecord(response) && ownData(response, 'action') === 'deny',
    answer(request, _item, response, decision): FlowStep<Settled> {
      const action = isRecord(response) ? ownData(response, 'action') : undefined;
      if (action === 'deny') return { type: 'settle', result: { outcome: 'denied', decidedBy: 'user', remembered: false, decision } };
      if (action !== 'approve') return { type: 'refuse' };
      const store = context.store;
      const wantsRemember = ownData(response, 'remember') === true;
      const remembered = wantsRemember && canOfferRemember(store, decision, request.tool, request.serverId) && store.remember(request.tool, { serverId: request.serverId, trust: decision.trust }).ok;
      return { type: 'settle', result: { outcome: 'run', decidedBy: 'user', remembered, decision } };
    },
    finish(request, result): ApprovalResult {
      const first = request.first ?? result.decision;
      const record = decisionRecord({ ...result.decision, action: first.action }, request, {
        outcome: result.outcome,
        decidedBy: result.decidedBy,
        remembered: result.remembered,
        timestamp: context.now(),
      });
      // Once a result from outside may enter the conversation, the guard has something to guard.
      if (tripsTaint(result.outcome, result.decision)) context.store.setTainted(true);
      context.report(record);
      return { ...result, record };
    },
  };
}
