/**
 * The app kind: what an MCP App asks to do (load with its declared domains
 * and permissions, open a link, post a message as the person, update the
 * model's context, download a file) goes through the same queue, flow and
 * records as tool calls. Tool calls and sampling from an app are decided by
 * their own kinds (the gate forwards them) and only recorded here, as the
 * app's. Built on the consent engine's public door only.
 */
import { selectForViewer } from '../core/content/audience.js';
import type { ConsentKind, FlowStep, KindContext, KindSteps } from '../core/consent/index.js';
import type { DecidedBy } from '../core/shared/policy.js';
import { canonicalForm, copyArray, isObjectLike, ownData, signalOf, snapshotData, textOf } from '../core/shared/read.js';
import type { DecisionReason } from '../core/text/reasons.js';
import { safeName, sanitizeLabel } from '../core/text/sanitize.js';
import { describeUrl } from '../core/text/url.js';
import { appReason, appReasonMessages, type AppDecisionReasonCode } from './messages.js';
import { readAppResource, type AppPermission } from './resource.js';
import type { AppActionView, AppDecision, AppDownloadFile, AppKindTypes, AppRecord, AppSettled, PendingAppAction } from './types.js';

/** An app action as read once. */
interface AppRead {
  app: { serverId: string; resourceUri: string; name?: string | undefined; version?: string | undefined; fingerprint?: string | undefined };
  view: AppActionView | null;
  settled?: AppSettled | undefined;
  signal: AbortSignal | undefined;
}

interface Settled {
  outcome: AppRecord['outcome'];
  decidedBy: DecidedBy;
  decision: AppDecision;
  remembered?: boolean | undefined;
  granted?: string[] | undefined;
  grantedDomains?: string[] | undefined;
}

/** A person's "always" for one app and one kind of action. */
interface Choice {
  answer: 'allow' | 'deny';
  fingerprint: string;
  granted?: string[] | undefined;
  grantedDomains?: string[] | undefined;
}

/** Every domain a load declares, once each: what the person may untick. */
const declaredDomains = (view: Extract<AppActionView, { type: 'load' }>): string[] => [...new Set(Object.values(view.domains).flat())];

const MAX_FILES = 16;
// Windows' reserved device names, which no saved file may take.
// Windows reserves COM¹ and LPT² as it does COM1 and LPT2.
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * A file name safe to show and to save: the last path segment, without
 * control, invisible or bidi characters, reserved characters or a leading
 * dot; at most 120 characters (keeping the extension); `download` when
 * nothing is left.
 */
export function sanitizeFileName(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  let base = text.split(/[/\\]/).pop() ?? '';
  try {
    base = decodeURIComponent(base);
  } catch {
    // Not percent-encoded: used as is.
  }
  base = base.split(/[/\\]/).pop() ?? '';
  // Control, invisible and bidi characters (which can disguise an extension) go, then what file systems refuse.
  base = sanitizeLabel(base, 400).text;
  base = base.replace(/[<>:"|?*]/g, '_').replace(/^[\s.]+/, '').replace(/[\s.]+$/, '');
  if (RESERVED.test(base)) base = `_${base}`;
  if (base.length > 120) {
    const dot = base.lastIndexOf('.');
    const ext = dot > 0 && base.length - dot <= 16 ? base.slice(dot) : '';
    let end = 120 - ext.length;
    // Never inside a surrogate pair.
    if (/[\uD800-\uDBFF]/.test(base[end - 1] ?? '')) end--;
    base = base.slice(0, end) + ext;
  }
  return base || 'download';
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdbff ? (i++, 4) : 3;
  }
  return bytes;
}

function readFile(entry: unknown): AppDownloadFile | null {
  if (!isObjectLike(entry)) return null;
  const type = ownData(entry, 'type');
  const mimeOf = (value: unknown) => (typeof value === 'string' && /^[\w.+-]+\/[\w.+-]+$/.test(value) ? value.toLowerCase() : 'application/octet-stream');
  if (type === 'resource_link') {
    const uri = ownData(entry, 'uri');
    if (typeof uri !== 'string') return null;
    const size = ownData(entry, 'size');
    return {
      name: sanitizeFileName(ownData(entry, 'name') ?? uri),
      mimeType: mimeOf(ownData(entry, 'mimeType')),
      ...(typeof size === 'number' && Number.isFinite(size) && size >= 0 ? { size } : {}),
      uri: uri.slice(0, 2048),
    };
  }
  if (type === 'resource') {
    const resource = ownData(entry, 'resource');
    const uri = ownData(resource, 'uri');
    const text = ownData(resource, 'text');
    const blob = ownData(resource, 'blob');
    if (typeof text !== 'string' && typeof blob !== 'string') return null;
    const name = sanitizeFileName(typeof uri === 'string' ? uri : '');
    return typeof text === 'string'
      ? { name, mimeType: mimeOf(ownData(resource, 'mimeType')), size: utf8Length(text), text }
      : { name, mimeType: mimeOf(ownData(resource, 'mimeType')), size: Math.floor(((blob as string).replace(/=+$/, '').length * 3) / 4), blob: blob as string };
  }
  return null;
}

// What is shown is what is sent: blocks only the assistant may see are neither shown nor passed on (as sampling omits them).
const blocks = (value: unknown, max = 64): unknown[] => selectForViewer(((copyArray(value, max) ?? []).map((block) => snapshotData(block)) as unknown[]).filter(isObjectLike), 'user');

function readView(action: unknown, context: KindContext): { view: AppActionView | null; fingerprint?: string | undefined; settled?: AppSettled | undefined } {
  const type = ownData(action, 'type');
  switch (type) {
    case 'load': {
      // One read of both sources: what the person is shown is what the frame is built from and granted.
      const resource = readAppResource(ownData(action, 'resource'), ownData(action, 'listing'));
      if (resource.problem) return { view: null };
      return { view: { type: 'load', domains: resource.domains, rejectedDomains: resource.rejectedDomains, permissions: resource.permissions }, fingerprint: resource.fingerprint };
    }
    case 'open-link': {
      const raw = ownData(action, 'url');
      if (typeof raw !== 'string' || raw.length > 8192) return { view: null };
      return { view: { type: 'open-link', url: describeUrl(raw, { registrableDomain: context.registrableDomain }), raw: sanitizeLabel(raw, 2048).text } };
    }
    case 'message': {
      const content = blocks(ownData(action, 'content'));
      return { view: content.length > 0 ? { type: 'message', content } : null };
    }
    case 'model-context': {
      const content = blocks(ownData(action, 'content'));
      const structured = ownData(action, 'structuredContent');
      const preview = isObjectLike(structured) ? canonicalForm(structured, { maxLength: 8000 }) : null;
      if (content.length === 0 && preview === null) return { view: null };
      return { view: { type: 'model-context', content, ...(preview !== null ? { structuredContent: preview } : {}) } };
    }
    case 'download': {
      // A file the person may not see (assistant-only) is neither listed nor saved.
      const files = blocks(ownData(action, 'contents'), MAX_FILES).map(readFile);
      if (files.length === 0 || files.some((file) => file === null)) return { view: null };
      return { view: { type: 'download', files: files as AppDownloadFile[] } };
    }
    case 'tool-call':
    case 'sampling': {
      const view: AppActionView = type === 'tool-call' ? { type, toolName: safeName(ownData(action, 'toolName')) } : { type };
      const settled = ownData(action, 'settled');
      // Refused before any kind decided it (the `refuse` verb): what it is, nothing settled.
      if (settled === undefined) return { view };
      const outcome = ownData(settled, 'outcome');
      if (outcome !== 'allowed' && outcome !== 'denied' && outcome !== 'blocked') return { view: null };
      const decidedBy = ownData(settled, 'decidedBy');
      const reasons = (copyArray(ownData(settled, 'reasons'), 32) ?? []).filter((reason): reason is DecisionReason => isObjectLike(reason) && typeof ownData(reason, 'code') === 'string');
      return { view, settled: { outcome, decidedBy: decidedBy === 'user' || decidedBy === 'remembered' ? decidedBy : 'policy', reasons } };
    }
    default:
      return { view: null };
  }
}

/** Reads an app action once; anything malformed reads as `view: null` (refused). */
function readAppAction(raw: unknown, context: KindContext): AppRead {
  const app = ownData(raw, 'app');
  const serverId = textOf(app, 'serverId') ?? '';
  const resourceUri = sanitizeLabel(ownData(app, 'resourceUri'), 2048).text;
  const name = safeName(ownData(app, 'name'), 80) || undefined;
  const version = safeName(ownData(app, 'version'), 40) || undefined;
  const declared = ownData(app, 'fingerprint');
  const { view, fingerprint, settled } = readView(ownData(raw, 'action'), context);
  return {
    app: { serverId, resourceUri, ...(name ? { name } : {}), ...(version ? { version } : {}), ...(fingerprint ?? (typeof declared === 'string' ? declared.slice(0, 200) : undefined) ? { fingerprint: fingerprint ?? (declared as string).slice(0, 200) } : {}) },
    view,
    ...(settled ? { settled } : {}),
    signal: signalOf(raw),
  };
}


const ASK: Partial<Record<AppActionView['type'], AppDecisionReasonCode>> = {
  'open-link': 'app-opens-link',
  message: 'app-sends-message',
  'model-context': 'app-updates-context',
  download: 'app-downloads',
};

/** What a remembered choice covers: this app, this action, and for links this origin. */
function choiceKey(request: AppRead): string | null {
  const view = request.view;
  if (!view || view.type === 'tool-call' || view.type === 'sampling') return null;
  const scope = view.type === 'open-link' ? `${view.type}:${view.url ? new URL(view.url.href).origin : ''}` : view.type;
  return JSON.stringify([request.app.serverId, request.app.resourceUri, scope]);
}

function appSteps(context: KindContext): KindSteps<AppKindTypes, AppRead, Settled> {
  // A person's "always" choices, for this controller only.
  const choices = new Map<string, Choice>();
  const decision = (request: AppRead, action: AppDecision['action'], codes: AppDecisionReasonCode[], extra: DecisionReason[] = []): AppDecision => ({
    kind: 'app',
    action,
    reasons: [...codes.map(appReason), ...extra],
    trust: context.trustOf(request.app.serverId),
    mode: context.policy().mode ?? 'default',
  });
  return {
    read: (raw) => readAppAction(raw, context),
    meta: (request) => ({ serverId: request.app.serverId, signal: request.signal }),
    decide(request, { serverRemoved }) {
      const view = request.view;
      if (!view) return decision(request, 'block', ['request-invalid']);
      if (view.type === 'tool-call' || view.type === 'sampling') {
        // Only recorded here: decided by the tool or sampling kind (or refused by the gate).
        if (!request.settled) return decision(request, 'block', ['request-invalid']);
        return decision(request, request.settled.outcome === 'blocked' ? 'block' : 'run', [], request.settled.reasons);
      }
      if (serverRemoved) return decision(request, 'block', ['server-removed']);
      if (view.type === 'open-link' && (!view.url || !view.url.secure)) return decision(request, 'block', ['url-not-https']);
      if (view.type === 'open-link' && context.policy().mode === 'offline') return decision(request, 'block', ['url-offline']);
      const key = choiceKey(request);
      const choice = key ? choices.get(key) : undefined;
      const same = choice !== undefined && choice.fingerprint === (request.app.fingerprint ?? '');
      if (same && choice.answer === 'deny') return decision(request, 'block', ['app-always-denied']);
      if (same && choice.answer === 'allow') return decision(request, 'run', ['app-always-allowed']);
      if (view.type === 'load' && view.permissions.length === 0 && Object.values(view.domains).every((list) => list.length === 0) && !choice) return decision(request, 'run', []);
      return decision(request, 'confirm', [...(choice ? (['app-changed'] as const) : []), ...(ASK[view.type] ? [ASK[view.type]!] : [])]);
    },
    failClosed: (request) => decision(request, 'block', ['request-invalid']),
    describe: (request, decided, id): PendingAppAction => ({
      id,
      kind: 'app',
      serverId: request.app.serverId,
      serverName: context.serverName(request.app.serverId),
      trust: decided.trust,
      app: { resourceUri: request.app.resourceUri, ...(request.app.name ? { name: request.app.name } : {}), ...(request.app.version ? { version: request.app.version } : {}) },
      action: request.view!,
      decision: decided,
      canRemember: choiceKey(request) !== null,
    }),
    run(request, decided): FlowStep<Settled, PendingAppAction> {
      const key = choiceKey(request);
      const choice = key ? choices.get(key) : undefined;
      const remembered = decided.reasons.some((reason) => reason.code === 'app-always-allowed');
      const load = request.view?.type === 'load';
      const granted = load ? (remembered ? (choice?.granted ?? []) : []) : undefined;
      // A load that runs unasked declares no domain; an "always" grants the domains the person kept then.
      const grantedDomains = load ? (remembered ? (choice?.grantedDomains ?? []) : []) : undefined;
      return {
        type: 'settle',
        result: { outcome: request.settled?.outcome ?? 'allowed', decidedBy: request.settled?.decidedBy ?? (remembered ? 'remembered' : 'policy'), decision: decided, ...(granted ? { granted, grantedDomains } : {}) },
      };
    },
    refuse: (_request, decided, cause) => ({ outcome: cause === 'abandoned' || cause === 'disposed' ? 'denied' : 'blocked', decidedBy: 'policy', decision: decided }),
    isRefusal: (answer) => isObjectLike(answer) && ownData(answer, 'action') === 'deny',
    answer(request, _prompt, answer, decided): FlowStep<Settled, PendingAppAction> {
      const action = isObjectLike(answer) ? ownData(answer, 'action') : undefined;
      if (action !== 'approve' && action !== 'deny') return { type: 'refuse' };
      const key = choiceKey(request);
      const remember = ownData(answer, 'remember') === true && key !== null;
      let granted: string[] | undefined;
      let grantedDomains: string[] | undefined;
      if (request.view?.type === 'load') {
        const asked = new Set<string>(copyArray(ownData(answer, 'permissions'), 8)?.filter((name): name is string => typeof name === 'string') ?? []);
        granted = action === 'approve' ? request.view.permissions.filter((name: AppPermission) => asked.has(name)) : [];
        // Domains start ticked (declaring them is how the spec has an app ask for them); `domains` lists the ones the person kept.
        const kept = copyArray(ownData(answer, 'domains'), 256);
        grantedDomains = action === 'approve' ? declaredDomains(request.view).filter((domain) => !kept || kept.includes(domain)) : [];
      }
      const grants = granted ? { granted, grantedDomains } : {};
      if (remember) choices.set(key, { answer: action === 'approve' ? 'allow' : 'deny', fingerprint: request.app.fingerprint ?? '', ...grants });
      return { type: 'settle', result: { outcome: action === 'approve' ? 'allowed' : 'denied', decidedBy: 'user', decision: decided, remembered: remember, ...grants } };
    },
    finish(request, settled, flow) {
      const view = request.view;
      const detail =
        view?.type === 'open-link'
          ? (view.url?.href ?? view.raw)
          : view?.type === 'download'
            ? view.files.map((file) => file.name).join(', ')
            : view?.type === 'tool-call'
              ? view.toolName || undefined
              : undefined;
      const record: AppRecord = {
        kind: 'app',
        serverId: request.app.serverId,
        app: request.app,
        action: { type: view?.type ?? 'load', ...(detail !== undefined ? { detail } : {}) },
        outcome: settled.outcome,
        decidedBy: settled.decidedBy,
        policyAction: flow.first.action,
        reasons: settled.decision.reasons,
        trust: flow.first.trust,
        mode: flow.first.mode,
        ...(settled.remembered ? { remembered: true } : {}),
        ...(settled.granted ? { granted: settled.granted, grantedDomains: settled.grantedDomains } : {}),
        timestamp: context.now(),
      };
      return {
        outcome: {
          outcome: settled.outcome,
          action: view ?? { type: 'load', domains: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] }, rejectedDomains: [], permissions: [] },
          ...(settled.granted ? { granted: settled.granted, grantedDomains: settled.grantedDomains } : {}),
          record,
        },
        record,
      };
    },
  };
}

/**
 * The MCP Apps kind: an app's actions (load, link, message, model context,
 * download) are asked like any consent, and its tool calls and sampling are
 * recorded as the app's. A controller built with it gets `requestAppAction`;
 * the provider shows it with `components={{ app: AppActionDialog }}`.
 */
export function appKind(): ConsentKind<AppKindTypes> {
  return { name: 'app', messages: appReasonMessages, verbs: { request: 'requestAppAction' }, setup: appSteps };
}
