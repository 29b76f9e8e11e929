/**
 * The elicitation kind (`elicitation/create`): never answered without a
 * person. An accept carries exactly the validated values of the form's own
 * fields, and, for a form that asks for something that looks like a secret,
 * the person's acknowledgement; a URL is only accepted when it may be opened.
 */
import { elicitationNeedsAcknowledgement, invalidRequest, parseElicitationRequest, validateElicitation, type ElicitationAnswer, type ElicitationValues, type ElicitationView } from '../../requests/elicitation.js';
import { decideServerRequest, type ServerRequestDecision, type ServerRequestRecord } from '../../requests/server-requests.js';
import { isRecord } from '../../shared/issues.js';
import { ownData, snapshotData } from '../../shared/read.js';
import { decisionReason, withReason } from '../../tool/decisions.js';
import { signalOf, textOf, type ConsentContext } from '../context.js';
import type { ConsentKindModule, FlowStep } from '../flow.js';
import type { ElicitationOutcome, PendingElicitation } from '../types.js';
import { callNameOf, serverRecord, type ServerRequestBase } from './server-record.js';

/** An elicitation as read once. */
export interface ElicitationRead extends ServerRequestBase {
  view: ElicitationView;
  stop: { kind: 'task' | 'call'; run: () => void } | undefined;
  signal: AbortSignal | undefined;
  blocking: boolean;
  first?: ServerRequestDecision | undefined;
}

interface Settled {
  stopped?: boolean | undefined;
  result: ElicitationAnswer;
  outcome: ServerRequestRecord['outcome'];
  decidedBy: ServerRequestRecord['decidedBy'];
  decision: ServerRequestDecision;
  fields?: string[] | undefined;
}

/** Reads an elicitation request once. */
export function readElicitationRequest(context: ConsentContext, raw: unknown): ElicitationRead {
  let view: ElicitationView;
  try {
    // Read once: the form, its validation and the record all come from one plain copy.
    view = parseElicitationRequest(snapshotData(ownData(raw, 'params')), { registrableDomain: context.registrableDomain });
  } catch {
    view = invalidRequest('', [{ code: 'unreadable' }]);
  }
  return {
    serverId: textOf(raw, 'serverId') ?? '',
    callId: textOf(raw, 'callId'),
    callName: callNameOf(raw),
    requestId: ownData(raw, 'requestId'),
    view,
    stop: stopOf(ownData(raw, 'stop')),
    signal: signalOf(raw),
    blocking: ownData(raw, 'blocking') !== false,
  };
}


/** A request's `stop`, read as data: a kind and a function, or nothing. */
function stopOf(value: unknown): ElicitationRead['stop'] {
  const run = ownData(value, 'run');
  const kind = ownData(value, 'kind');
  return typeof run === 'function' ? { kind: kind === 'call' ? 'call' : 'task', run: run as () => void } : undefined;
}

/** The elicitation kind for the consent flow. */
export function elicitationKind(context: ConsentContext): ConsentKindModule<ElicitationRead, ServerRequestDecision, Settled, ElicitationOutcome> {
  const decide = (request: ElicitationRead, serverRemoved: boolean) =>
    decideServerRequest({ kind: 'elicitation', trust: context.trustOf(request.serverId), mode: context.policy().mode, policy: context.policy(), reasonLabels: context.reasonLabels(), elicitation: request.view, serverRemoved });
  return {
    decide(request, { serverRemoved }) {
      const decision = decide(request, serverRemoved);
      request.first ??= decision;
      return decision;
    },
    failClosed: (request) => ({ kind: 'elicitation', action: 'block', reasons: [decisionReason('request-invalid', context.reasonLabels())], trust: context.trustOf(request.serverId), mode: 'default' }),
    describe: (request, decision, id): PendingElicitation => ({
      id,
      kind: 'elicitation',
      serverId: request.serverId,
      serverName: context.serverName(request.serverId),
      ...(request.callId !== undefined ? { callId: request.callId } : {}),
    ...(request.callName !== undefined ? { callName: request.callName } : {}),
      ...(request.callName !== undefined ? { callName: request.callName } : {}),
      trust: decision.trust,
      view: request.view,
      decision,
      requiresAcknowledgement: elicitationNeedsAcknowledgement(request.view),
      ...(request.stop ? { stop: request.stop.kind } : {}),
    }),
    // Elicitation is never answered without a person: a policy "run" still declines.
    run: (_request, decision): FlowStep<Settled> => ({ type: 'settle', result: { result: { action: 'decline' }, outcome: 'blocked', decidedBy: 'policy', decision } }),
    refuse(_request, decision, cause): Settled {
      if (cause === 'abandoned' || cause === 'disposed') return { result: { action: 'cancel' }, outcome: 'cancel', decidedBy: 'policy', decision };
      return { result: { action: 'decline' }, outcome: 'blocked', decidedBy: 'policy', decision: cause === 'invalid' ? withReason(decision, 'request-invalid', context.reasonLabels()) : decision };
    },
    isRefusal(response) {
      const action = isRecord(response) ? ownData(response, 'action') : undefined;
      return action === 'decline' || action === 'cancel';
    },
    answer(request, _item, response, decision): FlowStep<Settled> {
      const action = isRecord(response) ? ownData(response, 'action') : undefined;
      if (action === 'decline' || action === 'cancel') {
        const stopped = action === 'cancel' && ownData(response, 'stop') === true && request.stop !== undefined;
        return { type: 'settle', result: { result: { action }, outcome: action, decidedBy: 'user', decision, ...(stopped ? { stopped } : {}) } };
      }
      const view = request.view;
      if (action !== 'accept' || view.mode === 'invalid' || (view.mode === 'url' && !view.url.secure)) return { type: 'refuse' };
      if (view.mode === 'url') return { type: 'settle', result: { result: { action: 'accept' }, outcome: 'accept', decidedBy: 'user', decision } };
      // The acknowledgement a secret needs is a rule of the controller, not of a button.
      if (elicitationNeedsAcknowledgement(view) && ownData(response, 'acknowledged') !== true) return { type: 'refuse' };
      const content = ownData(response, 'content');
      const checked = validateElicitation(view, isRecord(content) ? (content as ElicitationValues) : {});
      if (!checked.ok) return { type: 'refuse' };
      return { type: 'settle', result: { result: { action: 'accept', content: checked.content }, outcome: 'accept', decidedBy: 'user', decision, fields: Object.keys(checked.content) } };
    },
    finish(request, settled): ElicitationOutcome {
      const record = serverRecord(context, 'elicitation', request, request.first ?? settled.decision, {
        outcome: settled.outcome,
        decidedBy: settled.decidedBy,
        reasons: settled.decision.reasons,
        ...(settled.fields ? { fields: settled.fields } : {}),
        ...(request.view.mode === 'url' ? { host: request.view.url.host } : {}),
        ...(settled.stopped ? { stopped: true } : {}),
      });
      context.report(record);
      if (settled.stopped) {
        try {
          request.stop?.run();
        } catch {
          // The host's stop failing must not lose the answer.
        }
      }
      return { result: settled.result, record };
    },
  };
}
