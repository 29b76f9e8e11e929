export * as ToolConfirm from './parts.js';
export { ToolConfirmDialog, type ToolConfirmPrompt, type ToolConfirmDialogProps } from './tool-confirm-dialog.js';
