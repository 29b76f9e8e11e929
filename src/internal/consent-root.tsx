'use client';
/**
 * The one consent root every dialog family shares (tool confirmation,
 * elicitation, sampling, and any later kind): open state (controlled or
 * not), answered at most once, the latest callback, reopening asks again,
 * closing or unmounting without an answer is the kind's refusal, and the
 * Radix dialog root in non-modal mode (we trap focus and hide the page
 * ourselves, so the host's page never moves).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useControllableState } from '@radix-ui/react-use-controllable-state';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useUnmount } from './use-unmount.js';

/** What a family's root tells the shared one. */
export interface ConsentRootOptions<R> {
  open: boolean | undefined;
  defaultOpen: boolean;
  onOpenChange: ((open: boolean) => void) | undefined;
  /** The importable name of the root, for error messages. */
  caller: string;
  /** Takes an answer; `false` means it was not taken (the dialog stays). */
  onAnswer: (response: R) => boolean | void;
  /** What closing (Escape, the close button) or unmounting without an answer means. */
  refusal: R;
  /** Whether a taken answer ends the dialog; default: every one does (sampling's first stage does not). */
  isFinal?: ((response: R) => boolean) | undefined;
}

/** The shared state of a consent dialog's root. */
export interface ConsentRootState<R> {
  open: boolean;
  /** Answers once; returns whether the answer was taken. */
  respond: (response: R) => boolean;
  /** For `Dialog.Root`: closing is the refusal. */
  onDialogOpenChange: (open: boolean) => void;
}

export function useConsentRoot<R>(options: ConsentRootOptions<R>): ConsentRootState<R> {
  const [open = false, setOpen] = useControllableState({ prop: options.open, defaultProp: options.defaultOpen, onChange: options.onOpenChange, caller: options.caller });
  const settled = useRef(false);
  // The latest callbacks, so a late answer goes through the current one.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  // Reopening asks again; re-rendering with a new request object does not.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) settled.current = false;
    wasOpen.current = open;
  }, [open]);
  useUnmount(() => {
    if (settled.current) return;
    settled.current = true;
    latest.current.onAnswer(latest.current.refusal);
  });
  const respond = useCallback(
    (response: R): boolean => {
      if (settled.current) return false;
      const taken = latest.current.onAnswer(response) !== false;
      if (taken && (latest.current.isFinal?.(response) ?? true)) {
        settled.current = true;
        setOpen(false);
      }
      return taken;
    },
    [setOpen],
  );
  const onDialogOpenChange = useCallback(
    (next: boolean) => {
      if (!next) respond(latest.current.refusal);
      else setOpen(true);
    },
    [respond, setOpen],
  );
  return { open, respond, onDialogOpenChange };
}

/** The dialog root every consent family renders: Radix, non-modal (focus trap and page hiding are ours). */
export function ConsentDialogRoot({ state, children }: { state: Pick<ConsentRootState<unknown>, 'open' | 'onDialogOpenChange'>; children?: ReactNode }) {
  return (
    <Dialog.Root open={state.open} onOpenChange={state.onDialogOpenChange} modal={false}>
      {children}
    </Dialog.Root>
  );
}
