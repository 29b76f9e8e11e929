/**
 * The tool-call kind: decided by `decideToolCall` with the server's trust,
 * the host's mode and overrides, remembered approvals and the taint guard;
 * an approval may be remembered; a call that runs may trip the taint guard.
 */
import { canOfferRemember } from '../../tool/approvals.js';
import { confirmFocus, decideToolCall, tripsTaint, type ToolDecision } from '../../tool/decide.js';
import { toolDecisionMessages } from '../../tool/reasons.js';
import { annotationFingerprint, snapshotTool, toolFingerprint, type ResolvedToolHints, type ToolRisk } from '../../tool/tool-hints.js';
import { isRecord } from '../../shared/issues.js';
import type { DecidedBy, DecisionAction, PolicyMode, ToolOverride, Trust } from '../../shared/policy.js';
import { canonicalForm, ownData, readOwn } from '../../shared/read.js';
import type { Tool, ToolAnnotations } from '../../shared/types.js';
import { safeName } from '../../text/sanitize.js';
import { signalOf, textOf } from '../../shared/read.js';
import type { ConsentKind, FlowStep, KindContext, KindSteps, KindTypes, PendingBase, RecordBase } from '../kind.js';
import { requireAnswer, withReason } from '../rules.js';
import { lookAlikeOf } from '../shadows.js';

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
  /** An MCP App asks for this call (not the model): the prompt says which app, and a call that may write always asks. */
  app?: { resourceUri: string; name?: string | undefined; version?: string | undefined } | undefined;
  /** Abort to withdraw the request: a prompt on screen closes, the outcome is `denied`. */
  signal?: AbortSignal | undefined;
  /**
   * A person must answer: another policy (e.g. the AI SDK server's) already
   * asked for approval. A call the local policy would run asks instead
   * (reason `approval-requested`); a block still blocks.
   */
  ask?: boolean | undefined;
}

/** A tool call waiting for a person. Also what the confirmation dialog renders. */
export interface PendingToolApproval extends PendingBase<'tool'> {
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
  /** The MCP App that asks for this call, cleaned for display (absent when the model asks). */
  app?: { resourceUri: string; name?: string | undefined; version?: string | undefined } | undefined;
  /** The call in canonical form ({@link toolCallBinding}): what a card compares with its own call. `null` when it cannot be compared. */
  binding: string | null;
}

/** An answer to a pending tool approval. */
export type ToolApprovalResponse = { action: 'approve'; remember?: boolean | undefined } | { action: 'deny' };

/** What a host gets for every settled call, to log or audit. */
export interface DecisionRecord extends RecordBase<'tool'> {
  /** The call this decision belongs to, when the host gave one. */
  callId?: string | undefined;
  /** Whether the call repeated one that failed. */
  retry?: boolean | undefined;
  toolName: string;
  /** The annotations exactly as the server sent them. */
  annotations: ToolAnnotations | undefined;
  fingerprint: string;
  hints: ResolvedToolHints;
  trust: Trust;
  mode: PolicyMode;
  risk: ToolRisk;
  /** What the policy said before anyone was asked. */
  policyAction: DecisionAction;
  /** The final outcome. */
  outcome: 'run' | 'denied' | 'blocked';
  /** Whether the user asked to remember the approval, and it was stored. */
  remembered: boolean;
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

/** The tool kind's types. */
export interface ToolKindTypes extends KindTypes {
  name: 'tool';
  request: ApprovalRequest;
  outcome: ApprovalResult;
  prompt: PendingToolApproval;
  answer: ToolApprovalResponse;
  record: DecisionRecord;
  decision: ToolDecision;
  requestVerb: 'requestApproval';
  previewVerb: 'previewDecision';
}

/** A tool request as read once. */
interface ToolRead {
  serverId: string;
  tool: Tool | undefined;
  toolName: string | undefined;
  args: unknown;
  callId: string | undefined;
  retry: boolean;
  ask: boolean;
  signal: AbortSignal | undefined;
  app: PendingToolApproval['app'];
  binding: string | null;
}

type Settled = Omit<ApprovalResult, 'record'>;

/**
 * A tool call in canonical form: its server, tool (name and everything a
 * person sees of it), arguments and call id compared by meaning (every key,
 * every character, whatever the order of keys), never by a preview. `null`
 * when it cannot be compared (no call id, arguments or tool too large or
 * unreadable): such a call matches nothing.
 */
export function toolCallBinding(call: { serverId: string; tool?: unknown; toolName?: string | undefined; args?: unknown; callId?: string | undefined }): string | null {
  const tool = snapshotTool(call.tool);
  // Read from the snapshot, so a card's raw tool and a request's snapshot agree.
  const shown = tool ? toolFingerprint(tool) : undefined;
  return call.callId === undefined || shown === null ? null : canonicalForm({ server: call.serverId, tool: tool?.name || call.toolName, shown, args: call.args, call: call.callId });
}

/** Builds the record reported to `onDecision`. */
export function decisionRecord(
  decision: ToolDecision,
  call: { serverId: string; tool: Tool | undefined; toolName?: string | undefined; callId?: string | undefined; retry?: boolean | undefined },
  settled: { outcome: DecisionRecord['outcome']; decidedBy: DecidedBy; remembered?: boolean; timestamp: number },
): DecisionRecord {
  const tool = snapshotTool(call.tool);
  return {
    kind: 'tool',
    serverId: call.serverId,
    ...(call.callId !== undefined ? { callId: call.callId } : {}),
    ...(call.retry ? { retry: true } : {}),
    toolName: tool && tool.name !== '' ? tool.name : typeof call.toolName === 'string' ? call.toolName : '',
    annotations: tool?.annotations,
    fingerprint: annotationFingerprint(tool),
    hints: decision.hints,
    trust: decision.trust,
    mode: decision.mode,
    risk: decision.risk,
    policyAction: decision.action,
    outcome: settled.outcome,
    decidedBy: settled.decidedBy,
    reasons: decision.reasons,
    remembered: settled.remembered ?? false,
    timestamp: settled.timestamp,
  };
}

/**
 * The fail-closed decision for a tool request that could not even be read:
 * an unknown tool under read-only mode, so it blocks, with `request-invalid`.
 */
export function failClosedDecision(): ToolDecision {
  return withReason(decideToolCall({ tool: undefined, mode: 'read-only' }), 'request-invalid');
}

function readApp(raw: unknown): PendingToolApproval['app'] {
  if (!isRecord(raw)) return undefined;
  const uri = ownData(raw, 'resourceUri');
  const name = safeName(ownData(raw, 'name'), 80);
  const version = safeName(ownData(raw, 'version'), 40);
  return { resourceUri: typeof uri === 'string' ? safeName(uri, 300) : '', ...(name ? { name } : {}), ...(version ? { version } : {}) };
}

/** Reads a tool request once, as data; anything malformed falls to the worst case. */
function readToolRequest(request: unknown): ToolRead {
  const args = readOwn(request, 'args');
  const serverId = textOf(request, 'serverId') ?? '';
  const tool = snapshotTool(ownData(request, 'tool'));
  const toolName = textOf(request, 'toolName');
  const callId = textOf(request, 'callId');
  return {
    serverId,
    tool,
    toolName,
    args,
    callId,
    retry: ownData(request, 'retry') === true,
    ask: ownData(request, 'ask') === true,
    signal: signalOf(request),
    app: readApp(ownData(request, 'app')),
    binding: toolCallBinding({ serverId, tool, toolName, args, callId }),
  };
}

/** What the policy says for a tool call now (no one asked). */
function decideToolRequest(context: KindContext, request: ToolRead, serverRemoved: boolean): ToolDecision {
  const trust = context.trustOf(request.serverId);
  const store = context.store;
  const scope = { serverId: request.serverId, trust };
  const changes = store.changesSinceApproval(request.tool, scope);
  const overrides = ownData(context.serverOf(request.serverId), 'overrides');
  const policy = context.policy();
  const shadows = context.shadowsOf(request.serverId, request.tool?.name || request.toolName);
  const decision = decideToolCall({
    shadowedBy: shadows.length > 0 ? shadows : undefined,
    lookAlikeOf: lookAlikeOf(policy.servers, request.serverId)?.resemblesName,
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
  });
  // Another policy asked for a person, or an app asks for a call that may write: what would run asks.
  return request.ask || (request.app !== undefined && !decision.hints.readOnly) ? requireAnswer(decision) : decision;
}

function toolSteps(context: KindContext): KindSteps<ToolKindTypes, ToolRead, Settled> {
  return {
    read: readToolRequest,
    meta: (request) => ({ serverId: request.serverId, signal: request.signal, binding: request.binding }),
    decide: (request, { serverRemoved }) => decideToolRequest(context, request, serverRemoved),
    failClosed: () => failClosedDecision(),
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
      binding: request.binding,
    }),
    run: (_request, decision): FlowStep<Settled, PendingToolApproval> => ({ type: 'settle', result: { outcome: 'run', decidedBy: decision.decidedBy, remembered: false, decision } }),
    refuse: (_request, decision, cause) => ({ outcome: cause === 'abandoned' || cause === 'disposed' ? 'denied' : 'blocked', decidedBy: 'policy', remembered: false, decision }),
    isRefusal: (answer) => isRecord(answer) && ownData(answer, 'action') === 'deny',
    answer(request, _prompt, answer, decision): FlowStep<Settled, PendingToolApproval> {
      const action = isRecord(answer) ? ownData(answer, 'action') : undefined;
      if (action === 'deny') return { type: 'settle', result: { outcome: 'denied', decidedBy: 'user', remembered: false, decision } };
      if (action !== 'approve') return { type: 'refuse' };
      const store = context.store;
      const wantsRemember = ownData(answer, 'remember') === true;
      const remembered = wantsRemember && canOfferRemember(store, decision, request.tool, request.serverId) && store.remember(request.tool, { serverId: request.serverId, trust: decision.trust }).ok;
      return { type: 'settle', result: { outcome: 'run', decidedBy: 'user', remembered, decision } };
    },
    finish(request, result, flow) {
      const record = decisionRecord({ ...result.decision, action: flow.first.action }, request, {
        outcome: result.outcome,
        decidedBy: result.decidedBy,
        remembered: result.remembered,
        timestamp: context.now(),
      });
      // Once a result from outside may enter the conversation, the guard has something to guard.
      if (tripsTaint(result.outcome, result.decision)) context.store.setTainted(true);
      return { outcome: { ...result, record }, record };
    },
  };
}

/**
 * The tool-call kind: a call runs, asks or is blocked as `decideToolCall`
 * says with the controller's trust, mode, overrides, memory and taint guard.
 * A controller built with it gets `requestApproval` and `previewDecision`.
 *
 * @example
 * const consent = createConsentController({ kinds: [toolKind()], servers });
 * const { outcome } = await consent.requestApproval({ serverId, tool, args, callId });
 */
export function toolKind(): ConsentKind<ToolKindTypes> {
  return { name: 'tool', messages: toolDecisionMessages, verbs: { request: 'requestApproval', preview: 'previewDecision' }, setup: toolSteps };
}

