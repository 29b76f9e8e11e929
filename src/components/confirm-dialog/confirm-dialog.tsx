'use client';
import type { PendingToolApproval } from '../../core/consent/controller.js';
import { composeEventHandlers } from '@radix-ui/primitive';
import { useComposedRefs } from '@radix-ui/react-compose-refs';
import * as Dialog from '@radix-ui/react-dialog';
import { Slot } from '@radix-ui/react-slot';
import { useControllableState } from '@radix-ui/react-use-controllable-state';
import { createContext, forwardRef, useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { previewArguments } from '../../core/tool/arguments.js';
import { confirmFocus, displayServerName, type Trust } from '../../core/tool/decisions.js';
import { presentTool, type ToolPresentation } from '../../core/tool/presentation.js';
import { cx } from '../../internal/cx.js';
import { formatLabel, type Labels } from '../../internal/default-labels.js';
import { Icon } from '../../internal/icons.js';
import { useLabels, useLocale } from '../../internal/labels.js';
import { formatReason } from '../../core/tool/decisions.js';
import { ModalContent } from '../../internal/modal-content.js';
import { useUnmount } from '../../internal/use-unmount.js';
import { ToolBadges } from '../tool-badges/tool-badges.js';

const ROOT_NAME = 'ToolConfirm.Root';

/** The call a confirmation is about. A pending request from the approval controller fits as is. */
/**
 * What the confirmation shows: the controller's pending tool approval
 * (derived from it, so the two cannot drift), with the server name,
 * `canRemember` (default false) and `focus` (default from
 * `confirmFocus(decision)`) optional.
 */
export type ConfirmRequest = Pick<PendingToolApproval, 'serverId' | 'tool' | 'toolName' | 'args' | 'decision' | 'callId'> & {
  [K in 'serverName' | 'canRemember' | 'focus']?: PendingToolApproval[K] | undefined;
};

/** What the user chose when approving. */
export interface ApproveDetails {
  remember: boolean;
}

interface ContextValue {
  request: ConfirmRequest;
  labels: Labels;
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

const ConfirmContext = createContext<ContextValue | null>(null);

function useConfirmContext(part: string): ContextValue {
  const context = useContext(ConfirmContext);
  if (!context) throw new Error(`<${part}> must be rendered inside <${ROOT_NAME}>.`);
  return context;
}

/** Props of {@link ToolConfirmRoot}. */
export interface ToolConfirmRootProps {
  request: ConfirmRequest;
  /** Called once when the user approves. */
  onApprove: (details: ApproveDetails) => void;
  /** Called once when the user denies, presses Escape, closes the dialog or it unmounts undecided. */
  onDeny: () => void;
  /** Controlled open state. */
  open?: boolean | undefined;
  /** Initial open state (uncontrolled). Default true: a confirmation is shown to be answered. */
  defaultOpen?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
  /**
   * Where focus goes when the dialog closes, e.g. the call's card (the
   * provider passes it for requests with a `callId`). Without it, or when it
   * gives nothing connected, focus returns to the element that opened the
   * dialog. Never to `<body>` when either exists.
   */
  returnFocusTo?: (() => HTMLElement | null) | undefined;
  labels?: Partial<Labels> | undefined;
  children?: ReactNode;
}

/**
 * A confirmation for one tool call, with alert-dialog semantics: it must be
 * answered, clicking outside does nothing, Escape denies, and focus starts on
 * Deny unless a trusted server declares the call read-only. Approve and deny
 * each fire at most once; closing or unmounting without a choice is a deny.
 *
 * @example
 * <ToolConfirm.Root request={request} onApprove={run} onDeny={skip}>
 *   <ToolConfirm.Content>
 *     <ToolConfirm.Title />
 *     <ToolConfirm.Cancel />
 *     <ToolConfirm.Action />
 *   </ToolConfirm.Content>
 * </ToolConfirm.Root>
 */
export function ToolConfirmRoot({ request, onApprove, onDeny, open: openProp, defaultOpen = true, onOpenChange, returnFocusTo, labels: labelOverrides, children }: ToolConfirmRootProps) {
  const labels = useLabels(labelOverrides);
  const [open = false, setOpen] = useControllableState({ prop: openProp, defaultProp: defaultOpen, onChange: onOpenChange, caller: ROOT_NAME });
  const [remember, setRemember] = useState(false);
  const settled = useRef(false);
  // The latest callbacks, so a late deny goes through the current one.
  const callbacks = useRef({ onApprove, onDeny });
  useEffect(() => {
    callbacks.current = { onApprove, onDeny };
  });
  // Reopening asks again; re-rendering with a new request object does not.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) settled.current = false;
    wasOpen.current = open;
  }, [open]);
  // Unmounting without an answer is a deny.
  useUnmount(() => {
    if (settled.current) return;
    settled.current = true;
    callbacks.current.onDeny();
  });

  const approve = useCallback(() => {
    if (settled.current) return;
    settled.current = true;
    callbacks.current.onApprove({ remember: remember && request.canRemember === true });
    setOpen(false);
  }, [remember, request.canRemember, setOpen]);
  const deny = useCallback(() => {
    if (settled.current) return;
    settled.current = true;
    callbacks.current.onDeny();
    setOpen(false);
  }, [setOpen]);
  const handleOpenChange = useCallback(
    (next: boolean) => {
      if (!next) deny();
      else setOpen(true);
    },
    [deny, setOpen],
  );

  const context = useContextValue(request, labels, remember, setRemember, approve, deny, returnFocusTo);
  return (
    <ConfirmContext.Provider value={context}>
      {/* Not Radix's modal mode: its scroll lock moves the host's page. We trap focus and hide the rest ourselves. */}
      <Dialog.Root open={open} onOpenChange={handleOpenChange} modal={false}>
        {children}
      </Dialog.Root>
    </ConfirmContext.Provider>
  );
}
ToolConfirmRoot.displayName = ROOT_NAME;

// What every part reads, built the same way for the dialog and in place.
function useContextValue(
  request: ConfirmRequest,
  labels: Labels,
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
  request: ConfirmRequest;
  /** Called once per request when the user approves. */
  onApprove: (details: ApproveDetails) => void;
  /** Called once per request when the user denies. */
  onDeny: () => void;
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
export function ToolConfirmInlineRoot({ request, onApprove, onDeny, labels: labelOverrides, children }: ToolConfirmInlineRootProps) {
  const labels = useLabels(labelOverrides);
  const [remember, setRemember] = useState(false);
  const settledFor = useRef<ConfirmRequest | null>(null);
  const callbacks = useRef({ onApprove, onDeny });
  useEffect(() => {
    callbacks.current = { onApprove, onDeny };
  });
  const approve = useCallback(() => {
    if (settledFor.current === request) return;
    settledFor.current = request;
    callbacks.current.onApprove({ remember: remember && request.canRemember === true });
  }, [request, remember]);
  const deny = useCallback(() => {
    if (settledFor.current === request) return;
    settledFor.current = request;
    callbacks.current.onDeny();
  }, [request]);
  const context = useContextValue(request, labels, remember, setRemember, approve, deny, undefined);
  return <ConfirmContext.Provider value={context}>{children}</ConfirmContext.Provider>;
}
ToolConfirmInlineRoot.displayName = 'ToolConfirm.InlineRoot';

/** The in-place confirmation's element: described by its reasons (why it asks), with `data-risk`. Give it a name (`aria-label`). */
export const ToolConfirmInlineContent = forwardRef<HTMLElement, ComponentPropsWithoutRef<'section'>>(function ToolConfirmInlineContent({ className, ...props }, ref) {
  const { request, reasonsId } = useConfirmContext('ToolConfirm.InlineContent');
  return (
    <section
      data-slot="confirm-inline"
      data-risk={request.decision.risk}
      aria-describedby={request.decision.reasons.length > 0 ? reasonsId : undefined}
      {...props}
      ref={ref}
      className={cx('mcp-confirm-inline', className)}
    />
  );
});
ToolConfirmInlineContent.displayName = 'ToolConfirm.InlineContent';

/** Props of {@link ToolConfirmContent}. */
export interface ToolConfirmContentProps extends ComponentPropsWithoutRef<typeof Dialog.Content> {
  /** Where to portal the dialog; default `document.body`. */
  container?: HTMLElement | null | undefined;
}

/**
 * The overlay and the dialog box (portalled), `role="alertdialog"` with
 * `aria-modal`. Focus is trapped inside, the rest of the page is hidden from
 * assistive technology, and the page does not move. Carries `data-risk` and
 * `data-trust`.
 */
export const ToolConfirmContent = forwardRef<HTMLDivElement, ToolConfirmContentProps>(function ToolConfirmContent({ className, children, ...props }, ref) {
  const { request, cancelRef, approveRef, descriptionId, reasonsId, trust, returnFocusTo } = useConfirmContext('ToolConfirm.Content');
  const focus = request.focus ?? confirmFocus(request.decision);
  return (
    <ModalContent
      role="alertdialog"
      // Who asks, then why (risk, taint, "changed since you allowed it"): a screen reader hears both on open.
      aria-describedby={request.decision.reasons.length > 0 ? `${descriptionId} ${reasonsId}` : descriptionId}
      data-slot="confirm-dialog"
      data-risk={request.decision.risk}
      data-trust={trust}
      // The safe choice is the focused one: Deny, unless a trusted server declares the call read-only.
      initialFocus={() => (focus === 'approve' ? approveRef.current : cancelRef.current)}
      returnFocusTo={returnFocusTo}
      {...props}
      ref={ref}
      className={cx('mcp-confirm-dialog', className)}
    >
      {children}
    </ModalContent>
  );
});
ToolConfirmContent.displayName = 'ToolConfirm.Content';

/** The dialog title: "Allow {tool}?" with the display name. */
export const ToolConfirmTitle = forwardRef<HTMLHeadingElement, ComponentPropsWithoutRef<typeof Dialog.Title>>(function ToolConfirmTitle({ className, children, ...props }, ref) {
  const { labels, presentation } = useConfirmContext('ToolConfirm.Title');
  return (
    <Dialog.Title data-slot="confirm-dialog-title" {...props} ref={ref} className={cx('mcp-confirm-dialog-title', className)}>
      {children ?? formatLabel(labels.confirmTitle, { tool: presentation.displayName || labels.unnamedTool })}
    </Dialog.Title>
  );
});
ToolConfirmTitle.displayName = 'ToolConfirm.Title';

/** The description: who asks, then the facts (the real tool name and server), shown next to any friendly title. */
export const ToolConfirmDescription = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function ToolConfirmDescription({ className, children, ...props }, ref) {
  const { labels, serverName, descriptionId } = useConfirmContext('ToolConfirm.Description');
  return (
    <div id={descriptionId} data-slot="confirm-dialog-description" {...props} ref={ref} className={cx('mcp-confirm-dialog-description', className)}>
      {children ?? (
        <>
          <p className="mcp-confirm-dialog-text">{formatLabel(labels.confirmDescription, { server: serverName })}</p>
          <ToolConfirmFacts />
        </>
      )}
    </div>
  );
});
ToolConfirmDescription.displayName = 'ToolConfirm.Description';

/** The facts a title cannot disguise: the tool's machine name and the server, with its trust. */
export const ToolConfirmFacts = forwardRef<HTMLDListElement, ComponentPropsWithoutRef<'dl'>>(function ToolConfirmFacts({ className, ...props }, ref) {
  const { labels, presentation, serverName, trust } = useConfirmContext('ToolConfirm.Facts');
  return (
    <dl data-slot="confirm-dialog-facts" {...props} ref={ref} className={cx('mcp-confirm-dialog-facts', className)}>
      <div className="mcp-confirm-dialog-fact">
        <dt className="mcp-confirm-dialog-term">{labels.toolName}</dt>
        <dd className="mcp-confirm-dialog-value">
          <code data-slot="confirm-dialog-tool-name" translate="no" className="mcp-machine-name">
            {presentation.name || labels.unnamedTool}
          </code>
        </dd>
      </div>
      <div className="mcp-confirm-dialog-fact">
        <dt className="mcp-confirm-dialog-term">{labels.server}</dt>
        <dd data-slot="confirm-dialog-server" data-trust={trust} className="mcp-confirm-dialog-value">
          {serverName} <span className="mcp-confirm-dialog-trust">({trust === 'trusted' ? labels.trusted : labels.untrusted})</span>
        </dd>
      </div>
    </dl>
  );
});
ToolConfirmFacts.displayName = 'ToolConfirm.Facts';

/** The tool's hint badges, said once to be unverified when the server is untrusted. */
export const ToolConfirmBadges = forwardRef<HTMLUListElement, Omit<ComponentPropsWithoutRef<typeof ToolBadges>, 'tool' | 'trust'>>(function ToolConfirmBadges(props, ref) {
  const { request, trust, labels } = useConfirmContext('ToolConfirm.Badges');
  return <ToolBadges tool={request.tool} toolName={request.toolName} serverId={request.serverId} trust={trust} labels={labels} {...props} ref={ref} />;
});
ToolConfirmBadges.displayName = 'ToolConfirm.Badges';

/** Why the user is asked, as a list; destructive calls lead with a danger notice. */
export const ToolConfirmReasons = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function ToolConfirmReasons({ className, ...props }, ref) {
  const { request, labels, reasonsId } = useConfirmContext('ToolConfirm.Reasons');
  const locale = useLocale();
  const headingId = useId();
  const { reasons, risk } = request.decision;
  if (reasons.length === 0) return null;
  return (
    <div id={reasonsId} data-slot="confirm-dialog-reasons" data-risk={risk} {...props} ref={ref} className={cx('mcp-confirm-dialog-reasons', className)}>
      <h3 id={headingId} data-slot="confirm-dialog-section-title" className="mcp-confirm-dialog-section-title">
        {risk === 'destructive' && <Icon name="warning" />} {labels.reasons}
      </h3>
      <ul aria-labelledby={headingId} className="mcp-confirm-dialog-list">
        {reasons.map((reason) => (
          <li key={reason.code} data-code={reason.code} className="mcp-confirm-dialog-item">
            {formatReason(reason, labels, locale)}
          </li>
        ))}
      </ul>
    </div>
  );
});
ToolConfirmReasons.displayName = 'ToolConfirm.Reasons';

/** Props of {@link ToolConfirmArguments}. */
export interface ToolConfirmArgumentsProps extends ComponentPropsWithoutRef<'div'> {
  /** Strings longer than this are cut in the short view. Default 160. */
  foldAt?: number | undefined;
}

/**
 * The call's arguments: a short, bounded preview, and everything (still
 * bounded) behind "Show all". Invisible and direction characters are shown
 * as escapes. No scrolling box inside the dialog.
 */
export const ToolConfirmArguments = forwardRef<HTMLDivElement, ToolConfirmArgumentsProps>(function ToolConfirmArguments({ className, foldAt, ...props }, ref) {
  const { request, labels } = useConfirmContext('ToolConfirm.Arguments');
  const preview = useMemo(() => {
    // The fold is previewArguments' own (its limits), so the dialog and the card fold alike.
    const preview = previewArguments(request.args, foldAt);
    const folded = request.args === undefined ? '{}' : preview.folded;
    return { full: preview.full, folded, isFolded: folded !== preview.full };
  }, [request.args, foldAt]);
  const [showAll, setShowAll] = useState(false);
  const headingId = useId();
  const preId = useId();
  // The arguments grow or shrink around the focused toggle: keep it in view.
  const foldRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const fold = foldRef.current;
    if (fold && document.activeElement === fold) fold.scrollIntoView?.({ block: 'nearest' });
  }, [showAll]);
  return (
    <div data-slot="confirm-dialog-arguments" {...props} ref={ref} className={cx('mcp-confirm-dialog-arguments', className)}>
      <h3 id={headingId} data-slot="confirm-dialog-section-title" className="mcp-confirm-dialog-section-title">
        {labels.arguments}
      </h3>
      <pre id={preId} aria-labelledby={headingId} data-slot="confirm-dialog-json" data-state={showAll ? 'full' : 'folded'} className="mcp-code-block">
        <code className="mcp-code">{showAll ? preview.full : preview.folded}</code>
      </pre>
      {preview.isFolded && (
        <button type="button" ref={foldRef} data-slot="confirm-dialog-fold" aria-expanded={showAll} aria-controls={preId} onClick={() => setShowAll(!showAll)} className="mcp-button">
          <Icon name="chevron" /> {labels.showMore}
        </button>
      )}
    </div>
  );
});
ToolConfirmArguments.displayName = 'ToolConfirm.Arguments';

/** "Remember for this conversation" — rendered only where policy allows remembering. */
export const ToolConfirmRemember = forwardRef<HTMLLabelElement, ComponentPropsWithoutRef<'label'>>(function ToolConfirmRemember({ className, children, ...props }, ref) {
  const { request, labels, remember, setRemember } = useConfirmContext('ToolConfirm.Remember');
  if (!request.canRemember) return null;
  return (
    <label data-slot="confirm-dialog-remember" {...props} ref={ref} className={cx('mcp-confirm-dialog-remember', className)}>
      <input type="checkbox" className="mcp-checkbox" checked={remember} onChange={(event) => setRemember(event.currentTarget.checked)} />
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
      data-slot="confirm-dialog-cancel"
      {...props}
      ref={ref}
      className={cx('mcp-button mcp-confirm-dialog-cancel', className)}
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
      data-slot="confirm-dialog-action"
      data-risk={request.decision.risk}
      {...props}
      ref={ref}
      className={cx('mcp-button mcp-confirm-dialog-action', className)}
      onClick={composeEventHandlers(onClick, approve)}
    >
      {children ?? (destructive ? labels.approveDestructive : labels.approve)}
    </Component>
  );
});
ToolConfirmAction.displayName = 'ToolConfirm.Action';

/** Props of {@link ToolConfirmDialog}. */
export type ToolConfirmDialogProps = Omit<ToolConfirmRootProps, 'children'> & { container?: HTMLElement | null | undefined; className?: string | undefined };

/**
 * The complete confirmation with every part in the default order.
 *
 * @example
 * <ToolConfirmDialog request={{ serverId: 'memory', tool, args, decision }} onApprove={run} onDeny={skip} />
 */
export function ToolConfirmDialog({ container, className, ...props }: ToolConfirmDialogProps) {
  return (
    <ToolConfirmRoot {...props}>
      <ToolConfirmContent container={container} className={className}>
        <ToolConfirmTitle />
        <ToolConfirmDescription />
        <ToolConfirmBadges />
        <ToolConfirmReasons />
        <ToolConfirmArguments />
        <ToolConfirmRemember />
        <div data-slot="confirm-dialog-actions" className="mcp-confirm-dialog-actions">
          <ToolConfirmCancel />
          <ToolConfirmAction />
        </div>
      </ToolConfirmContent>
    </ToolConfirmRoot>
  );
}
ToolConfirmDialog.displayName = 'ToolConfirmDialog';
