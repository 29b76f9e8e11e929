export * as Sampling from './parts.js';
export { SamplingDialog, type SamplingDialogProps, type SamplingPrompt } from './sampling-dialog.js';
