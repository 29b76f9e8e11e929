/**
 * The types of requests a server sends the host (elicitation, sampling):
 * the host's rules for them, the decision and the record. Each kind decides
 * its own (consent/kinds/elicitation.ts, consent/kinds/sampling.ts), the
 * same way as tool calls: by trust and host mode, worst case first.
 */
import type { DecidedBy, PolicyMode, Trust } from '../shared/policy.js';
import type { DecisionReason } from '../text/reasons.js';
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
  /** The server was configured when the request arrived and is gone now: block. */
  serverRemoved?: boolean | undefined;
  /** For sampling: `false` when the host has no model to run, so nobody is asked in vain: block. */
  hasModel?: boolean | undefined;
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
