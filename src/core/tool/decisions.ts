import { isRecord } from '../shared/issues.js';
import { UNREADABLE, copyArray, ownData } from '../shared/read.js';
import { sanitizeLabel } from '../text/sanitize.js';
import { formatMessage, type Locale } from '../text/format.js';
import { TOOL_NAME_MAX_LENGTH, annotationFingerprint, resolveToolHints, snapshotTool, toolRisk, type ResolvedToolHints, type ToolFingerprint, type ToolHintName, type ToolRisk } from './tool-hints.js';

/** A part of a tool's fingerprint (what changed since it was approved). */
type ToolFingerprintPart = keyof ToolFingerprint;
import type { Tool, ToolAnnotations } from '../shared/types.js';

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
/** Why a call or request was decided as it was. */
export type DecisionReasonCode = CoreReasonCode | AppReasonCode;

/** The reasons core decides with (their English is in core). */
export type CoreReasonCode =
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
  | 'annotations-changed'
  | 'retry-idempotent'
  | 'server-removed'
  | 'tainted'
  | 'policy-changed'
  | 'request-abandoned'
  | 'elicitation-off'
  | 'elicitation-needs-person'
  | 'sensitive-fields'
  | 'sensitive-blocked'
  | 'url-not-https'
  | 'url-warning'
  | 'url-offline'
  | 'request-invalid'
  | 'sampling-off'
  | 'sampling-no-model'
  | 'sampling-review'
  | 'sampling-trusted-auto'
  | 'approval-requested'
  | 'queue-full'
  | 'acknowledgement-required'
  | 'approval-replayed'
  | 'approval-not-asked'
  | 'approval-invalid'
  | 'store-unavailable'
  | 'tool-shadowed'
  | 'server-look-alike';

/** Reasons only MCP Apps' actions give (`react-mcp-annotations/apps`, which carries their words). */
export type AppReasonCode =
  | 'app-tool-not-for-app'
  | 'app-cross-server'
  | 'app-opens-link'
  | 'app-sends-message'
  | 'app-updates-context'
  | 'app-downloads'
  | 'app-rate-limited'
  | 'app-always-allowed'
  | 'app-always-denied'
  | 'app-changed';

/** Default text for each reason; hosts may pass their own through `reasonLabels`. */
export const defaultReasonLabels: Record<CoreReasonCode, string> = {
  'untrusted-server': 'This server is not trusted, so every call needs your approval.',
  'unknown-tool': 'This tool is not in the server’s tool list, so the worst is assumed.',
  destructive: 'This tool may delete or overwrite data.',
  modifies: 'This tool may change data.',
  'open-world': 'This tool may reach systems outside this app.',
  'hints-assumed': 'The server did not say {hints, list, or}, so the cautious answer is assumed.',
  'always-confirm-mode': 'Every tool call needs approval in this session.',
  'read-only-mode': 'Only read-only tools may run in this session.',
  'offline-mode': 'Tools that reach outside this app are turned off.',
  'host-denied': 'This tool is turned off.',
  'host-requires-confirmation': 'This tool always needs approval.',
  'host-allowed': 'This tool is allowed to run without asking.',
  'trusted-read-only': 'A trusted server says this tool only reads.',
  remembered: 'You allowed this tool earlier in this conversation.',
  'annotations-changed': 'This tool changed since you allowed it (its {changes, list, or}).',
  'retry-idempotent': 'A trusted server says repeating this call has no extra effect.',
  'server-removed': 'This server is no longer in this app’s configuration, so its tools cannot run.',
  tainted: 'Content from outside this app has entered the conversation, so writes and outside calls need your approval.',
  'policy-changed': 'The app’s settings changed while you were deciding.',
  'request-abandoned': 'The request was withdrawn before anyone answered it.',
  'elicitation-off': 'This app does not let servers ask you for information.',
  'elicitation-needs-person': 'Only you can answer what a server asks you.',
  'sensitive-fields': 'This form asks for something that looks like a secret. Servers must not ask for secrets in a form.',
  'sensitive-blocked': 'This app blocks forms that ask for secrets.',
  'url-not-https': 'The link is not a secure (https) address, so it will not be opened.',
  'url-warning': 'The link’s address needs a close look before you open it.',
  'url-offline': 'Links to outside this app are turned off.',
  'request-invalid': 'The request cannot be shown safely, so it can only be declined.',
  'sampling-off': 'This app does not let servers use its model.',
  'sampling-no-model': 'This app has no model for servers to use.',
  'sampling-review': 'The server wants to use this app’s model; you can check the request and the answer.',
  'sampling-trusted-auto': 'A trusted server may use this app’s model without asking.',
  'approval-requested': 'The app’s server asks you to approve this call.',
  'queue-full': 'This server has too many requests waiting, so this one was refused.',
  'acknowledgement-required': 'This form asks for something that looks like a secret: confirm that you mean to send it.',
  'approval-replayed': 'This approval was already used, so nothing ran again.',
  'approval-not-asked': 'This approval does not answer a question asked in this chat for this server, tool and input, so nothing ran.',
  'approval-invalid': 'This approval could not be verified (its signature is missing or does not match), so nothing ran.',
  'store-unavailable': 'This chat’s consent state could not be read or saved, so nothing ran. Try again shortly.',
  'tool-shadowed': 'Another server offers a tool with this name, or one that looks the same ({servers, list, or}): check that this is the server you mean.',
  'server-look-alike': 'This server’s name looks like {server}’s, but it is a different server.',
};

/** Words for each hint in the `hints-assumed` reason ("whether it only reads"). */
export const defaultAssumedHintLabels: Record<ToolHintName, string> = {
  readOnly: 'whether it only reads',
  destructive: 'whether it can delete or overwrite data',
  idempotent: 'whether repeating it is safe',
  openWorld: 'whether it reaches outside this app',
};

/** Words for each changed part in the `annotations-changed` reason. */
export const defaultChangeLabels: Record<ToolFingerprintPart, string> = {
  title: 'title',
  annotations: 'hints',
  description: 'description',
  inputSchema: 'inputs',
  outputSchema: 'outputs',
  execution: 'way it runs',
  ui: 'app view',
};

/** One reason: a code with its parameters; people read it formatted from the message table ({@link formatReason}). */
export interface DecisionReason {
  code: DecisionReasonCode;
  /**
   * The reason in English (or in the host's `reasonLabels`).
   * @deprecated Format the code with `formatReason` and the message table, so it follows the host's language.
   */
  text: string;
  /** For `hints-assumed`: the hints that were assumed and matter for this call. */
  hints?: readonly ToolHintName[] | undefined;
  /** For `annotations-changed`: the parts of the tool that changed. */
  changes?: readonly ToolFingerprintPart[] | undefined;
  /** For `tool-shadowed`: the other servers that offer this name (their display names). */
  servers?: readonly string[] | undefined;
  /** For `server-look-alike`: the configured server this one's name looks like. */
  server?: string | undefined;
  /**
   * The words another policy gave for this decision (e.g. the AI SDK route's
   * reason on a denied part): shown as they are, never read as a template.
   */
  said?: string | undefined;
  /**
   * The host's own template for this code, from the deprecated `reasonLabels`.
   * @deprecated Translate through the message table (`labels`) instead.
   */
  template?: string | undefined;
}

/** The message-table keys of reasons, assumed hints and changed parts. */
export type ReasonMessages = { [K in CoreReasonCode as `reason.${K}`]: string } & { [K in ToolHintName as `assumedHint.${K}`]: string } & { [K in ToolFingerprintPart as `changed.${K}`]: string };

/** A table with its keys prefixed (`reason.` + code): the message-table form of a family's words. */
export function prefixed<P extends string, K extends string>(prefix: P, table: Record<K, string>): { [Q in K as `${P}${Q}`]: string } {
  const out = Object.create(null) as Record<string, string>;
  for (const key of Object.keys(table) as K[]) out[prefix + key] = table[key];
  return out as { [Q in K as `${P}${Q}`]: string };
}

/** English for every reason, assumed hint and changed part, as message-table entries. */
export const reasonMessages: ReasonMessages = /* @__PURE__ */ Object.assign(prefixed('reason.', defaultReasonLabels), prefixed('assumedHint.', defaultAssumedHintLabels), prefixed('changed.', defaultChangeLabels));

// The English of a key, read from the source tables (so deciding needs no prefixed copy).
function englishOf(key: string): string | undefined {
  const dot = key.indexOf('.');
  const name = key.slice(dot + 1);
  const prefix = key.slice(0, dot);
  const table: Readonly<Record<string, string>> | undefined = prefix === 'reason' ? defaultReasonLabels : prefix === 'assumedHint' ? defaultAssumedHintLabels : prefix === 'changed' ? defaultChangeLabels : undefined;
  return table && Object.hasOwn(table, name) ? table[name] : undefined;
}

// The deprecated `reasonLabels` wrote `{hints}` for the "x or y" list; the table says it with `{hints, list, or}`.
const legacyTemplate = (template: string) => template.replace(/\{(hints|changes|servers)\}/g, '{$1, list, or}');

/**
 * A reason in a person's words: the message table's template for its code
 * (a host's translation, else the host's deprecated `reasonLabels`, else
 * English), filled with its parameters in the locale ("x, y or z" from
 * `Intl.ListFormat`). A code the table does not know keeps its own text.
 */
export function formatReason(
  reason: Pick<DecisionReason, 'code' | 'text' | 'hints' | 'changes' | 'servers' | 'server' | 'template' | 'said'>,
  messages?: Partial<ReasonMessages> | undefined,
  locale?: Locale,
): string {
  // A record read back from storage may hold anything: what is not a reason says nothing.
  if (!isRecord(reason)) return '';
  if (typeof reason.said === 'string') return reason.said;
  const table: Partial<ReasonMessages> = messages ?? {};
  const word = (key: keyof ReasonMessages): string => (Object.hasOwn(table, key) ? table[key] : undefined) ?? englishOf(key) ?? '';
  const key = `reason.${typeof reason.code === 'string' ? reason.code : ''}` as keyof ReasonMessages;
  const english = englishOf(key);
  const own = Object.hasOwn(table, key) ? table[key] : undefined;
  // A reason core has no words for (an app's): the table's, else the text it came with.
  if (english === undefined) return own ?? (typeof reason.text === 'string' ? reason.text : '');
  // A host's translation wins; a reason made with the deprecated reasonLabels keeps that text over the English default.
  const template = own !== undefined && own !== english ? own : typeof reason.template === 'string' ? legacyTemplate(reason.template) : english;
  return formatMessage(
    template,
    {
      hints: strings(reason.hints).map((hint) => word(`assumedHint.${hint}` as keyof ReasonMessages)),
      changes: strings(reason.changes).map((part) => word(`changed.${part}` as keyof ReasonMessages)),
      servers: strings(reason.servers),
      server: typeof reason.server === 'string' ? reason.server : '',
    },
    locale,
  );
}

// The strings of a list a reason carries (anything else in it, or a list that is not one, says nothing).
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** A reason with the host's text for it, or the default. */
export function decisionReason(code: DecisionReasonCode, labels?: Partial<Record<DecisionReasonCode, string>> | undefined, english?: string | undefined): DecisionReason {
  const custom = isRecord(labels) ? ownData(labels, code) : undefined;
  // An app reason's English comes with it (`english`): core does not carry the apps' words.
  return typeof custom === 'string' ? { code, text: custom, template: custom } : { code, text: english ?? (defaultReasonLabels as Record<string, string>)[code] ?? '' };
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
  /** Names of other servers that offer this tool's name, or a look-alike of it (shadowing): it always asks. */
  shadowedBy?: readonly string[] | undefined;
  /** The name of the configured server this server's name looks like (squatting): it always asks. */
  lookAlikeOf?: string | undefined;
  /**
   * Whether an approval was remembered for an earlier version of this tool.
   * `true`, or the parts that changed (`['title']`), which the reason names.
   */
  annotationsChanged?: boolean | readonly ToolFingerprintPart[] | undefined;
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
  /** Text for reasons, overriding the defaults. `{hints}` and `{changes}` are filled in. */
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

/** A server or tool name as safe one-line text (controls and bidi removed, length capped). */
export function safeName(value: unknown, maxLength = TOOL_NAME_MAX_LENGTH): string {
  return sanitizeLabel(value, maxLength).text;
}

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
const FORCING: ReadonlySet<DecisionReasonCode> = new Set<DecisionReasonCode>([
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
  const labelsValue = ownData(input, 'reasonLabels');
  const labels = isRecord(labelsValue) ? labelsValue : undefined;
  const custom = (code: DecisionReasonCode): string | undefined => {
    const value = labels ? ownData(labels, code) : undefined;
    return typeof value === 'string' ? value : undefined;
  };
  const reasons: DecisionReason[] = [];
  const add = (code: DecisionReasonCode) => {
    const reason: DecisionReason = { code, text: '' };
    if (code === 'hints-assumed') reason.hints = assumedHints(hints, { retry });
    else if (code === 'tool-shadowed') reason.servers = (copyArray(ownData(input, 'shadowedBy'), 16) ?? []).map((name) => safeName(name, 80)).filter(Boolean);
    else if (code === 'server-look-alike') reason.server = safeName(ownData(input, 'lookAlikeOf'), 80);
    else if (code === 'annotations-changed') {
      const parts = Array.isArray(changedValue) ? (changedValue as ToolFingerprintPart[]).filter((part) => typeof part === 'string' && Object.hasOwn(defaultChangeLabels, part)) : [];
      reason.changes = parts.length > 0 ? parts : ['annotations'];
    }
    const template = custom(code);
    if (template !== undefined) reason.template = template;
    // The deprecated English (or reasonLabels) text, formatted once from the same template.
    reason.text = formatReason(reason, undefined, 'en');
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
    const runBecause = (code: DecisionReasonCode, decidedBy: ToolDecision['decidedBy'] = 'policy'): ToolDecision => {
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
const HOST_CAUTION: ReadonlySet<DecisionReasonCode> = new Set<DecisionReasonCode>(['always-confirm-mode', 'host-requires-confirmation', 'hints-assumed']);

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
 * Whether a failed call may be retried without asking again.
 *
 * @deprecated Decide retries with `decideToolCall({ ..., retry: true })` (or
 * `requestApproval({ ..., retry: true })`), which also weighs the current
 * mode, overrides, memory and taint guard. This answers for default mode only.
 */
export function canRetryWithoutAsking(tool: Tool | undefined, trust: Trust | undefined): boolean {
  return decideToolCall({ tool, trust, retry: true }).action === 'run';
}

/** What a host gets for every settled call, to log or audit. */
export interface DecisionRecord {
  /** Which kind of consent this records. Tool calls are `tool`. */
  kind: 'tool';
  serverId: string;
  /** The call this decision belongs to, when the host gave one. */
  callId?: string | undefined;
  /** Whether the call repeated one that failed. */
  retry?: boolean | undefined;
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
  call: { serverId: string; tool: Tool | undefined; toolName?: string | undefined; callId?: string | undefined; retry?: boolean | undefined },
  settled: { outcome: DecisionRecord['outcome']; decidedBy: DecidedBy; remembered?: boolean; timestamp: number },
): DecisionRecord {
  const tool = snapshotTool(call.tool);
  return {
    kind: 'tool',
    serverId: call.serverId,
    ...(call.callId !== undefined ? { callId: call.callId } : {}),
    ...(call.retry ? { retry: true } : {}),
    toolName: tool && tool.name !== '' ? tool.name : typeof call.toolName === 'string' ? call.toolName : '',
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

// Rules the consent flow applies at every step. Named here so the flow only
// sequences them and every kind of request gets the same answer.

/** Any decision the consent flow handles: a tool call's or a server request's. */
export interface FlowDecision {
  action: DecisionAction;
  reasons: DecisionReason[];
  trust: Trust;
  mode: PolicyMode;
  /** Tool calls only. */
  risk?: ToolRisk | undefined;
}

/** The decision with one more reason in front (why it changed). */
export function withReason<D extends { reasons: DecisionReason[] }>(decision: D, code: DecisionReasonCode, labels?: Partial<Record<DecisionReasonCode, string>> | undefined): D {
  return { ...decision, reasons: [decisionReason(code, labels), ...decision.reasons] };
}

/**
 * The ask upgrade: another policy (e.g. the AI SDK server's) already said a
 * person must answer, so a call the local policy would run asks instead
 * (reason `approval-requested`); a block still blocks.
 */
export function requireAnswer<D extends FlowDecision>(decision: D, labels?: Partial<Record<DecisionReasonCode, string>> | undefined): D {
  return decision.action === 'run' ? { ...withReason(decision, 'approval-requested', labels), action: 'confirm' } : decision;
}

/**
 * Whether the question a person is answering is no longer the question the
 * current policy asks: the trust or the risk changed while it was open. The
 * prompt is then asked again (a new id) instead of taking the answer.
 */
export function mustAskAgain(asked: Pick<FlowDecision, 'trust' | 'risk'>, fresh: Pick<FlowDecision, 'action' | 'trust' | 'risk'>): boolean {
  return fresh.action === 'confirm' && (fresh.trust !== asked.trust || fresh.risk !== asked.risk);
}

/**
 * Whether a settled call trips the taint guard: it ran and its result may
 * bring outside content in. An untrusted server's `openWorldHint: false` is
 * only a claim, so it never keeps the session untainted.
 */
export function tripsTaint(outcome: 'run' | 'denied' | 'blocked', decision: Pick<ToolDecision, 'hints' | 'trust'>): boolean {
  return outcome === 'run' && (decision.hints.openWorld || decision.trust !== 'trusted');
}

/** A server that was configured when its request arrived and is gone now: what it asked for is blocked. */
export function isServerRemoved(configuredAtOpen: boolean, configuredNow: boolean): boolean {
  return configuredAtOpen && !configuredNow;
}

/**
 * The fail-closed decision for a tool request that could not even be read:
 * an unknown tool under read-only mode, so it blocks, with `request-invalid`.
 */
export function failClosedDecision(labels?: Partial<Record<DecisionReasonCode, string>> | undefined): ToolDecision {
  return withReason(decideToolCall({ tool: undefined, mode: 'read-only' }), 'request-invalid', labels);
}

/** A server's name as every prompt shows it: the host's name for it, else its id, sanitised (one place for the rule). */
export function displayServerName(name: unknown, serverId: unknown): string {
  return safeName(name, 80) || safeName(serverId, 80);
}
