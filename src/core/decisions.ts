import { isRecord } from './issues.js';
import { annotationFingerprint, resolveToolHints, toolRisk, type ResolvedToolHints, type ToolRisk } from './tool-hints.js';
import type { Tool, ToolAnnotations } from './types.js';

/** How far the host trusts a server. The default everywhere is `untrusted`. */
export type Trust = 'trusted' | 'untrusted';

/**
 * Host-wide policy mode.
 * - `default`: confirmation as trust and hints require.
 * - `always-confirm`: every call is confirmed (high-stakes sessions).
 * - `read-only`: every tool that is not read-only is blocked.
 * - `offline`: every open-world tool is blocked.
 */
export type PolicyMode = 'default' | 'always-confirm' | 'read-only' | 'offline';

/** Host override for one tool name: run without asking (trusted only), always ask, or never run. */
export type ToolOverride = 'allow' | 'confirm' | 'deny';

/** What happens to a call. */
export type DecisionAction = 'run' | 'confirm' | 'block';

/** Machine-readable reasons behind a decision. */
export type DecisionReasonCode =
  | 'untrusted-server'
  | 'unknown-tool'
  | 'destructive'
  | 'modifies'
  | 'open-world'
  | 'hints-assumed'
  | 'always-confirm-mode'
  | 'read-only-mode'
  | 'offline-mode'
  | 'host-denied'
  | 'host-requires-confirmation'
  | 'host-allowed'
  | 'trusted-read-only'
  | 'remembered'
  | 'annotations-changed';

/** Default text for each reason; hosts may pass their own through `reasonLabels`. */
export const defaultReasonLabels: Record<DecisionReasonCode, string> = {
  'untrusted-server': 'This server is not trusted, so every call needs your approval.',
  'unknown-tool': 'This tool is not in the server’s tool list, so the worst is assumed.',
  destructive: 'This tool may delete or overwrite data.',
  modifies: 'This tool may change data.',
  'open-world': 'This tool may reach systems outside this app.',
  'hints-assumed': 'The server did not describe this tool fully; cautious defaults are assumed.',
  'always-confirm-mode': 'Every tool call needs approval in this session.',
  'read-only-mode': 'Only read-only tools may run in this session.',
  'offline-mode': 'Tools that reach outside this app are turned off.',
  'host-denied': 'This tool is turned off.',
  'host-requires-confirmation': 'This tool always needs approval.',
  'host-allowed': 'This tool is allowed to run without asking.',
  'trusted-read-only': 'A trusted server says this tool only reads.',
  remembered: 'You allowed this tool earlier in this conversation.',
  'annotations-changed': 'This tool’s description changed since you last allowed it.',
};

/** One reason, with a code for machines and text for people. */
export interface DecisionReason {
  code: DecisionReasonCode;
  text: string;
}

/** Who settled a call. */
export type DecidedBy = 'policy' | 'user' | 'remembered';

/** What {@link decideToolCall} needs to know about one call. */
export interface DecisionInput {
  /** The tool's definition from `tools/list`; `undefined` when unknown (worst case). */
  tool: Tool | undefined;
  /** Trust of the server. Default `untrusted`. */
  trust?: Trust | undefined;
  /** Host mode. Default `default`. */
  mode?: PolicyMode | undefined;
  /** Host overrides by tool name. */
  overrides?: Readonly<Record<string, ToolOverride>> | undefined;
  /** Name the call used, for overrides when the tool is unknown. */
  toolName?: string | undefined;
  /** Whether a remembered approval applies (see the approval store). */
  remembered?: boolean | undefined;
  /** Whether an approval was remembered for an earlier version of this tool's annotations. */
  annotationsChanged?: boolean | undefined;
  /** Text for reasons, overriding the defaults. */
  reasonLabels?: Partial<Record<DecisionReasonCode, string>> | undefined;
}

/** The policy's answer for one call. */
export interface ToolDecision {
  action: DecisionAction;
  risk: ToolRisk;
  reasons: DecisionReason[];
  hints: ResolvedToolHints;
  trust: Trust;
  mode: PolicyMode;
  /** `policy` or `remembered`; a confirmation is settled later by the `user`. */
  decidedBy: Exclude<DecidedBy, 'user'>;
}

const MODES: ReadonlySet<unknown> = new Set<PolicyMode>(['default', 'always-confirm', 'read-only', 'offline']);

/** Anything but exactly `'trusted'` is untrusted: typos fail closed. */
export function normalizeTrust(trust: unknown): Trust {
  return trust === 'trusted' ? 'trusted' : 'untrusted';
}

/** Unknown modes become `always-confirm`: typos fail closed. */
export function normalizeMode(mode: unknown): PolicyMode {
  if (mode === undefined) return 'default';
  return MODES.has(mode) ? (mode as PolicyMode) : 'always-confirm';
}

/**
 * Decides whether a call runs, needs confirmation or is blocked.
 *
 * - Untrusted servers never get `run`: every call is confirmed.
 * - Trusted servers: read-only tools run; everything else is confirmed
 *   unless the host allowed it or the user remembered an approval;
 *   destructive calls are always at least confirmed unless remembered with
 *   the host's opt-in.
 * - `read-only` and `offline` modes and `deny` overrides block.
 * - An unknown tool is the worst case: destructive, open-world.
 */
export function decideToolCall(input: DecisionInput): ToolDecision {
  const trust = normalizeTrust(input.trust);
  const mode = normalizeMode(input.mode);
  const tool = isRecord(input.tool) ? input.tool : undefined;
  const hints = resolveToolHints(tool);
  const risk = toolRisk(hints);
  const name = typeof tool?.name === 'string' ? tool.name : input.toolName;
  const override = name !== undefined && input.overrides && Object.hasOwn(input.overrides, name) ? input.overrides[name] : undefined;
  const labels = input.reasonLabels;
  const reason = (code: DecisionReasonCode): DecisionReason => ({ code, text: labels?.[code] ?? defaultReasonLabels[code] });
  const reasons: DecisionReason[] = [];
  const add = (code: DecisionReasonCode) => reasons.push(reason(code));
  const result = (action: DecisionAction): ToolDecision => ({ action, risk, reasons, hints, trust, mode, decidedBy: 'policy' });
  // A call that runs without asking has exactly one reason: why it may.
  const runBecause = (code: DecisionReasonCode, decidedBy: ToolDecision['decidedBy'] = 'policy'): ToolDecision => ({ ...result('run'), reasons: [reason(code)], decidedBy });

  // Blocks first: they hold whatever else is true.
  if (override === 'deny') add('host-denied');
  if (mode === 'read-only' && !hints.readOnly) add('read-only-mode');
  if (mode === 'offline' && hints.openWorld) add('offline-mode');
  if (reasons.length > 0) return result('block');

  if (!tool) add('unknown-tool');
  if (trust === 'untrusted') add('untrusted-server');
  if (mode === 'always-confirm') add('always-confirm-mode');
  if (override === 'confirm') add('host-requires-confirmation');
  if (input.annotationsChanged) add('annotations-changed');
  const forced = reasons.length > 0;
  if (risk === 'destructive') add('destructive');
  else if (risk === 'write') add('modifies');
  if (hints.openWorld && risk !== 'read') add('open-world');
  if (!hints.declared.readOnly || (!hints.readOnly && !hints.declared.destructive)) add('hints-assumed');

  if (!forced) {
    if (input.remembered) return runBecause('remembered', 'remembered');
    if (risk === 'read') return runBecause('trusted-read-only');
    if (override === 'allow' && risk === 'write') return runBecause('host-allowed');
  }
  return result('confirm');
}

/**
 * Whether a failed call may be retried without asking again: only for an
 * idempotent (or read-only) tool of a trusted server. Otherwise a retry is a
 * new call and is decided again.
 */
export function canRetryWithoutAsking(tool: Tool | undefined, trust: Trust | undefined): boolean {
  return normalizeTrust(trust) === 'trusted' && resolveToolHints(tool).idempotent;
}

/** What a host gets for every settled call, to log or audit. */
export interface DecisionRecord {
  serverId: string;
  toolName: string;
  /** The annotations exactly as the server sent them. */
  annotations: ToolAnnotations | undefined;
  fingerprint: string;
  hints: ResolvedToolHints;
  trust: Trust;
  mode: PolicyMode;
  risk: ToolRisk;
  /** What the policy said before anyone was asked. */
  policyAction: DecisionAction;
  /** The final outcome. */
  outcome: 'run' | 'denied' | 'blocked';
  decidedBy: DecidedBy;
  reasons: DecisionReason[];
  /** Whether the user asked to remember the approval, and it was stored. */
  remembered: boolean;
  /** Milliseconds since the epoch. */
  timestamp: number;
}

/** Builds the record reported to `onDecision`. */
export function decisionRecord(
  decision: ToolDecision,
  call: { serverId: string; tool: Tool | undefined; toolName?: string | undefined },
  settled: { outcome: DecisionRecord['outcome']; decidedBy: DecidedBy; remembered?: boolean; timestamp: number },
): DecisionRecord {
  const tool = isRecord(call.tool) ? call.tool : undefined;
  return {
    serverId: call.serverId,
    toolName: typeof tool?.name === 'string' ? tool.name : (call.toolName ?? ''),
    annotations: tool?.annotations,
    fingerprint: annotationFingerprint(tool),
    hints: decision.hints,
    trust: decision.trust,
    mode: decision.mode,
    risk: decision.risk,
    policyAction: decision.action,
    outcome: settled.outcome,
    decidedBy: settled.decidedBy,
    reasons: decision.reasons,
    remembered: settled.remembered ?? false,
    timestamp: settled.timestamp,
  };
}
