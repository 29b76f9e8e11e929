/**
 * The engine behind every controller: the queue, the flow and the kinds a
 * controller is built with. A kind left out is refused without asking
 * (recorded as blocked), so a host that only confirms tool calls pays only
 * for the tool kind.
 */
import { createApprovalStore } from '../tool/approvals.js';
import { decisionReason, type ToolDecision } from '../tool/decisions.js';
import type { ServerRequestDecision } from '../requests/server-requests.js';
import { isRecord } from '../shared/issues.js';
import { ownData } from '../shared/read.js';
import { createConsentContext, textOf, type ConsentContext } from './context.js';
import { runConsentFlow, type FlowEnvironment } from './flow.js';
import { callNameOf, serverRecord } from './kinds/server-record.js';
import { decideToolRequest, readToolRequest, shadowingServerNames, toolKind } from './kinds/tool.js';
import { createConsentQueue } from './queue.js';
import type { AppActionOutcome, AppActionRequest, ApprovalController, ApprovalControllerOptions, ApprovalPolicy, ElicitationOutcome, ElicitationRequest, SamplingOutcome, SamplingRequest } from './types.js';


/** A server-request kind as the engine plugs it in: it reads the request once and runs it through the flow. */
export type ServerKindPlugin<Req, Out> = (context: ConsentContext, env: FlowEnvironment) => (request: Req) => Promise<Out>;

/** The server-request kinds a controller handles; tool calls are always handled. */
export interface ConsentKinds {
  elicitation?: ServerKindPlugin<ElicitationRequest, ElicitationOutcome> | undefined;
  sampling?: ServerKindPlugin<SamplingRequest, SamplingOutcome> | undefined;
  /** MCP Apps' actions (`react-mcp-annotations/apps`). */
  app?: ServerKindPlugin<AppActionRequest, AppActionOutcome> | undefined;
}

/** Builds a controller over the given kinds. */
export function createConsentController(options: ApprovalControllerOptions, kinds: ConsentKinds): ApprovalController {
  const store = options.store ?? createApprovalStore({ rememberDestructive: options.rememberDestructive });
  let policy: ApprovalPolicy = {
    servers: options.servers,
    mode: options.mode,
    toolLists: options.toolLists,
    reasonLabels: options.reasonLabels,
    taintGuard: options.taintGuard,
    elicitation: options.elicitation,
    blockSensitiveElicitation: options.blockSensitiveElicitation,
    sampling: options.sampling,
    samplingHidden: options.samplingHidden,
  };
  const context = createConsentContext({ policy: () => policy, store, now: options.now, onDecision: options.onDecision, registrableDomain: options.registrableDomain });
  const queue = createConsentQueue(store, options.maxPendingPerServer);
  let nextId = 1;
  const env: FlowEnvironment = {
    queue,
    nextId: () => `consent-${nextId++}`,
    isConfigured: (serverId) => context.serverOf(serverId) !== undefined,
    reasonLabels: context.reasonLabels,
  };
  const tools = toolKind(context);

  // A kind this controller was not built with: refused at once, recorded.
  const unhandled = <K extends 'elicitation' | 'sampling'>(kind: K, raw: unknown) => {
    const serverId = textOf(raw, 'serverId') ?? '';
    const decision: ServerRequestDecision = { kind, action: 'block', reasons: [decisionReason(kind === 'elicitation' ? 'elicitation-off' : 'sampling-off', context.reasonLabels())], trust: context.trustOf(serverId), mode: 'default' };
    const record = serverRecord(context, kind, { serverId, callId: textOf(raw, 'callId'), callName: callNameOf(raw), requestId: ownData(raw, 'requestId') }, decision, { outcome: 'blocked', decidedBy: 'policy', reasons: decision.reasons });
    context.report(record);
    return record;
  };
  const elicit = kinds.elicitation?.(context, env) ?? ((raw: ElicitationRequest) => Promise.resolve<ElicitationOutcome>({ result: { action: 'decline' }, record: unhandled('elicitation', raw) }));
  const sample = kinds.sampling?.(context, env) ?? ((raw: SamplingRequest) => Promise.resolve<SamplingOutcome>({ outcome: 'blocked', record: unhandled('sampling', raw) }));

  return {
    requestApproval(raw) {
      const request = readToolRequest(raw);
      return runConsentFlow(env, tools, request, { serverId: request.serverId, signal: request.signal, blocking: false });
    },
    requestElicitation: elicit,
    requestSampling: sample,
    ...(kinds.app ? { requestAppAction: kinds.app(context, env) } : {}),
    previewDecision: (raw): ToolDecision => decideToolRequest(context, readToolRequest(raw)),
    settleByPolicy(raw) {
      const request = readToolRequest(raw);
      const decision = decideToolRequest(context, request);
      if (decision.action === 'confirm') return { decision };
      request.first = decision;
      return { decision, settled: runConsentFlow(env, tools, request, { serverId: request.serverId, signal: request.signal, blocking: false, decided: decision }) };
    },
    respond(id, response) {
      const entry = queue.find(id);
      if (!entry) return false;
      try {
        return entry.answer(response);
      } catch {
        return false;
      }
    },
    setPolicy(next, setOptions) {
      policy = isRecord(next) ? next : {};
      if (setOptions?.notify !== false) queue.emit();
    },
    getPolicy: () => policy,
    trustOf: context.trustOf,
    serverName: context.serverName,
    shadowsOf: (serverId, toolName) => shadowingServerNames(context, serverId, typeof toolName === 'string' ? toolName : undefined),
    claim: queue.claim,
    resetTaint: () => store.setTainted(false),
    dispose() {
      for (const entry of queue.entries()) entry.abandon('disposed');
      queue.emit();
    },
    store,
    subscribe: queue.subscribe,
    getSnapshot: queue.getSnapshot,
  };
}
