/**
 * react-mcp-annotations/core — framework-free policy for MCP annotations.
 * No React, no DOM: safe in Node, workers and React Server Components.
 */
export type {
  Annotations,
  AudioContent,
  BlobResourceContents,
  CallToolResult,
  ContentBlock,
  ContentBlockType,
  EmbeddedResource,
  Icon,
  ImageContent,
  ListToolsResult,
  ResourceLink,
  Role,
  TextContent,
  TextResourceContents,
  Tool,
  ToolAnnotations,
  ToolSchema,
} from './types.js';
export type { AnnotationIssue, AnnotationIssueCode, AnnotationIssueHandler } from './issues.js';
export { sanitizeLabel, DEFAULT_LABEL_MAX_LENGTH, type SanitizedLabel } from './text.js';
export {
  TOOL_HINT_NAMES,
  TOOL_NAME_MAX_LENGTH,
  TOOL_TITLE_MAX_LENGTH,
  annotationFingerprint,
  resolveToolHints,
  toolBadges,
  toolDisplayName,
  toolIdentity,
  toolName,
  toolRisk,
  type ResolvedToolHints,
  type ToolBadgeKind,
  type ToolBadgeSpec,
  type ToolHintName,
  type ToolIdentity,
  type ToolLike,
  type ToolReadOptions,
  type ToolRisk,
} from './tool-hints.js';
export { safeIconUrl, selectIcon, type IconOptions } from './icons.js';
export { isVisibleTo, readAudience, selectForViewer, visibleIndices, type AudienceOptions, type Viewer } from './audience.js';
export {
  DEFAULT_NEUTRAL_PRIORITY,
  blockPriority,
  normalizePriority,
  orderByPriority,
  splitByPriority,
  type PriorityOptions,
  type PrioritySplit,
} from './priority.js';
export {
  DEFAULT_FUTURE_SKEW_MS,
  describeFreshness,
  formatAbsoluteTime,
  freshnessLabel,
  freshnessRefreshMs,
  parseLastModified,
  readLastModified,
  type FreshnessDescription,
  type FreshnessLabel,
  type FreshnessOptions,
  type FreshnessState,
} from './freshness.js';
export {
  DEFAULT_AUDIO_TYPES,
  DEFAULT_IMAGE_TYPES,
  base64ByteLength,
  fileNameFromUri,
  formatBytes,
  isBase64,
  mimeEssence,
  safeHttpUrl,
  safeMediaUrl,
} from './media.js';
export {
  prepareBlock,
  prepareContent,
  type BlockKind,
  type BlockOrder,
  type BlockView,
  type PrepareBlockOptions,
  type PrepareContentOptions,
  type PreparedBlock,
  type PreparedContent,
} from './content.js';
export {
  canRetryWithoutAsking,
  decideToolCall,
  decisionRecord,
  defaultReasonLabels,
  normalizeMode,
  normalizeTrust,
  type DecidedBy,
  type DecisionAction,
  type DecisionInput,
  type DecisionReason,
  type DecisionReasonCode,
  type DecisionRecord,
  type PolicyMode,
  type ToolDecision,
  type ToolOverride,
  type Trust,
} from './decisions.js';
export {
  canOfferRemember,
  createApprovalStore,
  type ApprovalContext,
  type ApprovalStorageAdapter,
  type ApprovalStore,
  type ApprovalStoreOptions,
  type RememberRefusal,
  type RememberResult,
} from './approvals.js';
export { diffToolAnnotations, isToolListStale, toolListExpiresAt, type ToolAnnotationChange } from './drift.js';
export { progressFraction, toolCallState, type ToolCallProgress, type ToolCallState, type ToolCallStatus } from './tool-status.js';
export { DEFAULT_ARGUMENT_STRING_LIMIT, previewArguments, safeJson, type ArgumentsPreview } from './arguments.js';
