'use client';
import { createContext, forwardRef, useContext, useMemo, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { formatLabel, type Labels } from '../../internal/default-labels.js';
import { normalizeTrust, type Trust } from '../../core/decisions.js';
import type { AnnotationIssueHandler } from '../../core/issues.js';
import { resolveToolHints, toolBadges, type ToolBadgeKind, type ToolBadgeSpec } from '../../core/tool-hints.js';
import type { Tool } from '../../core/types.js';
import { cx } from '../../internal/cx.js';
import { Icon } from '../../internal/icons.js';
import { useLabels } from '../../internal/labels.js';
import { useTooltip } from '../../internal/use-tooltip.js';

const ROOT_NAME = 'ToolBadges.Root';
const BADGE_NAME = 'ToolBadges.Badge';

interface ToolBadgesContextValue {
  trust: Trust;
  labels: Labels;
}

const ToolBadgesContext = createContext<ToolBadgesContextValue | null>(null);

function useToolBadgesContext(part: string): ToolBadgesContextValue {
  const context = useContext(ToolBadgesContext);
  if (!context) throw new Error(`<${part}> must be rendered inside <${ROOT_NAME}>.`);
  return context;
}

/** Props of {@link ToolBadgesRoot}. */
export interface ToolBadgesRootProps extends Omit<ComponentPropsWithoutRef<'ul'>, 'children'> {
  /** The tool definition; `undefined` for an unknown tool (worst case). */
  tool: Tool | undefined;
  /** Trust of the tool's server. Default `untrusted`: badges read as the server's claims. */
  trust?: Trust | undefined;
  /** Receives malformed annotations. */
  onAnnotationIssue?: AnnotationIssueHandler | undefined;
  /** Overrides for built-in strings. */
  labels?: Partial<Labels> | undefined;
  /** Badges to render; a function receives the computed badges so a host can reorder or restyle them. */
  children?: ReactNode | ((badges: ToolBadgeSpec[]) => ReactNode);
}

/**
 * A list of hint badges for one tool. Without children it renders every
 * badge; with a function child it hands over the computed badges.
 *
 * @example
 * <ToolBadgesRoot tool={tool} trust="trusted">
 *   {(badges) => badges.map((b) => <ToolBadge key={b.kind} badge={b} />)}
 * </ToolBadgesRoot>
 */
export const ToolBadgesRoot = forwardRef<HTMLUListElement, ToolBadgesRootProps>(function ToolBadgesRoot(
  { tool, trust, onAnnotationIssue, labels: labelOverrides, children, className, ...props },
  ref,
) {
  const labels = useLabels(labelOverrides);
  const normalizedTrust = normalizeTrust(trust);
  const badges = useMemo(() => toolBadges(resolveToolHints(tool, { onAnnotationIssue })), [tool, onAnnotationIssue]);
  const context = useMemo(() => ({ trust: normalizedTrust, labels }), [normalizedTrust, labels]);
  return (
    <ToolBadgesContext.Provider value={context}>
      <ul aria-label={labels.toolHints} data-slot="tool-badges" data-trust={normalizedTrust} {...props} ref={ref} className={cx('mcp-tool-badges', className)}>
        {typeof children === 'function' ? children(badges) : (children ?? badges.map((badge) => <ToolBadge key={badge.kind} badge={badge} />))}
      </ul>
    </ToolBadgesContext.Provider>
  );
});
ToolBadgesRoot.displayName = ROOT_NAME;

const LABEL_KEYS: Record<ToolBadgeKind, [keyof Labels, keyof Labels]> = {
  'read-only': ['readOnly', 'readOnlyDescription'],
  write: ['write', 'writeDescription'],
  destructive: ['destructive', 'destructiveDescription'],
  idempotent: ['idempotent', 'idempotentDescription'],
  'open-world': ['openWorld', 'openWorldDescription'],
  'closed-world': ['closedWorld', 'closedWorldDescription'],
};

/** Props of {@link ToolBadge}. */
export interface ToolBadgeProps extends ComponentPropsWithoutRef<'li'> {
  /** One badge from the root's computed list. */
  badge: ToolBadgeSpec;
}

/**
 * One hint badge: an icon, a text label and a plain-words explanation shown
 * on hover and focus (and always available as its accessible description).
 * Assumed hints say "assumed"; an untrusted server's hints read as claims.
 */
export const ToolBadge = forwardRef<HTMLLIElement, ToolBadgeProps>(function ToolBadge({ badge, className, onFocus, onBlur, onMouseEnter, onMouseLeave, onKeyDown, ...props }, ref) {
  const { trust, labels } = useToolBadgesContext(BADGE_NAME);
  const tooltip = useTooltip<HTMLLIElement>({ onFocus, onBlur, onMouseEnter, onMouseLeave, onKeyDown });
  const [labelKey, descriptionKey] = LABEL_KEYS[badge.kind];
  const claimed = badge.declared && trust === 'untrusted';
  const text = claimed ? formatLabel(labels.claimed, { label: labels[labelKey] }) : labels[labelKey];
  const qualifier = badge.declared ? (trust === 'untrusted' ? labels.claimDescription : '') : labels.assumedDescription;
  return (
    <li
      data-slot="tool-badge"
      data-kind={badge.kind}
      data-hint={badge.hint}
      data-value={String(badge.value)}
      data-declared={String(badge.declared)}
      data-trust={trust}
      {...props}
      {...tooltip.triggerProps}
      ref={ref}
      className={cx('mcp-tool-badge', className)}
    >
      <Icon name={badge.kind} />
      <span data-slot="tool-badge-label">{text}</span>
      {!badge.declared && <span data-slot="tool-badge-assumed">{` (${labels.assumed})`}</span>}
      <span data-slot="tool-badge-tooltip" {...tooltip.tooltipProps}>
        {labels[descriptionKey]}
        {qualifier && ` ${qualifier}`}
      </span>
    </li>
  );
});
ToolBadge.displayName = BADGE_NAME;

/** Props of {@link ToolBadges}. */
export type ToolBadgesProps = Omit<ToolBadgesRootProps, 'children'>;

/**
 * Every hint badge for a tool, in the default order.
 *
 * @example
 * <ToolBadges tool={tool} trust={server.trusted ? 'trusted' : 'untrusted'} />
 */
export const ToolBadges = forwardRef<HTMLUListElement, ToolBadgesProps>(function ToolBadges(props, ref) {
  return <ToolBadgesRoot {...props} ref={ref} />;
});
ToolBadges.displayName = 'ToolBadges';

export { ToolBadgesRoot as Root, ToolBadge as Badge };
