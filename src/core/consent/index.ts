/**
 * The consent engine's public door: the one factory, the kinds, their
 * types and the controller's. Adapters (AI SDK, MCP Apps, chat frameworks)
 * and hosts import from here, never from the flow, the queue or a kind's
 * internals.
 */
export { createConsentController } from './controller.js';
export { DEFAULT_MAX_PENDING_PER_SERVER } from './queue.js';
export { consentReasonLabels, consentReasonMessages, type ConsentReasonCode } from './reasons.js';
export { toolKind, toolCallBinding, type ApprovalRequest, type ApprovalResult, type DecisionRecord, type PendingToolApproval, type ToolApprovalResponse, type ToolKindTypes } from './kinds/tool.js';
export {
  elicitationKind,
  decideElicitation,
  elicitationReasonLabels,
  elicitationReasonMessages,
  type ElicitationKindTypes,
  type ElicitationOutcome,
  type ElicitationReasonCode,
  type ElicitationRequest,
  type ElicitationResponse,
  type PendingElicitation,
} from './kinds/elicitation.js';
export {
  samplingKind,
  decideSampling,
  samplingReasonLabels,
  samplingReasonMessages,
  type PendingSampling,
  type SamplingKindTypes,
  type SamplingOutcome,
  type SamplingReasonCode,
  type SamplingRequest,
  type SamplingResponse,
} from './kinds/sampling.js';
export type { ApprovalController, ConsentRecord, ConsentResponse, PendingConsent } from './built-in.js';
export type { ConsentKind, FlowDecision, FlowState, FlowStep, KindContext, KindSteps, KindTypes, PendingBase, RecordBase, RefusalCause, RequestMeta } from './kind.js';
export type { ConsentController, ConsentControllerCore, ConsentControllerOptions, ConsentPolicy, ConsentSettings, ConsentSnapshot, ConsentVerbs, KindOf, NowSource, ServerConfig, TypesOf } from './types.js';
