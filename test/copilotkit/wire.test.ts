/**
 * The card reads each tool message as untrusted data: the browser (or a
 * history it restored) may hold anything there. Whatever it holds, reading
 * it never throws, and only the gate's own shapes read as a result, a
 * refusal or the person's no.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readGateResult } from '../../src/copilotkit/wire.js';

describe('readGateResult', () => {
  it('reads the gate’s four shapes', () => {
    const mcp = { serverId: 'everything', toolName: 'echo' };
    expect(readGateResult(JSON.stringify({ mcp, content: [{ type: 'text', text: 'hi' }] }))).toEqual({ kind: 'ran', mcp, output: { mcp, content: [{ type: 'text', text: 'hi' }] } });
    expect(readGateResult(JSON.stringify({ mcp, approved: false }))).toEqual({ kind: 'denied', mcp });
    expect(readGateResult(JSON.stringify({ mcp, error: 'Refused by the consent policy.', reasons: 'mcp-consent:[]' }))).toEqual({ kind: 'refused', mcp, reasons: 'mcp-consent:[]' });
    expect(readGateResult('Echo: hi')).toEqual({ kind: 'other', output: 'Echo: hi' });
  });

  it('never throws, and reads as a result only what has a content list', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json().map((json) => json), fc.anything()), (content) => {
        const read = readGateResult(content);
        expect(['ran', 'refused', 'denied', 'other']).toContain(read.kind);
        if (read.kind === 'ran') expect(Array.isArray((read.output as { content?: unknown }).content)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('a prototype-polluting payload reads as nothing of ours', () => {
    expect(readGateResult('{"__proto__":{"approved":false,"content":[]}}').kind).toBe('other');
  });
});
