'use client';
/**
 * react-mcp-annotations — React components for MCP annotations. The policy
 * lives in `react-mcp-annotations/core`, re-exported here for convenience.
 */
export * from './core/index.js';
export { LabelsProvider, type LabelsProviderProps } from './internal/labels.js';
export { defaultLabels, formatLabel, resolveLabels, type Labels } from './internal/default-labels.js';
export {
  ToolBadge,
  ToolBadges,
  ToolBadgesRoot,
  type ToolBadgeProps,
  type ToolBadgesProps,
  type ToolBadgesRootProps,
} from './components/tool-badges/index.js';
export { ToolSummary, type ToolSummaryProps } from './components/tool-summary/index.js';
export { Freshness, type FreshnessProps } from './components/freshness/index.js';
export {
  AudioBlock,
  ContentBlocks,
  ImageBlock,
  InvalidBlock,
  ResourceBlobBlock,
  ResourceLinkBlock,
  ResourceTextBlock,
  TextBlock,
  UnknownBlock,
  defaultBlockRenderers,
  type BlockRendererProps,
  type BlockRenderers,
  type ContentBlocksProps,
} from './components/content-blocks/index.js';
export { ToolResult, type ToolResultProps } from './components/tool-result/index.js';
export {
  ToolConfirmDialog,
  ToolConfirmDialogAction,
  ToolConfirmDialogArguments,
  ToolConfirmDialogBadges,
  ToolConfirmDialogCancel,
  ToolConfirmDialogContent,
  ToolConfirmDialogDescription,
  ToolConfirmDialogReasons,
  ToolConfirmDialogRemember,
  ToolConfirmDialogRoot,
  ToolConfirmDialogTitle,
  type ApproveDetails,
  type ConfirmRequest,
  type ToolConfirmDialogContentProps,
  type ToolConfirmDialogProps,
  type ToolConfirmDialogRootProps,
} from './components/confirm-dialog/index.js';
export {
  ToolApprovalProvider,
  useOptionalToolApproval,
  useToolApproval,
  type ApprovalRequest,
  type ApprovalResult,
  type ServerConfig,
  type ToolApprovalApi,
  type ToolApprovalProviderProps,
} from './components/approval-provider/index.js';
export { ToolCallCard, type ToolCallCardProps } from './components/tool-call-card/index.js';
