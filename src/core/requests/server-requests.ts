/**
 * The policy for requests a server sends the host (elicitation, sampling),
 * decided the same way as tool calls: by trust and host mode, worst case
 * first, with reasons and a record for every outcome. Elicitation is never
 * answered without a person; sampling may run unasked only for a trusted
 * server of a host that opted in.
 */
import { decisionReason, normalizeMode, normalizeTrust, type DecidedBy, type DecisionReason, type DecisionReasonCode, type PolicyMode, type Trust } from '../tool/decisions.js';
import type { ElicitationView } from './elicitation.js';
import type { SamplingView } from './sampling.js';

/** Kinds of request a server sends the host. */
export type ServerRequestKind = 'elicitation' | 'sampling';

/** The host's rules for server requests. */
export interface ServerRequestPolicy {
  /** `ask` (default) or `off` (every elicitation is declined without asking). */
  elicitation?: 'ask' | 'off' | undefined;
  /** Block form requests whose fields look like secrets, instead of warning. Default false. */
  blockSensitiveElicitation?: boolean | undefined;
  /**
   * `ask` (default: a person reviews the request and the answer), `off` (every
   * request is refused), or `trusted-auto` (trusted servers' requests run
   * without asking; untrusted ones still ask).
   */
  sampling?: 'ask' | 'off' | 'trusted-auto' | undefined;
  /**
   * Blocks of a sampling request the reviewer may not see (assistant-only
   * audience, malformed audience): `omit` (default) leaves them out of the
   * review *and* of what the model is sent; `show` shows them in the review,
   * marked, and sends them. Either way the model never gets a block the
   * reviewer could not see.
   */
  samplingHidden?: 'omit' | 'show' | undefined;
}

/** The policy's answer for one server request. */
export interface ServerRequestDecision {
  kind: ServerRequestKind;
  action: 'run' | 'confirm' | 'block';
  reasons: DecisionReason[];
  trust: Trust;
  mode: PolicyMode;
}

/** What {@link decideServerRequest} needs. */
export interface ServerRequestInput {
  kind: ServerRequestKind;
  trust?: Trust | undefined;
  mode?: PolicyMode | undefined;
  policy?: ServerRequestPolicy | undefined;
  /** For elicitation: the parsed request. */
  elicitation?: ElicitationView | undefined;
  /** For sampling: the parsed request. */
  sampling?: SamplingView | undefined;
  reasonLabels?: Partial<Record<DecisionReasonCode, string>> | undefined;
  /** The server was configured when the request arrived and is gone now: block. */
  serverRemoved?: boolean | undefined;
  /** For sampling: `false` when the host has no model to run, so nobody is asked in vain: block. */
  hasModel?: boolean | undefined;
}

/** Decides a server request: run, confirm (ask a person) or block. Never throws. */
export function decideServerRequest(input: ServerRequestInput): ServerRequestDecision {
  const trust = normalizeTrust(input.trust);
  const mode = normalizeMode(input.mode);
  const policy = input.policy ?? {};
  const reasons: DecisionReason[] = [];
  const add = (code: DecisionReasonCode) => reasons.push(decisionReason(code, input.reasonLabels));
  const result = (action: ServerRequestDecision['action']): ServerRequestDecision => ({ kind: input.kind, action, reasons, trust, mode });

  // What a removed server asked for never goes through, whatever the kind.
  if (input.serverRemoved === true) {
    add('server-removed');
    return result('block');
  }

  if (input.kind === 'elicitation') {
    const view = input.elicitation;
    if (policy.elicitation === 'off') add('elicitation-off');
    if (view?.mode === 'form' && view.sensitive && policy.blockSensitiveElicitation === true) add('sensitive-blocked');
    if (view?.mode === 'url' && mode === 'offline') add('url-offline');
    if (reasons.length > 0) return result('block');
    // Asked even when it cannot be answered: the person sees why it is declined.
    if (!view || view.mode === 'invalid') add('request-invalid');
    else if (view.mode === 'url' && !view.url.secure) add('url-not-https');
    if (trust === 'untrusted') add('untrusted-server');
    add('elicitation-needs-person');
    if (view?.mode === 'form' && view.sensitive) add('sensitive-fields');
    if (view?.mode === 'url' && view.url.warnings.some((warning) => warning !== 'not-https')) add('url-warning');
    return result('confirm');
  }

  if (policy.sampling === 'off') add('sampling-off');
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

/** What a host gets for every settled server request, to log or audit. Values a person typed are never in it. */
export interface ServerRequestRecord {
  kind: ServerRequestKind;
  serverId: string;
  /** The call this request belongs to, when known. */
  callId?: string | undefined;
  /** The JSON-RPC id of the server's request, when known. */
  requestId?: string | number | undefined;
  trust: Trust;
  mode: PolicyMode;
  /** What the policy said before anyone was asked. */
  policyAction: ServerRequestDecision['action'];
  /**
   * Elicitation: `accept`, `decline`, `cancel` or `blocked`. Sampling:
   * `approved`, `denied`, `blocked` or `failed` (the model failed).
   */
  outcome: 'accept' | 'decline' | 'cancel' | 'blocked' | 'approved' | 'denied' | 'failed';
  decidedBy: DecidedBy;
  reasons: DecisionReason[];
  /** Elicitation: the names of the fields an accept sent (never their values). */
  fields?: string[] | undefined;
  /** URL elicitation: the host of the URL. */
  host?: string | undefined;
  /** Sampling: whether a person edited the request or the completion. */
  edited?: boolean | undefined;
  /** Elicitation: the person chose to stop the task or call that asked (outcome `cancel`). */
  stopped?: boolean | undefined;
  /** Milliseconds since the epoch. */
  timestamp: number;
}
