/**
 * The sampling kind (`sampling/createMessage`), in stages: the person
 * reviews the request (and may edit it), the host's model runs, the person
 * reviews the answer (and may edit it), and only then does it go back. The
 * request is read once; what the model is sent is built from that snapshot
 * and never holds a block the reviewer could not see. Its policy, reason
 * codes and words are here too.
 */
import {
  applySamplingResultEdits,
  parseSamplingRequest,
  parseSamplingResult,
  samplingRequestToSend,
  snapshotSamplingRequest,
  type SamplingEdits,
  type SamplingResultView,
  type SamplingView,
} from '../../requests/sampling.js';
import type { ServerRequestDecision, ServerRequestInput, ServerRequestRecord } from '../../requests/server-requests.js';
import { isRecord } from '../../shared/issues.js';
import { normalizeMode, normalizeTrust } from '../../shared/policy.js';
import { ownData } from '../../shared/read.js';
import { prefixed, reasonFrom, type DecisionReason } from '../../text/reasons.js';
import { signalOf, textOf } from '../../shared/read.js';
import type { ConsentKind, FlowStep, KindContext, KindSteps, KindTypes, PendingBase } from '../kind.js';
import { consentReason, type ConsentReasonCode } from '../reasons.js';
import { callNameOf, serverRecord, type ServerRequestBase } from './server-record.js';

/** A server's `sampling/createMessage` request to decide. */
export interface SamplingRequest {
  serverId: string;
  params: unknown;
  /**
   * Runs the host's model on the (possibly edited) request and returns a
   * `CreateMessageResult`. Without it the request is blocked unasked
   * (`sampling-no-model`): nobody reviews what cannot run.
   */
  sample?: ((params: Record<string, unknown>, context: { signal: AbortSignal }) => Promise<unknown>) | undefined;
  callId?: string | undefined;
  /** The tool the call that asks runs, when known: the dialog names it ("Asked during …"). */
  callName?: string | undefined;
  requestId?: string | number | undefined;
  signal?: AbortSignal | undefined;
  /** Whether a running call waits on this request: it is asked next. Default true. */
  blocking?: boolean | undefined;
}

/** A server asking to use the host's model (`sampling/createMessage`). */
export interface PendingSampling extends PendingBase<'sampling'> {
  trust: ServerRequestDecision['trust'];
  /** `request`: review what would be sent; `generating`: the model runs; `result`: review the answer before it goes back. */
  stage: 'request' | 'generating' | 'result';
  view: SamplingView;
  /** The completion, once the model answered. */
  result?: SamplingResultView | undefined;
  decision: ServerRequestDecision;
  /**
   * What happens to blocks the reviewer may not see (assistant-only): `omit`
   * (default: they are neither shown nor sent) or `show` (shown, marked, and
   * sent). The model never gets a block the reviewer could not see.
   */
  hidden: 'omit' | 'show';
}

/** An answer to a pending sampling request: approve (with edits to the request, or to the answer's text) or deny. */
export type SamplingResponse =
  | {
      action: 'approve';
      /** Request stage: the person's edits to the request. */
      edits?: SamplingEdits | undefined;
      /** Answer stage: new text for an answer that is one text block. */
      text?: string | undefined;
      /** Answer stage: new text for the answer's text blocks, by block index. */
      texts?: Readonly<Record<string, string>> | undefined;
    }
  | { action: 'deny' };

/** How a sampling request was settled. */
export interface SamplingOutcome {
  /** `approved`: `result` goes back; `denied` / `blocked`: refuse the request; `failed`: the model failed (`error`). */
  outcome: 'approved' | 'denied' | 'blocked' | 'failed';
  result?: Record<string, unknown> | undefined;
  error?: string | undefined;
  record: ServerRequestRecord;
}

/** The sampling kind's types. */
export interface SamplingKindTypes extends KindTypes {
  name: 'sampling';
  request: SamplingRequest;
  outcome: SamplingOutcome;
  prompt: PendingSampling;
  answer: SamplingResponse;
  record: ServerRequestRecord;
  decision: ServerRequestDecision;
  requestVerb: 'requestSampling';
}

/** Reasons only a sampling request gives. */
export type SamplingReasonCode = 'sampling-off' | 'sampling-no-model' | 'sampling-review' | 'sampling-trusted-auto';

/** English for each sampling reason. */
export const samplingReasonLabels: Record<SamplingReasonCode, string> = {
  'sampling-off': 'This app does not let servers use its model.',
  'sampling-no-model': 'This app has no model for servers to use.',
  'sampling-review': 'The server wants to use this app’s model; you can check the request and the answer.',
  'sampling-trusted-auto': 'A trusted server may use this app’s model without asking.',
};


/** The sampling reasons as message-table entries. */
export const samplingReasonMessages: { [K in SamplingReasonCode as `reason.${K}`]: string } = /* @__PURE__ */ prefixed('reason.', samplingReasonLabels);

/** Decides a sampling request: run only for a trusted server of a host that opted in, else confirm or block. Never throws. */
export function decideSampling(input: Omit<ServerRequestInput, 'kind' | 'elicitation'>): ServerRequestDecision {
  const trust = normalizeTrust(input.trust);
  const mode = normalizeMode(input.mode);
  const policy = input.policy ?? {};
  const reasons: DecisionReason[] = [];
  const add = (code: SamplingReasonCode | ConsentReasonCode) => reasons.push(reasonFrom(code));
  const result = (action: ServerRequestDecision['action']): ServerRequestDecision => ({ kind: 'sampling', action, reasons, trust, mode });
  // What a removed server asked for never goes through.
  if (input.serverRemoved === true) add('server-removed');
  else if (policy.sampling === 'off') add('sampling-off');
  else if (input.hasModel === false) add('sampling-no-model');
  if (reasons.length > 0) return result('block');
  if (input.sampling && !input.sampling.valid) add('request-invalid');
  if (trust === 'untrusted') add('untrusted-server');
  if (mode === 'always-confirm') add('always-confirm-mode');
  if (reasons.length === 0 && trust === 'trusted' && policy.sampling === 'trusted-auto') {
    add('sampling-trusted-auto');
    return result('run');
  }
  add('sampling-review');
  return result('confirm');
}

/** A sampling request as read once. */
interface SamplingRead extends ServerRequestBase {
  /** The request's params, copied once: the review and what is sent come from it. */
  snapshot: Record<string, unknown>;
  view: SamplingView;
  sample: unknown;
  signal: AbortSignal | undefined;
  blocking: boolean;
}

/** What the flow keeps between stages. */
interface SamplingData {
  /** The model's answer, once it came. */
  completion?: unknown;
  /** A person changed what was sent or what goes back. */
  edited: boolean;
}

interface Settled {
  outcome: SamplingOutcome['outcome'];
  decidedBy: ServerRequestRecord['decidedBy'];
  decision: ServerRequestDecision;
  result?: Record<string, unknown> | undefined;
  error?: string | undefined;
}

type Step = FlowStep<Settled, PendingSampling, SamplingData>;

const errorText = (error: unknown): string => {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'The model failed.';
  }
};

function samplingSteps(context: KindContext): KindSteps<SamplingKindTypes, SamplingRead, Settled, SamplingData> {
  const hidden = (): 'omit' | 'show' => (context.policy().samplingHidden === 'show' ? 'show' : 'omit');
  // The model runs until the request settles (the flow's signal), however it settles.
  const generate = async (request: SamplingRead, params: Record<string, unknown>, signal: AbortSignal): Promise<{ ok: true; result: unknown } | { ok: false; error: string }> => {
    try {
      if (typeof request.sample !== 'function') return { ok: false, error: 'The host has no model to sample.' };
      return { ok: true, result: await (request.sample as NonNullable<SamplingRequest['sample']>)(params, { signal }) };
    } catch (error) {
      return { ok: false, error: errorText(error) };
    }
  };
  const prompt = (request: SamplingRead, decision: ServerRequestDecision, id: string, stage: PendingSampling['stage'], completion: unknown): PendingSampling => ({
    id,
    kind: 'sampling',
    serverId: request.serverId,
    serverName: context.serverName(request.serverId),
    ...(request.callId !== undefined ? { callId: request.callId } : {}),
    ...(request.callName !== undefined ? { callName: request.callName } : {}),
    trust: decision.trust,
    stage,
    view: request.view,
    ...(completion !== undefined ? { result: parseSamplingResult(completion) } : {}),
    decision,
    hidden: hidden(),
  });
  return {
    read(raw) {
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
      };
    },
    meta: (request) => ({ serverId: request.serverId, signal: request.signal, blocking: request.blocking }),
    decide: (request, { serverRemoved }) =>
      decideSampling({ trust: context.trustOf(request.serverId), mode: context.policy().mode, policy: context.policy(), sampling: request.view, serverRemoved, hasModel: typeof request.sample === 'function' }),
    failClosed: (request) => ({ kind: 'sampling', action: 'block', reasons: [consentReason('request-invalid')], trust: context.trustOf(request.serverId), mode: 'default' }),
    describe: (request, decision, id, flow) => prompt(request, decision, id, flow.data?.completion !== undefined ? 'result' : 'request', flow.data?.completion),
    run(request, decision, flow): Step {
      // A trusted server under `trusted-auto`: nobody reviews, so nothing hidden is sent either.
      return {
        type: 'work',
        until: generate(request, samplingRequestToSend(request.snapshot, {}, { hidden: 'omit' }), flow.signal).then((outcome): Step =>
          outcome.ok
            ? { type: 'settle', result: { outcome: 'approved', decidedBy: 'policy', decision, result: applySamplingResultEdits(outcome.result).result } }
            : { type: 'settle', result: { outcome: 'failed', decidedBy: 'policy', decision, error: outcome.error } },
        ),
      };
    },
    refuse(_request, decision, cause): Settled {
      if (cause === 'abandoned' || cause === 'disposed') return { outcome: 'denied', decidedBy: 'policy', decision };
      return { outcome: 'blocked', decidedBy: 'policy', decision };
    },
    isRefusal: (answer) => isRecord(answer) && ownData(answer, 'action') === 'deny',
    answer(request, pending, answer, decision, flow): Step {
      const action = isRecord(answer) ? ownData(answer, 'action') : undefined;
      if (action === 'deny') return { type: 'settle', result: { outcome: 'denied', decidedBy: 'user', decision } };
      if (action !== 'approve' || pending.stage === 'generating') return { type: 'refuse' };
      if (pending.stage === 'request') {
        if (!request.view.valid) return { type: 'refuse' };
        const edits = ownData(answer, 'edits');
        const applied: SamplingEdits = isRecord(edits) ? { systemPrompt: ownData(edits, 'systemPrompt') as string | undefined, texts: ownData(edits, 'texts') as Record<string, string> | undefined } : {};
        const params = samplingRequestToSend(request.snapshot, applied, { hidden: pending.hidden });
        const unedited = samplingRequestToSend(request.snapshot, {}, { hidden: pending.hidden });
        const edited = JSON.stringify(params) !== JSON.stringify(unedited);
        return {
          type: 'work',
          prompt: { ...pending, stage: 'generating' },
          data: { edited },
          until: generate(request, params, flow.signal).then((outcome): Step => {
            if (!outcome.ok) return { type: 'settle', result: { outcome: 'failed', decidedBy: 'policy', decision, error: outcome.error } };
            return { type: 'wait', prompt: { ...pending, stage: 'result', result: parseSamplingResult(outcome.result) }, data: { edited, completion: outcome.result } };
          }),
        };
      }
      // The answer, as reviewed (and maybe edited), goes back; "edited" only when what goes back differs.
      const applied = applySamplingResultEdits(flow.data?.completion, { text: ownData(answer, 'text'), texts: ownData(answer, 'texts') });
      return { type: 'settle', result: { outcome: 'approved', decidedBy: 'user', decision, result: applied.result }, data: { completion: flow.data?.completion, edited: flow.data?.edited === true || applied.edited } };
    },
    finish(request, settled, flow) {
      const record = serverRecord(context, 'sampling', request, flow.first, { outcome: settled.outcome, decidedBy: settled.decidedBy, reasons: settled.decision.reasons, edited: flow.data?.edited === true });
      return { outcome: { outcome: settled.outcome, ...(settled.result ? { result: settled.result } : {}), ...(settled.error !== undefined ? { error: settled.error } : {}), record }, record };
    },
  };
}

/**
 * The sampling kind: a server asks to use the host's model; a person reviews
 * the request and the answer. A controller built with it gets `requestSampling`.
 */
export function samplingKind(): ConsentKind<SamplingKindTypes> {
  return { name: 'sampling', messages: samplingReasonMessages, verbs: { request: 'requestSampling' }, setup: samplingSteps };
}
