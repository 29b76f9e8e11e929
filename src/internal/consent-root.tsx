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
import { Component, createContext, createElement, useCallback, useContext, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
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
  const guard = useContext(GuardContext);
  // The latest callbacks, so a late answer goes through the current one.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  // Reopening asks again; re-rendering with a new request object does not.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) {
      settled.current = false;
      guard?.setAnswered(false);
    }
    wasOpen.current = open;
  }, [open, guard]);
  useUnmount(() => {
    if (settled.current) return;
    settled.current = true;
    guard?.setAnswered(true);
    latest.current.onAnswer(latest.current.refusal);
  });
  const respond = useCallback(
    (response: R): boolean => {
      if (settled.current) return false;
      const taken = latest.current.onAnswer(response) !== false;
      if (taken && (latest.current.isFinal?.(response) ?? true)) {
        settled.current = true;
        guard?.setAnswered(true);
        setOpen(false);
      }
      return taken;
    },
    [setOpen, guard],
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

// Shared by a guard and the root inside it: whether the dialog has given its answer (so a crash after it adds none).
const GuardContext = createContext<{ setAnswered: (answered: boolean) => void } | null>(null);

class ConsentGuard extends Component<{ refuse: () => void; children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  answered = false;
  answer = { setAnswered: (answered: boolean) => void (this.answered = answered) };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    if (this.answered) return;
    this.answered = true;
    this.props.refuse();
  }
  override render() {
    return this.state.failed ? null : createElement(GuardContext.Provider, { value: this.answer }, this.props.children);
  }
}

/**
 * A family's root, guarded: a dialog that throws while it renders (a prompt
 * a host built by hand, or changed, that it cannot read) is refused instead,
 * once, through the family's own callbacks, and shows nothing. A question
 * nobody could read is never approved and never takes the page down.
 */
export function guardConsent<P extends object>(Root: ComponentType<P>, refuse: (props: P) => void, displayName: string): { (props: P): ReactNode; displayName: string } {
  const Guarded = (props: P) => createElement(ConsentGuard, { refuse: () => refuse(props) }, createElement(Root, props));
  Guarded.displayName = displayName;
  return Guarded;
}

/** The dialog root every consent family renders: Radix, non-modal (focus trap and page hiding are ours). */
export function ConsentDialogRoot({ state, children }: { state: Pick<ConsentRootState<unknown>, 'open' | 'onDialogOpenChange'>; children?: ReactNode }) {
  return (
    <Dialog.Root open={state.open} onOpenChange={state.onDialogOpenChange} modal={false}>
      {children}
    </Dialog.Root>
  );
}
