'use client';
import { useEffect, useRef } from 'react';

/**
 * Runs `onUnmount` when the component really unmounts. The call is deferred
 * one task and cancelled if the effect is set up again, so React StrictMode's
 * simulated unmount in development does not deny a pending approval.
 */
export function useUnmount(onUnmount: () => void): void {
  const latest = useRef(onUnmount);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = onUnmount;
  });
  useEffect(() => {
    if (pending.current !== undefined) {
      clearTimeout(pending.current);
      pending.current = undefined;
    }
    return () => {
      pending.current = setTimeout(() => latest.current(), 0);
    };
  }, []);
}
