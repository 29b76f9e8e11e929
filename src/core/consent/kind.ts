/**
 * What a kind of consent is: one object that carries everything that
 * differs between kinds (how a request is read once, decided, shown,
 * answered and recorded, its reason codes and words). The controller is
 * built from kind objects (`createConsentController({ kinds })`) and its
 * types come from them; the flow (flow.ts) never names a kind.
 */
import type { DecidedBy, DecisionAction, PolicyMode, Trust } from '../shared/policy.js';
import type { DecisionReason } from '../text/reasons.js';
import type { ApprovalStore } from '../tool/approvals.js';
import type { ConsentPolicy, ServerConfig } from './policy.js';

/** Any decision the flow handles: what the current policy says for one request. */
export interface FlowDecision {
  action: DecisionAction;
  reasons: DecisionReason[];
  trust: Trust;
  mode: PolicyMode;
  /** When it changes while a question is open, the question is asked again (tool calls). */
  risk?: string | undefined;
}

/** Fields every prompt in the queue has. */
export interface PendingBase<N extends string = string> {
  /** Unique id of this prompt (a prompt asked again gets a new id). */
  id: string;
  kind: N;
  serverId: string;
  /** Display name of the server, sanitised. */
  serverName: string;
  /** The call this belongs to, when the host said. */
  callId?: string | undefined;
  /** The tool that call runs, cleaned for display: the prompt names it. */
  callName?: string | undefined;
}

/** Fields every record has. */
export interface RecordBase<N extends string = string> {
  kind: N;
  serverId: string;
  decidedBy: DecidedBy;
  reasons: DecisionReason[];
  /** Milliseconds since the epoch. */
  timestamp: number;
}

/**
 * The types a kind declares; the controller's types are derived from them.
 * `requestVerb` / `previewVerb` name the shortcut methods a controller built
 * with the kind gets (the tool kind: `requestApproval`, `previewDecision`).
 */
export interface KindTypes {
  name: string;
  /** What a host passes to `request(name, …)`. */
  request: unknown;
  /** What `request` resolves with. */
  outcome: unknown;
  /** What the queue holds and the kind's component renders. */
  prompt: PendingBase;
  /** A person's answer to the prompt. */
  answer: unknown;
  /** What `onDecision` gets when a request of this kind settles. */
  record: RecordBase;
  /** What the policy says for a request of this kind. */
  decision: FlowDecision;
  requestVerb?: string;
  previewVerb?: string;
}

/** What a kind reads from the controller it is registered with. */
export interface KindContext {
  /** The policy in force (it may change at any time). */
  policy(): ConsentPolicy;
  /** The host's entry for a server, read as data; `undefined` when it has none. */
  serverOf(serverId: string): ServerConfig | undefined;
  trustOf(serverId: string): Trust;
  /** The server's display name, sanitised (its id when it has none). */
  serverName(serverId: string): string;
  /** The other servers (display names) that offer this tool name or a look-alike (`toolLists`). */
  shadowsOf(serverId: string, toolName: string | undefined): string[];
  /** Remembered approvals and the taint flag. */
  store: ApprovalStore;
  /** The controller's clock. */
  now(): number;
  /** Finds the registrable domain of a host (URL checks); default: the whole host. */
  registrableDomain: ((host: string) => string | null | undefined) | undefined;
  /**
   * Reads one own data property of untrusted input: never a getter, a proxy
   * trap's throw or the prototype (`undefined` when absent or unreadable).
   * A kind's `read` step uses it on everything the server or model sent.
   */
  own(value: unknown, key: string): unknown;
  /**
   * Server text as a person may see it: a string, one line, invisible and
   * control characters removed, at most `maxLength` code points (default 128);
   * anything else is `''`.
   */
  text(value: unknown, maxLength?: number): string;
}

/**
 * What the flow keeps for one request, passed to the kind's steps. The flow
 * owns it: a kind never writes into a request after reading it, it returns
 * `data` from a step instead.
 */
export interface FlowState<D extends FlowDecision = FlowDecision, X = unknown> {
  /** The decision made when the request opened, before anyone was asked (the record's `policyAction`). */
  readonly first: D;
  /** What the kind's last step left (e.g. a model's answer between stages). */
  readonly data: X | undefined;
  /** Aborted when the request settles: work still running stops. */
  readonly signal: AbortSignal;
}

/**
 * Why a request is refused without a person's answer. The flow has already
 * put the reason in front of the decision the kind gets (`request-abandoned`,
 * `queue-full`, `request-invalid`; `policy-changed` for a block that came
 * while it waited), so a kind adds none of its own.
 */
export type RefusalCause = 'blocked' | 'abandoned' | 'disposed' | 'queue-full' | 'invalid';

/** What the flow does next after a kind handled an answer. `data` replaces the request's flow data. */
export type FlowStep<R, P, X = unknown> =
  /** The answer does not fit (wrong kind, invalid values, missing acknowledgement): nothing changes. */
  | { type: 'refuse' }
  /** Done. */
  | { type: 'settle'; result: R; data?: X | undefined }
  /** The next stage is on screen, waiting for an answer. */
  | { type: 'wait'; prompt: P; data?: X | undefined }
  /** Work runs (e.g. the model); `prompt` is shown meanwhile (none when nobody is asked). The policy decides again when it ends. */
  | { type: 'work'; prompt?: P | undefined; data?: X | undefined; until: Promise<FlowStep<R, P, X>> };

/** Where a request comes from, as the flow needs it. */
export interface RequestMeta {
  serverId: string;
  /** Abort to withdraw the request. */
  signal?: AbortSignal | undefined;
  /** A running call waits on it: it is asked next, ahead of the rest. */
  blocking?: boolean | undefined;
  /**
   * What the request is, in canonical form (never a preview or a label): an
   * answer brought with `answer(kind, request, …)` goes to the open prompt
   * whose binding is equal. `null` when it cannot be compared (it then
   * matches nothing).
   */
  binding?: string | null | undefined;
}

/** The steps of one kind for one controller. `R` is the request as read once; `S` how it settled; `X` its flow data. */
export interface KindSteps<T extends KindTypes, R = unknown, S = unknown, X = unknown> {
  /** Reads a request once, as data: anything malformed must read as something `decide` blocks. */
  read(request: unknown): R;
  meta(request: R): RequestMeta;
  /** The current policy's decision for this request at its current stage. */
  decide(request: R, context: { serverRemoved: boolean }): T['decision'];
  /** The decision when deciding itself failed: the worst case, blocked. Must not throw. */
  failClosed(request: R): T['decision'];
  /** The prompt the queue shows for a decision (`id` is new for every question). */
  describe(request: R, decision: T['decision'], id: string, flow: FlowState<T['decision'], X>): T['prompt'];
  /** What a policy `run` does (no person asked). */
  run(request: R, decision: T['decision'], flow: FlowState<T['decision'], X>): FlowStep<S, T['prompt'], X>;
  /** The outcome of a refusal no person gave. */
  refuse(request: R, decision: T['decision'], cause: RefusalCause): S;
  /** Whether an answer is a no (deny, decline, cancel): settled as given, without deciding again. */
  isRefusal(answer: unknown): boolean;
  /** Applies a person's answer, under the decision just made. */
  answer(request: R, prompt: T['prompt'], answer: unknown, decision: T['decision'], flow: FlowState<T['decision'], X>): FlowStep<S, T['prompt'], X>;
  /** The outcome the caller gets and the record the host's `onDecision` gets; `after` runs once both are out (e.g. a stop the person chose). */
  finish(request: R, settled: S, flow: FlowState<T['decision'], X>): { outcome: T['outcome']; record: T['record']; after?: (() => void) | undefined };
}

/**
 * A kind of consent, as a controller is built from it: its name, its words
 * and, per controller, its steps (`setup` runs once for each controller, so
 * what a kind remembers — an app's "always" — stays with that controller).
 */
export interface ConsentKind<T extends KindTypes = KindTypes> {
  readonly name: T['name'];
  /** The English of this kind's reason codes, as message-table entries (`reason.<code>`). */
  readonly messages?: Readonly<Record<string, string>> | undefined;
  /** Shortcut methods the controller gets for this kind (`request(name, …)` and `preview(name, …)` by another name). */
  readonly verbs?: { readonly request?: T['requestVerb']; readonly preview?: T['previewVerb'] } | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind's read and settled types are its own
  setup(context: KindContext): KindSteps<T, any, any, any>;
  /** Carries the kind's types; never set. */
  readonly types?: T | undefined;
}
