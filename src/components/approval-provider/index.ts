export {
  ToolApprovalProvider,
  useOptionalToolApproval,
  useToolApproval,
  type ApprovalRequest,
  type ApprovalResult,
  type ServerConfig,
  type ToolApprovalApi,
  type ToolApprovalProviderProps,
} from './approval-provider.js';
