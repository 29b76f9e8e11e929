/** The parts of the sampling dialog (`Root`, `Content`, `Title`, `Description`, `Request`, `Result`, `Actions`); `SamplingDialog` composes them. */
export * as Sampling from './parts.js';
export { SamplingDialog, type SamplingDialogProps, type SamplingPrompt } from './sampling-dialog.js';
