'use client';
import { useIsomorphicLayoutEffect } from '../../internal/use-layout-effect.js';
import { resolveNow } from '../../core/shared/now.js';
import { createElement, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { ApprovalStore } from '../../core/tool/approvals.js';
import type { ToolListsByServer } from '../../core/tool/collisions.js';
import {
  createConsentController,
  toolKind,
  type ApprovalRequest,
  type ApprovalResult,
  type ConsentControllerCore,
  type ConsentRecord,
  type ConsentKind,
  type ElicitationKindTypes,
  type KindTypes,
  type SamplingKindTypes,
  type NowSource,
  type PendingBase,
  type ServerConfig,
  type ToolKindTypes,
} from '../../core/consent/index.js';
import type { ServerRequestPolicy } from '../../core/requests/server-requests.js';
import type { PolicyMode } from '../../core/shared/policy.js';
import type { Labels } from '../../internal/default-labels.js';
import { LabelsProvider } from '../../internal/labels.js';
import { DialogPlacementContext } from '../../internal/modal-content.js';
import { useUnmount } from '../../internal/use-unmount.js';
// The tool confirmation is the one default: every other kind's dialog comes in `components`, so a host pays only for the ones it passes.
import { ToolConfirmDialog } from '../tool-confirm/tool-confirm-dialog.js';
import { ProviderContext, type ApprovalUI, type Shared, type ToolApprovalApi } from './approval-context.js';

export type { ApprovalRequest, ApprovalResult, ServerConfig };

// A new tab with no opener: the page the server named cannot reach back into the host.
const defaultOpenUrl = (url: string) => void window.open(url, '_blank', 'noopener,noreferrer');

/** What the provider gives each kind's component: the prompt, and the way to answer it. */
export interface ConsentComponentProps<P = PendingBase, A = unknown> {
  prompt: P;
  /** Answers the prompt; returns whether the answer was taken (an answer that does not fit leaves it open). */
  onRespond: (answer: A) => boolean | void;
  /** Where focus goes when the dialog closes (the call's card, when it has one). */
  returnFocusTo?: (() => HTMLElement | null) | undefined;
  /** Opens a link the person accepted (the provider's `openUrl`). */
  openUrl?: ((url: string) => void) | undefined;
}

/** The component of one kind's prompts: `null` leaves them to the host's own UI. */
export type ConsentComponentFor<T extends KindTypes> = ComponentType<ConsentComponentProps<T['prompt'], T['answer']>> | null | undefined;

/**
 * The component for each kind of prompt, by kind name: replace one with your
 * own, or leave it out with `null` (its prompts then wait for your own UI,
 * e.g. `usePendingApproval` or an inline card). The tool confirmation
 * defaults to `ToolConfirmDialog`; every other kind's dialog is passed here
 * (`ElicitationDialog`, `SamplingDialog`, `AppActionDialog`, or yours for a
 * kind of your own, typed with `ConsentComponentFor<YourKindTypes>`).
 */
export interface ConsentComponents {
  tool?: ConsentComponentFor<ToolKindTypes>;
  elicitation?: ConsentComponentFor<ElicitationKindTypes>;
  sampling?: ConsentComponentFor<SamplingKindTypes>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a kind of the host's or an adapter's: its own props
  [kind: string]: ComponentType<any> | null | undefined;
}

/** What the provider itself takes, whichever way the controller comes. */
export interface ConsentProviderBaseProps {
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
   * of those, focus goes to the provider's place in the page (an empty,
   * programmatically focusable span before its children), never to `<body>`.
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
  /** The component for each kind of prompt (see {@link ConsentComponents}). */
  components?: ConsentComponents | undefined;
  children?: ReactNode;
}

/** The policy: applied to the provider's own controller, and kept current as the props change. */
export interface ConsentProviderPolicyProps {
  /** Servers by id. Unknown servers are untrusted. */
  servers?: Readonly<Record<string, ServerConfig>> | undefined;
  /** Host-wide mode. Default `default`. */
  mode?: PolicyMode | undefined;
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
export interface ConsentProviderCreationProps {
  /**
   * The kinds of consent the provider's own controller handles. Read once,
   * on mount. Default `[toolKind()]`: tool calls only.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- kinds of any types
  kinds?: readonly ConsentKind<any>[] | undefined;
  /** Remembered approvals. Default: a store for this conversation, created once. Read once, on mount. */
  store?: ApprovalStore | undefined;
  /** Allow "remember" for destructive tools (only used by the default store). Off by default. */
  rememberDestructive?: boolean | undefined;
  /** Every settled request, for the host's log. Narrow on `record.kind` (a kind of your own: type the parameter with its record). */
  onDecision?(record: ConsentRecord): void;
  /** Finds a host's registrable domain for URL checks (needs the Public Suffix List); default: the whole host is emphasised. */
  registrableDomain?: ((host: string) => string | null | undefined) | undefined;
  /** Clock for decision timestamps. Default `Date.now`. */
  now?: NowSource | undefined;
}

type Absent<T> = { [K in keyof T]?: never };

/** The provider makes its controller from these options (the controller's own, as React props). */
export interface ConsentProviderOptionsProps extends ConsentProviderBaseProps, ConsentProviderPolicyProps, ConsentProviderCreationProps {
  controller?: undefined;
}

/**
 * The provider uses a controller you created with `createConsentController`
 * (to share it with non-React code): its options, policy included, are the
 * ones you gave it (`controller.setPolicy` changes them). Passing options
 * here too is a type error, not a silent drop.
 */
export interface ConsentProviderControllerProps extends ConsentProviderBaseProps, Absent<ConsentProviderCreationProps>, Absent<Omit<ConsentProviderPolicyProps, 'toolLists'>> {
  /** A controller from `createConsentController`, of any kinds. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a controller of any kinds
  controller: ConsentControllerCore<any>;
  /** Tool lists change as servers change theirs: kept current on the controller you gave. */
  toolLists?: ToolListsByServer | undefined;
}

/** Props of {@link ConsentProvider}: either the controller's options, or `{ controller }`. */
export type ConsentProviderProps = ConsentProviderOptionsProps | ConsentProviderControllerProps;

const DEFAULT_KINDS = (): readonly ConsentKind<KindTypes>[] => [toolKind()];
const DEFAULT_COMPONENTS: Readonly<Record<string, ComponentType<never> | null | undefined>> = { tool: ToolConfirmDialog as ComponentType<never> };

/**
 * The consent provider: decides every request below it through one
 * controller and shows each prompt with the component of its kind
 * (`components[prompt.kind]`), one at a time (or inline in each card).
 * Tool confirmations have a default (`ToolConfirmDialog`); every other
 * kind's component is passed in `components`, so a host ships only the
 * dialogs it uses. A thin React layer over the controller: the context
 * value never changes while the provider lives, so a transcript of cards
 * does not re-render when requests come and go. Unmounting its own
 * controller refuses whatever is still waiting.
 *
 * @example
 * // Tool calls only:
 * <ConsentProvider servers={{ files: { trust: 'trusted' } }}>
 *   <Chat />
 * </ConsentProvider>
 * // Every kind, with a controller shared with non-React code:
 * <ConsentProvider controller={consent} components={{ elicitation: ElicitationDialog, sampling: SamplingDialog }}>
 */
export function ConsentProvider(props: ConsentProviderProps): ReactNode {
  const {
    servers,
    mode,
    store,
    rememberDestructive,
    onDecision,
    taintGuard,
    toolLists,
    elicitation,
    blockSensitiveElicitation,
    sampling,
    registrableDomain,
    approvalUI = 'dialog',
    labels,
    components,
    now,
    kinds,
    controller: controllerProp,
    dir,
    lang,
    locale,
    fallbackFocus,
    openUrl,
    children,
  } = props as ConsentProviderOptionsProps & { controller?: ConsentControllerCore<KindTypes> | undefined };
  // Callbacks are read when a request settles: the latest commit's are right.
  const latest = useRef({ onDecision, now, registrableDomain });
  useEffect(() => {
    latest.current = { onDecision, now, registrableDomain };
  });
  // Tool lists by identity: they can be large, and a list that changes is a new object.
  // The rest keyed by content, so inline objects don't churn.
  const policyKey = contentKey([servers ?? {}, mode ?? 'default', taintGuard === true, elicitation, blockSensitiveElicitation === true, sampling]);
  const policy = useMemo(() => ({ servers, mode, taintGuard, toolLists, elicitation, blockSensitiveElicitation, sampling }), [policyKey, toolLists]); // eslint-disable-line react-hooks/exhaustive-deps
  // The provider's own controller starts with the first render's policy (so the first
  // render, on the server too, shows the right trust); the callbacks read `latest` when
  // a request settles, never during render.
  // eslint-disable-next-line react-hooks/refs
  const [own] = useState(() =>
    controllerProp
      ? null
      : (createConsentController({
          ...policy,
          kinds: kinds && kinds.length > 0 ? kinds : DEFAULT_KINDS(),
          store,
          rememberDestructive,
          onDecision: (record: unknown) => latest.current.onDecision?.(record as never),
          registrableDomain: (host: string) => latest.current.registrableDomain?.(host),
          now: () => resolveNow(latest.current.now) ?? Date.now(),
        }) as unknown as ConsentControllerCore<KindTypes>),
  );
  const controller = controllerProp ?? own!;
  // Later changes are applied once the commit is in (never during render); requests made
  // in passive effects see them. A host's controller keeps its own policy: only its tool
  // lists follow the prop (and, from plain JavaScript, any policy prop still given).
  const hostPolicy = controllerProp !== undefined;
  const givesPolicy = !hostPolicy || [servers, mode, taintGuard, elicitation, blockSensitiveElicitation, sampling].some((value) => value !== undefined);
  useIsomorphicLayoutEffect(() => {
    if (givesPolicy) {
      if (controller.getPolicy() !== policy) controller.setPolicy(policy);
    } else if (toolLists !== undefined && controller.getPolicy().toolLists !== toolLists) controller.setPolicy({ ...controller.getPolicy(), toolLists });
  }, [controller, policy, givesPolicy, toolLists]);

  useUnmount(() => {
    if (own) own.dispose();
  });

  const shared = useMemo<Shared>(() => {
    // The tool kind's verbs, for cards and hosts (a controller without the tool kind says so when asked).
    const tools = controller as unknown as ConsentControllerCore<ToolKindTypes>;
    const api: ToolApprovalApi = {
      requestApproval: (request) => tools.request('tool', request),
      previewDecision: (request) => tools.preview('tool', request),
      trustOf: controller.trustOf,
      resetTaint: controller.resetTaint,
      store: controller.store,
      controller,
    };
    return { controller, api, approvalUI, cards: new Map() };
  }, [controller, approvalUI]);

  // The last elements focused outside any dialog, newest last: where focus goes when a dialog's card and opener are gone.
  const history = useRef<HTMLElement[]>([]);
  const anchor = useRef<HTMLSpanElement>(null);
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
      if (!(target instanceof HTMLElement) || target === document.body || target.closest('[role$=dialog]')) return; // dialog and alertdialog
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
        let element: unknown = history.current.findLast((before) => before.isConnected);
        try {
          element ??= fallback.current?.();
        } catch {
          // The host's fallback runs inside the dialog's close: a throw must not keep the dialog from closing.
        }
        // Never <body>: else the provider's place in the page, so the next Tab goes on from where the chat is.
        return element instanceof HTMLElement ? element : anchor.current;
      },
    }),
    [dir, lang],
  );
  const content = (
    <ProviderContext.Provider value={shared}>
      <span ref={anchor} tabIndex={-1} data-slot="consent-focus" />
      {children}
      <DialogPlacementContext.Provider value={placement}>
        <ConsentDialogHost shared={shared} components={components as ComponentMap | undefined} openUrl={routeUrl} />
      </DialogPlacementContext.Provider>
    </ProviderContext.Provider>
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

type ComponentMap = Readonly<Record<string, ComponentType<ConsentComponentProps<PendingBase, unknown>> | null | undefined>>;

/** The component the provider shows a kind with: `null` when the host shows it itself, `undefined` when none was given. */
function componentOf(kind: string, components: ComponentMap | undefined): ComponentType<ConsentComponentProps<PendingBase, unknown>> | null | undefined {
  // Kind names are the host's and its kinds': own keys only.
  const given = components && Object.hasOwn(components, kind) ? components[kind] : undefined;
  if (given !== undefined) return given;
  return Object.hasOwn(DEFAULT_COMPONENTS, kind) ? (DEFAULT_COMPONENTS[kind] as ComponentType<ConsentComponentProps<PendingBase, unknown>>) : undefined;
}

/** Shows the current prompt (the first one no inline card has claimed) with its kind's component. */
function ConsentDialogHost({ shared, components, openUrl }: { shared: Shared; components: ComponentMap | undefined; openUrl: (url: string) => void }) {
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
  const Component = showing ? componentOf(showing.kind, components) : undefined;
  // No component for its kind, not even the host's `null`: it waits for a UI the host may have forgotten,
  // and every later prompt waits behind it. Say so to the developer, once per kind and provider.
  const unshown = showing !== undefined && Component === undefined ? showing : undefined;
  const [warned] = useState(() => new Set<string>());
  useEffect(() => {
    if (!unshown || warned.has(unshown.kind)) return;
    warned.add(unshown.kind);
    console.warn(
      `[react-mcp-annotations] ${unshown.serverName} asks (${unshown.kind}), but the provider has no component for it, so every later request waits too. Pass components={{ ${unshown.kind}: … }}, or ${unshown.kind}: null when your own UI answers it.`,
    );
  }, [unshown, warned]);
  if (!showing || !Component) return null;
  const returnFocusTo = () => (showing.callId !== undefined ? (cards.get(showing.callId) ?? null) : null);
  // A prompt that left the dialog (a card claimed it, or it was asked again under a new id) is not
  // answered by the dialog unmounting.
  const stillOurs = () => controller.getSnapshot().current?.id === showing.id || !controller.getSnapshot().queue.includes(showing);
  const onRespond = (answer: unknown): boolean => (stillOurs() ? controller.respond(showing.id, answer) : false);
  // The host's component for this kind, chosen by the prompt's kind (components are the host's, not made here).
  return createElement(Component, { key: showing.id, prompt: showing, onRespond, returnFocusTo, openUrl });
}

