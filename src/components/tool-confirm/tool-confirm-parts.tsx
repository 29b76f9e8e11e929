'use client';
// The confirmation's parts that need no dialog: its context, the in-place root, and the parts a
// tool call's card shows inline (`ToolCall.Approval`). The dialog's own parts import these, so a
// card that only answers in place never pulls the dialog, its portal or its focus trap.
import type { PendingToolApproval } from '../../core/consent/index.js';
import { composeEventHandlers } from '@radix-ui/primitive';
import { useComposedRefs } from '@radix-ui/react-compose-refs';
import { Slot } from '@radix-ui/react-slot';
import { createContext, forwardRef, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { displayServerName } from '../../core/text/sanitize.js';
import { type Trust } from '../../core/shared/policy.js';
import { presentTool, type ToolPresentation } from '../../core/tool/presentation.js';
import type { Labels } from '../../internal/default-labels.js';
import { Icon } from '../../internal/icons.js';
import { toolCallLabels, type ToolCallLabels } from '../../internal/default-labels.js';
import { useLabels, useLocale } from '../../internal/labels.js';
import { ReasonList } from '../../internal/reason-list.js';

const ROOT_NAME = 'ToolConfirm.Root';

/** The call a confirmation is about. A pending request from the approval controller fits as is. */
/**
 * What the confirmation shows: the controller's pending tool approval
 * (derived from it, so the two cannot drift), with the server name,
 * `canRemember` (default false) and `focus` (default from
 * `confirmFocus(decision)`) optional.
 */
export type ToolConfirmPrompt = Pick<PendingToolApproval, 'serverId' | 'tool' | 'toolName' | 'args' | 'decision' | 'callId'> & {
  [K in 'serverName' | 'canRemember' | 'focus' | 'app']?: PendingToolApproval[K] | undefined;
};

/** A person's answer to a confirmation: the one answer shape of every consent family (`onRespond`). */
export type ToolConfirmAnswer = { action: 'approve'; remember: boolean } | { action: 'deny' };


/** Internal: what every part reads. */
export interface ContextValue {
  request: ToolConfirmPrompt;
  labels: ToolCallLabels;
  trust: Trust;
  presentation: ToolPresentation;
  serverName: string;
  remember: boolean;
  setRemember: (value: boolean) => void;
  approve: () => void;
  deny: () => void;
  cancelRef: React.RefObject<HTMLButtonElement | null>;
  approveRef: React.RefObject<HTMLButtonElement | null>;
  descriptionId: string;
  /** The reasons list: part of the dialog's description, so a screen reader hears why it asks. */
  reasonsId: string;
  returnFocusTo: (() => HTMLElement | null) | undefined;
}

/** Internal: the context both roots provide. */
export const ConfirmContext = createContext<ContextValue | null>(null);

/** Internal: the confirmation's context, for its parts (dialog or in place). */
export function useConfirmContext(part: string): ContextValue {
  const context = useContext(ConfirmContext);
  if (!context) throw new Error(`<${part}> must be rendered inside <${ROOT_NAME}> or <ToolConfirm.InlineRoot>.`);
  return context;
}

// What every part reads, built the same way for the dialog and in place.
/** Internal: the context value, built the same way for the dialog and in place. */
export function useContextValue(
  request: ToolConfirmPrompt,
  labels: ToolCallLabels,
  remember: boolean,
  setRemember: (value: boolean) => void,
  approve: () => void,
  deny: () => void,
  returnFocusTo: (() => HTMLElement | null) | undefined,
): ContextValue {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const approveRef = useRef<HTMLButtonElement>(null);
  const descriptionId = useId();
  const reasonsId = useId();
  const trust = request.decision.trust;
  const presentation = useMemo(() => presentTool(request.tool, { trust, toolName: request.toolName }), [request.tool, request.toolName, trust]);
  const serverName = displayServerName(request.serverName, request.serverId);
  return useMemo<ContextValue>(
    () => ({ request, labels, trust, presentation, serverName, remember, setRemember, approve, deny, cancelRef, approveRef, descriptionId, reasonsId, returnFocusTo }),
    [request, labels, trust, presentation, serverName, remember, setRemember, approve, deny, descriptionId, reasonsId, returnFocusTo],
  );
}

/** Props of {@link ToolConfirmInlineRoot}. */
export interface ToolConfirmInlineRootProps {
  /** The call to confirm. */
  prompt: ToolConfirmPrompt;
  /** Called once per prompt with the person's answer. */
  onRespond: (answer: ToolConfirmAnswer) => void;
  labels?: Partial<Labels> | undefined;
  children?: ReactNode;
}

/**
 * The confirmation without a dialog: the same parts (`Facts`, `Reasons`,
 * `Remember`, `Cancel`, `Action`) render in place, e.g. inside a tool call's
 * card (`ToolCall.Approval`). Each request is answered at most once (a
 * request asked again is a new object and can be answered again). Unlike
 * the dialog, unmounting does not deny: the request stays open for wherever
 * else it can be answered. Renders no element of its own.
 */
export function ToolConfirmInlineRoot({ prompt: request, onRespond, labels: labelOverrides, children }: ToolConfirmInlineRootProps) {
  const labels = useLabels(labelOverrides, toolCallLabels);
  const [remember, setRemember] = useState(false);
  const settledFor = useRef<ToolConfirmPrompt | null>(null);
  const callback = useRef(onRespond);
  useEffect(() => {
    callback.current = onRespond;
  });
  const answer = useCallback(
    (response: ToolConfirmAnswer) => {
      if (settledFor.current === request) return;
      settledFor.current = request;
      callback.current(response);
    },
    [request],
  );
  const approve = useCallback(() => answer({ action: 'approve', remember: remember && request.canRemember === true }), [answer, remember, request.canRemember]);
  const deny = useCallback(() => answer({ action: 'deny' }), [answer]);
  const context = useContextValue(request, labels, remember, setRemember, approve, deny, undefined);
  return <ConfirmContext.Provider value={context}>{children}</ConfirmContext.Provider>;
}
ToolConfirmInlineRoot.displayName = 'ToolConfirm.InlineRoot';

/** The in-place confirmation's element: described by its reasons (why it asks), with `data-risk`. Give it a name (`aria-label`). */
export const ToolConfirmInlineContent = forwardRef<HTMLElement, ComponentPropsWithoutRef<'section'>>(function ToolConfirmInlineContent({ className, ...props }, ref) {
  const { request, reasonsId } = useConfirmContext('ToolConfirm.InlineContent');
  return (
    <section
      data-slot="tool-confirm-inline"
      data-risk={request.decision.risk}
      aria-describedby={request.decision.reasons.length > 0 ? reasonsId : undefined}
      {...props}
      ref={ref} className={className}
    />
  );
});
ToolConfirmInlineContent.displayName = 'ToolConfirm.InlineContent';

/** The facts a title cannot disguise: the tool's machine name and the server, with its trust. */
export const ToolConfirmFacts = forwardRef<HTMLDListElement, ComponentPropsWithoutRef<'dl'>>(function ToolConfirmFacts({ className, ...props }, ref) {
  const { labels, presentation, serverName, trust, request } = useConfirmContext('ToolConfirm.Facts');
  const app = request.app;
  return (
    <dl data-slot="tool-confirm-facts" {...props} ref={ref} className={className}>
      <div data-slot="dialog-fact">
        <dt data-slot="dialog-term">{labels.toolName}</dt>
        <dd data-slot="dialog-value">
          <code data-slot="tool-confirm-tool-name" translate="no">
            {presentation.name || labels.unnamedTool}
          </code>
        </dd>
      </div>
      <div data-slot="dialog-fact">
        <dt data-slot="dialog-term">{labels.server}</dt>
        <dd data-slot="tool-confirm-server" data-trust={trust}>
          {serverName} <span data-slot="dialog-trust">({trust === 'trusted' ? labels.trusted : labels.untrusted})</span>
        </dd>
      </div>
      {app && (
        // An MCP App asks for this call, not the model: which app, and which version it says it is.
        <div data-slot="dialog-fact">
          <dt data-slot="dialog-term">{labels.askingApp}</dt>
          <dd data-slot="tool-confirm-app">
            {app.name ? `${app.name}${app.version ? ` ${app.version}` : ''} ` : ''}
            <code translate="no" dir="ltr" data-slot="machine-name">
              {app.resourceUri}
            </code>
          </dd>
        </div>
      )}
    </dl>
  );
});
ToolConfirmFacts.displayName = 'ToolConfirm.Facts';

/** Why the user is asked, as a list; destructive calls lead with a danger notice. */
export const ToolConfirmReasons = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function ToolConfirmReasons({ className, ...props }, ref) {
  const { request, labels, reasonsId } = useConfirmContext('ToolConfirm.Reasons');
  const locale = useLocale();
  const headingId = useId();
  const { reasons, risk } = request.decision;
  if (reasons.length === 0) return null;
  return (
    <div id={reasonsId} data-slot="tool-confirm-reasons" data-risk={risk} {...props} ref={ref} className={className}>
      <h3 id={headingId} data-slot="dialog-section-title">
        {risk === 'destructive' && <Icon name="warning" />} {labels.reasons}
      </h3>
      <ReasonList aria-labelledby={headingId} reasons={reasons} labels={labels} locale={locale} />
    </div>
  );
});
ToolConfirmReasons.displayName = 'ToolConfirm.Reasons';

/** "Remember for this conversation" — rendered only where policy allows remembering. */
export const ToolConfirmRemember = forwardRef<HTMLLabelElement, ComponentPropsWithoutRef<'label'>>(function ToolConfirmRemember({ className, children, ...props }, ref) {
  const { request, labels, remember, setRemember } = useConfirmContext('ToolConfirm.Remember');
  if (!request.canRemember) return null;
  return (
    <label data-slot="tool-confirm-remember" {...props} ref={ref} className={className}>
      <input type="checkbox" data-slot="dialog-checkbox" checked={remember} onChange={(event) => setRemember(event.currentTarget.checked)} />
      {children ?? labels.remember}
    </label>
  );
});
ToolConfirmRemember.displayName = 'ToolConfirm.Remember';

/** Props of {@link ToolConfirmCancel} and {@link ToolConfirmAction}. */
export interface ToolConfirmButtonProps extends ComponentPropsWithoutRef<'button'> {
  /** Render your own element (e.g. your design system's button) with our behaviour, through Radix `Slot`. */
  asChild?: boolean | undefined;
}

/** Deny. Focused first for anything but a trusted server's declared read-only call. */
export const ToolConfirmCancel = forwardRef<HTMLButtonElement, ToolConfirmButtonProps>(function ToolConfirmCancel({ asChild, className, children, onClick, ...props }, forwardedRef) {
  const { labels, deny, cancelRef } = useConfirmContext('ToolConfirm.Cancel');
  const ref = useComposedRefs(forwardedRef, cancelRef);
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : 'button'}
      data-slot="tool-confirm-cancel"
      {...props}
      ref={ref} className={className}
      onClick={composeEventHandlers(onClick, deny)}
    >
      {children ?? labels.deny}
    </Component>
  );
});
ToolConfirmCancel.displayName = 'ToolConfirm.Cancel';

/** Approve. Fires once, however often it is clicked. Destructive calls get the danger treatment. */
export const ToolConfirmAction = forwardRef<HTMLButtonElement, ToolConfirmButtonProps>(function ToolConfirmAction({ asChild, className, children, onClick, ...props }, forwardedRef) {
  const { labels, approve, approveRef, request } = useConfirmContext('ToolConfirm.Action');
  const ref = useComposedRefs(forwardedRef, approveRef);
  const destructive = request.decision.risk === 'destructive';
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : 'button'}
      data-slot="tool-confirm-action"
      data-risk={request.decision.risk}
      {...props}
      ref={ref} className={className}
      onClick={composeEventHandlers(onClick, approve)}
    >
      {children ?? (destructive ? labels.approveDestructive : labels.approve)}
    </Component>
  );
});
ToolConfirmAction.displayName = 'ToolConfirm.Action';

