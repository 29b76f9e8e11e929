'use client';
import * as Dialog from '@radix-ui/react-dialog';
import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type ReactNode,
} from 'react';
import { previewArguments } from '../../core/arguments.js';
import type { ToolDecision, Trust } from '../../core/decisions.js';
import { formatLabel, type Labels } from '../../internal/default-labels.js';
import { toolIdentity } from '../../core/tool-hints.js';
import type { Tool } from '../../core/types.js';
import { composeEventHandlers } from '../../internal/compose-event-handlers.js';
import { cx } from '../../internal/cx.js';
import { Icon } from '../../internal/icons.js';
import { useLabels } from '../../internal/labels.js';
import { useControllableState } from '../../internal/use-controllable-state.js';
import { useUnmount } from '../../internal/use-unmount.js';
import { ToolBadges } from '../tool-badges/tool-badges.js';

const ROOT_NAME = 'ToolConfirmDialog.Root';

/** The call a confirmation is about. */
export interface ConfirmRequest {
  /** Stable id of the server (shown, and used for approvals). */
  serverId: string;
  /** Human name of the server; default: the id. */
  serverName?: string | undefined;
  /** The tool definition; `undefined` for an unknown tool. */
  tool: Tool | undefined;
  /** Name used by the call, shown when the tool is unknown. */
  toolName?: string | undefined;
  /** Arguments of the call. */
  args?: unknown;
  /** The policy's decision (risk and reasons). */
  decision: ToolDecision;
  /** Offer "remember for this conversation" (only where policy allows). */
  canRemember?: boolean | undefined;
}

/** What the user chose when approving. */
export interface ApproveDetails {
  remember: boolean;
}

interface ContextValue {
  request: ConfirmRequest;
  labels: Labels;
  trust: Trust;
  identity: ReturnType<typeof toolIdentity>;
  remember: boolean;
  setRemember: (value: boolean) => void;
  approve: () => void;
  deny: () => void;
  cancelRef: React.RefObject<HTMLButtonElement | null>;
  approveRef: React.RefObject<HTMLButtonElement | null>;
  descriptionId: string;
}

const ConfirmContext = createContext<ContextValue | null>(null);

function useConfirmContext(part: string): ContextValue {
  const context = useContext(ConfirmContext);
  if (!context) throw new Error(`<${part}> must be rendered inside <${ROOT_NAME}>.`);
  return context;
}

/** Props of {@link ToolConfirmDialogRoot}. */
export interface ToolConfirmDialogRootProps {
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
  labels?: Partial<Labels> | undefined;
  children?: ReactNode;
}

/**
 * A confirmation for one tool call, with alert-dialog semantics: it must be
 * answered, clicking outside does nothing, Escape denies, and focus starts on
 * Deny unless the call is read-only. Approve and deny each fire at most once;
 * closing or unmounting without a choice is a deny.
 *
 * @example
 * <ToolConfirmDialogRoot request={request} onApprove={run} onDeny={skip}>
 *   <ToolConfirmDialogContent>…parts…</ToolConfirmDialogContent>
 * </ToolConfirmDialogRoot>
 */
export function ToolConfirmDialogRoot({ request, onApprove, onDeny, open: openProp, defaultOpen = true, onOpenChange, labels: labelOverrides, children }: ToolConfirmDialogRootProps) {
  const labels = useLabels(labelOverrides);
  const [open, setOpen] = useControllableState({ value: openProp, defaultValue: defaultOpen, onChange: onOpenChange });
  const [remember, setRemember] = useState(false);
  const settled = useRef(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const approveRef = useRef<HTMLButtonElement>(null);
  const descriptionId = useId();
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

  const identity = useMemo(() => toolIdentity(request.tool), [request.tool]);
  const context = useMemo<ContextValue>(
    () => ({ request, labels, trust: request.decision.trust, identity, remember, setRemember, approve, deny, cancelRef, approveRef, descriptionId }),
    [request, labels, identity, remember, approve, deny, descriptionId],
  );
  return (
    <ConfirmContext.Provider value={context}>
      <Dialog.Root open={open} onOpenChange={handleOpenChange}>
        {children}
      </Dialog.Root>
    </ConfirmContext.Provider>
  );
}
ToolConfirmDialogRoot.displayName = ROOT_NAME;

/** Props of {@link ToolConfirmDialogContent}. */
export interface ToolConfirmDialogContentProps extends ComponentPropsWithoutRef<typeof Dialog.Content> {
  /** Where to portal the dialog; default `document.body`. */
  container?: HTMLElement | null | undefined;
}

/** The overlay and the dialog box (portalled). Carries `data-risk` and `data-trust`. */
export const ToolConfirmDialogContent = forwardRef<HTMLDivElement, ToolConfirmDialogContentProps>(function ToolConfirmDialogContent(
  { container, className, children, onOpenAutoFocus, onCloseAutoFocus, onPointerDownOutside, onInteractOutside, ...props },
  ref,
) {
  const { request, cancelRef, approveRef, descriptionId, trust } = useConfirmContext('ToolConfirmDialog.Content');
  // Dialogs opened by code have no Radix Trigger: remember what had focus and return to it.
  const returnFocus = useRef<HTMLElement | null>(null);
  const risk = request.decision.risk;
  return (
    <Dialog.Portal container={container}>
      <Dialog.Overlay data-slot="confirm-dialog-overlay" className="mcp-confirm-dialog-overlay" />
      <Dialog.Content
        role="alertdialog"
        aria-describedby={descriptionId}
        data-slot="confirm-dialog"
        data-risk={risk}
        data-trust={trust}
        {...props}
        ref={ref}
        className={cx('mcp-confirm-dialog', className)}
        onOpenAutoFocus={(event) => {
          returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          onOpenAutoFocus?.(event);
          if (event.defaultPrevented) return;
          // The safe choice is the focused one: Deny, unless the call only reads.
          event.preventDefault();
          (risk === 'read' ? approveRef.current : cancelRef.current)?.focus();
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const target = returnFocus.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
        onPointerDownOutside={composeEventHandlers(onPointerDownOutside, (event) => event.preventDefault())}
        onInteractOutside={composeEventHandlers(onInteractOutside, (event) => event.preventDefault())}
      >
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
});
ToolConfirmDialogContent.displayName = 'ToolConfirmDialog.Content';

/** The dialog title: "Allow {tool}?" with the display name. */
export const ToolConfirmDialogTitle = forwardRef<HTMLHeadingElement, ComponentPropsWithoutRef<typeof Dialog.Title>>(function ToolConfirmDialogTitle({ className, children, ...props }, ref) {
  const { labels, identity, request } = useConfirmContext('ToolConfirmDialog.Title');
  const name = identity.displayName || request.toolName || labels.unnamedTool;
  return (
    <Dialog.Title data-slot="confirm-dialog-title" {...props} ref={ref} className={cx('mcp-confirm-dialog-title', className)}>
      {children ?? formatLabel(labels.confirmTitle, { tool: name })}
    </Dialog.Title>
  );
});
ToolConfirmDialogTitle.displayName = 'ToolConfirmDialog.Title';

/** The description: who asks, the real tool name and server, and the risk in words. */
export const ToolConfirmDialogDescription = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function ToolConfirmDialogDescription({ className, children, ...props }, ref) {
  const { labels, identity, request, descriptionId } = useConfirmContext('ToolConfirmDialog.Description');
  const server = request.serverName ?? request.serverId;
  const name = identity.name || request.toolName || '';
  return (
    <div id={descriptionId} data-slot="confirm-dialog-description" {...props} ref={ref} className={cx('mcp-confirm-dialog-description', className)}>
      {children ?? (
        <>
          <p>{formatLabel(labels.confirmDescription, { server })}</p>
          <dl data-slot="confirm-dialog-facts">
            <div>
              <dt>{labels.toolName}</dt>
              <dd>
                <code data-slot="confirm-dialog-tool-name" translate="no">
                  {name || labels.unnamedTool}
                </code>
              </dd>
            </div>
            <div>
              <dt>{labels.server}</dt>
              <dd data-slot="confirm-dialog-server">{server}</dd>
            </div>
          </dl>
        </>
      )}
    </div>
  );
});
ToolConfirmDialogDescription.displayName = 'ToolConfirmDialog.Description';

/** The tool's hint badges, as claims when the server is untrusted. */
export function ToolConfirmDialogBadges(props: Omit<ComponentPropsWithoutRef<typeof ToolBadges>, 'tool' | 'trust'>) {
  const { request, trust, labels } = useConfirmContext('ToolConfirmDialog.Badges');
  return <ToolBadges tool={request.tool} trust={trust} labels={labels} {...props} />;
}
ToolConfirmDialogBadges.displayName = 'ToolConfirmDialog.Badges';

/** Why the user is asked, as a list; destructive calls lead with a danger notice. */
export const ToolConfirmDialogReasons = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function ToolConfirmDialogReasons({ className, ...props }, ref) {
  const { request, labels } = useConfirmContext('ToolConfirmDialog.Reasons');
  const headingId = useId();
  const { reasons, risk } = request.decision;
  if (reasons.length === 0) return null;
  return (
    <div data-slot="confirm-dialog-reasons" data-risk={risk} {...props} ref={ref} className={cx('mcp-confirm-dialog-reasons', className)}>
      <h3 id={headingId} data-slot="confirm-dialog-section-title">
        {risk === 'destructive' && <Icon name="warning" />} {labels.reasons}
      </h3>
      <ul aria-labelledby={headingId}>
        {reasons.map((reason) => (
          <li key={reason.code} data-code={reason.code}>
            {reason.text}
          </li>
        ))}
      </ul>
    </div>
  );
});
ToolConfirmDialogReasons.displayName = 'ToolConfirmDialog.Reasons';

/** The call's arguments as pretty JSON; long values folded behind "Show all". */
export const ToolConfirmDialogArguments = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'> & { foldAt?: number }>(function ToolConfirmDialogArguments(
  { className, foldAt, ...props },
  ref,
) {
  const { request, labels } = useConfirmContext('ToolConfirmDialog.Arguments');
  const preview = useMemo(() => previewArguments(request.args, foldAt), [request.args, foldAt]);
  const [showAll, setShowAll] = useState(false);
  const headingId = useId();
  const preId = useId();
  return (
    <div data-slot="confirm-dialog-arguments" {...props} ref={ref} className={cx('mcp-confirm-dialog-arguments', className)}>
      <h3 id={headingId} data-slot="confirm-dialog-section-title">
        {labels.arguments}
      </h3>
      <pre id={preId} aria-labelledby={headingId} tabIndex={0} data-slot="confirm-dialog-json">
        <code>{showAll ? preview.full : preview.folded}</code>
      </pre>
      {preview.isFolded && (
        <button type="button" data-slot="confirm-dialog-fold" aria-expanded={showAll} aria-controls={preId} onClick={() => setShowAll(!showAll)}>
          {showAll ? labels.showLess : labels.showMore}
        </button>
      )}
    </div>
  );
});
ToolConfirmDialogArguments.displayName = 'ToolConfirmDialog.Arguments';

/** "Remember for this conversation" — rendered only where policy allows remembering. */
export function ToolConfirmDialogRemember({ className }: { className?: string }) {
  const { request, labels, remember, setRemember } = useConfirmContext('ToolConfirmDialog.Remember');
  if (!request.canRemember) return null;
  return (
    <label data-slot="confirm-dialog-remember" className={cx('mcp-confirm-dialog-remember', className)}>
      <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.currentTarget.checked)} />
      {labels.remember}
    </label>
  );
}
ToolConfirmDialogRemember.displayName = 'ToolConfirmDialog.Remember';

/** Deny. Focused first for anything that is not read-only. */
export const ToolConfirmDialogCancel = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(function ToolConfirmDialogCancel({ className, children, onClick, ...props }, ref) {
  const { labels, deny, cancelRef } = useConfirmContext('ToolConfirmDialog.Cancel');
  return (
    <button
      type="button"
      data-slot="confirm-dialog-cancel"
      {...props}
      ref={(node) => {
        cancelRef.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      className={cx('mcp-confirm-dialog-cancel', className)}
      onClick={composeEventHandlers(onClick, deny)}
    >
      {children ?? labels.deny}
    </button>
  );
});
ToolConfirmDialogCancel.displayName = 'ToolConfirmDialog.Cancel';

/** Approve. Fires once, however often it is clicked. Destructive calls get the danger treatment. */
export const ToolConfirmDialogAction = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(function ToolConfirmDialogAction({ className, children, onClick, ...props }, ref) {
  const { labels, approve, approveRef, request } = useConfirmContext('ToolConfirmDialog.Action');
  const destructive = request.decision.risk === 'destructive';
  return (
    <button
      type="button"
      data-slot="confirm-dialog-action"
      data-risk={request.decision.risk}
      {...props}
      ref={(node) => {
        approveRef.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      className={cx('mcp-confirm-dialog-action', className)}
      onClick={composeEventHandlers(onClick, approve)}
    >
      {children ?? (destructive ? labels.approveDestructive : labels.approve)}
    </button>
  );
});
ToolConfirmDialogAction.displayName = 'ToolConfirmDialog.Action';

/** Props of {@link ToolConfirmDialog}. */
export type ToolConfirmDialogProps = Omit<ToolConfirmDialogRootProps, 'children'> & { container?: HTMLElement | null | undefined; className?: string | undefined };

/**
 * The complete confirmation with every part in the default order.
 *
 * @example
 * <ToolConfirmDialog request={{ serverId: 'memory', tool, args, decision }} onApprove={run} onDeny={skip} />
 */
export function ToolConfirmDialog({ container, className, ...props }: ToolConfirmDialogProps) {
  return (
    <ToolConfirmDialogRoot {...props}>
      <ToolConfirmDialogContent container={container} className={className}>
        <ToolConfirmDialogTitle />
        <ToolConfirmDialogDescription />
        <ToolConfirmDialogBadges />
        <ToolConfirmDialogReasons />
        <ToolConfirmDialogArguments />
        <ToolConfirmDialogRemember />
        <div data-slot="confirm-dialog-actions">
          <ToolConfirmDialogCancel />
          <ToolConfirmDialogAction />
        </div>
      </ToolConfirmDialogContent>
    </ToolConfirmDialogRoot>
  );
}
ToolConfirmDialog.displayName = 'ToolConfirmDialog';

export {
  ToolConfirmDialogRoot as Root,
  ToolConfirmDialogContent as Content,
  ToolConfirmDialogTitle as Title,
  ToolConfirmDialogDescription as Description,
  ToolConfirmDialogBadges as Badges,
  ToolConfirmDialogReasons as Reasons,
  ToolConfirmDialogArguments as Arguments,
  ToolConfirmDialogRemember as Remember,
  ToolConfirmDialogCancel as Cancel,
  ToolConfirmDialogAction as Action,
};
