import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decideToolCall } from '../../../src/core/tool/decide.js';
import { decisionRecord } from '../../../src/core/consent/kinds/tool.js';
import { normalizeMode, normalizeTrust, type PolicyMode, type Trust } from '../../../src/core/shared/policy.js';
import { resolveToolHints } from '../../../src/core/tool/tool-hints.js';
import type { Tool } from '../../../src/core/shared/types.js';
import { defaultLabels } from '../../../src/internal/default-labels.js';
import { formatReason } from '../../../src/core/text/reasons.js';

/** A reason in the default English, as a person reads it. */
const english = (reason: Parameters<typeof formatReason>[0]) => formatReason(reason, defaultLabels, 'en');

const HINT_KEYS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
const VALUES: unknown[] = [true, false, undefined, 'false'];
const TRUSTS: Trust[] = ['trusted', 'untrusted'];
const MODES: PolicyMode[] = ['default', 'always-confirm', 'read-only', 'offline'];

const combos: Tool[] = [];
for (const a of VALUES) for (const b of VALUES) for (const c of VALUES) for (const d of VALUES) {
  const annotations: Record<string, unknown> = {};
  [a, b, c, d].forEach((value, i) => {
    if (value !== undefined) annotations[HINT_KEYS[i]!] = value;
  });
  combos.push({ name: 't', annotations } as Tool);
}

describe('decideToolCall — exhaustive table: 4 hints × 4 values × trust × mode × remembered', () => {
  const rows: Array<[string, Tool | undefined, Trust, PolicyMode, boolean]> = [];
  for (const tool of [...combos, undefined]) for (const trust of TRUSTS) for (const mode of MODES) for (const remembered of [false, true]) {
    rows.push([`${JSON.stringify(tool?.annotations ?? 'unknown tool')} ${trust} ${mode} remembered=${remembered}`, tool, trust, mode, remembered]);
  }

  it(`covers ${rows.length} combinations`, () => {
    expect(rows).toHaveLength((256 + 1) * 2 * 4 * 2);
  });

  it.each(rows)('%s', (_name, tool, trust, mode, remembered) => {
    const decision = decideToolCall({ tool, trust, mode, remembered });
    const hints = resolveToolHints(tool);
    // Risk follows the resolved hints.
    expect(decision.risk).toBe(hints.readOnly ? 'read' : hints.destructive ? 'destructive' : 'write');
    // Blocking modes.
    if (mode === 'read-only' && !hints.readOnly) return expect(decision.action).toBe('block');
    if (mode === 'offline' && hints.openWorld) return expect(decision.action).toBe('block');
    // Untrusted: never run, whatever the hints and memory say.
    if (trust === 'untrusted') return expect(decision.action).toBe('confirm');
    if (mode === 'always-confirm' || tool === undefined) return expect(decision.action).toBe('confirm');
    // Trusted: read-only runs; remembered approvals run; everything else is confirmed.
    if (hints.readOnly) return expect(decision).toMatchObject({ action: 'run', decidedBy: remembered ? 'remembered' : 'policy' });
    if (remembered) return expect(decision).toMatchObject({ action: 'run', decidedBy: 'remembered' });
    expect(decision.action).toBe('confirm');
    if (hints.destructive) expect(decision.reasons.map((r) => r.code)).toContain('destructive');
  });
});

describe('decideToolCall — rules in detail', () => {
  const readOnly: Tool = { name: 'read_graph', annotations: { readOnlyHint: true } };
  const write: Tool = { name: 'create', annotations: { destructiveHint: false, openWorldHint: false } };
  const destructive: Tool = { name: 'delete', annotations: { destructiveHint: true } };

  it('defaults to an untrusted server in default mode', () => {
    expect(decideToolCall({ tool: readOnly })).toMatchObject({ action: 'confirm', trust: 'untrusted', mode: 'default' });
  });

  it('no property-generated input with an untrusted server ever yields run', () => {
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom(...MODES, 'bogus', undefined), fc.option(fc.dictionary(fc.string(), fc.constantFrom('allow', 'confirm', 'deny'))), fc.boolean(), (annotations, mode, overrides, remembered) => {
        const tool = { name: 't', annotations } as Tool;
        const decision = decideToolCall({ tool, trust: 'untrusted', mode: mode as PolicyMode, overrides: overrides ?? { t: 'allow' }, remembered });
        expect(decision.action).not.toBe('run');
      }),
      { numRuns: 3000 },
    );
  });

  it('gives reasons as codes with their English text', () => {
    const decision = decideToolCall({ tool: destructive, trust: 'untrusted' });
    expect(decision.reasons.map((r) => r.code)).toEqual(['untrusted-server', 'destructive', 'open-world', 'hints-assumed']);
    expect(english(decision.reasons[0]!)).toBe('This server is not trusted, so every call needs your approval.');
  });

  it('host overrides: deny blocks, confirm asks, allow runs only trusted non-destructive tools', () => {
    expect(decideToolCall({ tool: readOnly, trust: 'trusted', overrides: { read_graph: 'deny' } })).toMatchObject({ action: 'block', reasons: [{ code: 'host-denied' }] });
    expect(decideToolCall({ tool: readOnly, trust: 'trusted', overrides: { read_graph: 'confirm' } }).action).toBe('confirm');
    expect(decideToolCall({ tool: write, trust: 'trusted', overrides: { create: 'allow' } })).toMatchObject({ action: 'run', reasons: [{ code: 'host-allowed' }] });
    expect(decideToolCall({ tool: destructive, trust: 'trusted', overrides: { delete: 'allow' } }).action).toBe('confirm');
    expect(decideToolCall({ tool: write, trust: 'untrusted', overrides: { create: 'allow' } }).action).toBe('confirm');
    // Overrides are looked up as own keys only.
    expect(decideToolCall({ tool: { name: 'toString', annotations: { readOnlyHint: true } }, trust: 'trusted', overrides: {} }).action).toBe('run');
  });

  it('an unknown tool is the worst case and can still be denied by name', () => {
    expect(decideToolCall({ tool: undefined, trust: 'trusted' })).toMatchObject({ action: 'confirm', risk: 'destructive' });
    expect(decideToolCall({ tool: undefined, trust: 'trusted', mode: 'offline' }).action).toBe('block');
    expect(decideToolCall({ tool: undefined, toolName: 'x', trust: 'trusted', overrides: { x: 'deny' } }).action).toBe('block');
  });

  it('changed annotations force a confirmation even when remembered', () => {
    expect(decideToolCall({ tool: write, trust: 'trusted', annotationsChanged: true }).reasons.map((r) => r.code)).toContain('annotations-changed');
    expect(decideToolCall({ tool: write, trust: 'trusted', remembered: true, annotationsChanged: true }).action).toBe('confirm');
  });

  it('typos in trust or mode fail closed', () => {
    expect(normalizeTrust('Trusted')).toBe('untrusted');
    expect(normalizeTrust(true)).toBe('untrusted');
    expect(normalizeMode('readonly')).toBe('always-confirm');
    expect(decideToolCall({ tool: readOnly, trust: 'yes' as Trust }).action).toBe('confirm');
  });
});

describe('a retry', () => {
  // Whether a failed call may run again without asking.
  const canRetryWithoutAsking = (tool: Parameters<typeof decideToolCall>[0]['tool'], trust: Trust | undefined) => decideToolCall({ tool, trust, retry: true }).action === 'run';

  it('runs unasked only for idempotent, non-destructive or read-only tools of trusted servers', () => {
    expect(canRetryWithoutAsking({ name: 'r', annotations: { readOnlyHint: true } }, 'trusted')).toBe(true);
    expect(canRetryWithoutAsking({ name: 'w', annotations: { idempotentHint: true, destructiveHint: false } }, 'trusted')).toBe(true);
    // Destructive tools ask again on retry, idempotent or not.
    expect(canRetryWithoutAsking({ name: 'd', annotations: { idempotentHint: true } }, 'trusted')).toBe(false);
    expect(canRetryWithoutAsking({ name: 'd', annotations: { idempotentHint: true } }, 'untrusted')).toBe(false);
    expect(canRetryWithoutAsking({ name: 'c', annotations: { idempotentHint: false } }, 'trusted')).toBe(false);
    expect(canRetryWithoutAsking({ name: 'c', annotations: { idempotentHint: 'true' as unknown as boolean } }, 'trusted')).toBe(false);
    expect(canRetryWithoutAsking(undefined, 'trusted')).toBe(false);
    expect(canRetryWithoutAsking({ name: 'r', annotations: { readOnlyHint: true } }, undefined)).toBe(false);
  });
});

describe('decisionRecord', () => {
  it('carries everything a host logs', () => {
    const tool: Tool = { name: 'delete', annotations: { destructiveHint: true } };
    const decision = decideToolCall({ tool, trust: 'trusted', mode: 'default' });
    const record = decisionRecord(decision, { serverId: 'mem', tool }, { outcome: 'denied', decidedBy: 'user', timestamp: 123 });
    expect(record).toEqual({
      kind: 'tool',
      serverId: 'mem',
      toolName: 'delete',
      annotations: { destructiveHint: true },
      fingerprint: 'a1:{"destructiveHint":true}',
      hints: decision.hints,
      trust: 'trusted',
      mode: 'default',
      risk: 'destructive',
      policyAction: 'confirm',
      outcome: 'denied',
      decidedBy: 'user',
      reasons: decision.reasons,
      remembered: false,
      timestamp: 123,
    });
  });
});
