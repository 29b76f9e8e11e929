// The consent concern of core; the public entry (../index.ts) lists what is exported.
export * from './controller.js';
