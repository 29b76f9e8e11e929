'use client';
import { composeEventHandlers } from '@radix-ui/primitive';
import { useComposedRefs } from '@radix-ui/react-compose-refs';
import * as Dialog from '@radix-ui/react-dialog';
import { FocusScope } from '@radix-ui/react-focus-scope';
import { hideOthers } from 'aria-hidden';
import { createContext, forwardRef, useContext, useEffect, useLayoutEffect, useRef, useState, type ComponentPropsWithoutRef } from 'react';

/** Props of {@link ModalContent}. */
export interface ModalContentProps extends ComponentPropsWithoutRef<typeof Dialog.Content> {
  /** Where to portal the dialog; default `document.body`. */
  container?: HTMLElement | null | undefined;
  /** The element to focus when the dialog opens (the safe choice). */
  initialFocus?: (() => HTMLElement | null | undefined) | undefined;
  /** Where focus goes when it closes; falls back to the element that opened it. */
  returnFocusTo?: (() => HTMLElement | null) | undefined;
  /** Class of the overlay element. */
  overlayClassName?: string | undefined;
}

const preventDefault = (event: Event) => event.preventDefault();

/** The direction and language dialogs are shown in, when a host sets them (`ConsentProvider dir / lang`). */
export interface DialogPlacement {
  dir?: 'ltr' | 'rtl' | 'auto' | undefined;
  lang?: string | undefined;
  /** Where focus goes when the card and the opener are gone (the provider's focus history, then the host's fallback). */
  restoreFocus?: (() => HTMLElement | null | undefined) | undefined;
}
export const DialogPlacementContext = createContext<DialogPlacement>({});

/** The nearest `dir` and `lang` of the first of these elements that has one. */
function placementOf(sources: ReadonlyArray<Element | null | undefined>): DialogPlacement {
  const found: DialogPlacement = {};
  for (const source of sources) {
    if (!source?.isConnected) continue;
    const dir = source.closest('[dir]')?.getAttribute('dir');
    if (found.dir === undefined && (dir === 'ltr' || dir === 'rtl' || dir === 'auto')) found.dir = dir;
    found.lang ??= source.closest('[lang]')?.getAttribute('lang') ?? undefined;
  }
  return found;
}

/**
 * The modal shell every consent dialog shares: a portalled overlay and box,
 * focus trapped inside, the rest of the page hidden from assistive
 * technology, clicks outside ignored, and no scroll lock (Radix's moves the
 * host's page). Focus starts on `initialFocus` and returns to
 * `returnFocusTo`, else to the opener, else to the provider's
 * `restoreFocus` (the element focused before, or the host's fallback) —
 * never to `<body>` when any exists. The focused element is kept in view.
 * Must be rendered inside a non-modal `Dialog.Root`.
 */
export const ModalContent = forwardRef<HTMLDivElement, ModalContentProps>(function ModalContent(
  { container, initialFocus, returnFocusTo, overlayClassName, className, children, onOpenAutoFocus, onCloseAutoFocus, onPointerDownOutside, onInteractOutside, onFocusOutside, ...props },
  forwardedRef,
) {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const ref = useComposedRefs(forwardedRef, setNode);
  // Dialogs opened by code have no Radix Trigger: remember what had focus.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => (node ? hideOthers(node) : undefined), [node]);
  // A portal leaves the host's dir and lang behind: take them from where the dialog was opened
  // (the focused element, else the call's card, else the dialog's place in the tree), unless the host set them.
  const host = useContext(DialogPlacementContext);
  const anchor = useRef<HTMLSpanElement>(null);
  const [found, setFound] = useState<DialogPlacement>({});
  useLayoutEffect(() => {
    const focused = document.activeElement !== document.body ? document.activeElement : null;
    // Read once, before the dialog takes focus; the state is the DOM's, so it is read in an effect.
    setFound(placementOf([focused, returnFocusTo?.(), anchor.current]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const dir = host.dir ?? found.dir;
  const lang = host.lang ?? found.lang;
  return (
    <>
      <span ref={anchor} hidden data-slot="dialog-anchor" />
      <Dialog.Portal container={container}>
        {/* A class only when the host gave one (Radix's Slot writes an empty one for an undefined key). */}
        <div data-slot="consent-overlay" {...(overlayClassName ? { className: overlayClassName } : {})} />
        <FocusScope asChild trapped loop onMountAutoFocus={preventDefault} onUnmountAutoFocus={preventDefault}>
          <Dialog.Content
            aria-modal="true"
            {...(dir ? { dir } : {})}
            {...(lang ? { lang } : {})}
            {...props}
            ref={ref}
            {...(className ? { className } : {})}
            onOpenAutoFocus={(event) => {
              opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
              onOpenAutoFocus?.(event);
              if (event.defaultPrevented) return;
              const target = initialFocus?.();
              if (target) {
                event.preventDefault();
                target.focus();
              }
            }}
            onCloseAutoFocus={(event) => {
              onCloseAutoFocus?.(event);
              if (event.defaultPrevented) return;
              // To the call's card when there is one (the opener may vanish as the call starts), else back to the opener.
              const card = returnFocusTo?.();
              const target = card?.isConnected ? card : opener.current?.isConnected ? opener.current : host.restoreFocus?.();
              if (target?.isConnected) {
                event.preventDefault();
                target.focus();
              }
            }}
            onFocus={composeEventHandlers(props.onFocus, (event) => {
              // Radix moves focus with preventScroll (Tab wrap, initial focus): keep what has focus in view.
              if (event.target !== event.currentTarget) event.target.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
            })}
            onPointerDownOutside={composeEventHandlers(onPointerDownOutside, preventDefault)}
            onInteractOutside={composeEventHandlers(onInteractOutside, preventDefault)}
            onFocusOutside={composeEventHandlers(onFocusOutside, preventDefault)}
          >
            {children}
          </Dialog.Content>
        </FocusScope>
      </Dialog.Portal>
    </>
  );
});
