export {
  ConsentProvider,
  type ConsentComponentProps,
  type ConsentComponentFor,
  type ConsentComponents,
  type ConsentProviderBaseProps,
  type ConsentProviderControllerProps,
  type ConsentProviderCreationProps,
  type ConsentProviderOptionsProps,
  type ConsentProviderPolicyProps,
  type ConsentProviderProps,
  type ApprovalRequest,
  type ApprovalResult,
  type ServerConfig,
} from './consent-provider.js';
export { ToolApprovalProvider, type ToolApprovalProviderProps } from './approval-provider.js';
export {
  useApprovalController,
  useConsentController,
  useOptionalToolApproval,
  usePendingApproval,
  usePendingCount,
  useServerTrust,
  useTaintState,
  useToolApproval,
  type ApprovalUI,
  type ToolApprovalApi,
} from './approval-context.js';
