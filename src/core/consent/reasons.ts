/**
 * Reason codes every kind may give, with their English: the ones the flow
 * itself adds (policy changed, withdrawn, refused for fairness, asked by
 * another policy) and the ones every kind's policy shares (an untrusted
 * server, a removed server, always-confirm mode, an unreadable request).
 */
import { prefixed, reasonFrom, type DecisionReason } from '../text/reasons.js';

/** Reasons any kind of request may give. */
export type ConsentReasonCode =
  | 'untrusted-server'
  | 'always-confirm-mode'
  | 'server-removed'
  | 'request-invalid'
  | 'policy-changed'
  | 'request-abandoned'
  | 'queue-full'
  | 'approval-requested';

/** English for each consent-wide reason. */
export const consentReasonLabels: Record<ConsentReasonCode, string> = {
  'untrusted-server': 'This server is not trusted, so every call needs your approval.',
  'always-confirm-mode': 'Every tool call needs approval in this session.',
  'server-removed': 'This server is no longer in this app’s configuration, so its tools cannot run.',
  'request-invalid': 'The request cannot be shown safely, so it can only be declined.',
  'policy-changed': 'The app’s settings changed while you were deciding.',
  'request-abandoned': 'The request was withdrawn before anyone answered it.',
  'queue-full': 'This server has too many requests waiting, so this one was refused.',
  'approval-requested': 'The app’s server asks you to approve this call.',
};

/** The consent-wide reasons as message-table entries. */
export const consentReasonMessages: { [K in ConsentReasonCode as `reason.${K}`]: string } = /* @__PURE__ */ prefixed('reason.', consentReasonLabels);

/** A consent-wide reason (its words: `reason.<code>` in the message table). */
export const consentReason = (code: ConsentReasonCode): DecisionReason<ConsentReasonCode> => reasonFrom(code);
