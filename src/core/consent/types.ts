/**
 * The consent engine's public types: the host's policy and options, each
 * request kind's request, pending item, answer and outcome, the records and
 * the controller's API.
 */
import type { ToolListsByServer } from '../tool/collisions.js';
import type { ApprovalStore } from '../tool/approvals.js';
import type { DecidedBy, DecisionReason, DecisionRecord, PolicyMode, ToolDecision, ToolOverride, Trust, DecisionReasonCode } from '../tool/decisions.js';
import type { ElicitationAnswer, ElicitationParseOptions, ElicitationUrl, ElicitationValues, ElicitationView } from '../requests/elicitation.js';
import type { SamplingEdits, SamplingResultView, SamplingView } from '../requests/sampling.js';
import type { ServerRequestDecision, ServerRequestPolicy, ServerRequestRecord } from '../requests/server-requests.js';
import type { Tool } from '../shared/types.js';

/** How the host sees one server. */
export interface ServerConfig {
  /** Default `untrusted`. */
  trust?: Trust | undefined;
  /** Name shown to people; default: the server id. */
  name?: string | undefined;
  /** Per-tool overrides for this server, by tool name. */
  overrides?: Readonly<Record<string, ToolOverride>> | undefined;
  /**
   * The name the server gives itself (`serverInfo.name`, or
   * `_meta["io.modelcontextprotocol/serverInfo"]`). Display-only, never a
   * trust key: when it looks like another configured server's name, that
   * server's calls are flagged (squatting) and always ask.
   */
  claimedName?: string | undefined;
}

/** The host's policy, which may change at any time; pending requests are decided again when they settle. */
export interface ApprovalPolicy extends ServerRequestPolicy {
  /** Servers by id. Unknown servers are untrusted. */
  servers?: Readonly<Record<string, ServerConfig>> | undefined;
  /** Host-wide mode. Default `default`. */
  mode?: PolicyMode | undefined;
  /**
   * Every server's current tool list, by server id (e.g. the snapshots of
   * `watchMcpTools`). A tool name offered by two servers, or a look-alike of
   * one, is flagged on both (shadowing), always asks and is never remembered.
   */
  toolLists?: ToolListsByServer | undefined;
  /**
   * Text for decision reasons.
   * @deprecated Translate reasons in the message table (`labels` on `LabelsProvider` or `ToolApprovalProvider`, keys `reason.<code>`), which also follows the locale.
   */
  reasonLabels?: Partial<Record<DecisionReasonCode, string>> | undefined;
  /**
   * The session taint guard (off by default): once the result of an
   * open-world tool has entered the conversation, writes and further
   * open-world calls ask, even for trusted servers, until `resetTaint()`.
   */
  taintGuard?: boolean | undefined;
}

/** A timestamp source: a fixed time, or a clock. */
export type NowSource = number | Date | (() => number);

/** Options for {@link createApprovalController}. */
export interface ApprovalControllerOptions extends ApprovalPolicy {
  /** Remembered approvals and the taint flag. Default: a store for this conversation. */
  store?: ApprovalStore | undefined;
  /** Allow "remember" for destructive tools (only used by the default store). Off by default. */
  rememberDestructive?: boolean | undefined;
  /** Every settled request, for the host's log. Narrow on `record.kind`. */
  onDecision?(record: ConsentRecord): void;
  /** Clock for record timestamps. Default `Date.now`. */
  now?: NowSource | undefined;
  /** Finds the registrable domain of a host, for URL elicitations (needs the Public Suffix List). Default: the whole host is emphasised. */
  registrableDomain?: ElicitationParseOptions['registrableDomain'];
  /**
   * Fairness: how many requests one server may have waiting at once. The
   * excess is refused at once (reason `queue-full`), recorded and never
   * shown. Default 16 (`DEFAULT_MAX_PENDING_PER_SERVER`).
   */
  maxPendingPerServer?: number | undefined;
}

/** One tool call to decide. */
export interface ApprovalRequest {
  serverId: string;
  /** The tool's definition from `tools/list`; `undefined` when unknown (worst case). */
  tool: Tool | undefined;
  /** The name the call used, when the tool is unknown. */
  toolName?: string | undefined;
  args?: unknown;
  /** Ties the request to one call: its card, its inline prompt and its focus. */
  callId?: string | undefined;
  /** This call repeats one that failed; decided as a new call (see `decideToolCall`). */
  retry?: boolean | undefined;
  /** An MCP App asks for this call (not the model): the prompt says which app. */
  app?: { resourceUri: string; name?: string | undefined; version?: string | undefined } | undefined;
  /** Abort to withdraw the request: a prompt on screen closes, the outcome is `denied`. */
  signal?: AbortSignal | undefined;
  /**
   * A person must answer: another policy (e.g. the AI SDK server's) already
   * asked for approval. A call the local policy would run asks instead
   * (reason `approval-requested`); a block still blocks.
   */
  ask?: boolean | undefined;
}

/** How a tool request was settled. Every request settles exactly once. */
export interface ApprovalResult {
  outcome: 'run' | 'denied' | 'blocked';
  decidedBy: DecidedBy;
  /** The user asked to remember and the store accepted it. */
  remembered: boolean;
  /** The decision the outcome rests on (decided again at settle time). */
  decision: ToolDecision;
  record: DecisionRecord;
}

/** Every kind of consent the controller queues. */
export type ConsentKind = 'tool' | 'elicitation' | 'sampling' | 'app';

/** Fields every queued consent has. */
export interface PendingBase {
  /** Unique id of this prompt (a prompt asked again gets a new id). */
  id: string;
  kind: ConsentKind;
  serverId: string;
  /** Display name of the server, sanitised. */
  serverName: string;
  /** The call this belongs to, when the host said. */
  callId?: string | undefined;
  /** The tool that call runs (elicitation, sampling), cleaned for display: the prompt names it. */
  callName?: string | undefined;
}

/** A tool call waiting for a person. Also what the confirmation dialog renders. */
export interface PendingToolApproval extends PendingBase {
  kind: 'tool';
  /** The tool definition as read once when the request arrived; `undefined` when unknown. */
  tool: Tool | undefined;
  /** Name the call used, shown when the tool is unknown. */
  toolName?: string | undefined;
  args?: unknown;
  decision: ToolDecision;
  /** Offer "remember for this conversation". */
  canRemember: boolean;
  /** Which button takes focus first. */
  focus: 'approve' | 'deny';
  retry: boolean;
  /** The MCP App that asks for this call, cleaned for display (absent when the model asks). */
  app?: { resourceUri: string; name?: string | undefined; version?: string | undefined } | undefined;
}

/** A server asking the person for information (`elicitation/create`). */
export interface PendingElicitation extends PendingBase {
  kind: 'elicitation';
  trust: Trust;
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

/** A server asking to use the host's model (`sampling/createMessage`). */
export interface PendingSampling extends PendingBase {
  kind: 'sampling';
  trust: Trust;
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

/** The MCP App that asks: which app (its UI resource), on which server. */
export interface AppIdentity {
  serverId: string;
  /** The app's UI resource (`ui://…`). */
  resourceUri: string;
  /** The name the app gives itself (`appInfo.name`), display-only. */
  name?: string | undefined;
  /** The version the app gives itself (`appInfo.version`), display-only. */
  version?: string | undefined;
  /** The UI resource's fingerprint (`readAppResource`): remembered choices hold only for this exact app. */
  fingerprint?: string | undefined;
}

/** A file an app asks to download, as the person sees it. */
export interface AppDownloadFile {
  /** Sanitised: no path, no control or bidi characters, no leading dot, at most 120 characters. */
  name: string;
  mimeType: string;
  /** Bytes, when known. */
  size?: number | undefined;
  /** Where the host fetches a linked file (`resource_link`); absent for embedded contents. */
  uri?: string | undefined;
  /** The embedded content (text, or base64 in `blob`). */
  text?: string | undefined;
  blob?: string | undefined;
}

/** What an app asks to do, read once and checked. */
export type AppActionView =
  | { type: 'load'; domains: Record<'connectDomains' | 'resourceDomains' | 'frameDomains' | 'baseUriDomains', string[]>; rejectedDomains: string[]; permissions: Array<'camera' | 'microphone' | 'geolocation' | 'clipboardWrite'> }
  | { type: 'open-link'; url: ElicitationUrl | null; raw: string }
  | { type: 'message'; content: unknown[] }
  | { type: 'model-context'; content: unknown[]; structuredContent?: string | undefined }
  | { type: 'download'; files: AppDownloadFile[] }
  | { type: 'tool-call'; toolName: string }
  | { type: 'sampling' };

/** What policy says about an app's action. */
export interface AppDecision {
  kind: 'app';
  action: 'run' | 'confirm' | 'block';
  reasons: DecisionReason[];
  trust: Trust;
  mode: PolicyMode;
}

/** An app-initiated action waiting for a person. */
export interface PendingAppAction extends PendingBase {
  kind: 'app';
  trust: Trust;
  app: { resourceUri: string; name?: string | undefined; version?: string | undefined };
  action: AppActionView;
  decision: AppDecision;
  /** Offer "always for this app". */
  canRemember: boolean;
}

/** Anything waiting in the queue. */
export type PendingConsent = PendingToolApproval | PendingElicitation | PendingSampling | PendingAppAction;

/** An answer to a pending tool approval. */
export type ToolApprovalResponse = { action: 'approve'; remember?: boolean | undefined } | { action: 'deny' };
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
/** An answer to an app's action: `remember` makes it "always" (allow or refuse) for this app, this action. */
export type AppActionResponse = { action: 'approve'; remember?: boolean | undefined; permissions?: readonly string[] | undefined } | { action: 'deny'; remember?: boolean | undefined };

/** Any answer; it must fit the kind of the prompt it answers. */
export type ConsentResponse = ToolApprovalResponse | ElicitationResponse | SamplingResponse | AppActionResponse;

/** The record of an app's action. */
export interface AppRecord {
  kind: 'app';
  serverId: string;
  app: { resourceUri: string; name?: string | undefined; version?: string | undefined; fingerprint?: string | undefined };
  /** What was asked: the action's type and what identifies it (tool name, link, file names). */
  action: { type: AppActionView['type']; detail?: string | undefined };
  outcome: 'allowed' | 'denied' | 'blocked';
  decidedBy: DecidedBy;
  policyAction: AppDecision['action'];
  reasons: DecisionReason[];
  trust: Trust;
  mode: PolicyMode;
  /** The person chose "always" for this app. */
  remembered?: boolean | undefined;
  /** Load only: the permissions granted. */
  granted?: string[] | undefined;
  timestamp: number;
}

/** One app action to decide. */
export interface AppActionRequest {
  app: AppIdentity;
  /** The action as the app sent it (`ui/open-link`, `ui/message`, …), read once. */
  action: { type: 'load'; resource: unknown } | { type: 'open-link'; url: unknown } | { type: 'message'; content: unknown } | { type: 'model-context'; content?: unknown; structuredContent?: unknown } | { type: 'download'; contents: unknown } | { type: 'tool-call' | 'sampling'; toolName?: string; settled: AppSettled };
  /** Abort to withdraw it (a newer context update replaces an older one). */
  signal?: AbortSignal | undefined;
}

/** An app's tool call or sampling request, settled by the tool or sampling consent (or refused by the app gate): recorded as the app's too. */
export interface AppSettled {
  outcome: AppRecord['outcome'];
  decidedBy: DecidedBy;
  reasons: DecisionReason[];
}

/** How an app action was settled. */
export interface AppActionOutcome {
  outcome: 'allowed' | 'denied' | 'blocked';
  action: AppActionView;
  /** Load only: the permissions the person granted. */
  granted?: string[] | undefined;
  record: AppRecord;
}

/** Any record the controller reports. Narrow on `kind`. */
export type ConsentRecord = DecisionRecord | ServerRequestRecord | AppRecord;

/** What subscribers see. A new object whenever anything in it changes. */
export interface ApprovalSnapshot {
  /** Everything waiting, in the order it will be asked. */
  queue: readonly PendingConsent[];
  /** The prompt a dialog should show now: the first one no inline card has claimed. */
  current: PendingConsent | undefined;
  /** Whether the taint guard has tripped (open-world content entered the conversation). */
  tainted: boolean;
}

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

/** How an elicitation was settled. `result` is what goes back to the server (the SDK's `ElicitResult`). */
export interface ElicitationOutcome {
  result: ElicitationAnswer;
  record: ServerRequestRecord;
}

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
  /** See {@link ElicitationRequest.callName}. */
  callName?: string | undefined;
  requestId?: string | number | undefined;
  signal?: AbortSignal | undefined;
  /** See {@link ElicitationRequest.blocking}. Default true. */
  blocking?: boolean | undefined;
}

/** How a sampling request was settled. */
export interface SamplingOutcome {
  /** `approved`: `result` goes back; `denied` / `blocked`: refuse the request; `failed`: the model failed (`error`). */
  outcome: 'approved' | 'denied' | 'blocked' | 'failed';
  result?: Record<string, unknown> | undefined;
  error?: string | undefined;
  record: ServerRequestRecord;
}

/** The controller. Stable for the life of a conversation. */
export interface ApprovalController {
  /** Decides a tool call; asks when policy says confirm. Always resolves, never rejects. */
  requestApproval(request: ApprovalRequest): Promise<ApprovalResult>;
  /** Decides a server's elicitation; asks a person unless policy blocks it. Never answered automatically. Always resolves. */
  requestElicitation(request: ElicitationRequest): Promise<ElicitationOutcome>;
  /** Decides a server's sampling request; a person reviews the request and the answer unless policy says otherwise. Always resolves. */
  requestSampling(request: SamplingRequest): Promise<SamplingOutcome>;
  /**
   * Decides an MCP App's action (open a link, post a message, update the
   * model's context, download, load with its declared domains and
   * permissions); asks a person unless policy settles it. Only controllers
   * built with the app kind (`createAppController` from
   * `react-mcp-annotations/apps`) have it; elsewhere apps are refused.
   */
  requestAppAction?(request: AppActionRequest): Promise<AppActionOutcome>;
  /** What policy would say for a call now, without asking anyone. */
  previewDecision(request: ApprovalRequest): ToolDecision;
  /**
   * Decides a tool call once, for a host that asks the person through its own
   * channel (the AI SDK's approval requests): when the policy settles it (run
   * or block) it goes through the flow and `settled` is its outcome, recorded;
   * when it needs a person, only the decision comes back: nothing is queued
   * or recorded until the host brings the answer (`requestApproval` with `ask: true`).
   */
  settleByPolicy(request: ApprovalRequest): { decision: ToolDecision; settled?: Promise<ApprovalResult> | undefined };
  /**
   * Answers a pending prompt. Returns false when it is no longer pending, the
   * answer does not fit its kind, or (elicitation) the values are not valid.
   */
  respond(id: string, response: ConsentResponse): boolean;
  /**
   * Replaces the host's policy. Pending requests are decided again when they
   * settle. Subscribers are told.
   */
  setPolicy(
    policy: ApprovalPolicy,
    options?: {
      /** @deprecated Nothing in the library sets a policy during render any more (the provider applies it after its commit); subscribers should always be told. */
      notify?: boolean | undefined;
    },
  ): void;
  /** The policy in force. */
  getPolicy(): ApprovalPolicy;
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
  /** Lets an inline card show the prompt of `callId` instead of the dialog. Returns a release function. */
  claim(callId: string): () => void;
  /** Resets the taint guard. */
  resetTaint(): void;
  /** Settles everything still waiting as refused (e.g. the conversation closed). */
  dispose(): void;
  /** The remembered-approval store in use. */
  store: ApprovalStore;
  subscribe(listener: () => void): () => void;
  getSnapshot(): ApprovalSnapshot;
}

