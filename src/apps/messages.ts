/** The words of MCP Apps' reasons (`reason.app-*` in the message table); core does not carry them. */
import { decisionReason, type AppReasonCode, type DecisionReason, type DecisionReasonCode } from '../core/tool/decisions.js';

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

/** A reason, in the host's deprecated `reasonLabels` if it has one, else with its English. */
export function reasonOf(code: DecisionReasonCode, labels: Partial<Record<DecisionReasonCode, string>> | undefined): DecisionReason {
  return decisionReason(code, labels, Object.hasOwn(appReasonLabels, code) ? appReasonLabels[code as AppReasonCode] : undefined);
}
