import { normalizeTrust, type Trust } from '../shared/policy.js';
import { safeName } from '../text/sanitize.js';
import type { AnnotationIssueHandler } from '../shared/issues.js';
import {
  resolveToolHints,
  snapshotTool,
  toolBadges,
  toolIdentity,
  toolRisk,
  TOOL_NAME_MAX_LENGTH,
  type ResolvedToolHints,
  type ToolBadgeSpec,
  type ToolRisk,
} from './tool-hints.js';

/**
 * How far a badge can be believed: `verified` (a trusted server declared
 * it), `claimed` (an untrusted server declared it) or `assumed` (nobody
 * declared it; the cautious default).
 */
export type BadgeStatus = 'verified' | 'claimed' | 'assumed';

/** `risk` badges (read-only, writes, destructive) lead; `detail` badges (retry, reach, background) are quiet. */
export type BadgeTier = 'risk' | 'detail';

/** One badge as it should be shown. */
export interface PresentedBadge extends ToolBadgeSpec {
  status: BadgeStatus;
  tier: BadgeTier;
}

/** Everything a component needs to present one tool, decided once. */
export interface ToolPresentation {
  /** Whether the tool's definition is known. An unknown tool is the worst case. */
  known: boolean;
  /** The machine name as safe text (for an unknown tool, the name the call used); `''` when none. */
  name: string;
  /** What to call it: title by spec precedence, else the name; `''` when neither exists. */
  displayName: string;
  /** Show the machine name next to the display name (a title is shown, so the real name must be too). */
  showMachineName: boolean;
  /** Plain-text description, or `''`. */
  description: string;
  trust: Trust;
  hints: ResolvedToolHints;
  risk: ToolRisk;
  /** Badges in display order, each with its status and tier. */
  badges: PresentedBadge[];
  /** Some badge is an untrusted server's claim: say once that the hints are unverified. */
  unverified: boolean;
  /** The tool must run as a background task (`execution.taskSupport: "required"`). */
  runsInBackground: boolean;
}

/** Options for {@link presentTool}. */
export interface PresentToolOptions {
  /** Trust of the tool's server. Default `untrusted`. */
  trust?: Trust | undefined;
  /** The name the call used, shown when the tool is unknown. */
  toolName?: string | undefined;
  onAnnotationIssue?: AnnotationIssueHandler | undefined;
}

/**
 * The one place that decides how a tool is presented: its names (always
 * sanitised, the machine name beside any title), its risk and each badge's
 * status. Badges, summaries, cards and confirmations all call it, so they
 * can never disagree. Never throws.
 */
export function presentTool(tool: unknown, options: PresentToolOptions = {}): ToolPresentation {
  options ??= {};
  const snapshot = snapshotTool(tool, options);
  const trust = normalizeTrust(options.trust);
  const hints = resolveToolHints(snapshot, options);
  const identity = toolIdentity(snapshot, options);
  const callName = safeName(options.toolName, TOOL_NAME_MAX_LENGTH);
  const name = identity.name || callName;
  const badges: PresentedBadge[] = toolBadges(hints).map((badge) => ({
    ...badge,
    status: !badge.declared ? 'assumed' : trust === 'trusted' ? 'verified' : 'claimed',
    tier: badge.kind === 'read-only' || badge.kind === 'write' || badge.kind === 'destructive' ? 'risk' : 'detail',
  }));
  const taskSupport = snapshot?.execution?.taskSupport;
  const runsInBackground = taskSupport === 'required';
  if (runsInBackground) badges.push({ kind: 'background', hint: 'taskSupport', value: true, declared: true, status: trust === 'trusted' ? 'verified' : 'claimed', tier: 'detail' });
  return {
    known: snapshot !== undefined,
    name,
    displayName: identity.displayName || name,
    showMachineName: identity.titled && identity.name !== '',
    description: identity.description,
    trust,
    hints,
    risk: toolRisk(hints),
    badges,
    unverified: badges.some((badge) => badge.status === 'claimed'),
    runsInBackground,
  };
}
