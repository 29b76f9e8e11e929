/**
 * The tool decision: whether one call runs, asks or is blocked, with its
 * risk and reasons, from the tool's hints, the server's trust and the host's
 * policy. A pure function of its input; the consent flow (consent/) and the
 * tool kind call it with the controller's state.
 */
import { isRecord } from '../shared/issues.js';
import { copyArray, ownData, UNREADABLE } from '../shared/read.js';
import { normalizeMode, normalizeTrust, type DecidedBy, type DecisionAction, type PolicyMode, type ToolOverride, type Trust } from '../shared/policy.js';
import { safeName } from '../text/sanitize.js';
import type { DecisionReason } from '../text/reasons.js';
import type { ConsentReasonCode } from '../consent/reasons.js';
import { resolveToolHints, snapshotTool, toolRisk, type ResolvedToolHints, type ToolFingerprint, type ToolHintName, type ToolRisk } from './tool-hints.js';
import { defaultChangeLabels, type ToolReasonCode } from './reasons.js';
import type { Tool } from '../shared/types.js';

/** Why a tool call was decided as it was. */
export type ToolDecisionReasonCode = ToolReasonCode | ConsentReasonCode;

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
  /** Names of other servers that offer this tool's name, or a look-alike of it (shadowing): it always asks. */
  shadowedBy?: readonly string[] | undefined;
  /** The name of the configured server this server's name looks like (squatting): it always asks. */
  lookAlikeOf?: string | undefined;
  /**
   * Whether an approval was remembered for an earlier version of this tool.
   * `true`, or the parts that changed (`['title']`), which the reason names.
   */
  annotationsChanged?: boolean | readonly (keyof ToolFingerprint)[] | undefined;
  /**
   * This call repeats one that failed. A retry is decided like any call, with
   * today's trust, mode, overrides and memory; it skips the question only for
   * an idempotent, non-destructive tool of a trusted server that nothing else
   * makes ask.
   */
  retry?: boolean | undefined;
  /** Open-world content entered the conversation (the taint guard is on and tripped). */
  tainted?: boolean | undefined;
  /** The server was configured when the call was requested and is gone now: block. */
  serverRemoved?: boolean | undefined;
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

/**
 * The hints that were assumed (not declared) and matter for a call with
 * these hints. A declared `destructiveHint: true` already answers whether the
 * tool only reads, and whether a read-only tool destroys data is moot.
 */
export function assumedHints(hints: ResolvedToolHints, options: { retry?: boolean | undefined } = {}): ToolHintName[] {
  options ??= {};
  const out: ToolHintName[] = [];
  const destructiveDeclaredTrue = hints.declared.destructive && hints.destructive;
  if (!hints.declared.readOnly && !destructiveDeclaredTrue) out.push('readOnly');
  if (!hints.readOnly && !hints.declared.destructive) out.push('destructive');
  if (options.retry && !hints.readOnly && !hints.declared.idempotent) out.push('idempotent');
  if (!hints.declared.openWorld) out.push('openWorld');
  return out;
}

// Reasons that make a call ask whatever the hints say.
const FORCING: ReadonlySet<string> = new Set<ToolDecisionReasonCode>([
  'tool-shadowed',
  'server-look-alike',
  'unknown-tool',
  'untrusted-server',
  'always-confirm-mode',
  'host-requires-confirmation',
  'annotations-changed',
  'tainted',
]);

/**
 * Decides whether a call runs, needs confirmation or is blocked.
 *
 * - Untrusted servers never get `run`: every call is confirmed.
 * - Trusted servers: read-only tools run; everything else is confirmed
 *   unless the host allowed it or the user remembered an approval;
 *   destructive calls are always at least confirmed unless remembered with
 *   the host's opt-in.
 * - `read-only` and `offline` modes, `deny` overrides and a server removed
 *   from the configuration block.
 * - A retry (`retry: true`) is a new call: the same rules, and it skips the
 *   question only for an idempotent, non-destructive tool of a trusted server.
 * - The taint guard (`tainted: true`) makes writes and open-world calls ask.
 * - An unknown tool is the worst case: destructive, open-world.
 *
 * Never throws: an unreadable tool is an unknown tool.
 */
export function decideToolCall(input: DecisionInput): ToolDecision {
  const trust = normalizeTrust(ownData(input, 'trust'));
  const mode = normalizeMode(ownData(input, 'mode'));
  const tool = snapshotTool(ownData(input, 'tool'));
  const hints = resolveToolHints(tool);
  const risk = toolRisk(hints);
  const callName = ownData(input, 'toolName');
  const name = tool && tool.name !== '' ? tool.name : typeof callName === 'string' ? callName : undefined;
  const overrides = ownData(input, 'overrides');
  const overrideValue = name !== undefined && isRecord(overrides) ? ownData(overrides, name) : undefined;
  const override = overrideValue === 'allow' || overrideValue === 'confirm' || overrideValue === 'deny' ? overrideValue : overrideValue === undefined ? undefined : 'confirm';
  const flag = (key: string) => ownData(input, key) === true;
  const retry = flag('retry');
  const changedValue = ownData(input, 'annotationsChanged');
  const changed = changedValue === true || (Array.isArray(changedValue) && changedValue.length > 0) || changedValue === UNREADABLE;
  const reasons: DecisionReason[] = [];
  const add = (code: ToolDecisionReasonCode) => {
    const reason: DecisionReason = { code };
    if (code === 'hints-assumed') reason.hints = assumedHints(hints, { retry });
    else if (code === 'tool-shadowed') reason.servers = (copyArray(ownData(input, 'shadowedBy'), 16) ?? []).map((name) => safeName(name, 80)).filter(Boolean);
    else if (code === 'server-look-alike') reason.server = safeName(ownData(input, 'lookAlikeOf'), 80);
    else if (code === 'annotations-changed') {
      const parts = Array.isArray(changedValue) ? (changedValue as (keyof ToolFingerprint)[]).filter((part) => typeof part === 'string' && Object.hasOwn(defaultChangeLabels, part)) : [];
      reason.changes = parts.length > 0 ? parts : ['annotations'];
    }
    reasons.push(reason);
  };
  const result = (action: DecisionAction, decidedBy: ToolDecision['decidedBy'] = 'policy'): ToolDecision => ({ action, risk, reasons, hints, trust, mode, decidedBy });

  // Blocks first: they hold whatever else is true.
  if (flag('serverRemoved')) add('server-removed');
  if (override === 'deny') add('host-denied');
  if (mode === 'read-only' && !hints.readOnly) add('read-only-mode');
  if (mode === 'offline' && hints.openWorld) add('offline-mode');
  if (reasons.length > 0) return result('block');

  const shadowedBy = copyArray(ownData(input, 'shadowedBy'), 16);
  if (shadowedBy && shadowedBy.length > 0) add('tool-shadowed');
  const lookAlikeOf = ownData(input, 'lookAlikeOf');
  if (typeof lookAlikeOf === 'string' && lookAlikeOf !== '') add('server-look-alike');
  if (!tool) add('unknown-tool');
  if (trust === 'untrusted') add('untrusted-server');
  if (mode === 'always-confirm') add('always-confirm-mode');
  if (override === 'confirm') add('host-requires-confirmation');
  if (changed) add('annotations-changed');
  if (flag('tainted') && (risk !== 'read' || hints.openWorld)) add('tainted');
  const forced = reasons.some((reason) => FORCING.has(reason.code));
  if (risk === 'destructive') add('destructive');
  else if (risk === 'write') add('modifies');
  if (hints.openWorld && risk !== 'read') add('open-world');
  if (assumedHints(hints, { retry }).length > 0) add('hints-assumed');

  if (!forced) {
    // A call that runs without asking has exactly one reason: why it may.
    const runBecause = (code: ToolDecisionReasonCode, decidedBy: ToolDecision['decidedBy'] = 'policy'): ToolDecision => {
      reasons.length = 0;
      add(code);
      return result('run', decidedBy);
    };
    if (ownData(input, 'remembered') === true) return runBecause('remembered', 'remembered');
    if (risk === 'read') return runBecause('trusted-read-only');
    if (retry && hints.idempotent && risk !== 'destructive') return runBecause('retry-idempotent');
    if (override === 'allow' && risk === 'write') return runBecause('host-allowed');
  }
  return result('confirm');
}

// Reasons that may ask a trusted, declared read-only call without any doubt about the call itself.
const HOST_CAUTION: ReadonlySet<string> = new Set<ToolDecisionReasonCode>(['always-confirm-mode', 'host-requires-confirmation', 'hints-assumed']);

/**
 * Which button a confirmation focuses first: `approve` only for a call that
 * a *trusted* server declares read-only and that asks for no other reason
 * than the host's general caution (always-confirm mode or a `confirm`
 * override). Everything else, including an untrusted server's read-only
 * claim, an unknown tool or the taint guard, starts on Deny.
 */
export function confirmFocus(decision: Pick<ToolDecision, 'trust' | 'hints' | 'reasons' | 'risk'>): 'approve' | 'deny' {
  const { trust, hints, reasons, risk } = decision;
  if (trust !== 'trusted' || risk !== 'read' || !hints.readOnly || !hints.declared.readOnly) return 'deny';
  return reasons.every((reason) => HOST_CAUTION.has(reason.code)) ? 'approve' : 'deny';
}

/**
 * Whether a settled call trips the taint guard: it ran and its result may
 * bring outside content in. An untrusted server's `openWorldHint: false` is
 * only a claim, so it never keeps the session untainted.
 */
export function tripsTaint(outcome: 'run' | 'denied' | 'blocked', decision: Pick<ToolDecision, 'hints' | 'trust'>): boolean {
  return outcome === 'run' && (decision.hints.openWorld || decision.trust !== 'trusted');
}
