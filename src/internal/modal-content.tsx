'use client';
import { composeEventHandlers } from '@radix-ui/primitive';
import { useComposedRefs } from '@radix-ui/react-compose-refs';
import * as Dialog from '@radix-ui/react-dialog';
import { FocusScope } from '@radix-ui/react-focus-scope';
import { hideOthers } from 'aria-hidden';
import { forwardRef, useEffect, useRef, useState, type ComponentPropsWithoutRef } from 'react';
import { cx } from './cx.js';

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

/**
 * The modal shell every consent dialog shares: a portalled overlay and box,
 * focus trapped inside, the rest of the page hidden from assistive
 * technology, clicks outside ignored, and no scroll lock (Radix's moves the
 * host's page). Focus starts on `initialFocus` and returns to
 * `returnFocusTo`, else to the opener — never to `<body>` when either exists.
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
  return (
    <Dialog.Portal container={container}>
      <div data-slot="confirm-dialog-overlay" className={cx('mcp-confirm-dialog-overlay', overlayClassName)} />
      <FocusScope asChild trapped loop onMountAutoFocus={preventDefault} onUnmountAutoFocus={preventDefault}>
        <Dialog.Content
          aria-modal="true"
          {...props}
          ref={ref}
          className={className}
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
            const target = card?.isConnected ? card : opener.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          onPointerDownOutside={composeEventHandlers(onPointerDownOutside, preventDefault)}
          onInteractOutside={composeEventHandlers(onInteractOutside, preventDefault)}
          onFocusOutside={composeEventHandlers(onFocusOutside, preventDefault)}
        >
          {children}
        </Dialog.Content>
      </FocusScope>
    </Dialog.Portal>
  );
});
