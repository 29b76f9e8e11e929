'use client';
import { forwardRef, useMemo, type ComponentPropsWithoutRef } from 'react';
import { normalizeTrust, type Trust } from '../../core/decisions.js';
import { selectIcon } from '../../core/icons.js';
import { isRecord, type AnnotationIssueHandler } from '../../core/issues.js';
import type { Labels } from '../../internal/default-labels.js';
import { resolveToolHints, toolIdentity, toolRisk } from '../../core/tool-hints.js';
import type { Tool } from '../../core/types.js';
import { cx } from '../../internal/cx.js';
import { useLabels } from '../../internal/labels.js';
import { useColorScheme } from '../../internal/use-color-scheme.js';
import { ToolBadges } from '../tool-badges/tool-badges.js';

/** Props of {@link ToolSummary}. */
export interface ToolSummaryProps extends ComponentPropsWithoutRef<'div'> {
  /** The tool definition from `tools/list`. */
  tool: Tool | undefined;
  /** Trust of the tool's server. Default `untrusted`. */
  trust?: Trust | undefined;
  /** Theme the icon is shown on; default follows `prefers-color-scheme`. */
  theme?: 'light' | 'dark' | undefined;
  /**
   * Allows a remote (`https:`) icon to load. Off by default, because a remote
   * icon tells whoever serves it the user's address.
   */
  allowRemoteIcon?: ((url: string) => boolean) | undefined;
  /** Receives malformed annotations, titles and icons. */
  onAnnotationIssue?: AnnotationIssueHandler | undefined;
  /** Overrides for built-in strings. */
  labels?: Partial<Labels> | undefined;
}

/**
 * One tool at a glance: icon, display name, the real machine name whenever a
 * title is shown (a friendly title cannot hide what the tool is), badges and
 * description — all as plain text.
 *
 * @example
 * <ToolSummary tool={tool} trust="trusted" />
 */
export const ToolSummary = forwardRef<HTMLDivElement, ToolSummaryProps>(function ToolSummary(
  { tool, trust, theme, allowRemoteIcon, onAnnotationIssue, labels: labelOverrides, className, ...props },
  ref,
) {
  const labels = useLabels(labelOverrides);
  const scheme = useColorScheme(theme);
  const identity = useMemo(() => toolIdentity(tool, { onAnnotationIssue }), [tool, onAnnotationIssue]);
  const risk = useMemo(() => toolRisk(resolveToolHints(tool)), [tool]);
  const icon = useMemo(
    () => selectIcon(isRecord(tool) ? tool.icons : undefined, { theme: scheme, allowRemoteIcon, onAnnotationIssue }),
    [tool, scheme, allowRemoteIcon, onAnnotationIssue],
  );
  return (
    <div data-slot="tool-summary" data-risk={risk} data-trust={normalizeTrust(trust)} {...props} ref={ref} className={cx('mcp-tool-summary', className)}>
      <div data-slot="tool-summary-heading">
        {icon && <img data-slot="tool-summary-icon" src={icon.src} alt="" width={20} height={20} referrerPolicy="no-referrer" decoding="async" />}
        <span data-slot="tool-summary-name">{identity.displayName || labels.unnamedTool}</span>
        {identity.titled && identity.name && (
          <code data-slot="tool-summary-machine-name" translate="no">
            {identity.name}
          </code>
        )}
      </div>
      <ToolBadges tool={tool} trust={trust} labels={labelOverrides} onAnnotationIssue={onAnnotationIssue} />
      {identity.description && <p data-slot="tool-summary-description">{identity.description}</p>}
    </div>
  );
});
ToolSummary.displayName = 'ToolSummary';
