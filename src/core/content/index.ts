// The content concern of core; the public entry (../index.ts) lists what is exported.
export * from './audience.js';
export * from './content.js';
export * from './freshness.js';
export * from './icons.js';
export * from './media.js';
export * from './priority.js';
