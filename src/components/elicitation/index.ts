/** The parts of the elicitation dialog (`Root`, `Content`, `Title`, `Description`, `Body`, `Actions`), for a layout of your own; `ElicitationDialog` composes them. */
export * as Elicitation from './parts.js';
export { ElicitationDialog, type ElicitationDialogProps, type ElicitationPrompt } from './elicitation-dialog.js';
