/** The words of MCP Apps' reasons (`reason.app-*` in the message table); core does not carry them. */
import type { ConsentReasonCode, ElicitationReasonCode, SamplingReasonCode } from '../core/consent/index.js';
import { prefixed, reasonFrom, type DecisionReason } from '../core/text/reasons.js';
import type { ToolReasonCode } from '../core/tool/reasons.js';

/** Reasons only MCP Apps' actions give. */
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

/** English for each app reason. */
export const appReasonLabels: Record<AppReasonCode, string> = {
  'app-tool-not-for-app': 'This tool is not offered to apps, so the app cannot call it.',
  'app-cross-server': 'An app may only call tools of its own server.',
  'app-opens-link': 'An app asks to open a link.',
  'app-sends-message': 'An app asks to post a message as you.',
  'app-updates-context': 'An app asks to tell the model something.',
  'app-downloads': 'An app asks to save a file.',
  'app-rate-limited': 'This app asked too often, so this request was refused.',
  'app-always-allowed': 'You chose to always allow this for this app.',
  'app-always-denied': 'You chose to always refuse this for this app.',
  'app-changed': 'This app changed since you allowed it.',
};

/** The app reasons as message-table entries. */
export const appReasonMessages: { [K in AppReasonCode as `reason.${K}`]: string } = /* @__PURE__ */ prefixed('reason.', appReasonLabels);

/** Every code an app's decision or refusal may give. */
export type AppDecisionReasonCode = AppReasonCode | ConsentReasonCode | Extract<ElicitationReasonCode, 'url-not-https' | 'url-offline'> | Extract<ToolReasonCode, 'unknown-tool'> | Extract<SamplingReasonCode, 'sampling-off'>;

/** A reason an app's action is decided with (its words: `reason.<code>` in the message table). */
export function appReason(code: AppDecisionReasonCode): DecisionReason {
  return reasonFrom(code);
}
