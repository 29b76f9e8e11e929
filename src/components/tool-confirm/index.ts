export * as ToolConfirm from './parts.js';
export { ToolConfirmDialog, type ApproveDetails, type ConfirmRequest, type ToolConfirmDialogProps } from './tool-confirm-dialog.js';
