// Where a confirmation puts focus first.
import { describe, expect, it } from 'vitest';
import { decideToolCall, type Tool } from '../../../src/core/index.js';
import { confirmFocus } from '../../../src/core/tool/decide.js';

const idempotentWrite: Tool = { name: 'upsert', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } };
const readOnlyLocal: Tool = { name: 'read', annotations: { readOnlyHint: true, openWorldHint: false } };
const readOnlyOpen: Tool = { name: 'fetch', annotations: { readOnlyHint: true, openWorldHint: true } };

describe('focus starts on Allow only for a trusted, declared read-only call asked for no other reason', () => {
  it.each([
    ['untrusted read-only claim', { tool: readOnlyLocal, trust: 'untrusted' as const }, 'deny'],
    ['trusted read-only in always-confirm mode', { tool: readOnlyLocal, trust: 'trusted' as const, mode: 'always-confirm' as const }, 'approve'],
    ['trusted read-only with a confirm override', { tool: readOnlyLocal, trust: 'trusted' as const, overrides: { read: 'confirm' as const } }, 'approve'],
    ['trusted read-only, open-world, under the taint guard', { tool: readOnlyOpen, trust: 'trusted' as const, tainted: true }, 'deny'],
    ['trusted read-only that changed since it was allowed', { tool: readOnlyLocal, trust: 'trusted' as const, mode: 'always-confirm' as const, annotationsChanged: true }, 'deny'],
    ['trusted write in always-confirm mode', { tool: idempotentWrite, trust: 'trusted' as const, mode: 'always-confirm' as const }, 'deny'],
    ['unknown tool', { tool: undefined, trust: 'trusted' as const, mode: 'always-confirm' as const }, 'deny'],
    ['read-only assumed, not declared', { tool: { name: 'x', annotations: {} } as Tool, trust: 'trusted' as const, mode: 'always-confirm' as const }, 'deny'],
  ])('%s → %s', (_name, input, focus) => {
    expect(confirmFocus(decideToolCall(input))).toBe(focus);
  });
});
