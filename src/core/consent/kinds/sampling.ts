/**
 * The sampling kind (`sampling/createMessage`), in stages: the person
 * reviews the request (and may edit it), the host's model runs, the person
 * reviews the answer (and may edit it), and only then does it go back. The
 * request is read once; what the model is sent is built from that snapshot
 * and never holds a block the reviewer could not see.
 */
import {
  applySamplingResultEdits,
  parseSamplingRequest,
  parseSamplingResult,
  samplingRequestToSend,
  snapshotSamplingRequest,
  type SamplingEdits,
  type SamplingView,
} from '../../requests/sampling.js';
import { decideServerRequest, type ServerRequestDecision, type ServerRequestRecord } from '../../requests/server-requests.js';
import { isRecord } from '../../shared/issues.js';
import { ownData } from '../../shared/read.js';
import { decisionReason, withReason } from '../../tool/decisions.js';
import { signalOf, textOf, type ConsentContext } from '../context.js';
import type { ConsentKindModule, FlowStep } from '../flow.js';
import type { PendingSampling, SamplingOutcome, SamplingRequest } from '../types.js';
import { callNameOf, serverRecord, type ServerRequestBase } from './server-record.js';

/** A sampling request as read once. */
export interface SamplingRead extends ServerRequestBase {
  /** The request's params, copied once: the review and what is sent come from it. */
  snapshot: Record<string, unknown>;
  view: SamplingView;
  sample: unknown;
  signal: AbortSignal | undefined;
  blocking: boolean;
  /** Aborted when the request settles, so a model still running stops. */
  generation: AbortController;
  /** The model's answer, once it came. */
  completion?: unknown;
  edited: boolean;
  first?: ServerRequestDecision | undefined;
}

interface Settled {
  outcome: SamplingOutcome['outcome'];
  decidedBy: ServerRequestRecord['decidedBy'];
  decision: ServerRequestDecision;
  result?: Record<string, unknown> | undefined;
  error?: string | undefined;
}

const errorText = (error: unknown): string => {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'The model failed.';
  }
};

/** Reads a sampling request once. */
export function readSamplingRequest(raw: unknown): SamplingRead {
  const params = ownData(raw, 'params');
  const snapshot = snapshotSamplingRequest(params);
  return {
    serverId: textOf(raw, 'serverId') ?? '',
    callId: textOf(raw, 'callId'),
    callName: callNameOf(raw),
    requestId: ownData(raw, 'requestId'),
    snapshot,
    view: parseSamplingRequest(isRecord(params) ? snapshot : undefined),
    sample: ownData(raw, 'sample'),
    signal: signalOf(raw),
    blocking: ownData(raw, 'blocking') !== false,
    generation: new AbortController(),
    edited: false,
  };
}

/** The sampling kind for the consent flow. */
export function samplingKind(context: ConsentContext): ConsentKindModule<SamplingRead, ServerRequestDecision, Settled, SamplingOutcome> {
  const hidden = (): 'omit' | 'show' => (context.policy().samplingHidden === 'show' ? 'show' : 'omit');
  const generate = async (request: SamplingRead, params: Record<string, unknown>): Promise<{ ok: true; result: unknown } | { ok: false; error: string }> => {
    try {
      if (typeof request.sample !== 'function') return { ok: false, error: 'The host has no model to sample.' };
      return { ok: true, result: await (request.sample as NonNullable<SamplingRequest['sample']>)(params, { signal: request.generation.signal }) };
    } catch (error) {
      return { ok: false, error: errorText(error) };
    }
  };
  const item = (request: SamplingRead, decision: ServerRequestDecision, id: string, stage: PendingSampling['stage']): PendingSampling => ({
    id,
    kind: 'sampling',
    serverId: request.serverId,
    serverName: context.serverName(request.serverId),
    ...(request.callId !== undefined ? { callId: request.callId } : {}),
    ...(request.callName !== undefined ? { callName: request.callName } : {}),
    trust: decision.trust,
    stage,
    view: request.view,
    ...(request.completion !== undefined ? { result: parseSamplingResult(request.completion) } : {}),
    decision,
    hidden: hidden(),
  });
  return {
    decide(request, { serverRemoved }) {
      const decision = decideServerRequest({ kind: 'sampling', trust: context.trustOf(request.serverId), mode: context.policy().mode, policy: context.policy(), reasonLabels: context.reasonLabels(), sampling: request.view, serverRemoved, hasModel: typeof request.sample === 'function' });
      request.first ??= decision;
      return decision;
    },
    failClosed: (request) => ({ kind: 'sampling', action: 'block', reasons: [decisionReason('request-invalid', context.reasonLabels())], trust: context.trustOf(request.serverId), mode: 'default' }),
    describe: (request, decision, id) => item(request, decision, id, request.completion !== undefined ? 'result' : 'request'),
    run(request, decision): FlowStep<Settled> {
      // A trusted server under `trusted-auto`: nobody reviews, so nothing hidden is sent either.
      return {
        type: 'work',
        until: generate(request, samplingRequestToSend(request.snapshot, {}, { hidden: 'omit' })).then((outcome): FlowStep<Settled> =>
          outcome.ok
            ? { type: 'settle', result: { outcome: 'approved', decidedBy: 'policy', decision, result: applySamplingResultEdits(outcome.result).result } }
            : { type: 'settle', result: { outcome: 'failed', decidedBy: 'policy', decision, error: outcome.error } },
        ),
      };
    },
    refuse(_request, decision, cause): Settled {
      if (cause === 'abandoned' || cause === 'disposed') return { outcome: 'denied', decidedBy: 'policy', decision };
      return { outcome: 'blocked', decidedBy: 'policy', decision: cause === 'invalid' ? withReason(decision, 'request-invalid', context.reasonLabels()) : decision };
    },
    isRefusal: (response) => isRecord(response) && ownData(response, 'action') === 'deny',
    answer(request, current, response, decision): FlowStep<Settled> {
      const pending = current as PendingSampling;
      const action = isRecord(response) ? ownData(response, 'action') : undefined;
      if (action === 'deny') return { type: 'settle', result: { outcome: 'denied', decidedBy: 'user', decision } };
      if (action !== 'approve' || pending.stage === 'generating') return { type: 'refuse' };
      if (pending.stage === 'request') {
        if (!request.view.valid) return { type: 'refuse' };
        const edits = ownData(response, 'edits');
        const applied: SamplingEdits = isRecord(edits) ? { systemPrompt: ownData(edits, 'systemPrompt') as string | undefined, texts: ownData(edits, 'texts') as Record<string, string> | undefined } : {};
        const params = samplingRequestToSend(request.snapshot, applied, { hidden: pending.hidden });
        const unedited = samplingRequestToSend(request.snapshot, {}, { hidden: pending.hidden });
        if (JSON.stringify(params) !== JSON.stringify(unedited)) request.edited = true;
        return {
          type: 'work',
          item: { ...pending, stage: 'generating' },
          until: generate(request, params).then((outcome): FlowStep<Settled> => {
            if (!outcome.ok) return { type: 'settle', result: { outcome: 'failed', decidedBy: 'policy', decision, error: outcome.error } };
            request.completion = outcome.result;
            return { type: 'wait', item: { ...pending, stage: 'result', result: parseSamplingResult(outcome.result) } };
          }),
        };
      }
      // The answer, as reviewed (and maybe edited), goes back; "edited" only when what goes back differs.
      const applied = applySamplingResultEdits(request.completion, { text: ownData(response, 'text'), texts: ownData(response, 'texts') });
      if (applied.edited) request.edited = true;
      return { type: 'settle', result: { outcome: 'approved', decidedBy: 'user', decision, result: applied.result } };
    },
    finish(request, settled): SamplingOutcome {
      request.generation.abort();
      const record = serverRecord(context, 'sampling', request, request.first ?? settled.decision, { outcome: settled.outcome, decidedBy: settled.decidedBy, reasons: settled.decision.reasons, edited: request.edited });
      context.report(record);
      return { outcome: settled.outcome, ...(settled.result ? { result: settled.result } : {}), ...(settled.error !== undefined ? { error: settled.error } : {}), record };
    },
  };
}
