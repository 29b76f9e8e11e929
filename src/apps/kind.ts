/**
 * The app kind for the consent flow: what an MCP App asks to do (load with
 * its declared domains and permissions, open a link, post a message as the
 * person, update the model's context, download a file) goes through the same
 * queue, flow and records as tool calls. Tool calls and sampling from an app
 * are decided by their own kinds (the gate forwards them) and only recorded
 * here, as the app's.
 */
import { selectForViewer } from '../core/content/audience.js';
import { describeElicitationUrl } from '../core/requests/elicitation.js';
import { canonicalForm, copyArray, isObjectLike, ownData, snapshotData } from '../core/shared/read.js';
import { safeName, type DecisionReason, type DecisionReasonCode } from '../core/tool/decisions.js';
import { reasonOf } from './messages.js';
import { sanitizeLabel } from '../core/text/sanitize.js';
import { signalOf, textOf, type ConsentContext } from '../core/consent/context.js';
import type { ConsentKindModule, FlowStep } from '../core/consent/flow.js';
import type { AppActionOutcome, AppActionView, AppDecision, AppDownloadFile, AppRecord, AppSettled, PendingAppAction } from '../core/consent/types.js';
import type { DecidedBy } from '../core/tool/decisions.js';
import { readAppResource, type AppPermission } from './resource.js';

/** An app action as read once. */
export interface AppRead {
  app: { serverId: string; resourceUri: string; name?: string | undefined; version?: string | undefined; fingerprint?: string | undefined };
  view: AppActionView | null;
  settled?: AppSettled | undefined;
  signal: AbortSignal | undefined;
  first?: AppDecision | undefined;
}

interface Settled {
  outcome: AppRecord['outcome'];
  decidedBy: DecidedBy;
  decision: AppDecision;
  remembered?: boolean | undefined;
  granted?: string[] | undefined;
}

/** A person's "always" for one app and one kind of action. */
interface Choice {
  answer: 'allow' | 'deny';
  fingerprint: string;
  granted?: string[] | undefined;
}

const MAX_FILES = 16;
// Windows' reserved device names, which no saved file may take.
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

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
    base = base.slice(0, 120 - ext.length) + ext;
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
const blocks = (value: unknown): unknown[] => selectForViewer(((copyArray(value, 64) ?? []).map((block) => snapshotData(block)) as unknown[]).filter(isObjectLike), 'user');

function readView(action: unknown, context: ConsentContext): { view: AppActionView | null; fingerprint?: string | undefined; settled?: AppSettled | undefined } {
  const type = ownData(action, 'type');
  switch (type) {
    case 'load': {
      const resource = readAppResource(ownData(action, 'resource'));
      if (resource.problem) return { view: null };
      return { view: { type: 'load', domains: resource.domains, rejectedDomains: resource.rejectedDomains, permissions: resource.permissions }, fingerprint: resource.fingerprint };
    }
    case 'open-link': {
      const raw = ownData(action, 'url');
      if (typeof raw !== 'string' || raw.length > 8192) return { view: null };
      return { view: { type: 'open-link', url: describeElicitationUrl(raw, { registrableDomain: context.registrableDomain }), raw: sanitizeLabel(raw, 2048).text } };
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
      const files = (copyArray(ownData(action, 'contents'), MAX_FILES) ?? []).map(readFile);
      if (files.length === 0 || files.some((file) => file === null)) return { view: null };
      return { view: { type: 'download', files: files as AppDownloadFile[] } };
    }
    case 'tool-call':
    case 'sampling': {
      const settled = ownData(action, 'settled');
      const outcome = ownData(settled, 'outcome');
      if (outcome !== 'allowed' && outcome !== 'denied' && outcome !== 'blocked') return { view: null };
      const decidedBy = ownData(settled, 'decidedBy');
      const reasons = (copyArray(ownData(settled, 'reasons'), 32) ?? []).filter((reason): reason is DecisionReason => isObjectLike(reason) && typeof ownData(reason, 'code') === 'string');
      const view: AppActionView = type === 'tool-call' ? { type, toolName: safeName(ownData(action, 'toolName')) } : { type };
      return { view, settled: { outcome, decidedBy: decidedBy === 'user' || decidedBy === 'remembered' ? decidedBy : 'policy', reasons } };
    }
    default:
      return { view: null };
  }
}

/** Reads an app action once; anything malformed reads as `view: null` (refused). */
export function readAppAction(raw: unknown, context: ConsentContext): AppRead {
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

const ASK: Partial<Record<AppActionView['type'], DecisionReasonCode>> = {
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

/** The app kind, with the remembered "always" choices of one controller. */
export function appKind(context: ConsentContext): ConsentKindModule<AppRead, AppDecision, Settled, AppActionOutcome> {
  const choices = new Map<string, Choice>();
  const labels = () => context.reasonLabels();
  const decision = (request: AppRead, action: AppDecision['action'], codes: DecisionReasonCode[], extra: DecisionReason[] = []): AppDecision => ({
    kind: 'app',
    action,
    reasons: [...codes.map((code) => reasonOf(code, labels())), ...extra],
    trust: context.trustOf(request.app.serverId),
    mode: context.policy().mode ?? 'default',
  });
  return {
    decide(request, { serverRemoved }) {
      const view = request.view;
      let result: AppDecision;
      if (!view) result = decision(request, 'block', ['request-invalid']);
      else if (request.settled) result = decision(request, request.settled.outcome === 'blocked' ? 'block' : 'run', [], request.settled.reasons);
      else if (serverRemoved) result = decision(request, 'block', ['server-removed']);
      else if (view.type === 'open-link' && (!view.url || !view.url.secure)) result = decision(request, 'block', ['url-not-https']);
      else if (view.type === 'open-link' && context.policy().mode === 'offline') result = decision(request, 'block', ['url-offline']);
      else {
        const key = choiceKey(request);
        const choice = key ? choices.get(key) : undefined;
        const same = choice !== undefined && choice.fingerprint === (request.app.fingerprint ?? '');
        if (same && choice.answer === 'deny') result = decision(request, 'block', ['app-always-denied']);
        else if (same && choice.answer === 'allow') result = decision(request, 'run', ['app-always-allowed']);
        else if (view.type === 'load' && view.permissions.length === 0 && Object.values(view.domains).every((list) => list.length === 0) && !choice)
          result = decision(request, 'run', []);
        else result = decision(request, 'confirm', [...(choice ? (['app-changed'] as const) : []), ...(ASK[view.type] ? [ASK[view.type]!] : [])]);
      }
      request.first ??= result;
      return result;
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
    run(request, decided): FlowStep<Settled> {
      const key = choiceKey(request);
      const choice = key ? choices.get(key) : undefined;
      const remembered = decided.reasons.some((reason) => reason.code === 'app-always-allowed');
      const granted = request.view?.type === 'load' ? (remembered ? (choice?.granted ?? []) : []) : undefined;
      return {
        type: 'settle',
        result: { outcome: request.settled?.outcome ?? 'allowed', decidedBy: request.settled?.decidedBy ?? (remembered ? 'remembered' : 'policy'), decision: decided, ...(granted ? { granted } : {}) },
      };
    },
    refuse: (_request, decided, cause) => ({ outcome: cause === 'abandoned' || cause === 'disposed' ? 'denied' : 'blocked', decidedBy: 'policy', decision: decided }),
    isRefusal: (response) => isObjectLike(response) && ownData(response, 'action') === 'deny',
    answer(request, _item, response, decided): FlowStep<Settled> {
      const action = isObjectLike(response) ? ownData(response, 'action') : undefined;
      if (action !== 'approve' && action !== 'deny') return { type: 'refuse' };
      const key = choiceKey(request);
      const remember = ownData(response, 'remember') === true && key !== null;
      let granted: string[] | undefined;
      if (request.view?.type === 'load') {
        const asked = new Set<string>(copyArray(ownData(response, 'permissions'), 8)?.filter((name): name is string => typeof name === 'string') ?? []);
        granted = action === 'approve' ? request.view.permissions.filter((name: AppPermission) => asked.has(name)) : [];
      }
      if (remember) choices.set(key, { answer: action === 'approve' ? 'allow' : 'deny', fingerprint: request.app.fingerprint ?? '', ...(granted ? { granted } : {}) });
      return { type: 'settle', result: { outcome: action === 'approve' ? 'allowed' : 'denied', decidedBy: 'user', decision: decided, remembered: remember, ...(granted ? { granted } : {}) } };
    },
    finish(request, settled): AppActionOutcome {
      const first = request.first ?? settled.decision;
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
        policyAction: first.action,
        reasons: settled.decision.reasons,
        trust: first.trust,
        mode: first.mode,
        ...(settled.remembered ? { remembered: true } : {}),
        ...(settled.granted ? { granted: settled.granted } : {}),
        timestamp: context.now(),
      };
      context.report(record);
      return {
        outcome: settled.outcome,
        action: view ?? { type: 'load', domains: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] }, rejectedDomains: [], permissions: [] },
        ...(settled.granted ? { granted: settled.granted } : {}),
        record,
      };
    },
  };
}
