/**
 * The approval controller: one framework-free object that decides every
 * consent a host needs — tool calls, and the requests servers send
 * (elicitation, sampling) — in one queue, at most one on screen, each
 * settled exactly once and recorded. It is the composition of three parts:
 * the queue (queue.ts), the one flow every request takes (flow.ts) and one
 * module per request kind (kinds/). React subscribes to it with
 * `useSyncExternalStore`; a Node backend can use it directly.
 */
import { createApprovalStore } from '../tool/approvals.js';
import type { ToolDecision } from '../tool/decisions.js';
import { isRecord } from '../shared/issues.js';
import { createConsentContext } from './context.js';
import { runConsentFlow, type FlowEnvironment } from './flow.js';
import { elicitationKind, readElicitationRequest } from './kinds/elicitation.js';
import { readSamplingRequest, samplingKind } from './kinds/sampling.js';
import { decideToolRequest, readToolRequest, toolKind } from './kinds/tool.js';
import { createConsentQueue } from './queue.js';
import type { ApprovalController, ApprovalControllerOptions, ApprovalPolicy, ApprovalResult, ElicitationOutcome, SamplingOutcome } from './types.js';

export type * from './types.js';

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
  const elicitations = elicitationKind(context);
  const samplings = samplingKind(context);

  return {
    requestApproval(raw): Promise<ApprovalResult> {
      const request = readToolRequest(raw);
      return runConsentFlow(env, tools, request, { serverId: request.serverId, signal: request.signal, blocking: false });
    },
    requestElicitation(raw): Promise<ElicitationOutcome> {
      const request = readElicitationRequest(context, raw);
      return runConsentFlow(env, elicitations, request, { serverId: request.serverId, signal: request.signal, blocking: request.blocking });
    },
    requestSampling(raw): Promise<SamplingOutcome> {
      const request = readSamplingRequest(raw);
      return runConsentFlow(env, samplings, request, { serverId: request.serverId, signal: request.signal, blocking: request.blocking });
    },
    previewDecision: (raw): ToolDecision => decideToolRequest(context, readToolRequest(raw)),
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
