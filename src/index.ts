/**
 * react-mcp-annotations — React components for MCP annotations, and the
 * policy functions a React host needs. No "use client" here: only the
 * component modules carry it, so a core function imported from this entry in
 * a React Server Component is the function itself. Helper-level functions
 * (URL, media and label helpers, canonical forms) live in
 * `react-mcp-annotations/core`.
 */
export type {
  Annotations,
  AnnotationIssue,
  AnnotationIssueHandler,
  ApprovalStorageAdapter,
  ApprovalStore,
  AudioContent,
  CallToolResult,
  ConsentRecord,
  ConsentResponse,
  PendingElicitation,
  PendingSampling,
  ContentBlock,
  DecisionReason,
  ConsentController,
  ConsentControllerCore,
  ConsentControllerOptions,
  ConsentKind,
  ConsentPolicy,
  ConsentSettings,
  ConsentSnapshot,
  KindContext,
  KindSteps,
  KindTypes,
  FlowState,
  FlowDecision,
  PendingBase,
  RecordBase,
  RequestMeta,
  ToolKindTypes,
  ElicitationKindTypes,
  SamplingKindTypes,
  EmbeddedResource,
  ImageContent,
  ListToolsResult,
  PendingConsent,
  PendingToolApproval,
  ResourceLink,
  TextContent,
  Tool,
  ToolAnnotations,
  ToolCallStatus,
  ToolDecision,
  ToolOverride,
  ToolPresentation,
  Trust,
  Viewer,
} from './core/index.js';
export {
  annotationFingerprint,
  createApprovalStore,
  decideToolCall,
  createConsentController,
  toolKind,
  elicitationKind,
  samplingKind,
  diffToolAnnotations,
  formatMessage,
  formatReason,
  isVisibleTo,
  nextProgress,
  presentTool,
  readToolCallStatus,
  resolveToolHints,
  selectForViewer,
  starterArguments,
  toolCallStatusFromApproval,
  toolCallStatusFromError,
  toolCallStatusFromResult,
  toolCallStatusFromTask,
  toolDisplayName,
} from './core/index.js';
export { LabelsProvider, type LabelsProviderProps } from './internal/labels.js';
export { defaultLabels, type Labels } from './internal/default-labels.js';
export { ToolBadge, ToolBadges, type ToolBadgesProps } from './components/tool-badges/index.js';
export { ToolSummary, type ToolSummaryProps } from './components/tool-summary/index.js';
export { Freshness, type FreshnessProps } from './components/freshness/index.js';
export {
  ContentBlocks,
  type BlockRendererProps,
  type BlockRenderers,
  type ContentBlocksProps,
} from './components/content-blocks/index.js';
export { ToolResult, type ToolResultProps } from './components/tool-result/index.js';
export {
  ToolConfirm,
  ToolConfirmDialog,
  type ToolConfirmDialogProps,
} from './components/tool-confirm/index.js';
export {
  ConsentProvider,
  useOptionalToolApproval,
  usePendingApproval,
  usePendingCount,
  useServerTrust,
  useTaintState,
  useToolApproval,
  type ApprovalRequest,
  type ApprovalResult,
  type ApprovalUI,
  type ServerConfig,
  type ToolApprovalApi,
  type ConsentComponentProps,
  type ConsentProviderProps,
  useConsentController,
} from './components/consent-provider/index.js';
export { ToolCall, ToolCallCard, type ToolCallCardProps } from './components/tool-call/index.js';
export {
  Elicitation,
  ElicitationDialog,
  type ElicitationDialogProps,
} from './components/elicitation/index.js';
export {
  Sampling,
  SamplingDialog,
  type SamplingDialogProps,
} from './components/sampling/index.js';
