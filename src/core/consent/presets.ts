/** The 0.3 factories as one-line presets of `createConsentController`, and the unions of the built-in kinds' types. */
import { createConsentController } from './controller.js';
import { elicitationKind, type ElicitationKindTypes, type ElicitationResponse, type PendingElicitation } from './kinds/elicitation.js';
import { samplingKind, type PendingSampling, type SamplingKindTypes, type SamplingResponse } from './kinds/sampling.js';
import { toolKind, type DecisionRecord, type PendingToolApproval, type ToolApprovalResponse, type ToolKindTypes } from './kinds/tool.js';
import type { ConsentController, ConsentPolicy, ConsentSettings, ConsentSnapshot } from './types.js';
import type { ServerRequestRecord } from '../requests/server-requests.js';

/** A controller for tool calls, elicitation and sampling. */
export type ApprovalController = ConsentController<ToolKindTypes | ElicitationKindTypes | SamplingKindTypes>;

/**
 * A controller for tool calls, elicitation and sampling.
 * @deprecated `createConsentController({ kinds: [toolKind(), elicitationKind(), samplingKind()], ... })`.
 */
export function createApprovalController(options: ConsentSettings<DecisionRecord | ServerRequestRecord> = {}): ApprovalController {
  return createConsentController({ ...(options ?? {}), kinds: [toolKind(), elicitationKind(), samplingKind()] });
}


/** Anything the built-in kinds queue (an app's too, with `react-mcp-annotations/apps`: narrow on `kind`). */
export type PendingConsent = PendingToolApproval | PendingElicitation | PendingSampling;
/** Any answer of the built-in kinds; it must fit the kind of the prompt it answers. */
export type ConsentResponse = ToolApprovalResponse | ElicitationResponse | SamplingResponse;
/** Any record of the built-in kinds. Narrow on `kind`. */
export type ConsentRecord = DecisionRecord | ServerRequestRecord;
/** @deprecated `ConsentPolicy`. */
export type ApprovalPolicy = ConsentPolicy;
/** @deprecated `ConsentSettings` (the options of `createConsentController` without `kinds`). */
export type ApprovalControllerOptions = ConsentSettings<ConsentRecord>;
/** @deprecated `ConsentSnapshot`. */
export type ApprovalSnapshot = ConsentSnapshot<PendingConsent>;
