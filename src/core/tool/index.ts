// The tool concern of core; the public entry (../index.ts) lists what is exported.
export * from './approvals.js';
export * from './arguments.js';
export * from './decisions.js';
export * from './drift.js';
export * from './presentation.js';
export * from './tool-hints.js';
export * from './tool-status.js';
export * from './watcher.js';
export * from './collisions.js';
