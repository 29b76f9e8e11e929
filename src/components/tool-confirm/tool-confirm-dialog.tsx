'use client';
import * as Dialog from '@radix-ui/react-dialog';
import { forwardRef, useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { previewArguments } from '../../core/tool/arguments.js';
import { confirmFocus } from '../../core/tool/decide.js';
import { ConsentDialogRoot, guardConsent, useConsentRoot } from '../../internal/consent-root.js';
import { toolCallLabels, formatLabel, type Labels } from '../../internal/default-labels.js';
import { Icon } from '../../internal/icons.js';
import { useLabels, useLocale } from '../../internal/labels.js';
import { previewWords } from '../../internal/preview-words.js';
import { ModalContent } from '../../internal/modal-content.js';
import { ToolBadges } from '../tool-badges/tool-badges.js';
import { ConfirmContext, type ToolConfirmAnswer, ToolConfirmAction, ToolConfirmCancel, ToolConfirmFacts, ToolConfirmReasons, ToolConfirmRemember, useConfirmContext, useContextValue, type ToolConfirmPrompt } from './tool-confirm-parts.js';

export {
  ToolConfirmAction,
  ToolConfirmCancel,
  ToolConfirmFacts,
  ToolConfirmInlineContent,
  ToolConfirmInlineRoot,
  ToolConfirmReasons,
  ToolConfirmRemember,
  type ToolConfirmPrompt,
  type ToolConfirmAnswer,
  type ToolConfirmButtonProps,
  type ToolConfirmInlineRootProps,
} from './tool-confirm-parts.js';

const ROOT_NAME = 'ToolConfirm.Root';


/** Props of {@link ToolConfirmRoot}. */
export type ToolConfirmRootProps = ToolConfirmRootBaseProps & { prompt: ToolConfirmPrompt };

/** What {@link ToolConfirmRoot} takes besides the prompt. */
export interface ToolConfirmRootBaseProps {
  /**
   * Called once with the person's answer: `{ action: 'approve', remember }`,
   * or `{ action: 'deny' }` (also on Escape, closing, or unmounting undecided).
   * The same shape as every consent family's `onRespond`.
   */
  onRespond?: ((answer: ToolConfirmAnswer) => void) | undefined;
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

function ToolConfirmRootImpl({ prompt: request, onRespond, open, defaultOpen = true, onOpenChange, returnFocusTo, labels: labelOverrides, children }: ToolConfirmRootProps) {
  const labels = useLabels(labelOverrides, toolCallLabels);
  const [remember, setRemember] = useState(false);
  // One consent root for every family: answered once, latest callbacks, reopen asks again, closing or unmounting undecided denies.
  const root = useConsentRoot<ToolConfirmAnswer>({
    open,
    defaultOpen,
    onOpenChange,
    caller: ROOT_NAME,
    refusal: { action: 'deny' },
    onAnswer: (answer) => onRespond?.(answer),
  });
  const { respond } = root;
  const approve = useCallback(() => void respond({ action: 'approve', remember: remember && request.canRemember === true }), [respond, remember, request.canRemember]);
  const deny = useCallback(() => void respond({ action: 'deny' }), [respond]);
  const context = useContextValue(request, labels, remember, setRemember, approve, deny, returnFocusTo);
  return (
    <ConfirmContext.Provider value={context}>
      <ConsentDialogRoot state={root}>{children}</ConsentDialogRoot>
    </ConfirmContext.Provider>
  );
}
// A prompt it cannot read (built by hand) is a deny instead of a crash.
/**
 * A confirmation for one tool call, with alert-dialog semantics: it must be
 * answered, clicking outside does nothing, Escape denies, and focus starts on
 * Deny unless a trusted server declares the call read-only. Approve and deny
 * each fire at most once; closing or unmounting without a choice is a deny.
 *
 * @example
 * <ToolConfirm.Root prompt={request} onRespond={(answer) => (answer.action === 'approve' ? run() : skip())}>
 *   <ToolConfirm.Content>
 *     <ToolConfirm.Title />
 *     <ToolConfirm.Cancel />
 *     <ToolConfirm.Action />
 *   </ToolConfirm.Content>
 * </ToolConfirm.Root>
 */
export const ToolConfirmRoot = guardConsent(
  ToolConfirmRootImpl,
  ({ onRespond }) => onRespond?.({ action: 'deny' }),
  ROOT_NAME,
);



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
      data-slot="tool-confirm"
      data-risk={request.decision.risk}
      data-trust={trust}
      // The safe choice is the focused one: Deny, unless a trusted server declares the call read-only.
      initialFocus={() => (focus === 'approve' ? approveRef.current : cancelRef.current)}
      returnFocusTo={returnFocusTo}
      {...props}
      ref={ref} className={className}
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
    <Dialog.Title data-slot="tool-confirm-title" {...props} ref={ref} className={className}>
      {children ?? formatLabel(labels.confirmTitle, { tool: presentation.displayName || labels.unnamedTool })}
    </Dialog.Title>
  );
});
ToolConfirmTitle.displayName = 'ToolConfirm.Title';

/** The description: who asks, then the facts (the real tool name and server), shown next to any friendly title. */
export const ToolConfirmDescription = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function ToolConfirmDescription({ className, children, ...props }, ref) {
  const { labels, serverName, descriptionId, request } = useConfirmContext('ToolConfirm.Description');
  return (
    <div id={descriptionId} data-slot="tool-confirm-description" {...props} ref={ref} className={className}>
      {children ?? (
        <>
          <p data-slot="dialog-text">{formatLabel(request.app ? labels.confirmDescriptionApp : labels.confirmDescription, { server: serverName })}</p>
          <ToolConfirmFacts />
        </>
      )}
    </div>
  );
});
ToolConfirmDescription.displayName = 'ToolConfirm.Description';


/** The tool's hint badges, said once to be unverified when the server is untrusted. */
export const ToolConfirmBadges = forwardRef<HTMLUListElement, Omit<ComponentPropsWithoutRef<typeof ToolBadges>, 'tool' | 'trust'>>(function ToolConfirmBadges(props, ref) {
  const { request, trust, labels } = useConfirmContext('ToolConfirm.Badges');
  return <ToolBadges tool={request.tool} toolName={request.toolName} serverId={request.serverId} trust={trust} labels={labels} {...props} ref={ref} />;
});
ToolConfirmBadges.displayName = 'ToolConfirm.Badges';


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
  const locale = useLocale();
  const preview = useMemo(() => {
    // The fold is previewArguments' own (its limits), so the dialog and the card fold alike.
    const preview = previewArguments(request.args, foldAt, previewWords(labels, locale));
    const folded = request.args === undefined ? '{}' : preview.folded;
    return { full: preview.full, folded, isFolded: folded !== preview.full };
  }, [request.args, foldAt, labels, locale]);
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
    <div data-slot="tool-confirm-arguments" {...props} ref={ref} className={className}>
      <h3 id={headingId} data-slot="dialog-section-title">
        {labels.arguments}
      </h3>
      <pre id={preId} aria-labelledby={headingId} data-slot="tool-confirm-json" data-state={showAll ? 'full' : 'folded'}>
        <code data-slot="code-text">{showAll ? preview.full : preview.folded}</code>
      </pre>
      {preview.isFolded && (
        <button type="button" ref={foldRef} data-slot="tool-confirm-fold" aria-expanded={showAll} aria-controls={preId} onClick={() => setShowAll(!showAll)}>
          <Icon name="chevron" /> {labels.showMore}
        </button>
      )}
    </div>
  );
});
ToolConfirmArguments.displayName = 'ToolConfirm.Arguments';


/** Props of {@link ToolConfirmDialog}. */
export type ToolConfirmDialogProps = Omit<ToolConfirmRootBaseProps, 'children'> &
  { prompt: ToolConfirmPrompt; container?: HTMLElement | null | undefined; className?: string | undefined };

/**
 * The complete confirmation with every part in the default order.
 *
 * @example
 * <ToolConfirmDialog prompt={{ serverId: 'memory', tool, args, decision }} onRespond={(answer) => (answer.action === 'approve' ? run() : skip())} />
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
        <div data-slot="tool-confirm-actions">
          <ToolConfirmCancel />
          <ToolConfirmAction />
        </div>
      </ToolConfirmContent>
    </ToolConfirmRoot>
  );
}
ToolConfirmDialog.displayName = 'ToolConfirmDialog';
