'use client';
import { useIsomorphicLayoutEffect } from '../../internal/use-layout-effect.js';
import { resolveNow } from '../../core/shared/now.js';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ApprovalStore } from '../../core/tool/approvals.js';
import type { ToolListsByServer } from '../../core/tool/collisions.js';
import {
  createToolApprovalController,
  type ApprovalController,
  type ApprovalControllerOptions,
  type ApprovalRequest,
  type ApprovalResult,
  type ConsentRecord,
  type NowSource,
  type ServerConfig,
  type AppActionResponse,
  type PendingAppAction,
} from '../../core/consent/controller.js';
import type { ServerRequestPolicy } from '../../core/requests/server-requests.js';
import type { DecisionReasonCode, PolicyMode } from '../../core/tool/decisions.js';
import type { Labels } from '../../internal/default-labels.js';
import { LabelsProvider } from '../../internal/labels.js';
import { DialogPlacementContext } from '../../internal/modal-content.js';
import { useUnmount } from '../../internal/use-unmount.js';
// Types only: this module imports no dialog, so a host pays for the ones it passes.
import type { ToolConfirmDialogProps } from '../tool-confirm/tool-confirm-dialog.js';
import type { ElicitationDialogProps } from '../elicitation/elicitation-dialog.js';
import type { SamplingDialogProps } from '../sampling/sampling-dialog.js';
import type { ComponentType } from 'react';
import { ApprovalContext, type ApprovalUI, type Shared, type ToolApprovalApi } from './approval-context.js';

export type { ApprovalRequest, ApprovalResult, ServerConfig };

// A new tab with no opener: the page the server named cannot reach back into the host.
const defaultOpenUrl = (url: string) => void window.open(url, '_blank', 'noopener,noreferrer');

/** What the provider itself takes, whichever way the controller comes. */
export interface ToolApprovalProviderBaseProps {
  /**
   * Direction and language of the dialogs. By default each dialog takes them
   * from where it was opened (the nearest `dir` / `lang` of the focused
   * element or the call's card), since a portal leaves the page's behind.
   */
  dir?: 'ltr' | 'rtl' | 'auto' | undefined;
  lang?: string | undefined;
  /**
   * Where focus goes when a dialog closes and neither the call's card nor the
   * element that opened it is still on the page, and no element focused
   * before it is either (e.g. the chat's input). Without it, and with none
   * of those, the browser decides.
   */
  fallbackFocus?: (() => HTMLElement | null | undefined) | undefined;
  /**
   * Opens every link the dialogs open (a URL elicitation the person accepted),
   * e.g. `shell.openExternal` in Electron or a native browser tab. Default:
   * `window.open(url, '_blank', 'noopener,noreferrer')`.
   */
  openUrl?: ((url: string) => void) | undefined;
  /**
   * Where tool confirmations appear. `dialog` (default): one alert dialog at a
   * time. `inline`: inside the `ToolCallCard` with the same `callId`; requests
   * without a mounted card still use the dialog.
   */
  approvalUI?: ApprovalUI | undefined;
  /** The message table for everything below (a whole translation such as `react-mcp-annotations/locales/de`, or a few keys). */
  labels?: Partial<Labels> | undefined;
  /**
   * The locale of the words, given once: plurals, "x or y" lists, dates,
   * relative times, numbers and sizes below follow it. Default: `lang`, else
   * the runtime's.
   */
  locale?: string | readonly string[] | undefined;
  /**
   * The dialog for each kind of request: replace one with your own, or leave
   * it out with `null` (its requests then wait for your own UI, e.g.
   * `usePendingApproval` or an inline card). `ConsentProvider` renders only
   * what you pass; `ToolApprovalProvider` defaults to every built-in dialog.
   */
  components?: ConsentComponents | undefined;
  /**
   * Render your own dialog; receives everything the default one gets.
   * @deprecated Pass the component as `components={{ tool: MyDialog }}`.
   */
  renderDialog?: ((props: ToolConfirmDialogProps) => ReactNode) | undefined;
  children?: ReactNode;
}

/** The dialogs a provider shows, by kind of request; `null` or absent leaves one out. */
export interface ConsentComponents {
  /** Tool confirmations (default in `ToolApprovalProvider`: `ToolConfirmDialog`). */
  tool?: ComponentType<ToolConfirmDialogProps> | null | undefined;
  /** A server's elicitation (default in `ToolApprovalProvider`: `ElicitationDialog`). */
  elicitation?: ComponentType<ElicitationDialogProps> | null | undefined;
  /** A server's sampling request (default in `ToolApprovalProvider`: `SamplingDialog`). */
  sampling?: ComponentType<SamplingDialogProps> | null | undefined;
  /** An MCP App's action or load (`AppActionDialog` from `react-mcp-annotations/apps/react`; no default, so hosts without apps do not pay for it). */
  app?: ComponentType<AppConsentDialogProps> | null | undefined;
}

/** What the provider gives the dialog of an MCP App's action. */
export interface AppConsentDialogProps {
  prompt: PendingAppAction;
  onRespond: (answer: AppActionResponse) => void;
  /** Where focus goes when the dialog closes. */
  returnFocusTo?: (() => HTMLElement | null) | undefined;
  /** Opens an approved link (the provider's `openUrl`). */
  openUrl?: ((url: string) => void) | undefined;
}

/** The policy: applied to the provider's own controller, and kept current as the props change. */
export interface ToolApprovalProviderPolicyProps {
  /** Servers by id. Unknown servers are untrusted. */
  servers?: Readonly<Record<string, ServerConfig>> | undefined;
  /** Host-wide mode. Default `default`. */
  mode?: PolicyMode | undefined;
  /**
   * Text for decision reasons.
   * @deprecated Put reasons in `labels` (keys `reason.<code>`): one table, in the host's locale.
   */
  reasonLabels?: Partial<Record<DecisionReasonCode, string>> | undefined;
  /**
   * The session taint guard (off by default): once the result of an
   * open-world tool entered the conversation, writes and further open-world
   * calls ask even for trusted servers, until `resetTaint()`.
   */
  taintGuard?: boolean | undefined;
  /**
   * Every server's current tool list by server id (e.g. from `useMcpTools`).
   * A tool name two servers offer, or a look-alike, always asks and is never
   * remembered (shadowing). Pass a new object when a list changes.
   */
  toolLists?: ToolListsByServer | undefined;
  /** Server requests: `elicitation: 'off'` declines every one without asking. Default `ask`. */
  elicitation?: ServerRequestPolicy['elicitation'];
  /** Block form requests whose fields look like secrets, instead of warning. Default false. */
  blockSensitiveElicitation?: boolean | undefined;
  /** Sampling: `ask` (default), `off`, or `trusted-auto` (trusted servers run without asking). */
  sampling?: ServerRequestPolicy['sampling'];
}

/** What only a new controller takes: with `controller`, these belong to the one you created. */
export interface ToolApprovalProviderCreationProps {
  /**
   * Makes the provider's own controller from its options. `ConsentProvider`
   * uses `createToolApprovalController` (tool calls only: a server's
   * elicitation or sampling is declined unasked and recorded), so a host
   * that only confirms tool calls pays for nothing else; pass
   * `createApprovalController` (as `ToolApprovalProvider` does) for every kind.
   */
  createController?: ((options: ApprovalControllerOptions) => ApprovalController) | undefined;
  /** Remembered approvals. Default: a store for this conversation, created once. Read once, on mount. */
  store?: ApprovalStore | undefined;
  /** Allow "remember" for destructive tools (only used by the default store). Off by default. */
  rememberDestructive?: boolean | undefined;
  /** Every settled request, for the host's log. Narrow on `record.kind` once server requests are in use. */
  onDecision?(record: ConsentRecord): void;
  /** Finds a host's registrable domain for URL elicitations (needs the Public Suffix List); default: the whole host is emphasised. */
  registrableDomain?: ((host: string) => string | null | undefined) | undefined;
  /** Clock for decision timestamps. Default `Date.now`. */
  now?: NowSource | undefined;
}

type Absent<T> = { [K in keyof T]?: never };

/** The provider makes its controller from these options (the controller's own, as React props). */
export interface ToolApprovalProviderOptionsProps extends ToolApprovalProviderBaseProps, ToolApprovalProviderPolicyProps, ToolApprovalProviderCreationProps {
  controller?: undefined;
}

/**
 * The provider uses a controller you created with `createApprovalController`
 * (to share it with non-React code): its options, policy included, are the
 * ones you gave it (`controller.setPolicy` changes them). Passing options
 * here too is a type error, not a silent drop.
 */
export interface ToolApprovalProviderControllerProps extends ToolApprovalProviderBaseProps, Absent<ToolApprovalProviderCreationProps>, Absent<Omit<ToolApprovalProviderPolicyProps, 'toolLists'>> {
  controller: ApprovalController;
  /** Tool lists change as servers change theirs: kept current on the controller you gave. */
  toolLists?: ToolListsByServer | undefined;
}

/** Props of {@link ToolApprovalProvider}: either the controller's options, or `{ controller }`. */
export type ToolApprovalProviderProps = ToolApprovalProviderOptionsProps | ToolApprovalProviderControllerProps;

/**
 * The consent provider with only the dialogs you pass: decides every request
 * below it through one controller and shows each kind's prompt with its
 * component, one at a time (or inline in each card). A thin React layer over
 * the controller: the context value never changes while the provider lives,
 * so a transcript of cards does not re-render when requests come and go.
 * Unmounting denies whatever is still waiting. `ToolApprovalProvider` is
 * this with every built-in dialog.
 *
 * @example
 * // A host that only confirms tool calls, and pays for nothing else:
 * <ConsentProvider servers={{ files: { trust: 'trusted' } }} components={{ tool: ToolConfirmDialog }}>
 *   <Chat />
 * </ConsentProvider>
 */
export function ConsentProvider({
  servers,
  mode,
  store,
  rememberDestructive,
  onDecision,
  reasonLabels,
  taintGuard,
  toolLists,
  elicitation,
  blockSensitiveElicitation,
  sampling,
  registrableDomain,
  approvalUI = 'dialog',
  labels,
  components,
  renderDialog,
  now,
  createController = createToolApprovalController,
  controller: controllerProp,
  dir,
  lang,
  locale,
  fallbackFocus,
  openUrl,
  children,
}: ToolApprovalProviderProps) {
  // Callbacks are read when a request settles: the latest commit's are right.
  const latest = useRef({ onDecision, now, registrableDomain });
  useEffect(() => {
    latest.current = { onDecision, now, registrableDomain };
  });
  // Tool lists by identity: they can be large, and a list that changes is a new object.
  // The rest keyed by content, so inline objects don't churn.
  const policyKey = contentKey([servers ?? {}, mode ?? 'default', reasonLabels ?? {}, taintGuard === true, elicitation, blockSensitiveElicitation === true, sampling]);
  const policy = useMemo(() => ({ servers, mode, reasonLabels, taintGuard, toolLists, elicitation, blockSensitiveElicitation, sampling }), [policyKey, toolLists]); // eslint-disable-line react-hooks/exhaustive-deps
  // The provider's own controller starts with the first render's policy (so the first
  // render, on the server too, shows the right trust); the callbacks read `latest` when
  // a request settles, never during render.
  // eslint-disable-next-line react-hooks/refs
  const [own] = useState(() =>
    controllerProp
      ? null
      : createController({
          ...policy,
          store,
          rememberDestructive,
          onDecision: (record) => latest.current.onDecision?.(record),
          registrableDomain: (host) => latest.current.registrableDomain?.(host),
          now: () => resolveNow(latest.current.now) ?? Date.now(),
        }),
  );
  const controller = controllerProp ?? own!;
  // Later changes are applied once the commit is in (never during render); requests made
  // in passive effects see them. A host's controller keeps its own policy: only its tool
  // lists follow the prop (and, from plain JavaScript, any policy prop still given).
  const hostPolicy = controllerProp !== undefined;
  const givesPolicy = !hostPolicy || [servers, mode, reasonLabels, taintGuard, elicitation, blockSensitiveElicitation, sampling].some((value) => value !== undefined);
  useIsomorphicLayoutEffect(() => {
    if (givesPolicy) {
      if (controller.getPolicy() !== policy) controller.setPolicy(policy);
    } else if (toolLists !== undefined && controller.getPolicy().toolLists !== toolLists) controller.setPolicy({ ...controller.getPolicy(), toolLists });
  }, [controller, policy, givesPolicy, toolLists]);

  useUnmount(() => {
    if (own) own.dispose();
  });

  const shared = useMemo<Shared>(() => {
    const api: ToolApprovalApi = {
      requestApproval: controller.requestApproval,
      previewDecision: controller.previewDecision,
      trustOf: controller.trustOf,
      resetTaint: controller.resetTaint,
      store: controller.store,
      controller,
      get pending() {
        return controller.getSnapshot().queue.length;
      },
    };
    return { controller, api, approvalUI, cards: new Map() };
  }, [controller, approvalUI]);

  // The last elements focused outside any dialog, newest last: where focus goes when a dialog's card and opener are gone.
  const history = useRef<HTMLElement[]>([]);
  const fallback = useRef(fallbackFocus);
  const opener = useRef(openUrl);
  useEffect(() => {
    fallback.current = fallbackFocus;
    opener.current = openUrl;
  });
  // Read when a link opens: the latest commit's function, and a stable prop for the dialog.
  const [routeUrl] = useState(() => (url: string) => (opener.current ? opener.current(url) : defaultOpenUrl(url)));
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || target === document.body || target.closest('[role="dialog"], [role="alertdialog"]')) return;
      history.current = [...history.current.filter((element) => element !== target && element.isConnected), target].slice(-8);
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);
  const placement = useMemo(
    () => ({
      dir,
      lang,
      restoreFocus: () => {
        const before = history.current.findLast((element) => element.isConnected);
        if (before) return before;
        // The host's fallback runs inside the dialog's close: a throw must not keep the dialog from closing.
        try {
          const element = fallback.current?.();
          return element instanceof HTMLElement ? element : null;
        } catch {
          return null;
        }
      },
    }),
    [dir, lang],
  );
  const content = (
    <ApprovalContext.Provider value={shared}>
      {children}
      <DialogPlacementContext.Provider value={placement}>
        <ConsentDialogHost shared={shared} components={components} renderDialog={renderDialog} openUrl={routeUrl} />
      </DialogPlacementContext.Provider>
    </ApprovalContext.Provider>
  );
  const messageLocale = locale ?? lang;
  return labels || messageLocale !== undefined ? (
    <LabelsProvider labels={labels} locale={messageLocale}>
      {content}
    </LabelsProvider>
  ) : (
    content
  );
}
ConsentProvider.displayName = 'ConsentProvider';

// A policy that cannot be written as JSON (a BigInt, a cycle) is compared by identity instead: a fresh key each render.
let uncomparable = 0;
function contentKey(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return `#${++uncomparable}`;
  }
}

/** The component the provider shows a kind with: `null` when the host shows it itself, `undefined` when none was given. */
function componentOf(kind: string, components: ConsentComponents | undefined, renderDialog: unknown): unknown {
  const given = (components as Record<string, unknown> | undefined)?.[kind];
  return kind === 'tool' && given === undefined && renderDialog ? renderDialog : given;
}

/** Shows the current prompt (the first one no inline card has claimed) with its kind's component. */
function ConsentDialogHost({
  shared,
  components,
  renderDialog,
  openUrl,
}: {
  shared: Shared;
  components: ConsentComponents | undefined;
  renderDialog: ToolApprovalProviderBaseProps['renderDialog'];
  openUrl: (url: string) => void;
}) {
  const { controller, cards, approvalUI } = shared;
  const current = useSyncExternalStore(controller.subscribe, () => controller.getSnapshot().current, () => undefined);
  // Inline: a request for a call gives its card a moment to mount and claim it before the dialog takes it.
  const deferred = approvalUI === 'inline' && current?.callId !== undefined;
  const [graceOver, setGraceOver] = useState<string | null>(null);
  useEffect(() => {
    if (!deferred || !current) return;
    const id = current.id;
    const timer = setTimeout(() => setGraceOver(id), 0);
    return () => clearTimeout(timer);
  }, [deferred, current]);
  const showing = current && !(deferred && graceOver !== current.id) ? current : undefined;
  // No component for its kind, not even the host's `null`: it waits for a UI the host may have forgotten,
  // and every later prompt waits behind it. Say so to the developer, once per kind and provider.
  const unshown = showing !== undefined && componentOf(showing.kind, components, renderDialog) === undefined ? showing : undefined;
  const [warned] = useState(() => new Set<string>());
  useEffect(() => {
    if (!unshown || warned.has(unshown.kind)) return;
    warned.add(unshown.kind);
    console.warn(
      `[react-mcp-annotations] a ${unshown.kind} request from ${unshown.serverName} is waiting, but the provider has no component for it, so every later request waits too. Pass components={{ ${unshown.kind}: … }}, or ${unshown.kind}: null when your own UI answers it.`,
    );
  }, [unshown, warned]);
  if (!showing || unshown) return null;
  const returnFocusTo = () => (showing.callId !== undefined ? (cards.get(showing.callId) ?? null) : null);
  // A prompt that left the dialog because a card claimed it is not refused by the dialog unmounting.
  const stillOurs = () => controller.getSnapshot().current?.id === showing.id || !controller.getSnapshot().queue.includes(showing);
  if (showing.kind === 'elicitation') {
    const Elicitation = components?.elicitation;
    if (!Elicitation) return null;
    return (
      <Elicitation
        key={showing.id}
        prompt={showing}
        returnFocusTo={returnFocusTo}
        openUrl={openUrl}
        onRespond={(answer) => (answer.action === 'cancel' && !stillOurs() ? true : controller.respond(showing.id, answer))}
      />
    );
  }
  if (showing.kind === 'sampling') {
    const Sampling = components?.sampling;
    if (!Sampling) return null;
    // Stages of one request share the id: the review stays mounted from request to answer.
    return <Sampling key={showing.id} prompt={showing} returnFocusTo={returnFocusTo} onRespond={(answer) => controller.respond(showing.id, answer)} />;
  }
  if (showing.kind === 'app') {
    const App = components?.app;
    if (!App) return null;
    return <App key={showing.id} prompt={showing} returnFocusTo={returnFocusTo} openUrl={openUrl} onRespond={(answer) => controller.respond(showing.id, answer)} />;
  }
  const Tool = components?.tool;
  if (!Tool && !renderDialog) return null;
  const props: ToolConfirmDialogProps = {
    prompt: showing,
    onRespond: (answer) => {
      // A deny from a dialog that lost its prompt to a card (unmounting) is not the person's.
      if (answer.action === 'deny' && !stillOurs()) return;
      controller.respond(showing.id, answer);
    },
    returnFocusTo,
  };
  // A component given for tool confirmations wins over the deprecated renderDialog.
  return Tool ? <Tool key={showing.id} {...props} /> : <RenderDialog key={showing.id} props={props} renderDialog={renderDialog!} />;
}

// The deprecated renderDialog was written against request / onApprove / onDeny: it gets those names too.
function RenderDialog({ props, renderDialog }: { props: Extract<ToolConfirmDialogProps, { prompt: unknown }>; renderDialog: (props: ToolConfirmDialogProps) => ReactNode }) {
  const { prompt, onRespond, ...rest } = props;
  const legacy = {
    ...rest,
    request: prompt,
    onApprove: ({ remember }: { remember: boolean }) => onRespond?.({ action: 'approve', remember }),
    onDeny: () => onRespond?.({ action: 'deny' }),
  } as ToolConfirmDialogProps;
  return <>{renderDialog(legacy)}</>;
}
