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
  ToolExecution,
  ToolSchema,
} from './shared/types.js';
export { UNREADABLE, canonicalForm, defineOwn, isObjectLike, ownData, snapshotData, type CanonicalLimits, type SnapshotLimits } from './shared/read.js';
export type { AnnotationIssue, AnnotationIssueCode, AnnotationIssueHandler } from './shared/issues.js';
export { sanitizeLabel, sanitizeText, DEFAULT_LABEL_MAX_LENGTH, DEFAULT_TEXT_MAX_LENGTH, type SanitizedLabel } from './text/sanitize.js';
export { ANALYSIS_MAX_LENGTH, confusableSkeleton, foldConfusables, normalizeText, splitWords } from './text/normalize.js';
export {
  TOOL_HINT_NAMES,
  TOOL_NAME_MAX_LENGTH,
  TOOL_TITLE_MAX_LENGTH,
  TOOL_FINGERPRINT_PARTS,
  UNREADABLE_FINGERPRINT,
  annotationFingerprint,
  isToolSnapshot,
  resolveToolHints,
  snapshotTool,
  toolFingerprint,
  toolBadges,
  toolDisplayName,
  toolIdentity,
  toolName,
  toolRisk,
  type ResolvedToolHints,
  type ToolBadgeKind,
  type ToolBadgeSpec,
  type ToolFingerprint,
  type ToolHintName,
  type ToolIdentity,
  type ToolLike,
  type ToolReadOptions,
  type ToolRisk,
} from './tool/tool-hints.js';
export { safeIconUrl, selectIcon, type IconOptions } from './content/icons.js';
export {
  isVisibleTo,
  readAudience,
  selectForViewer,
  selectVisible,
  snapshotBlock,
  type AudienceOptions,
  type Viewer,
  type VisibleBlock,
} from './content/audience.js';
export {
  DEFAULT_NEUTRAL_PRIORITY,
  blockPriority,
  normalizePriority,
  orderByPriority,
  splitByPriority,
  type PriorityOptions,
  type PrioritySplit,
} from './content/priority.js';
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
} from './content/freshness.js';
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
} from './content/media.js';
export {
  prepareBlock,
  prepareContent,
  readToolResult,
  structuredContentVisible,
  type ToolResultView,
  type BlockKind,
  type BlockOrder,
  type BlockView,
  type PrepareBlockOptions,
  type PrepareContentOptions,
  type PreparedBlock,
  type PreparedContent,
} from './content/content.js';
export { normalizeMode, normalizeTrust, type DecidedBy, type DecisionAction, type PolicyMode, type ToolOverride, type Trust } from './shared/policy.js';
export { formatReason, type DecisionReason } from './text/reasons.js';
export { safeName, displayServerName } from './text/sanitize.js';
export { assumedHints, confirmFocus, decideToolCall, tripsTaint, type DecisionInput, type ToolDecision, type ToolDecisionReasonCode } from './tool/decide.js';
export { defaultAssumedHintLabels, defaultChangeLabels, toolReasonLabels, toolDecisionMessages, type ToolReasonCode } from './tool/reasons.js';
export {
  canOfferRemember,
  createApprovalStore,
  type ApprovalScope,
  type ApprovalStorageAdapter,
  type ApprovalStore,
  type ApprovalStoreOptions,
  type RememberRefusal,
  type RememberResult,
  type ToolPart,
} from './tool/approvals.js';
export * from './consent/index.js';
export {
  presentTool,
  type BadgeStatus,
  type BadgeTier,
  type PresentToolOptions,
  type PresentedBadge,
  type ToolPresentation,
} from './tool/presentation.js';
export { diffToolAnnotations, isToolListStale, toolListExpiresAt, type ToolAnnotationChange } from './tool/drift.js';
export { findLookAlikeServers, indexToolNames, type ServerLookAlike, type ToolListsByServer, type ToolNameIndex, type ToolShadow } from './tool/collisions.js';
export { changedToolParts, createToolListWatcher, type ToolListChange, type ToolListFetchReason, type ToolListSnapshot, type ToolListWatcher, type ToolListWatcherOptions } from './tool/watcher.js';
export {
  progressFraction,
  readToolCallStatus,
  toolCallState,
  toolCallStatusFromApproval,
  toolCallStatusFromError,
  toolCallStatusFromResult,
  toolCallStatusFromTask,
  statusMessage,
  STATUS_MESSAGE_MAX_LENGTH,
  TASK_MESSAGE_MAX_LENGTH,
  nextProgress,
  type ToolCallProgress,
  type ToolCallState,
  type ToolCallStatus,
  type ToolTaskInfo,
} from './tool/tool-status.js';
export { SENSITIVE_TERM_LIST, sensitiveKind, type SensitiveTerm } from './requests/sensitive.js';
export { formatList, formatMessage, type Locale, type MessageParams, type MessageValue } from './text/format.js';
export { usableLocales } from './text/locales.js';
export {
  type FieldErrorCode,
  type MessageRef,
  type RequestProblemCode,
  type SensitiveKind,
  type ToolCallErrorCode,
} from './text/messages.js';
export {
  elicitationNeedsAcknowledgement,
  elicitationValue,
  elicitationWarnings,
  invalidRequest,
  setElicitationValue,
  initialElicitationValues,
  parseElicitationRequest,
  validateElicitation,
  type ElicitationAnswer,
  type ElicitationField,
  type ElicitationFieldKind,
  type ElicitationFormat,
  type ElicitationOption,
  type ElicitationParseOptions,
  type ElicitationUrl,
  type ElicitationUrlWarning,
  type ElicitationValidation,
  type ElicitationValues,
  type ElicitationView,
  type FieldError,
  type RequestProblem,
} from './requests/elicitation.js';
export {
  applySamplingResultEdits,
  parseSamplingRequest,
  parseSamplingResult,
  samplingDisplayBlocks,
  samplingEditsFrom,
  samplingRequestToSend,
  snapshotSamplingRequest,
  type SamplingResultEdit,
  type SamplingEdits,
  type SamplingMessageView,
  type SamplingResultView,
  type SamplingToolView,
  type SamplingView,
} from './requests/sampling.js';
export { decideServerRequest } from './requests/decide.js';
export {
  type ServerRequestDecision,
  type ServerRequestInput,
  type ServerRequestKind,
  type ServerRequestPolicy,
  type ServerRequestRecord,
} from './requests/server-requests.js';
export { describeUrl, type CheckedUrl, type UrlCheckOptions, type UrlWarning } from './text/url.js';
export {
  DEFAULT_ARGUMENT_STRING_LIMIT,
  FOLDED_PREVIEW_LIMITS,
  FULL_PREVIEW_LIMITS,
  formatPreview,
  previewArguments,
  safeJson,
  visibleString,
  type ArgumentsPreview,
  type PreviewLimits,
} from './tool/arguments.js';
export { starterArguments } from './tool/starter-arguments.js';
export { resolveNow } from './shared/now.js';
