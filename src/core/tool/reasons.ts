/**
 * The tool decision's reason codes and their English, beside the decision
 * (decide.ts). The consent-wide codes (untrusted server, modes the flow
 * applies, requests withdrawn…) are the flow's (consent/reasons.ts).
 */
import { prefixed } from '../text/reasons.js';
import { consentReasonMessages } from '../consent/reasons.js';
import type { ToolFingerprint, ToolHintName } from './tool-hints.js';

/** Why a tool call was decided as it was (besides the consent-wide codes). */
export type ToolReasonCode =
  | 'unknown-tool'
  | 'destructive'
  | 'modifies'
  | 'open-world'
  | 'hints-assumed'
  | 'read-only-mode'
  | 'offline-mode'
  | 'host-denied'
  | 'host-requires-confirmation'
  | 'host-allowed'
  | 'trusted-read-only'
  | 'remembered'
  | 'annotations-changed'
  | 'retry-idempotent'
  | 'tainted'
  | 'tool-shadowed'
  | 'server-look-alike';

/** English for each tool reason. `{hints}`, `{changes}`, `{servers}` and `{server}` are filled in. */
export const toolReasonLabels: Record<ToolReasonCode, string> = {
  'unknown-tool': 'This tool is not in the server’s tool list, so the worst is assumed.',
  destructive: 'This tool may delete or overwrite data.',
  modifies: 'This tool may change data.',
  'open-world': 'This tool may reach systems outside this app.',
  'hints-assumed': 'The server did not say {hints, list, or}, so the cautious answer is assumed.',
  'read-only-mode': 'Only read-only tools may run in this session.',
  'offline-mode': 'Tools that reach outside this app are turned off.',
  'host-denied': 'This tool is turned off.',
  'host-requires-confirmation': 'This tool always needs approval.',
  'host-allowed': 'This tool is allowed to run without asking.',
  'trusted-read-only': 'A trusted server says this tool only reads.',
  remembered: 'You allowed this tool earlier in this conversation.',
  'annotations-changed': 'This tool changed since you allowed it (its {changes, list, or}).',
  'retry-idempotent': 'A trusted server says repeating this call has no extra effect.',
  tainted: 'Content from outside this app has entered the conversation, so writes and outside calls need your approval.',
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
export const defaultChangeLabels: Record<keyof ToolFingerprint, string> = {
  title: 'title',
  annotations: 'hints',
  description: 'description',
  inputSchema: 'inputs',
  outputSchema: 'outputs',
  execution: 'way it runs',
  ui: 'app view',
};

/**
 * Every reason a tool decision may give (its own and the consent-wide ones),
 * with the words for assumed hints and changed parts, as message-table
 * entries: the tool family's reason words.
 */
export const toolDecisionMessages: { [K in ToolReasonCode as `reason.${K}`]: string } & { [K in ToolHintName as `assumedHint.${K}`]: string } & { [K in keyof ToolFingerprint as `changed.${K}`]: string } & typeof consentReasonMessages =
  /* @__PURE__ */ Object.assign(prefixed('reason.', toolReasonLabels), prefixed('assumedHint.', defaultAssumedHintLabels), prefixed('changed.', defaultChangeLabels), consentReasonMessages);
