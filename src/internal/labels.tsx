'use client';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Locale } from '../core/text/format.js';
import type { Labels } from './default-labels.js';

// The host's words only (a partial table), null until a provider sets some: each component
// family lays them over its own defaults, so a bundle carries only the families it uses.
const LabelsContext = createContext<Partial<Labels> | null>(null);
// The host's locale, given once: plural rules, "x or y" lists, dates, numbers and sizes follow it.
const LocaleContext = createContext<Locale>(undefined);

/**
 * A host's table read once as data: its string entries (a value that is not
 * a string keeps its default). A table that throws when read (a getter, a
 * revoked proxy) gives nothing, so every default shows. Never throws.
 */
function hostTable(table: unknown): Partial<Labels> {
  try {
    // fromEntries defines each key: a `__proto__` entry is just an entry.
    return Object.fromEntries(Object.entries(table ?? {}).filter((entry) => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** Props of {@link LabelsProvider}. */
export interface LabelsProviderProps {
  /** Strings to replace (a whole table such as `react-mcp-annotations/locales/de`, or a few); the rest keep their English defaults. */
  labels?: Partial<Labels> | undefined;
  /**
   * The locale the words are in (BCP 47, e.g. `"de"`). Plurals, lists ("x
   * or y"), dates, relative times, numbers and sizes below follow it; a
   * component's own `locale` prop still wins. Default: the runtime's.
   */
  locale?: string | readonly string[] | undefined;
  children?: ReactNode;
}

/**
 * Translates every built-in string below it. Nested providers merge.
 *
 * @example
 * <LabelsProvider labels={de} locale="de">…</LabelsProvider>
 */
export function LabelsProvider({ labels, locale, children }: LabelsProviderProps) {
  const parent = useContext(LabelsContext);
  const parentLocale = useContext(LocaleContext);
  const value = useMemo(() => (labels ? { ...parent, ...hostTable(labels) } : parent), [parent, labels]);
  const content = <LabelsContext.Provider value={value}>{children}</LabelsContext.Provider>;
  return locale === undefined || locale === parentLocale ? content : <LocaleContext.Provider value={locale}>{content}</LocaleContext.Provider>;
}

/** The locale in effect: a component's own `locale` prop, else the nearest provider's, else the runtime's (`undefined`). */
export function useLocale(own?: Locale): Locale {
  const context = useContext(LocaleContext);
  return own ?? context;
}

/**
 * The labels in effect: the family's defaults (passed by each component, so
 * it carries only its own words), then the nearest provider's, then the
 * component's own `labels` prop.
 */
export function useLabels<T extends Readonly<Record<string, string>>>(overrides: Partial<Labels> | undefined, defaults: T): { [K in keyof T]: string } & Partial<Labels> {
  const context = useContext(LabelsContext);
  return useMemo(() => (context || overrides ? { ...defaults, ...context, ...hostTable(overrides) } : defaults), [defaults, context, overrides]) as { [K in keyof T]: string } & Partial<Labels>;
}

/** Makes already-merged labels the context for a subtree, so its parts need no merge of their own. */
export function LabelsScope({ labels, children }: { labels: Partial<Labels>; children?: ReactNode }) {
  const parent = useContext(LabelsContext);
  return parent === labels ? <>{children}</> : <LabelsContext.Provider value={labels}>{children}</LabelsContext.Provider>;
}

/** One label: the component's `labels` prop, else the nearest provider's, else `fallback` (the default). */
export function useLabel<K extends keyof Labels>(key: K, overrides: Partial<Labels> | undefined, fallback: string): string {
  const context = useContext(LabelsContext);
  return hostTable(overrides)[key] ?? context?.[key] ?? fallback;
}
