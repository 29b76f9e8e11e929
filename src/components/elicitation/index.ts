export * as Elicitation from './parts.js';
export { ElicitationDialog, type ElicitationDialogProps, type ElicitationPrompt } from './elicitation-dialog.js';
