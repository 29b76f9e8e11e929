/**
 * Reasons the gate refuses an answer brought from the browser with (or says
 * why a call or a request failed), their English, and the wire form every
 * adapter sends them in. No framework import here: the message table carries
 * these words without any adapter.
 */
import { ownData } from '../core/shared/read.js';
import { prefixed, reasonFrom, type DecisionReason } from '../core/text/reasons.js';
import { safeName } from '../core/text/sanitize.js';

/** Why an approval from the browser ran nothing, or why the chat route answered with an error. */
export type GateReasonCode = 'approval-replayed' | 'approval-not-asked' | 'approval-invalid' | 'store-unavailable' | 'chat-forbidden' | 'chat-failed';

/** English for each gate reason. */
export const gateReasonLabels: Record<GateReasonCode, string> = {
  'approval-replayed': 'This approval was already used, so nothing ran again.',
  'approval-not-asked': 'This approval does not answer a question asked in this chat for this server, tool and input, so nothing ran.',
  'approval-invalid': 'This approval could not be verified (its signature is missing or does not match), so nothing ran.',
  'store-unavailable': 'This chat’s consent state could not be read or saved, so nothing ran.',
  'chat-forbidden': 'The server refused this chat.',
  'chat-failed': 'Something went wrong.',
};

/** The gate's reasons as message-table entries. */
export const gateReasonMessages: { [K in GateReasonCode as `reason.${K}`]: string } = /* @__PURE__ */ prefixed('reason.', gateReasonLabels);

/** A gate reason (its words: `reason.<code>` in the message table). */
export const gateReason = (code: GateReasonCode): DecisionReason<GateReasonCode> => reasonFrom(code);

// A denial travels to the browser (and the model) as the AI SDK's one
// `reason` string. It carries codes and parameters, never words: the browser
// formats them from the host's message table.
const WIRE = 'mcp-consent:';
const MAX_REASONS = 16;

/** The reasons of a denial as the string the AI SDK carries (`approval.reason`). */
export function reasonsToWire(reasons: readonly DecisionReason[]): string {
  return WIRE + JSON.stringify(reasons.slice(0, MAX_REASONS).map(({ code, hints, changes, servers, server, said }) => ({ code, hints, changes, servers, server, said })));
}

const list = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.slice(0, MAX_REASONS).map((item) => safeName(item, 128)).filter(Boolean) : undefined);

/**
 * The reasons a denial string carries, read as untrusted data (bounded,
 * sanitised); `undefined` when it is not one of ours: another policy's words.
 */
export function reasonsFromWire(text: unknown): DecisionReason[] | undefined {
  if (typeof text !== 'string' || !text.startsWith(WIRE) || text.length > 64_000) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(WIRE.length));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const reasons: DecisionReason[] = [];
  for (const item of parsed.slice(0, MAX_REASONS)) {
    const code = safeName(ownData(item, 'code'), 80);
    if (!code) continue;
    const reason: DecisionReason & Record<string, unknown> = { code };
    // Each parameter is kept only when it reads as what it should be; empty ones are left out.
    for (const key of ['hints', 'changes', 'servers', 'server', 'said']) {
      const raw = ownData(item, key);
      const value = key.endsWith('s') ? list(raw) : safeName(raw, key === 'said' ? 600 : 128);
      if (value) reason[key] = value;
    }
    reasons.push(reason);
  }
  return reasons.length > 0 ? reasons : undefined;
}

/** What a call that failed becomes, for the person and the model alike: a code (`chat-failed`), never the server's error text (it may carry what the person must not see). */
export const failedCall = (): Record<string, unknown> => ({ content: [], isError: true, reasons: reasonsToWire([gateReason('chat-failed')]) });
