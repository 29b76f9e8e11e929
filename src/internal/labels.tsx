'use client';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { defaultLabels, type Labels } from './default-labels.js';

// null until a provider sets labels, so reading one label needs no default table.
const LabelsContext = createContext<Labels | null>(null);

/** Props of {@link LabelsProvider}. */
export interface LabelsProviderProps {
  /** Strings to replace; the rest keep their English defaults. */
  labels: Partial<Labels>;
  children?: ReactNode;
}

/**
 * Translates every built-in string below it. Nested providers merge.
 *
 * @example
 * <LabelsProvider labels={{ approve: 'Erlauben', deny: 'Ablehnen' }}>…</LabelsProvider>
 */
export function LabelsProvider({ labels, children }: LabelsProviderProps) {
  const parent = useContext(LabelsContext) ?? defaultLabels;
  const value = useMemo(() => ({ ...parent, ...labels }), [parent, labels]);
  return <LabelsContext.Provider value={value}>{children}</LabelsContext.Provider>;
}

/** The labels in effect, with a component's own `labels` prop applied last. */
export function useLabels(overrides?: Partial<Labels>): Labels {
  const context = useContext(LabelsContext) ?? defaultLabels;
  return useMemo(() => (overrides ? { ...context, ...overrides } : context), [context, overrides]);
}

/** Makes already-merged labels the context for a subtree, so its parts need no merge of their own. */
export function LabelsScope({ labels, children }: { labels: Labels; children?: ReactNode }) {
  const parent = useContext(LabelsContext) ?? defaultLabels;
  return parent === labels ? <>{children}</> : <LabelsContext.Provider value={labels}>{children}</LabelsContext.Provider>;
}

/** One label: the component's `labels` prop, else the nearest provider's, else `fallback` (the default). */
export function useLabel<K extends keyof Labels>(key: K, overrides: Partial<Labels> | undefined, fallback: string): string {
  const context = useContext(LabelsContext);
  return overrides?.[key] ?? context?.[key] ?? fallback;
}
