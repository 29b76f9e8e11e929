/**
 * react-mcp-annotations/core — framework-free policy for MCP annotations.
 * No React, no DOM: safe in Node, workers and React Server Components.
 */
export type {
  Annotations,
  AudioContent,
  CallToolResult,
  ContentBlock,
  EmbeddedResource,
  ImageContent,
  ListToolsResult,
  ResourceLink,
  TextContent,
  Tool,
  ToolAnnotations,
} from './shared/types.js';
export type { AnnotationIssue, AnnotationIssueHandler } from './shared/issues.js';
export { annotationFingerprint, resolveToolHints, toolDisplayName } from './tool/tool-hints.js';
export { isVisibleTo, selectForViewer, type Viewer } from './content/audience.js';
export { orderByPriority, splitByPriority } from './content/priority.js';
export { describeFreshness } from './content/freshness.js';
export { type ToolOverride, type Trust } from './shared/policy.js';
export { formatReason, type DecisionReason } from './text/reasons.js';
export { decideToolCall, type ToolDecision } from './tool/decide.js';
export {
  createApprovalStore,
  type ApprovalStorageAdapter,
  type ApprovalStore,
} from './tool/approvals.js';
export {
  createConsentController,
  toolKind,
  type ApprovalRequest,
  type ApprovalResult,
  type PendingToolApproval,
  type ToolKindTypes,
  elicitationKind,
  type ElicitationKindTypes,
  type PendingElicitation,
  samplingKind,
  type PendingSampling,
  type SamplingKindTypes,
  type ConsentRecord,
  type ConsentResponse,
  type PendingConsent,
  type ConsentKind,
  type FlowDecision,
  type FlowState,
  type KindContext,
  type KindSteps,
  type KindTypes,
  type PendingBase,
  type RecordBase,
  type RequestMeta,
  type ConsentController,
  type ConsentControllerCore,
  type ConsentControllerOptions,
  type ConsentPolicy,
  type ConsentSettings,
  type ConsentSnapshot,
  type ServerConfig,
  type TypesOf,
} from './consent/index.js';
export { presentTool, type ToolPresentation } from './tool/presentation.js';
export { diffToolAnnotations } from './tool/drift.js';
export { createToolListWatcher, type ToolListWatcher } from './tool/watcher.js';
export {
  readToolCallStatus,
  toolCallStatusFromApproval,
  toolCallStatusFromError,
  toolCallStatusFromResult,
  toolCallStatusFromTask,
  nextProgress,
  type ToolCallStatus,
} from './tool/tool-status.js';
export { formatMessage } from './text/format.js';
export { starterArguments } from './tool/starter-arguments.js';
