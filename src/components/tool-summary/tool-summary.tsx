'use client';
import { forwardRef, useMemo, type ComponentPropsWithoutRef } from 'react';
import type { Trust } from '../../core/shared/policy.js';
import { selectIcon } from '../../core/content/icons.js';
import type { AnnotationIssueHandler } from '../../core/shared/issues.js';
import { presentTool } from '../../core/tool/presentation.js';
import { snapshotTool } from '../../core/tool/tool-hints.js';
import type { Tool } from '../../core/shared/types.js';
import type { Labels } from '../../internal/default-labels.js';
import { badgeLabels } from '../../internal/default-labels.js';
import { useLabels } from '../../internal/labels.js';
import { useColorScheme } from '../../internal/use-color-scheme.js';
import { useServerTrust } from '../consent-provider/approval-context.js';
import { ToolBadges } from '../tool-badges/tool-badges.js';

/** Props of {@link ToolSummary}. */
export interface ToolSummaryProps extends ComponentPropsWithoutRef<'div'> {
  /** The tool definition from `tools/list`. */
  tool: Tool | undefined;
  /** Server of the tool. Inside a `ConsentProvider` its trust comes from the provider. */
  serverId?: string | undefined;
  /** Trust of the tool's server when there is no provider. Default `untrusted`. */
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
 * <ToolSummary tool={tool} serverId="files" />
 */
export const ToolSummary = forwardRef<HTMLDivElement, ToolSummaryProps>(function ToolSummary(
  { tool, serverId, trust: trustProp, theme, allowRemoteIcon, onAnnotationIssue, labels: labelOverrides, className, ...props },
  ref,
) {
  const labels = useLabels(labelOverrides, badgeLabels);
  const scheme = useColorScheme(theme);
  const trust = useServerTrust(serverId, trustProp);
  const snapshot = useMemo(() => snapshotTool(tool, { onAnnotationIssue }), [tool, onAnnotationIssue]);
  const presentation = useMemo(() => presentTool(snapshot, { trust, onAnnotationIssue }), [snapshot, trust, onAnnotationIssue]);
  const icon = useMemo(() => selectIcon(snapshot?.icons, { theme: scheme, allowRemoteIcon, onAnnotationIssue }), [snapshot, scheme, allowRemoteIcon, onAnnotationIssue]);
  return (
    <div data-slot="tool-summary" data-risk={presentation.risk} data-trust={trust} {...props} ref={ref} className={className}>
      <div data-slot="tool-summary-heading">
        {icon && <img data-slot="tool-summary-icon" src={icon.src} alt="" width={20} height={20} referrerPolicy="no-referrer" decoding="async" />}
        <span data-slot="tool-summary-name">
          {presentation.displayName || labels.unnamedTool}
        </span>
        {presentation.showMachineName && (
          <code data-slot="tool-summary-machine-name" translate="no">
            {presentation.name}
          </code>
        )}
      </div>
      <ToolBadges tool={snapshot} serverId={serverId} trust={trust} labels={labelOverrides} />
      {presentation.description && (
        <p data-slot="tool-summary-description">
          {presentation.description}
        </p>
      )}
    </div>
  );
});
ToolSummary.displayName = 'ToolSummary';
