/** The parts of the tool confirmation dialog, for a layout of your own; `ToolConfirmDialog` composes them. */
export * as ToolConfirm from './parts.js';
export { ToolConfirmDialog, type ToolConfirmPrompt, type ToolConfirmDialogProps } from './tool-confirm-dialog.js';
