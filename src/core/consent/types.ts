/**
 * The consent controller's public types: the host's policy and options,
 * the snapshot, and the controller itself, whose verbs are typed by the
 * kinds it was built with. Each kind's own types (its request, prompt,
 * answer, outcome and record) live beside the kind.
 */
import type { ApprovalStore } from '../tool/approvals.js';
import type { Trust } from '../shared/policy.js';
import type { DecisionReason } from '../text/reasons.js';
import type { ConsentKind, KindTypes } from './kind.js';
import type { ConsentPolicy } from './policy.js';

export type { ConsentPolicy, ServerConfig } from './policy.js';

/** A timestamp source: a fixed time, or a clock. */
export type NowSource = number | Date | (() => number);

/** What the controller needs besides its kinds (see {@link ConsentControllerOptions}). */
export interface ConsentSettings<R = unknown> extends ConsentPolicy {
  /** Remembered approvals and the taint flag. Default: a store for this conversation. */
  store?: ApprovalStore | undefined;
  /** Allow "remember" for destructive tools (only used by the default store). Off by default. */
  rememberDestructive?: boolean | undefined;
  /** Every settled request, for the host's log. Narrow on `record.kind`. */
  onDecision?(record: R): void;
  /** Clock for record timestamps. Default `Date.now`. */
  now?: NowSource | undefined;
  /** Finds the registrable domain of a host, for URL checks (needs the Public Suffix List). Default: the whole host is emphasised. */
  registrableDomain?: ((host: string) => string | null | undefined) | undefined;
  /**
   * Fairness: how many requests one server may have waiting at once. The
   * excess is refused at once (reason `queue-full`), recorded and never
   * shown. Default 16 (`DEFAULT_MAX_PENDING_PER_SERVER`).
   */
  maxPendingPerServer?: number | undefined;
}

/** Options for `createConsentController`: the kinds it handles, and its policy. */
export interface ConsentControllerOptions<K extends readonly ConsentKind<KindTypes>[] = readonly ConsentKind<KindTypes>[]> extends ConsentSettings<TypesOf<K[number]>['record']> {
  /** The kinds of consent this controller handles (e.g. `[toolKind(), elicitationKind()]`); each name once. */
  kinds: K;
}

/** The types a kind object declares. */
export type TypesOf<K> = K extends ConsentKind<infer T> ? T : never;
/** The types of one kind of a controller, by name. */
export type KindOf<T extends KindTypes, N extends string> = Extract<T, { name: N }>;

/** What subscribers see. A new object whenever anything in it changes. */
export interface ConsentSnapshot<P = KindTypes['prompt']> {
  /** Everything waiting, in the order it will be asked. */
  queue: readonly P[];
  /** The prompt a dialog should show now: the first one no inline card has claimed. */
  current: P | undefined;
  /** Whether the taint guard has tripped (open-world content entered the conversation). */
  tainted: boolean;
}

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (intersection: infer I) => void ? I : never;
// A kind without a verb adds nothing (an empty object type: `unknown` would swallow the union).
type NoVerb = Record<never, never>;
type RequestVerb<T> = T extends { requestVerb: infer V extends string; request: infer Q; outcome: infer O } ? { [P in V]: (request: Q) => Promise<O> } : NoVerb;
type PreviewVerb<T> = T extends { previewVerb: infer V extends string; request: infer Q; decision: infer D } ? { [P in V]: (request: Q) => D } : NoVerb;
/** The shortcut methods the controller's kinds declare (`requestApproval` for the tool kind, …). */
export type ConsentVerbs<T extends KindTypes> = UnionToIntersection<RequestVerb<T> | PreviewVerb<T>>;

/** The verbs every controller has, typed by its kinds. */
export interface ConsentControllerCore<T extends KindTypes = KindTypes> {
  /** The names of the kinds it was built with. */
  readonly kinds: readonly T['name'][];
  /** Whether it was built with this kind (an adapter asks before it sends a kind the host may not handle). */
  has(kind: string): boolean;
  /**
   * Decides a request of one kind and asks a person when the policy says
   * so, in the one queue. Always resolves (with the kind's outcome), never
   * rejects. A kind the controller was not built with is a `TypeError`.
   */
  request<N extends T['name']>(kind: N, request: KindOf<T, N>['request']): Promise<KindOf<T, N>['outcome']>;
  /** What the policy would say for a request now, without asking anyone or recording anything. */
  preview<N extends T['name']>(kind: N, request: KindOf<T, N>['request']): KindOf<T, N>['decision'];
  /**
   * Decides once, for a host that asks people through its own channel (the
   * AI SDK's approval requests): when the policy settles it (run or block)
   * it goes through the flow and `outcome` is what it became, recorded; when
   * it needs a person, only the decision comes back and nothing is queued or
   * recorded until the host brings the answer with {@link answer}.
   */
  decide<N extends T['name']>(kind: N, request: KindOf<T, N>['request']): { decision: KindOf<T, N>['decision']; outcome?: Promise<KindOf<T, N>['outcome']> | undefined };
  /**
   * Brings a person's answer given elsewhere (another tab, the AI SDK's
   * approval, a framework's own approval UI). When a prompt with the same
   * binding is open (the same request, compared in canonical form), the
   * answer goes to it; otherwise the request opens already answered: it is
   * decided with the current policy (what it blocks never runs; what it
   * would run counts as asked), the answer is applied and recorded (an
   * answer that fits nothing is refused, `request-invalid`). Resolves with
   * the request's outcome; an answer that does not fit an open prompt leaves
   * it open, and the promise settles when the prompt does.
   */
  answer<N extends T['name']>(kind: N, request: KindOf<T, N>['request'], answer: KindOf<T, N>['answer']): Promise<KindOf<T, N>['outcome']>;
  /**
   * Refuses a request for a reason of the host's or an adapter's (an
   * approval replayed, a rate limit): settled as blocked with that reason
   * alone, recorded. A code is recorded with an empty `text`: show it with
   * `formatReason` and a message table that has `reason.<code>` (the kinds'
   * `messages` have theirs); a reason object keeps its own text (sanitised).
   */
  refuse<N extends T['name']>(kind: N, request: KindOf<T, N>['request'], reason: string | DecisionReason): Promise<KindOf<T, N>['outcome']>;
  /**
   * Answers a pending prompt by its id. Returns false when it is no longer
   * pending or the answer does not fit it (wrong kind, invalid values, a
   * missing acknowledgement).
   */
  respond(id: string, answer: T['answer']): boolean;
  /** Replaces the host's policy. What is pending is decided again at its next step. Subscribers are told. */
  setPolicy(policy: ConsentPolicy): void;
  /** The policy in force. */
  getPolicy(): ConsentPolicy;
  /** The trust the host gave a server. */
  trustOf(serverId: string): Trust;
  /** The server's display name, sanitised (its id when it has none). */
  serverName(serverId: string): string;
  /**
   * The other servers (display names) whose lists (`toolLists`) offer this
   * tool name or one that looks the same: a shadowed name, flagged wherever
   * the tool is shown. `[]` when none.
   */
  shadowsOf(serverId: string, toolName: string): readonly string[];
  /** Lets an inline card show the prompts of one kind for `callId` instead of the dialog. Returns a release function. */
  claim(kind: T['name'], callId: string): () => void;
  /** Resets the taint guard. */
  resetTaint(): void;
  /** Settles everything still waiting as refused (e.g. the conversation closed). */
  dispose(): void;
  /** The remembered-approval store in use. */
  store: ApprovalStore;
  subscribe(listener: () => void): () => void;
  getSnapshot(): ConsentSnapshot<T['prompt']>;
}

/**
 * The consent controller: one framework-free object that decides every
 * consent of the kinds it was built with, in one queue, at most one on
 * screen, each settled exactly once and recorded. Stable for the life of a
 * conversation; React subscribes with `useSyncExternalStore`.
 */
export type ConsentController<T extends KindTypes = KindTypes> = ConsentControllerCore<T> & ConsentVerbs<T>;
