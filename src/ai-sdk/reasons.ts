/**
 * Reasons the AI SDK adapter refuses an answer brought from the browser
 * with, and their English. No AI SDK import here: the message table carries
 * these words without the adapter.
 */
import { prefixed, reasonFrom, type DecisionReason } from '../core/text/reasons.js';

/** Why an approval from the browser ran nothing. */
export type AiSdkReasonCode = 'approval-replayed' | 'approval-not-asked' | 'approval-invalid' | 'store-unavailable';

/** English for each AI SDK reason. */
export const aiSdkReasonLabels: Record<AiSdkReasonCode, string> = {
  'approval-replayed': 'This approval was already used, so nothing ran again.',
  'approval-not-asked': 'This approval does not answer a question asked in this chat for this server, tool and input, so nothing ran.',
  'approval-invalid': 'This approval could not be verified (its signature is missing or does not match), so nothing ran.',
  'store-unavailable': 'This chat’s consent state could not be read or saved, so nothing ran. Try again shortly.',
};

/** The AI SDK reasons as message-table entries. */
export const aiSdkReasonMessages: { [K in AiSdkReasonCode as `reason.${K}`]: string } = /* @__PURE__ */ prefixed('reason.', aiSdkReasonLabels);

/** An AI SDK reason with its English. */
export const aiSdkReason = (code: AiSdkReasonCode): DecisionReason<AiSdkReasonCode> => reasonFrom(code, aiSdkReasonLabels);
