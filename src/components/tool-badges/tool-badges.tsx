'use client';
import { createContext, forwardRef, useContext, useId, useMemo, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import type { Trust } from '../../core/shared/policy.js';
import type { AnnotationIssueHandler } from '../../core/shared/issues.js';
import { presentTool, type PresentedBadge } from '../../core/tool/presentation.js';
import type { ToolBadgeKind } from '../../core/tool/tool-hints.js';
import type { Tool } from '../../core/shared/types.js';
import { badgeLabels, formatLabel, type BadgeLabels, type Labels } from '../../internal/default-labels.js';
import { Icon } from '../../internal/icons.js';
import { useLabels, useLocale } from '../../internal/labels.js';
import { useComposedRefs } from '@radix-ui/react-compose-refs';
import { tooltipTrigger } from '../../internal/use-tooltip.js';
import { useServerTrust, useToolShadows } from '../consent-provider/approval-context.js';

const ROOT_NAME = 'ToolBadge.Root';
const ITEM_NAME = 'ToolBadge.Item';

interface ToolBadgesContextValue {
  trust: Trust;
  labels: BadgeLabels;
}

const ToolBadgesContext = createContext<ToolBadgesContextValue | null>(null);

function useToolBadgesContext(part: string): ToolBadgesContextValue {
  const context = useContext(ToolBadgesContext);
  if (!context) throw new Error(`<${part}> must be rendered inside <${ROOT_NAME}>.`);
  return context;
}

/** Props of {@link ToolBadgeRoot}. */
export interface ToolBadgeRootProps extends Omit<ComponentPropsWithoutRef<'ul'>, 'children'> {
  /** The tool definition; `undefined` for an unknown tool (worst case). */
  tool: Tool | undefined;
  /** The name the call used, for an unknown tool. */
  toolName?: string | undefined;
  /**
   * Server of the tool. Inside a `ConsentProvider` its trust comes from
   * the provider, so every component shows the same verdict.
   */
  serverId?: string | undefined;
  /** Trust of the tool's server when there is no provider. Default `untrusted`: badges read as the server's claims. */
  trust?: Trust | undefined;
  /** Show "Unverified" once when an untrusted server declared some hints. Default true. */
  unverifiedNote?: boolean | undefined;
  /** Receives malformed annotations. */
  onAnnotationIssue?: AnnotationIssueHandler | undefined;
  /** Overrides for built-in strings. */
  labels?: Partial<Labels> | undefined;
  /** Badges to render; a function receives the presented badges so a host can reorder or restyle them. */
  children?: ReactNode | ((badges: PresentedBadge[]) => ReactNode);
}

/**
 * A list of hint badges for one tool: risk first and prominent, the rest
 * quiet. For an untrusted server it says once that the hints are unverified.
 * Without children it renders every badge; with a function child it hands
 * over the presented badges.
 *
 * @example
 * <ToolBadge.Root tool={tool} serverId="files">
 *   {(badges) => badges.map((b) => <ToolBadge.Item key={b.kind} badge={b} />)}
 * </ToolBadge.Root>
 */
export const ToolBadgeRoot = forwardRef<HTMLUListElement, ToolBadgeRootProps>(function ToolBadgeRoot(
  { tool, toolName, serverId, trust: trustProp, unverifiedNote = true, onAnnotationIssue, labels: labelOverrides, children, className, ...props },
  ref,
) {
  const labels = useLabels(labelOverrides, badgeLabels);
  const locale = useLocale();
  const trust = useServerTrust(serverId, trustProp);
  const presentation = useMemo(() => presentTool(tool, { trust, toolName, onAnnotationIssue }), [tool, trust, toolName, onAnnotationIssue]);
  const context = useMemo(() => ({ trust, labels }), [trust, labels]);
  const showNote = unverifiedNote && presentation.unverified;
  // Shadowing is the provider's knowledge (its `toolLists`), not the tool's: shown first, in the risk colour.
  const shadows = useToolShadows(serverId, tool?.name || toolName);
  return (
    <ToolBadgesContext.Provider value={context}>
      <ul aria-label={labels.toolHints} data-slot="tool-badges" data-trust={trust} data-risk={presentation.risk} {...props} ref={ref} className={className}>
        {showNote && (
          <li data-slot="tool-badges-unverified" title={labels.claimDescription}>
            {labels.unverified}
          </li>
        )}
        {shadows.length > 0 && (
          <li data-slot="tool-badges-shadowed" data-kind="shadowed" data-tier="risk" title={labels.shadowedDescription}>
            <Icon name="warning" />
            <span data-slot="tool-badge-label">
              {formatLabel(labels.shadowed, { servers: shadows }, locale)}
            </span>
          </li>
        )}
        {typeof children === 'function' ? children(presentation.badges) : (children ?? presentation.badges.map((badge) => <ToolBadgeItem key={badge.kind} badge={badge} />))}
      </ul>
    </ToolBadgesContext.Provider>
  );
});
ToolBadgeRoot.displayName = ROOT_NAME;

const LABEL_KEYS: Record<ToolBadgeKind, [keyof Labels, keyof Labels]> = {
  'read-only': ['readOnly', 'readOnlyDescription'],
  write: ['write', 'writeDescription'],
  destructive: ['destructive', 'destructiveDescription'],
  idempotent: ['idempotent', 'idempotentDescription'],
  'open-world': ['openWorld', 'openWorldDescription'],
  'closed-world': ['closedWorld', 'closedWorldDescription'],
  background: ['background', 'backgroundDescription'],
};

/** Props of {@link ToolBadgeItem}. */
export interface ToolBadgeItemProps extends ComponentPropsWithoutRef<'li'> {
  /** One badge from the root's presented list (or `presentTool(...).badges`). */
  badge: PresentedBadge;
}

/**
 * One hint badge: an icon, a text label and a plain-words explanation shown
 * on hover and always available as its accessible description. It is not a
 * tab stop. Assumed hints say "assumed".
 */
export const ToolBadgeItem = forwardRef<HTMLLIElement, ToolBadgeItemProps>(function ToolBadgeItem({ badge, className, ...props }, ref) {
  const { trust, labels } = useToolBadgesContext(ITEM_NAME);
  const tooltipId = useId();
  const composedRef = useComposedRefs(ref, tooltipTrigger);
  const [labelKey, descriptionKey] = LABEL_KEYS[badge.kind];
  const status = badge.status ?? (!badge.declared ? 'assumed' : trust === 'trusted' ? 'verified' : 'claimed');
  const qualifier = status === 'assumed' ? labels.assumedDescription : status === 'claimed' ? labels.claimDescription : '';
  return (
    <li
      data-slot="tool-badge"
      data-kind={badge.kind}
      data-hint={badge.hint}
      data-value={String(badge.value)}
      data-declared={String(badge.declared)}
      data-status={status}
      data-tier={badge.tier ?? 'risk'}
      data-trust={trust}
      aria-describedby={tooltipId}
      {...props}
      ref={composedRef} className={className}
    >
      <Icon name={badge.kind} />
      <span data-slot="tool-badge-label">
        {labels[labelKey]}
      </span>
      {status === 'assumed' && <span data-slot="tool-badge-assumed">{` (${labels.assumed})`}</span>}
      <span data-slot="tool-badge-tooltip" id={tooltipId} role="tooltip" hidden>
        {labels[descriptionKey]}
        {qualifier && ` ${qualifier}`}
      </span>
    </li>
  );
});
ToolBadgeItem.displayName = ITEM_NAME;

/** Props of {@link ToolBadges}. */
export type ToolBadgesProps = Omit<ToolBadgeRootProps, 'children'>;

/**
 * Every hint badge for a tool, in the default order.
 *
 * @example
 * <ToolBadges tool={tool} serverId="files" />
 */
export const ToolBadges = forwardRef<HTMLUListElement, ToolBadgesProps>(function ToolBadges(props, ref) {
  return <ToolBadgeRoot {...props} ref={ref} />;
});
ToolBadges.displayName = 'ToolBadges';
