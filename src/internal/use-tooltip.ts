'use client';
import { composeEventHandlers } from '@radix-ui/primitive';
import { useId, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';

interface TriggerHandlers<T> {
  onFocus?: ((event: FocusEvent<T>) => void) | undefined;
  onBlur?: ((event: FocusEvent<T>) => void) | undefined;
  onMouseEnter?: ((event: MouseEvent<T>) => void) | undefined;
  onMouseLeave?: ((event: MouseEvent<T>) => void) | undefined;
  onKeyDown?: ((event: KeyboardEvent<T>) => void) | undefined;
}

/**
 * A plain-words explanation shown on hover (and on focus, should the host
 * make the trigger focusable), dismissible with Escape (WCAG 1.4.13), and
 * wired as the trigger's accessible description. The trigger is never made
 * a tab stop: labels shown by the dozen must not lengthen the tab order. The
 * caller's handlers run first and may prevent ours. `lazy` renders the
 * tooltip only while open, for labels shown by the hundred.
 */
export function useTooltip<T extends Element>(handlers: TriggerHandlers<T>, { lazy = false }: { lazy?: boolean } = {}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return {
    open,
    /** Whether to render the tooltip element: always, or (lazy) only while open. */
    render: open || !lazy,
    triggerProps: {
      'aria-describedby': open || !lazy ? id : undefined,
      onFocus: composeEventHandlers(handlers.onFocus, () => setOpen(true)),
      onBlur: composeEventHandlers(handlers.onBlur, () => setOpen(false)),
      onMouseEnter: composeEventHandlers(handlers.onMouseEnter, () => setOpen(true)),
      onMouseLeave: composeEventHandlers(handlers.onMouseLeave, () => setOpen(false)),
      onKeyDown: composeEventHandlers(handlers.onKeyDown, (event: KeyboardEvent<T>) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }),
    },
    tooltipProps: { id, role: 'tooltip', 'data-state': open ? 'open' : 'closed', hidden: !open },
  } as const;
}
