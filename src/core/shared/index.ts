// The shared concern of core; the public entry (../index.ts) lists what is exported.
export * from './issues.js';
export * from './read.js';
export * from './types.js';
