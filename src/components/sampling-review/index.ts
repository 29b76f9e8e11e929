export * as Sampling from './parts.js';
export { SamplingReview, type SamplingPrompt, type SamplingReviewProps } from './sampling-review.js';
