/** The unions of the built-in kinds' types (tool calls, elicitation, sampling). */
import type { ElicitationKindTypes, ElicitationResponse, PendingElicitation } from './kinds/elicitation.js';
import type { PendingSampling, SamplingKindTypes, SamplingResponse } from './kinds/sampling.js';
import type { DecisionRecord, PendingToolApproval, ToolApprovalResponse, ToolKindTypes } from './kinds/tool.js';
import type { ConsentController } from './types.js';
import type { ServerRequestRecord } from '../requests/server-requests.js';

/** A controller for tool calls, elicitation and sampling. */
export type ApprovalController = ConsentController<ToolKindTypes | ElicitationKindTypes | SamplingKindTypes>;

/** Anything the built-in kinds queue (an app's too, with `react-mcp-annotations/apps`: narrow on `kind`). */
export type PendingConsent = PendingToolApproval | PendingElicitation | PendingSampling;
/** Any answer of the built-in kinds; it must fit the kind of the prompt it answers. */
export type ConsentResponse = ToolApprovalResponse | ElicitationResponse | SamplingResponse;
/** Any record of the built-in kinds. Narrow on `kind`. */
export type ConsentRecord = DecisionRecord | ServerRequestRecord;
