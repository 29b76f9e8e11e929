/**
 * The app kind's types: what an MCP App asks to do, how it is shown,
 * answered, settled and recorded. Built only on the consent engine's public
 * types (`core/consent/index.ts`).
 */
import type { CheckedUrl } from '../core/text/url.js';
import type { DecidedBy, PolicyMode, Trust } from '../core/shared/policy.js';
import type { DecisionReason } from '../core/text/reasons.js';
import type { KindTypes, PendingBase, RecordBase } from '../core/consent/index.js';

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
  | { type: 'open-link'; url: CheckedUrl | null; raw: string }
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
export interface PendingAppAction extends PendingBase<'app'> {
  trust: Trust;
  app: { resourceUri: string; name?: string | undefined; version?: string | undefined };
  action: AppActionView;
  decision: AppDecision;
  /** Offer "always for this app". */
  canRemember: boolean;
}

/** An answer to an app's action: `remember` makes it "always" (allow or refuse) for this app, this action. */
export type AppActionResponse =
  | {
      action: 'approve';
      remember?: boolean | undefined;
      /** Load only: the declared permissions the person ticked. Absent: none. */
      permissions?: readonly string[] | undefined;
      /** Load only: the declared domains the person kept ticked. Absent: every declared domain (they start ticked). */
      domains?: readonly string[] | undefined;
    }
  | { action: 'deny'; remember?: boolean | undefined };

/** The record of an app's action. */
export interface AppRecord extends RecordBase<'app'> {
  app: { resourceUri: string; name?: string | undefined; version?: string | undefined; fingerprint?: string | undefined };
  /** What was asked: the action's type and what identifies it (tool name, link, file names). */
  action: { type: AppActionView['type']; detail?: string | undefined };
  outcome: 'allowed' | 'denied' | 'blocked';
  decidedBy: DecidedBy;
  policyAction: AppDecision['action'];
  trust: Trust;
  mode: PolicyMode;
  /** The person chose "always" for this app. */
  remembered?: boolean | undefined;
  /** Load only: the permissions granted. */
  granted?: string[] | undefined;
  /** Load only: the declared domains granted. */
  grantedDomains?: string[] | undefined;
}

/** An app's tool call or sampling request, settled by the tool or sampling consent (or refused by the app gate): recorded as the app's too. */
export interface AppSettled {
  outcome: AppRecord['outcome'];
  decidedBy: DecidedBy;
  reasons: DecisionReason[];
}

/** One app action to decide. */
export interface AppActionRequest {
  app: AppIdentity;
  /** The action as the app sent it (`ui/open-link`, `ui/message`, …), read once. */
  action:
    | { type: 'load'; resource: unknown; listing?: unknown }
    | { type: 'open-link'; url: unknown }
    | { type: 'message'; content: unknown }
    | { type: 'model-context'; content?: unknown; structuredContent?: unknown }
    | { type: 'download'; contents: unknown }
    | { type: 'tool-call' | 'sampling'; toolName?: string; settled?: AppSettled };
  /** Abort to withdraw it (a newer context update replaces an older one). */
  signal?: AbortSignal | undefined;
}

/** How an app action was settled. */
export interface AppActionOutcome {
  outcome: 'allowed' | 'denied' | 'blocked';
  action: AppActionView;
  /** Load only: the permissions the person granted. */
  granted?: string[] | undefined;
  /** Load only: the declared domains the person granted (build the frame with exactly these). */
  grantedDomains?: string[] | undefined;
  record: AppRecord;
}

/** The app kind's types. */
export interface AppKindTypes extends KindTypes {
  name: 'app';
  request: AppActionRequest;
  outcome: AppActionOutcome;
  prompt: PendingAppAction;
  answer: AppActionResponse;
  record: AppRecord;
  decision: AppDecision;
  requestVerb: 'requestAppAction';
}
