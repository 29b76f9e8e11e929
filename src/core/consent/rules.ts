/**
 * The flow's own rules, applied at every step to every kind (private to
 * consent/: kinds get their effect through the flow, hosts through the
 * controller's verbs).
 */
import type { DecisionReason } from '../text/reasons.js';
import { consentReason, type ConsentReasonCode } from './reasons.js';
import type { FlowDecision } from './kind.js';

/** The decision with one more reason in front (why it changed). */
export function withReason<D extends { reasons: DecisionReason[] }>(decision: D, code: ConsentReasonCode): D {
  return { ...decision, reasons: [consentReason(code), ...decision.reasons] };
}

/**
 * The ask upgrade: a person must answer (another policy already asked, or
 * the answer was given elsewhere), so what the policy would run asks
 * instead (`approval-requested`); a block still blocks.
 */
export function requireAnswer<D extends FlowDecision>(decision: D): D {
  return decision.action === 'run' ? { ...withReason(decision, 'approval-requested'), action: 'confirm' } : decision;
}

/**
 * Whether the question a person is answering is no longer the question the
 * current policy asks: the trust or the risk changed while it was open. The
 * prompt is then asked again (a new id) instead of taking the answer.
 */
export function mustAskAgain(asked: Pick<FlowDecision, 'trust' | 'risk'>, fresh: Pick<FlowDecision, 'action' | 'trust' | 'risk'>): boolean {
  return fresh.action === 'confirm' && (fresh.trust !== asked.trust || fresh.risk !== asked.risk);
}
