// The text concern of core; the public entry (../index.ts) lists what is exported.
export * from './sanitize.js';
