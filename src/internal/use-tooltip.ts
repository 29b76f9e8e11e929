'use client';
// The close timer and the viewport fit are imperative (a timer, the element's own style): the
// handlers read the timer ref when events fire, never during render.
/* eslint-disable react-hooks/refs, react-hooks/immutability */
import { composeEventHandlers } from '@radix-ui/primitive';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';

interface TriggerHandlers<T> {
  onFocus?: ((event: FocusEvent<T>) => void) | undefined;
  onBlur?: ((event: FocusEvent<T>) => void) | undefined;
  onMouseEnter?: ((event: MouseEvent<T>) => void) | undefined;
  onMouseLeave?: ((event: MouseEvent<T>) => void) | undefined;
  onKeyDown?: ((event: KeyboardEvent<T>) => void) | undefined;
}

// Long enough to cross from the trigger onto the tooltip, short enough to feel immediate.
const CLOSE_DELAY_MS = 120;
// Room kept between a tooltip and the viewport's edge.
const EDGE_PX = 8;

/**
 * A plain-words explanation shown on hover and on focus, meeting WCAG
 * 1.4.13: dismissible (Escape, wherever focus is), hoverable (the pointer
 * can move onto it without it closing) and persistent; it is shifted to fit
 * the viewport. Its text is always the trigger's accessible description, so
 * nothing needs a hover. The trigger is never made a tab stop: labels shown
 * by the dozen must not lengthen the tab order. The caller's handlers run
 * first and may prevent ours.
 */
export function useTooltip<T extends Element>(handlers: TriggerHandlers<T>) {
  const [open, setOpen] = useState(false);
  const [tooltip, setTooltip] = useState<HTMLSpanElement | null>(null);
  const id = useId();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancelClose = useCallback(() => {
    clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  }, []);
  const show = useCallback(() => {
    cancelClose();
    setOpen(true);
  }, [cancelClose]);
  const hideSoon = useCallback(() => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  }, [cancelClose]);
  useEffect(() => cancelClose, [cancelClose]);

  // Escape closes it wherever focus is (a hovered trigger is usually not focused), and only it:
  // caught on window, before a dialog's own Escape (on document) would deny.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      cancelClose();
      setOpen(false);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open, cancelClose]);

  // Fit the viewport: measured once shown, then moved inward along the line (on the element: no extra render).
  useLayoutEffect(() => {
    if (!tooltip) return;
    tooltip.style.translate = '';
    if (!open) return;
    const rect = tooltip.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const shift = rect.right > width - EDGE_PX ? Math.max(EDGE_PX - rect.left, width - EDGE_PX - rect.right) : rect.left < EDGE_PX ? EDGE_PX - rect.left : 0;
    if (shift !== 0) tooltip.style.translate = `${shift}px 0`;
  }, [open, tooltip]);

  return {
    open,
    triggerProps: {
      'aria-describedby': id,
      onFocus: composeEventHandlers(handlers.onFocus, show),
      onBlur: composeEventHandlers(handlers.onBlur, () => {
        cancelClose();
        setOpen(false);
      }),
      onMouseEnter: composeEventHandlers(handlers.onMouseEnter, show),
      onMouseLeave: composeEventHandlers(handlers.onMouseLeave, hideSoon),
      onKeyDown: composeEventHandlers(handlers.onKeyDown, (event: KeyboardEvent<T>) => {
        if (event.key === 'Escape' && open) event.stopPropagation();
      }),
    },
    tooltipProps: {
      id,
      ref: setTooltip,
      role: 'tooltip',
      'data-state': open ? 'open' : 'closed',
      hidden: !open,
      // The pointer may rest on the tooltip itself (it is the trigger's child, so this is belt and braces for the gap).
      onMouseEnter: show,
      onMouseLeave: hideSoon,
    },
  } as const;
}
