export { ConsentProvider } from './consent-provider.js';
export { ToolApprovalProvider, type ConsentComponents, type ApprovalRequest, type ApprovalResult, type ServerConfig, type ToolApprovalProviderProps, type ToolApprovalProviderBaseProps, type ToolApprovalProviderControllerProps, type ToolApprovalProviderCreationProps, type ToolApprovalProviderOptionsProps, type ToolApprovalProviderPolicyProps } from './approval-provider.js';
export {
  useApprovalController,
  useOptionalToolApproval,
  usePendingApproval,
  usePendingApprovals,
  usePendingCount,
  useServerTrust,
  useTaintState,
  useToolApproval,
  type ApprovalUI,
  type ToolApprovalApi,
} from './approval-context.js';
