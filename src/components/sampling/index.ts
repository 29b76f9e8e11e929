export * as Sampling from './parts.js';
export { SamplingDialog, SamplingReview, type SamplingDialogProps, type SamplingPrompt, type SamplingReviewProps } from './sampling-dialog.js';
