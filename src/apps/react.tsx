'use client';
/**
 * react-mcp-annotations/apps/react: the consent dialog for what an MCP App
 * asks (load, link, message, model context, download), the sandboxed frame
 * built from what the person granted, and the hook that asks before an app
 * loads. The dialog plugs into the provider: `components={{ app: AppActionDialog }}`.
 *
 * One file (about 470 lines) on purpose: the hook, the frame and the dialog
 * share one load state and one grants shape, and `./apps/react` is one size
 * row; split files would spread that contract across three modules for no
 * reader's gain. The words (`appLabels`) are the only part that could move.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { forwardRef, useCallback, useEffect, useId, useMemo, useRef, useState, type ComponentPropsWithoutRef } from 'react';
import { useConsentController } from '../components/consent-provider/approval-context.js';
import type { ConsentComponentProps } from '../components/consent-provider/consent-provider.js';
import { ContentBlocks } from '../components/content-blocks/content-blocks.js';
import type { ConsentController } from '../core/consent/index.js';
import type { AppActionOutcome, AppActionRequest, AppActionResponse, AppIdentity, AppKindTypes, PendingAppAction } from './types.js';
import { formatBytes } from '../core/content/media.js';
import type { Locale } from '../core/text/format.js';
import { displayServerName } from '../core/text/sanitize.js';
import { prefixed } from '../core/text/reasons.js';
import { ConsentDialogRoot, guardConsent, useConsentRoot } from '../internal/consent-root.js';
import { formatLabel, urlLabels, urlWarningKeys, type Labels } from '../internal/default-labels.js';
import { useLabels, useLocale } from '../internal/labels.js';
import { ModalContent } from '../internal/modal-content.js';
import { ReasonList } from '../internal/reason-list.js';
import { appReasonLabels } from './messages.js';
import { APP_DOMAIN_KINDS, appFrameAttributes, readAppResource, type AppGrants, type AppPermission, type AppResource } from './resource.js';

/** Everything the app dialog and frame say, in English. Translate with the provider's `labels` (e.g. `deApps` from `react-mcp-annotations/locales/de`). */
export const appLabels = {
  appTitleLoad: '{app} wants to open',
  appTitleLink: '{app} wants to open a link',
  appTitleMessage: '{app} wants to post a message as you',
  appTitleContext: '{app} wants to tell the model something',
  appTitleDownload: '{count, plural, one {{app} wants to save a file} other {{app} wants to save # files}}',
  appFrom: 'An app from {server}',
  appFromVersion: 'An app from {server}, version {version}',
  appTrusted: 'trusted server',
  appUntrusted: 'not a trusted server',
  appUnnamed: 'An app',
  appWhy: 'Why you are asked',
  appReaches: 'What it will reach',
  appReachesNothing: 'It will not reach anything outside this app.',
  'appDomain.connectDomains': 'Exchanges data with',
  'appDomain.resourceDomains': 'Loads scripts, styles and media from',
  'appDomain.frameDomains': 'Embeds pages from',
  'appDomain.baseUriDomains': 'Uses as its base address',
  appRefused: 'Declared, but never allowed (not a plain secure address)',
  appUses: 'What it asks to use',
  appUsesHelp: 'Tick only what you want it to have.',
  'appPermission.camera': 'Your camera',
  'appPermission.microphone': 'Your microphone',
  'appPermission.geolocation': 'Your location',
  'appPermission.clipboardWrite': 'Copying to your clipboard',
  appLinkHelp: 'Check the address before you open it.',
  appLinkInvalid: 'This address cannot be opened.',
  appMessageHelp: 'This is what will be sent in the chat as your message.',
  appContextHelp: 'This is what the model will be told. A newer update replaces it.',
  appStructured: 'Structured data',
  appFileMeta: '{type}, {size}',
  appRemember: 'Always for this app',
  appDeny: 'Don’t allow',
  appAllowLoad: 'Open app',
  appOpenLink: 'Open link',
  appSend: 'Send',
  appShare: 'Tell the model',
  appSave: 'Save',
  appWaiting: 'This app waits for your permission to open.',
  appDenied: 'You did not let this app open.',
  appAskAgain: 'Ask again',
  appUnreadable: 'This app cannot be shown.',
  appUnsupported: 'This app cannot open here: nothing in this host asks about apps.',
  appFrameTitle: 'App: {app}',
  ...prefixed('reason.', appReasonLabels),
} as const;

/** The app family's message keys. */
export type AppLabels = { [K in keyof typeof appLabels]: string };

// What the dialog reads: its own words and those about links (shared with URL elicitation, in `Labels`).
const dialogLabels = /* @__PURE__ */ Object.assign({}, urlLabels, appLabels);

/** Props of {@link AppActionDialog}. */
export interface AppActionDialogProps extends ConsentComponentProps<PendingAppAction, AppActionResponse> {
  labels?: Partial<Labels & AppLabels> | undefined;
  locale?: Locale;
  container?: HTMLElement | null | undefined;
  className?: string | undefined;
}

/** A copy of `set` with `value` in it or not. */
function toggled<T>(set: ReadonlySet<T>, value: T, on: boolean): ReadonlySet<T> {
  const next = new Set(set);
  if (on) next.add(value);
  else next.delete(value);
  return next;
}

const TITLES = { load: 'appTitleLoad', 'open-link': 'appTitleLink', message: 'appTitleMessage', 'model-context': 'appTitleContext', download: 'appTitleDownload' } as const;
const ACTIONS = { load: 'appAllowLoad', 'open-link': 'appOpenLink', message: 'appSend', 'model-context': 'appShare', download: 'appSave' } as const;

function AppActionDialogImpl({ prompt, onRespond, returnFocusTo, labels: own, locale: ownLocale, container, className }: AppActionDialogProps) {
  const labels = useLabels(own as Partial<Labels> | undefined, dialogLabels);
  const locale = useLocale(ownLocale);
  const root = useConsentRoot<AppActionResponse>({ open: undefined, defaultOpen: true, onOpenChange: undefined, caller: 'AppActionDialog', onAnswer: (answer) => onRespond(answer), refusal: { action: 'deny' } });
  const [remember, setRemember] = useState(false);
  const [granted, setGranted] = useState<ReadonlySet<AppPermission>>(() => new Set());
  // Declared domains start ticked; the person may untick any of them.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(() => new Set());
  const titleId = useId();
  const descriptionId = useId();
  const reasonsId = useId();
  const denyRef = useRef<HTMLButtonElement | null>(null);
  const action = prompt.action;
  if (action.type === 'tool-call' || action.type === 'sampling') return null;
  const appName = prompt.app.name ?? labels.appUnnamed;
  const server = `${displayServerName(prompt.serverName, prompt.serverId)} (${prompt.trust === 'trusted' ? labels.appTrusted : labels.appUntrusted})`;
  const canAct = action.type !== 'open-link' || (action.url !== null && action.url.secure);
  const count = action.type === 'download' ? action.files.length : 0;
  const reasons = prompt.decision.reasons;
  return (
    <ConsentDialogRoot state={root}>
      <ModalContent
        role="alertdialog"
        aria-labelledby={titleId}
        aria-describedby={reasons.length > 0 ? `${descriptionId} ${reasonsId}` : descriptionId}
        data-slot="app-action"
        data-action={action.type}
        data-trust={prompt.trust}
        initialFocus={() => denyRef.current}
        returnFocusTo={returnFocusTo}
        container={container} className={className}
      >
        <Dialog.Title id={titleId} data-slot="app-action-title">
          {formatLabel(labels[TITLES[action.type]], { app: appName, count }, locale)}
        </Dialog.Title>
        <div id={descriptionId} data-slot="app-action-description">
          <p data-slot="dialog-text">{formatLabel(prompt.app.version ? labels.appFromVersion : labels.appFrom, { server, version: prompt.app.version ?? '' }, locale)}</p>
          <p data-slot="dialog-text">
            <code translate="no" data-slot="machine-name">
              {prompt.app.resourceUri}
            </code>
          </p>
        </div>
        {reasons.length > 0 && (
          <div id={reasonsId} data-slot="app-action-reasons">
            <h3 data-slot="dialog-section-title">{labels.appWhy}</h3>
            <ReasonList reasons={reasons} labels={labels} locale={locale} />
          </div>
        )}
        <div data-slot="app-action-body">
          {action.type === 'load' && (
            <>
              <h3 data-slot="dialog-section-title">{labels.appReaches}</h3>
              {APP_DOMAIN_KINDS.every((kind) => action.domains[kind].length === 0) ? (
                <p data-slot="dialog-text">{labels.appReachesNothing}</p>
              ) : (
                <dl data-slot="dialog-facts">
                  {APP_DOMAIN_KINDS.filter((kind) => action.domains[kind].length > 0).map((kind) => (
                    <div key={kind} data-slot="dialog-fact" data-kind={kind}>
                      <dt data-slot="dialog-term">{labels[`appDomain.${kind}`]}</dt>
                      <dd data-slot="dialog-value">
                        {action.domains[kind].map((domain) => (
                          <label key={domain} data-slot="dialog-remember" data-domain={domain}>
                            <input
                              type="checkbox"
                              checked={!unticked.has(domain)}
                              onChange={(event) => setUnticked(toggled(unticked, domain, !event.currentTarget.checked))}
                            />
                            <code translate="no" dir="ltr" data-slot="app-action-domain">
                              {domain}
                            </code>
                          </label>
                        ))}
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
              {action.rejectedDomains.length > 0 && (
                <div data-slot="app-action-refused">
                  <p data-slot="dialog-text">{labels.appRefused}</p>
                  <ul data-slot="dialog-list">
                    {action.rejectedDomains.map((domain, index) => (
                      <li key={index} data-slot="dialog-item">
                        <code translate="no" dir="ltr" data-slot="code-text">
                          {domain}
                        </code>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {action.permissions.length > 0 && (
                <fieldset data-slot="app-action-permissions">
                  <legend data-slot="dialog-section-title">{labels.appUses}</legend>
                  <p data-slot="dialog-text">{labels.appUsesHelp}</p>
                  {action.permissions.map((permission) => (
                    <label key={permission} data-slot="dialog-remember" data-permission={permission}>
                      <input
                        type="checkbox"
                        checked={granted.has(permission)}
                        onChange={(event) => setGranted(toggled(granted, permission, event.currentTarget.checked))}
                      />
                      {labels[`appPermission.${permission}`]}
                    </label>
                  ))}
                </fieldset>
              )}
            </>
          )}
          {action.type === 'open-link' &&
            (action.url ? (
              <>
                <p data-slot="dialog-text">{action.url.secure ? labels.appLinkHelp : labels.appLinkInvalid}</p>
                <p data-slot="dialog-text">
                  <code translate="no" dir="ltr" data-slot="app-action-url">
                    {action.url.display.before}
                    <strong data-slot="elicitation-url-host">{action.url.display.emphasis}</strong>
                    {action.url.display.after}
                  </code>
                </p>
                {action.url.warnings.length > 0 && (
                  <ul data-slot="app-action-url-warnings">
                    {action.url.warnings.map((warning) => (
                      <li key={warning} data-warning={warning} data-slot="dialog-item">
                        {labels[urlWarningKeys[warning]]}
                      </li>
                    ))}
                  </ul>
                )}
              </>
            ) : (
              <p data-slot="dialog-text">{labels.appLinkInvalid}</p>
            ))}
          {(action.type === 'message' || action.type === 'model-context') && (
            <>
              <p data-slot="dialog-text">{action.type === 'message' ? labels.appMessageHelp : labels.appContextHelp}</p>
              <div data-slot="app-action-content">
                <ContentBlocks blocks={action.content as never} viewer="user" />
              </div>
              {action.type === 'model-context' && action.structuredContent !== undefined && (
                <details data-slot="app-structured">
                  <summary data-slot="details-summary">{labels.appStructured}</summary>
                  <pre dir="ltr" data-slot="code-block">
                    {action.structuredContent}
                  </pre>
                </details>
              )}
            </>
          )}
          {action.type === 'download' && (
            <ul data-slot="app-action-files">
              {action.files.map((file, index) => (
                <li key={index} data-slot="dialog-item">
                  <code translate="no" dir="ltr" data-slot="machine-name">
                    {file.name}
                  </code>{' '}
                  <span data-slot="app-file-meta">{formatLabel(labels.appFileMeta, { type: file.mimeType, size: file.size !== undefined ? formatBytes(file.size, locale) : '?' }, locale)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        {prompt.canRemember && canAct && (
          <label data-slot="app-action-remember">
            <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.currentTarget.checked)} />
            {labels.appRemember}
          </label>
        )}
        <div data-slot="app-action-actions">
          <button type="button" ref={denyRef} data-slot="app-action-deny" onClick={() => root.respond({ action: 'deny', remember })}>
            {labels.appDeny}
          </button>
          {canAct && (
            <button type="button" data-slot="app-action-approve" onClick={() => root.respond({ action: 'approve', remember, ...(action.type === 'load' ? { permissions: [...granted], domains: [...new Set(APP_DOMAIN_KINDS.flatMap((kind) => action.domains[kind]))].filter((domain) => !unticked.has(domain)) } : {}) })}>
              {labels[ACTIONS[action.type]]}
            </button>
          )}
        </div>
      </ModalContent>
    </ConsentDialogRoot>
  );
}

// An action it cannot read (built or changed by hand) is refused once instead of a crash.
/**
 * One MCP App's request, shown before anything happens: which app (name and
 * version, as it says) from which server (and its trust), why you are asked,
 * and exactly what would happen — the domains and permissions of an app about
 * to open (each permission ticked by you, none by default), a link in full
 * with its host emphasised, the message or context in full, the files with
 * their type and size. Refusing is focused first; Escape refuses.
 */
export const AppActionDialog = guardConsent(AppActionDialogImpl, ({ onRespond }) => onRespond({ action: 'deny' }), 'AppActionDialog');

/** Props of {@link AppFrame}. */
export interface AppFrameProps extends Omit<ComponentPropsWithoutRef<'iframe'>, 'src' | 'srcDoc' | 'sandbox' | 'allow' | 'resource'> {
  resource: AppResource;
  /** What the person granted (from the load's outcome). Default: nothing. */
  grants?: AppGrants | undefined;
  /** The app's name, for the frame's accessible name. */
  appName?: string | undefined;
  labels?: Partial<AppLabels> | undefined;
}

/**
 * The app, in a sandboxed iframe whose `sandbox` (scripts only: no same
 * origin, no popups, no navigation of the page), `allow` and CSP come only
 * from what the app declared and the person granted.
 */
export const AppFrame = forwardRef<HTMLIFrameElement, AppFrameProps>(function AppFrame({ resource, grants, appName, labels: own, className, title, ...props }, ref) {
  const labels = useLabels(own as Partial<Labels> | undefined, appLabels);
  const frame = useMemo(() => appFrameAttributes(resource, grants), [resource, grants]);
  return (
    <iframe
      data-slot="app-frame"
      title={title ?? formatLabel(labels.appFrameTitle, { app: appName ?? resource.uri })}
      {...props}
      ref={ref}
      sandbox={frame.sandbox}
      allow={frame.allow || undefined}
      srcDoc={frame.srcdoc} className={className}
    />
  );
});
AppFrame.displayName = 'AppFrame';

interface Asking {
  promise: Promise<AppActionOutcome>;
  release: () => void;
}
const asking = new WeakMap<object, Map<string, { promise: Promise<AppActionOutcome>; abort: AbortController; users: number }>>();

// One question per app and controller, however often an effect mounts (StrictMode mounts twice): the last
// user to leave withdraws it, a moment later, unless a remount took it up again.
function ask(controller: ConsentController<AppKindTypes>, key: string, request: () => Omit<AppActionRequest, 'signal'>): Asking {
  let table = asking.get(controller);
  if (!table) asking.set(controller, (table = new Map()));
  let entry = table.get(key);
  if (!entry) {
    const abort = new AbortController();
    const created = { promise: controller.request('app', { ...request(), signal: abort.signal }), abort, users: 0 };
    entry = created;
    table.set(key, created);
    void created.promise.finally(() => {
      if (table.get(key) === created) table.delete(key);
    });
  }
  const shared = entry;
  shared.users += 1;
  return {
    promise: shared.promise,
    release() {
      shared.users -= 1;
      setTimeout(() => {
        if (shared.users > 0) return;
        shared.abort.abort();
        if (table.get(key) === shared) table.delete(key);
      }, 0);
    },
  };
}

/** Where an app's load stands. */
type AppLoadState =
  | { status: 'asking' }
  | { status: 'allowed'; resource: AppResource; grants: AppGrants }
  | { status: 'denied' }
  | { status: 'unreadable' }
  /** The provider's controller has no app kind (`appKind()`): refused, and asking again cannot help. */
  | { status: 'unsupported' };

/**
 * Asks before an app loads: the provider's controller (one from
 * with the app kind, `appKind()`) shows what the app declared; the state says when
 * it may render and with what. `askAgain` asks anew after a refusal.
 */
function useAppLoad({ app, read, listing }: { app: Omit<AppIdentity, 'fingerprint'>; read: unknown; listing?: unknown }): AppLoadState & { askAgain: () => void } {
  const controller = useConsentController<AppKindTypes>();
  const resource = useMemo(() => readAppResource(read, listing), [read, listing]);
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; state: AppLoadState } | null>(null);
  const { serverId, resourceUri, name, version } = app;
  const { fingerprint, problem } = resource;
  // Asked again only when the app itself changes (its fingerprint) or the person asks again, not when a parent passes a new object.
  const key = JSON.stringify([serverId, resourceUri, name, version, fingerprint, attempt]);
  const latest = useRef({ read, listing, resource });
  useEffect(() => {
    latest.current = { read, listing, resource };
  });
  const canAsk = !problem && controller.has('app');
  useEffect(() => {
    if (!canAsk) return;
    const entry = ask(controller, key, () => {
      const { read: raw } = latest.current;
      const { listing: listed } = latest.current;
      return { app: { serverId, resourceUri, name, version, fingerprint }, action: { type: 'load', resource: raw, listing: listed } };
    });
    let live = true;
    const current = latest.current.resource;
    void entry.promise.then((outcome) => {
      if (live) setAnswer({ key, state: outcome.outcome === 'allowed' ? { status: 'allowed', resource: current, grants: { domains: outcome.grantedDomains ?? [], permissions: (outcome.granted ?? []) as AppPermission[] } } : { status: 'denied' } });
    });
    return () => {
      live = false;
      entry.release();
    };
  }, [controller, canAsk, key, serverId, resourceUri, name, version, fingerprint]);
  const askAgain = useCallback(() => setAttempt((value) => value + 1), []);
  // Without the app kind (`appKind()`), apps are refused, and asking again cannot help.
  const state: AppLoadState = problem ? { status: 'unreadable' } : !canAsk ? { status: 'unsupported' } : answer?.key === key ? answer.state : { status: 'asking' };
  return { ...state, askAgain };
}

/** Props of {@link AppView}. */
export interface AppViewProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  app: Omit<AppIdentity, 'fingerprint'>;
  /** The `resources/read` result of the app's UI resource. */
  read: unknown;
  /** Its `resources/list` entry (fallback for `_meta.ui`). */
  listing?: unknown;
  /** The frame, once it is in the page: connect your `AppBridge` to it here (with `connectGatedAppBridge`). `granted`: the permissions the person gave. */
  onFrame?: ((frame: HTMLIFrameElement, resource: AppResource, granted: AppPermission[]) => void | (() => void)) | undefined;
  labels?: Partial<AppLabels> | undefined;
}

/** An app that asks before it loads, then renders in its sandboxed frame; a refusal can be asked again. */
export const AppView = forwardRef<HTMLDivElement, AppViewProps>(function AppView({ app, read, listing, onFrame, labels: own, className, ...props }, ref) {
  const labels = useLabels(own as Partial<Labels> | undefined, appLabels);
  const load = useAppLoad({ app, read, listing });
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const latest = useRef(onFrame);
  useEffect(() => {
    latest.current = onFrame;
  });
  const allowed = load.status === 'allowed' ? load : null;
  const resource = allowed?.resource ?? null;
  const granted = useRef<AppPermission[]>([]);
  useEffect(() => {
    granted.current = [...(allowed?.grants.permissions ?? [])];
  });
  // Once per frame: what onFrame returns (e.g. closing the bridge) runs when the frame goes.
  useEffect(() => {
    if (!resource || !frameRef.current) return;
    const cleanup = latest.current?.(frameRef.current, resource, granted.current);
    return typeof cleanup === 'function' ? cleanup : undefined;
  }, [resource]);
  return (
    <div data-slot="app-view" data-status={load.status} {...props} ref={ref} className={className}>
      {load.status === 'allowed' ? (
        <AppFrame ref={frameRef} resource={load.resource} grants={load.grants} appName={app.name} labels={own} />
      ) : (
        <p role="status" data-slot="app-status">
          {load.status === 'asking' ? labels.appWaiting : load.status === 'denied' ? labels.appDenied : load.status === 'unsupported' ? labels.appUnsupported : labels.appUnreadable}
          {load.status === 'denied' && (
            <>
              {' '}
              <button type="button" data-slot="app-retry" onClick={load.askAgain}>
                {labels.appAskAgain}
              </button>
            </>
          )}
        </p>
      )}
    </div>
  );
});
AppView.displayName = 'AppView';
