/**
 * The elicitation kind (`elicitation/create`): never answered without a
 * person. An accept carries exactly the validated values of the form's own
 * fields, and, for a form that asks for something that looks like a secret,
 * the person's acknowledgement; a URL is only accepted when it may be opened.
 * Its policy, reason codes and words are here too.
 */
import { elicitationNeedsAcknowledgement, invalidRequest, parseElicitationRequest, validateElicitation, type ElicitationAnswer, type ElicitationValues, type ElicitationView } from '../../requests/elicitation.js';
import type { ServerRequestDecision, ServerRequestInput, ServerRequestRecord } from '../../requests/server-requests.js';
import { isRecord } from '../../shared/issues.js';
import { normalizeMode, normalizeTrust } from '../../shared/policy.js';
import { ownData, snapshotData } from '../../shared/read.js';
import { prefixed, reasonFrom, type DecisionReason } from '../../text/reasons.js';
import { signalOf, textOf } from '../../shared/read.js';
import type { ConsentKind, FlowStep, KindContext, KindSteps, KindTypes, PendingBase } from '../kind.js';
import { consentReason, type ConsentReasonCode } from '../reasons.js';
import { callNameOf, serverRecord, type ServerRequestBase } from './server-record.js';

/** A server's `elicitation/create` request to decide. */
export interface ElicitationRequest {
  serverId: string;
  /** The request's params, as the server sent them. */
  params: unknown;
  /** The call this request belongs to, when known (focus returns to its card). */
  callId?: string | undefined;
  /** The tool that call runs, when known: the dialog names it ("Asked during …"). */
  callName?: string | undefined;
  /**
   * Lets the person stop what asked — a task waiting in `input_required`, or
   * the call itself — from the prompt ("Stop task"), since a modal prompt
   * covers the card's Cancel. `run` is called once, after the request
   * settles as `cancel`.
   */
  stop?: { kind: 'task' | 'call'; run: () => void } | undefined;
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

/** A server asking the person for information (`elicitation/create`). */
export interface PendingElicitation extends PendingBase<'elicitation'> {
  trust: ServerRequestDecision['trust'];
  view: ElicitationView;
  decision: ServerRequestDecision;
  /**
   * An accept must carry `acknowledged: true`: the form asks for something
   * that looks like a secret. The controller refuses an accept without it.
   */
  requiresAcknowledgement: boolean;
  /** What the prompt's Stop button stops, when the request offered one (`stop`). */
  stop?: 'task' | 'call' | undefined;
}

/** An answer to a pending elicitation: accept with the values, decline (an explicit no) or cancel (dismissed). */
export type ElicitationResponse =
  | {
      action: 'accept';
      content?: ElicitationValues | undefined;
      /** The person confirmed sending what looks like a secret (required when `requiresAcknowledgement`). */
      acknowledged?: boolean | undefined;
    }
  | { action: 'decline' }
  /** `stop: true`: also stop what asked (a prompt with `stop`): the request is cancelled and the host's `stop.run` is called. */
  | { action: 'cancel'; stop?: boolean | undefined };

/** How an elicitation was settled. `result` is what goes back to the server (the SDK's `ElicitResult`). */
export interface ElicitationOutcome {
  result: ElicitationAnswer;
  record: ServerRequestRecord;
}

/** The elicitation kind's types. */
export interface ElicitationKindTypes extends KindTypes {
  name: 'elicitation';
  request: ElicitationRequest;
  outcome: ElicitationOutcome;
  prompt: PendingElicitation;
  answer: ElicitationResponse;
  record: ServerRequestRecord;
  decision: ServerRequestDecision;
  requestVerb: 'requestElicitation';
}

/** Reasons only an elicitation gives. */
export type ElicitationReasonCode = 'elicitation-off' | 'elicitation-needs-person' | 'sensitive-fields' | 'sensitive-blocked' | 'url-not-https' | 'url-warning' | 'url-offline' | 'acknowledgement-required';

/** English for each elicitation reason. */
export const elicitationReasonLabels: Record<ElicitationReasonCode, string> = {
  'elicitation-off': 'This app does not let servers ask you for information.',
  'elicitation-needs-person': 'Only you can answer what a server asks you.',
  'sensitive-fields': 'This form asks for something that looks like a secret. Servers must not ask for secrets in a form.',
  'sensitive-blocked': 'This app blocks forms that ask for secrets.',
  'url-not-https': 'The link is not a secure (https) address, so it will not be opened.',
  'url-warning': 'The link’s address needs a close look before you open it.',
  'url-offline': 'Links to outside this app are turned off.',
  'acknowledgement-required': 'This form asks for something that looks like a secret: confirm that you mean to send it.',
};


/** The elicitation reasons as message-table entries. */
export const elicitationReasonMessages: { [K in ElicitationReasonCode as `reason.${K}`]: string } = /* @__PURE__ */ prefixed('reason.', elicitationReasonLabels);

/**
 * Decides an elicitation: confirm (a person answers) or block; never run.
 * Asked even when it cannot be answered, so the person sees why it is
 * declined. Never throws.
 */
export function decideElicitation(input: Omit<ServerRequestInput, 'kind' | 'sampling' | 'hasModel'>): ServerRequestDecision {
  const trust = normalizeTrust(input.trust);
  const mode = normalizeMode(input.mode);
  const policy = input.policy ?? {};
  const view = input.elicitation;
  const reasons: DecisionReason[] = [];
  const add = (code: ElicitationReasonCode | ConsentReasonCode) => reasons.push(reasonFrom(code));
  const result = (action: ServerRequestDecision['action']): ServerRequestDecision => ({ kind: 'elicitation', action, reasons, trust, mode });
  // What a removed server asked for never goes through.
  if (input.serverRemoved === true) add('server-removed');
  else {
    if (policy.elicitation === 'off') add('elicitation-off');
    if (view?.mode === 'form' && view.sensitive && policy.blockSensitiveElicitation === true) add('sensitive-blocked');
    if (view?.mode === 'url' && mode === 'offline') add('url-offline');
  }
  if (reasons.length > 0) return result('block');
  if (!view || view.mode === 'invalid') add('request-invalid');
  else if (view.mode === 'url' && !view.url.secure) add('url-not-https');
  if (trust === 'untrusted') add('untrusted-server');
  add('elicitation-needs-person');
  if (view?.mode === 'form' && view.sensitive) add('sensitive-fields');
  if (view?.mode === 'url' && view.url.warnings.some((warning) => warning !== 'not-https')) add('url-warning');
  return result('confirm');
}

/** An elicitation as read once. */
interface ElicitationRead extends ServerRequestBase {
  view: ElicitationView;
  stop: { kind: 'task' | 'call'; run: () => void } | undefined;
  signal: AbortSignal | undefined;
  blocking: boolean;
}

interface Settled {
  stopped?: boolean | undefined;
  result: ElicitationAnswer;
  outcome: ServerRequestRecord['outcome'];
  decidedBy: ServerRequestRecord['decidedBy'];
  decision: ServerRequestDecision;
  fields?: string[] | undefined;
}

/** A request's `stop`, read as data: a kind and a function, or nothing. */
function stopOf(value: unknown): ElicitationRead['stop'] {
  const run = ownData(value, 'run');
  const kind = ownData(value, 'kind');
  return typeof run === 'function' ? { kind: kind === 'call' ? 'call' : 'task', run: run as () => void } : undefined;
}

function elicitationSteps(context: KindContext): KindSteps<ElicitationKindTypes, ElicitationRead, Settled> {
  return {
    read(raw) {
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
    },
    meta: (request) => ({ serverId: request.serverId, signal: request.signal, blocking: request.blocking }),
    decide: (request, { serverRemoved }) => decideElicitation({ trust: context.trustOf(request.serverId), mode: context.policy().mode, policy: context.policy(), elicitation: request.view, serverRemoved }),
    failClosed: (request) => ({ kind: 'elicitation', action: 'block', reasons: [consentReason('request-invalid')], trust: context.trustOf(request.serverId), mode: 'default' }),
    describe: (request, decision, id): PendingElicitation => ({
      id,
      kind: 'elicitation',
      serverId: request.serverId,
      serverName: context.serverName(request.serverId),
      ...(request.callId !== undefined ? { callId: request.callId } : {}),
      ...(request.callName !== undefined ? { callName: request.callName } : {}),
      trust: decision.trust,
      view: request.view,
      decision,
      requiresAcknowledgement: elicitationNeedsAcknowledgement(request.view),
      ...(request.stop ? { stop: request.stop.kind } : {}),
    }),
    // Elicitation is never answered without a person: a policy "run" still declines.
    run: (_request, decision): FlowStep<Settled, PendingElicitation> => ({ type: 'settle', result: { result: { action: 'decline' }, outcome: 'blocked', decidedBy: 'policy', decision } }),
    refuse(_request, decision, cause): Settled {
      if (cause === 'abandoned' || cause === 'disposed') return { result: { action: 'cancel' }, outcome: 'cancel', decidedBy: 'policy', decision };
      return { result: { action: 'decline' }, outcome: 'blocked', decidedBy: 'policy', decision };
    },
    isRefusal(answer) {
      const action = isRecord(answer) ? ownData(answer, 'action') : undefined;
      return action === 'decline' || action === 'cancel';
    },
    answer(request, _prompt, answer, decision): FlowStep<Settled, PendingElicitation> {
      const action = isRecord(answer) ? ownData(answer, 'action') : undefined;
      if (action === 'decline' || action === 'cancel') {
        const stopped = action === 'cancel' && ownData(answer, 'stop') === true && request.stop !== undefined;
        return { type: 'settle', result: { result: { action }, outcome: action, decidedBy: 'user', decision, ...(stopped ? { stopped } : {}) } };
      }
      const view = request.view;
      if (action !== 'accept' || view.mode === 'invalid' || (view.mode === 'url' && !view.url.secure)) return { type: 'refuse' };
      if (view.mode === 'url') return { type: 'settle', result: { result: { action: 'accept' }, outcome: 'accept', decidedBy: 'user', decision } };
      // The acknowledgement a secret needs is a rule of the controller, not of a button.
      if (elicitationNeedsAcknowledgement(view) && ownData(answer, 'acknowledged') !== true) return { type: 'refuse' };
      const content = ownData(answer, 'content');
      const checked = validateElicitation(view, isRecord(content) ? (content as ElicitationValues) : {});
      if (!checked.ok) return { type: 'refuse' };
      return { type: 'settle', result: { result: { action: 'accept', content: checked.content }, outcome: 'accept', decidedBy: 'user', decision, fields: Object.keys(checked.content) } };
    },
    finish(request, settled, flow) {
      const record = serverRecord(context, 'elicitation', request, flow.first, {
        outcome: settled.outcome,
        decidedBy: settled.decidedBy,
        reasons: settled.decision.reasons,
        ...(settled.fields ? { fields: settled.fields } : {}),
        ...(request.view.mode === 'url' ? { host: request.view.url.host } : {}),
        ...(settled.stopped ? { stopped: true } : {}),
      });
      return { outcome: { result: settled.result, record }, record, ...(settled.stopped && request.stop ? { after: request.stop.run } : {}) };
    },
  };
}

/**
 * The elicitation kind: a server asks the person for information (a form,
 * or a link to open). A controller built with it gets `requestElicitation`.
 */
export function elicitationKind(): ConsentKind<ElicitationKindTypes> {
  return { name: 'elicitation', messages: elicitationReasonMessages, verbs: { request: 'requestElicitation' }, setup: elicitationSteps };
}
