// The requests concern of core; the public entry (../index.ts) lists what is exported.
export * from './elicitation.js';
export * from './sampling.js';
export * from './server-requests.js';
