'use client';
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** The colour scheme to pick assets for: the host's explicit choice, else the OS preference (light on the server). */
export function useColorScheme(explicit?: 'light' | 'dark'): 'light' | 'dark' {
  const prefersDark = useSyncExternalStore(
    subscribe,
    () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(QUERY).matches,
    () => false,
  );
  return explicit ?? (prefersDark ? 'dark' : 'light');
}
