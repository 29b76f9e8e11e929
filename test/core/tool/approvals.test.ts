import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { canOfferRemember, createApprovalStore } from '../../../src/core/tool/approvals.js';
import { decideToolCall } from '../../../src/core/tool/decide.js';
import { type Trust } from '../../../src/core/shared/policy.js';
import { diffToolAnnotations, isToolListStale, toolListExpiresAt } from '../../../src/core/tool/drift.js';
import type { Tool } from '../../../src/core/shared/types.js';
import { defaultLabels } from '../../../src/internal/default-labels.js';
import { formatReason } from '../../../src/core/text/reasons.js';

/** A reason in the default English, as a person reads it. */
const english = (reason: Parameters<typeof formatReason>[0]) => formatReason(reason, defaultLabels, 'en');

const write: Tool = { name: 'create_entities', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } };
const destructive: Tool = { name: 'delete_entities', annotations: { destructiveHint: true, idempotentHint: true } };
const trusted = { serverId: 'memory', trust: 'trusted' as Trust };

describe('approval store', () => {
  it('remembers a trusted, non-destructive tool', () => {
    const store = createApprovalStore();
    expect(store.isApproved(write, trusted)).toBe(false);
    expect(store.remember(write, trusted)).toEqual({ ok: true });
    expect(store.isApproved(write, trusted)).toBe(true);
  });

  it('refuses untrusted servers, unknown tools and (without opt-in) destructive tools', () => {
    const store = createApprovalStore();
    expect(store.remember(write, { serverId: 'memory', trust: 'untrusted' })).toEqual({ ok: false, reason: 'untrusted-server' });
    expect(store.remember(undefined, trusted)).toEqual({ ok: false, reason: 'unknown-tool' });
    expect(store.remember(destructive, trusted)).toEqual({ ok: false, reason: 'destructive' });
    expect(store.toJSON()).toEqual([]);
    const optedIn = createApprovalStore({ rememberDestructive: true });
    expect(optedIn.remember(destructive, trusted)).toEqual({ ok: true });
    expect(optedIn.isApproved(destructive, trusted)).toBe(true);
  });

  it('an approval no longer applies when the output schema, how it runs or its app view changes, and the notice names the part', () => {
    const base: Tool = { ...write, outputSchema: { type: 'object', properties: { ok: { type: 'boolean' } } }, execution: { taskSupport: 'optional' }, _meta: { ui: { resourceUri: 'ui://app/a.html' } } } as Tool;
    const variants: Array<[string, Tool, string]> = [
      ['outputSchema', { ...base, outputSchema: { type: 'object', properties: { ok: { type: 'string' } } } } as Tool, 'outputs'],
      ['execution', { ...base, execution: { taskSupport: 'required' } } as Tool, 'way it runs'],
      ['ui', { ...base, _meta: { ui: { resourceUri: 'ui://app/b.html' } } } as Tool, 'app view'],
      ['ui', { ...base, _meta: { ...base._meta, 'ui/resourceUri': 'ui://app/legacy.html' } } as Tool, 'app view'],
    ];
    for (const [part, changed, words] of variants) {
      const store = createApprovalStore();
      expect(store.remember(base, trusted)).toEqual({ ok: true });
      expect(store.isApproved(base, trusted)).toBe(true);
      expect(store.isApproved(changed, trusted), part).toBe(false);
      expect(store.changesSinceApproval(changed, trusted)).toEqual([part]);
      const decision = decideToolCall({ tool: changed, trust: 'trusted', annotationsChanged: store.changesSinceApproval(changed, trusted) });
      expect(decision.reasons.map(english).join(' ')).toContain(words);
    }
    // Other _meta keys are not part of what the person approved.
    const store = createApprovalStore();
    store.remember(base, trusted);
    expect(store.isApproved({ ...base, _meta: { ...base._meta, 'com.example/trace': 'x' } } as Tool, trusted)).toBe(true);
  });

  it('does not apply to another server, another trust level or changed annotations, and says when they changed', () => {
    const store = createApprovalStore();
    store.remember(write, trusted);
    expect(store.isApproved(write, { serverId: 'other', trust: 'trusted' })).toBe(false);
    expect(store.isApproved(write, { serverId: 'memory', trust: 'untrusted' })).toBe(false);
    const changed: Tool = { ...write, annotations: { ...write.annotations, destructiveHint: true } };
    expect(store.isApproved(changed, trusted)).toBe(false);
    expect(store.hasChangedSinceApproval(changed, trusted)).toBe(true);
    expect(store.hasChangedSinceApproval(write, trusted)).toBe(false);
  });

  it('persists through a host storage adapter and ignores junk in it', () => {
    const saved: string[][] = [];
    const storage = { load: () => saved.at(-1), save: (entries: string[]) => saved.push(entries) };
    const first = createApprovalStore({ storage });
    first.remember(write, trusted);
    const second = createApprovalStore({ storage });
    expect(second.isApproved(write, trusted)).toBe(true);
    const junk = createApprovalStore({ storage: { load: () => ['nope', 42, '["a","b","untrusted","c"]', null], save: () => {} } });
    expect(junk.toJSON()).toEqual([]);
    const broken = createApprovalStore({ storage: { load: () => { throw new Error('quota'); }, save: () => { throw new Error('quota'); } } });
    expect(broken.remember(write, trusted)).toEqual({ ok: true });
  });

  it('forgets, clears and notifies subscribers', () => {
    const store = createApprovalStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.remember(write, trusted);
    store.forget('memory', 'create_entities');
    expect(store.isApproved(write, trusted)).toBe(false);
    store.remember(write, trusted);
    store.clear();
    unsubscribe();
    store.remember(write, trusted);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('property: after a remembered approval, any change of declared annotations, trust or server asks again', () => {
    const hint = fc.option(fc.boolean(), { nil: undefined });
    const annotations = fc.record({ readOnlyHint: hint, destructiveHint: hint, idempotentHint: hint, openWorldHint: hint, title: fc.option(fc.string(), { nil: undefined }) });
    const change = fc.oneof(
      fc.record({ kind: fc.constant('annotations' as const), annotations }),
      fc.record({ kind: fc.constant('trust' as const) }),
      fc.record({ kind: fc.constant('server' as const), serverId: fc.string() }),
    );
    fc.assert(
      fc.property(annotations, change, (before, next) => {
        const tool: Tool = { name: 'tool', annotations: before };
        const store = createApprovalStore({ rememberDestructive: true });
        if (!store.remember(tool, trusted).ok) return;
        let after: Tool = tool;
        let context = trusted;
        if (next.kind === 'annotations') after = { name: 'tool', annotations: next.annotations };
        if (next.kind === 'trust') context = { ...trusted, trust: 'untrusted' };
        if (next.kind === 'server') context = { ...trusted, serverId: next.serverId };
        const changed = next.kind === 'annotations' ? JSON.stringify(Object.entries(next.annotations).filter(([, v]) => v !== undefined).sort()) !== JSON.stringify(Object.entries(before).filter(([, v]) => v !== undefined).sort()) : next.kind === 'trust' || next.serverId !== 'memory';
        const decision = decideToolCall({
          tool: after,
          trust: context.trust,
          remembered: store.isApproved(after, context),
          annotationsChanged: store.hasChangedSinceApproval(after, context),
        });
        if (changed) {
          // Only a read-only tool of a trusted server may still run — and never by memory.
          expect(decision.decidedBy === 'remembered').toBe(false);
          if (decision.action === 'run') expect(context.trust === 'trusted' && decision.risk === 'read').toBe(true);
        } else {
          expect(decision.action).toBe('run');
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('canOfferRemember', () => {
  const store = createApprovalStore();
  it('offers remembering only for confirmations of trusted, non-destructive tools outside always-confirm mode', () => {
    expect(canOfferRemember(store, decideToolCall({ tool: write, trust: 'trusted' }), write, 'memory')).toBe(true);
    expect(canOfferRemember(store, decideToolCall({ tool: write, trust: 'trusted', mode: 'always-confirm' }), write, 'memory')).toBe(false);
    expect(canOfferRemember(store, decideToolCall({ tool: write, trust: 'untrusted' }), write, 'memory')).toBe(false);
    expect(canOfferRemember(store, decideToolCall({ tool: destructive, trust: 'trusted' }), destructive, 'memory')).toBe(false);
    expect(canOfferRemember(store, decideToolCall({ tool: write, trust: 'trusted', mode: 'read-only' }), write, 'memory')).toBe(false);
    const readOnly: Tool = { name: 'r', annotations: { readOnlyHint: true } };
    expect(canOfferRemember(store, decideToolCall({ tool: readOnly, trust: 'trusted' }), readOnly, 'memory')).toBe(false);
  });
});

describe('drift detection', () => {
  it('reports which tools changed and how', () => {
    const before: Tool[] = [
      { name: 'read', annotations: { readOnlyHint: true } },
      { name: 'same', annotations: { readOnlyHint: true } },
      { name: 'gone' },
    ];
    const after: Tool[] = [
      { name: 'read', annotations: { readOnlyHint: false, destructiveHint: true } },
      { name: 'same', annotations: { readOnlyHint: true } },
      { name: 'new', annotations: { readOnlyHint: true } },
    ];
    const changes = diffToolAnnotations(before, { tools: after });
    expect(changes.map((c) => [c.name, c.kind, c.riskBefore, c.riskAfter, c.escalated])).toEqual([
      ['read', 'changed', 'read', 'destructive', true],
      ['new', 'added', undefined, 'read', false],
      ['gone', 'removed', 'destructive', undefined, false],
    ]);
    expect(changes[0]!.changedHints).toEqual(['readOnly', 'destructive', 'idempotent']);
  });

  it('ignores key order and malformed lists', () => {
    expect(diffToolAnnotations([{ name: 'a', annotations: { readOnlyHint: true, title: 'A' } }], [{ name: 'a', annotations: { title: 'A', readOnlyHint: true } }])).toEqual([]);
    expect(diffToolAnnotations(undefined, 'junk' as never)).toEqual([]);
  });

  it('exposes when cached annotations expire (ttlMs)', () => {
    expect(toolListExpiresAt({ tools: [], ttlMs: 300_000 }, 1_000)).toBe(301_000);
    expect(toolListExpiresAt({ tools: [] }, 1_000)).toBeNull();
    expect(toolListExpiresAt({ tools: [], ttlMs: -5 }, 1_000)).toBeNull();
    expect(isToolListStale({ tools: [], ttlMs: 1000 }, 0, 999)).toBe(false);
    expect(isToolListStale({ tools: [], ttlMs: 1000 }, 0, 1000)).toBe(true);
    expect(isToolListStale({ tools: [] }, 0, 1e15)).toBe(false);
  });
});
