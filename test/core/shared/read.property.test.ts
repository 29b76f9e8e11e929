// Core helpers a host calls with what it stored or received (records read back from storage, a result's
// content, a status built by hand) give a defined answer for anything, never a throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatReason, isVisibleTo, orderByPriority, presentTool, resolveToolHints, selectForViewer, splitByPriority, toolDisplayName } from '../../../src/core/index.js';
import { describeUrl } from '../../../src/core/text/url.js';
import { formatAbsoluteTime } from '../../../src/core/content/freshness.js';
import { parseElicitationRequest } from '../../../src/core/requests/elicitation.js';
import { prepareContent } from '../../../src/core/content/content.js';
import { readAudience } from '../../../src/core/content/audience.js';
import { statusMessage } from '../../../src/core/tool/tool-status.js';
import { toolName } from '../../../src/core/tool/tool-hints.js';
import { mcpClientCapabilities } from '../../../src/mcp/index.js';

const anything = fc.anything({ withBigInt: true, withNullPrototype: true, withBoxedValues: true, withSparseArray: true, maxDepth: 3 });
const reason = fc.record(
  { code: fc.oneof(fc.constantFrom('hints-assumed', 'annotations-changed', 'look-alike-server', 'shadowed-tool', 'untrusted-server', 'app-opens-link'), anything), hints: anything, changes: anything, servers: anything, server: anything, template: anything, text: anything, said: anything },
  { requiredKeys: [] },
);

describe('core readers of stored or hand-built values', () => {
  it('formatReason: a string for any reason, table and locale; a reason with a said text says exactly it', () => {
    fc.assert(
      fc.property(fc.oneof(anything, reason), anything, anything, (r, table, locale) => {
        const text = formatReason(r as never, table as never, locale as never);
        expect(typeof text).toBe('string');
        if (typeof r === 'object' && r !== null && !Array.isArray(r) && typeof (r as { said?: unknown }).said === 'string' && Object.hasOwn(r, 'said')) expect(text).toBe((r as { said: string }).said);
      }),
      { numRuns: 2000 },
    );
    expect(formatReason({ code: 'hints-assumed', hints: ['readOnly', 7, null] as never })).toBe(formatReason({ code: 'hints-assumed', hints: ['readOnly'] }));
  });

  it('statusMessage, orderByPriority and splitByPriority take anything', () => {
    fc.assert(
      fc.property(anything, anything, (value, options) => {
        const message = statusMessage(value as never);
        expect(message === undefined || typeof message === 'string').toBe(true);
        const ordered = orderByPriority(value as never, options as never);
        expect(ordered).toHaveLength(Array.isArray(value) ? value.length : 0);
        const split = splitByPriority(value as never, 0.5, options as never);
        expect(split.shown.length + split.folded.length).toBe(Array.isArray(value) ? value.length : 0);
      }),
      { numRuns: 1000 },
    );
  });

  it('an options object given as null (plain JavaScript) reads as none, as undefined does', () => {
    const tool = { name: 'delete_all', annotations: { destructiveHint: true } };
    const blocks = [{ type: 'text', text: 'hi', annotations: { audience: ['user'] } }];
    const pairs: Array<[string, (options: never) => unknown]> = [
      ['selectForViewer', (o) => selectForViewer(blocks, 'user', o)],
      ['prepareContent', (o) => prepareContent(blocks, o)],
      ['readAudience', (o) => readAudience(blocks[0], o)],
      ['isVisibleTo', (o) => isVisibleTo(blocks[0], 'user', o)],
      ['presentTool', (o) => presentTool(tool, o)],
      ['resolveToolHints', (o) => resolveToolHints(tool, o)],
      ['toolName', (o) => toolName(tool, o)],
      ['toolDisplayName', (o) => toolDisplayName(tool, o)],
      ['describeUrl', (o) => describeUrl('https://example.com/a', o)],
      ['parseElicitationRequest', (o) => parseElicitationRequest({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }, o)],
      ['formatAbsoluteTime', (o) => formatAbsoluteTime(new Date(0), o)],
      ['mcpClientCapabilities', (o) => mcpClientCapabilities(o)],
    ];
    for (const [name, call] of pairs) expect([name, call(null as never)]).toEqual([name, call(undefined as never)]);
  });
});
