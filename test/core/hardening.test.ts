// Issue "Hardening": every rule decided once, in core, at the moment it matters.
// Each block names the item it covers; each test fails on v0.1.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { annotationFingerprint, createApprovalStore, decideToolCall, diffToolAnnotations, presentTool, resolveToolHints, selectForViewer, type ServerConfig, type Tool, type ToolOverride } from '../../src/core/index.js';
import { confirmFocus } from '../../src/core/tool/decide.js';
import { formatPreview, previewArguments, type PreviewWords } from '../../src/core/tool/arguments.js';
import { prepareContent } from '../../src/core/content/content.js';
import { snapshotTool, toolFingerprint } from '../../src/core/tool/tool-hints.js';
import type { PolicyMode } from '../../src/core/shared/policy.js';
import { createBuiltInController } from '../helpers/kinds.js';
import { defaultLabels } from '../../src/internal/default-labels.js';
import { formatReason } from '../../src/core/text/reasons.js';

/** A reason in the default English, as a person reads it. */
const english = (reason: Parameters<typeof formatReason>[0]) => formatReason(reason, defaultLabels, 'en');

const idempotentWrite: Tool = { name: 'upsert', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } };
const idempotentOpenWrite: Tool = { name: 'sync', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true } };
const readOnlyLocal: Tool = { name: 'read', annotations: { readOnlyHint: true, openWorldHint: false } };
const readOnlyOpen: Tool = { name: 'fetch', annotations: { readOnlyHint: true, openWorldHint: true } };
const appendNote: Tool = { name: 'append_note', title: 'Append a note', description: 'Adds a note.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, annotations: { destructiveHint: false, openWorldHint: false } };

function deepNest(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { leaf: true };
  for (let i = 0; i < levels; i++) node = { child: node };
  return node;
}

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

const throwingGetter = (): Record<string, unknown> =>
  Object.defineProperty({}, 'boom', {
    enumerable: true,
    get() {
      throw new Error('getter');
    },
  });

describe('1. a retry is a new decision', () => {
  const blockingModes: Array<[string, { mode?: PolicyMode; overrides?: Record<string, ToolOverride> }, 'block' | 'confirm']> = [
    ['offline mode', { mode: 'offline' }, 'block'],
    ['read-only mode', { mode: 'read-only' }, 'block'],
    ['a deny override', { overrides: { sync: 'deny' } }, 'block'],
    ['always-confirm mode', { mode: 'always-confirm' }, 'confirm'],
    ['a confirm override', { overrides: { sync: 'confirm' } }, 'confirm'],
  ];
  it.each(blockingModes)('a trusted idempotent tool under %s does not run on retry', (_name, policy, action) => {
    expect(decideToolCall({ tool: idempotentOpenWrite, trust: 'trusted', retry: true, ...policy }).action).toBe(action);
  });

  it('runs without asking only for a trusted, idempotent, non-destructive tool nothing else makes ask', () => {
    expect(decideToolCall({ tool: idempotentWrite, trust: 'trusted', retry: true })).toMatchObject({ action: 'run', reasons: [{ code: 'retry-idempotent' }] });
    expect(decideToolCall({ tool: idempotentWrite, trust: 'untrusted', retry: true }).action).toBe('confirm');
    expect(decideToolCall({ tool: { name: 'del', annotations: { idempotentHint: true } }, trust: 'trusted', retry: true }).action).toBe('confirm');
    expect(decideToolCall({ tool: { name: 'add', annotations: { destructiveHint: false } }, trust: 'trusted', retry: true }).action).toBe('confirm');
    expect(decideToolCall({ tool: undefined, toolName: 'x', trust: 'trusted', retry: true }).action).toBe('confirm');
    expect(decideToolCall({ tool: idempotentWrite, trust: 'trusted', retry: true, tainted: true }).action).toBe('confirm');
    expect(decideToolCall({ tool: idempotentWrite, trust: 'trusted', retry: true, annotationsChanged: true }).action).toBe('confirm');
  });

  it('property: a retry never runs where the same call would be blocked, and never for an untrusted server', () => {
    fc.assert(
      fc.property(
        fc.record({ readOnlyHint: fc.option(fc.boolean()), destructiveHint: fc.option(fc.boolean()), idempotentHint: fc.option(fc.boolean()), openWorldHint: fc.option(fc.boolean()) }, { requiredKeys: [] }),
        fc.constantFrom<PolicyMode>('default', 'always-confirm', 'read-only', 'offline'),
        fc.constantFrom('trusted' as const, 'untrusted' as const),
        fc.option(fc.constantFrom<ToolOverride>('allow', 'confirm', 'deny')),
        (annotations, mode, trust, override) => {
          const tool = { name: 't', annotations } as Tool;
          const overrides = override ? { t: override } : undefined;
          const first = decideToolCall({ tool, trust, mode, overrides });
          const retry = decideToolCall({ tool, trust, mode, overrides, retry: true });
          if (first.action === 'block') expect(retry.action).toBe('block');
          if (trust === 'untrusted' || mode === 'always-confirm') expect(retry.action).not.toBe('run');
          // A retry skips the question only where the first call would, or for an idempotent, non-destructive tool.
          if (retry.action === 'run') expect(first.action === 'run' || (retry.hints.idempotent && retry.risk !== 'destructive')).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('the controller decides a retry with the current policy, and records it', async () => {
    const onDecision = vi.fn();
    const controller = createBuiltInController({ servers: { s: { trust: 'trusted' } }, mode: 'offline', onDecision });
    await expect(controller.requestApproval({ serverId: 's', tool: idempotentOpenWrite, retry: true, callId: 'c1' })).resolves.toMatchObject({ outcome: 'blocked' });
    expect(onDecision).toHaveBeenCalledWith(expect.objectContaining({ kind: 'tool', retry: true, callId: 'c1', outcome: 'blocked' }));
    controller.setPolicy({ servers: { s: { trust: 'trusted' } } });
    await expect(controller.requestApproval({ serverId: 's', tool: idempotentWrite, retry: true })).resolves.toMatchObject({ outcome: 'run', decidedBy: 'policy' });
  });
});

describe('2. a pending confirmation is decided again when it settles', () => {
  const write: Tool = { name: 'create', annotations: { destructiveHint: false, openWorldHint: false } };

  it.each<[string, (c: ReturnType<typeof createBuiltInController>) => void, string]>([
    ['read-only mode', (c) => c.setPolicy({ servers: { s: { trust: 'untrusted' } }, mode: 'read-only' }), 'read-only-mode'],
    ['a deny override', (c) => c.setPolicy({ servers: { s: { trust: 'untrusted', overrides: { create: 'deny' } } } }), 'host-denied'],
    ['the server removed from the configuration', (c) => c.setPolicy({ servers: {} }), 'server-removed'],
  ])('Allow after a switch to %s is blocked, and the record says why', async (_name, change, code) => {
    const onDecision = vi.fn();
    const controller = createBuiltInController({ servers: { s: { trust: 'untrusted' } }, onDecision });
    const pending = controller.requestApproval({ serverId: 's', tool: write });
    const item = controller.getSnapshot().current!;
    change(controller);
    expect(controller.respond(item.id, { action: 'approve' })).toBe(true);
    const result = await pending;
    expect(result.outcome).toBe('blocked');
    expect(result.record.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['policy-changed', code]));
    expect(onDecision).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ outcome: 'blocked', policyAction: 'confirm', decidedBy: 'policy' }));
    expect(controller.getSnapshot().queue).toHaveLength(0);
  });

  it('a removed server blocks with its own reason (untrusted would only mean confirm)', () => {
    expect(decideToolCall({ tool: readOnlyLocal, trust: 'untrusted', serverRemoved: true })).toMatchObject({ action: 'block', reasons: [{ code: 'server-removed' }] });
  });

  it('when trust changed while open, it asks again (a new prompt) instead of running', async () => {
    const controller = createBuiltInController({ servers: { s: { trust: 'trusted' } } });
    const pending = controller.requestApproval({ serverId: 's', tool: write });
    const first = controller.getSnapshot().current!;
    controller.setPolicy({ servers: { s: { trust: 'untrusted' } } });
    controller.respond(first.id, { action: 'approve' });
    const second = controller.getSnapshot().current!;
    expect(second.id).not.toBe(first.id);
    expect(second.kind === 'tool' && second.decision.trust).toBe('untrusted');
    // The answer to the old question is not an answer to the new one.
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    controller.respond(second.id, { action: 'approve' });
    await expect(pending).resolves.toMatchObject({ outcome: 'run', decidedBy: 'user' });
  });

  it('property: whatever the policy becomes while open, Allow never runs what it blocks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ readOnlyHint: fc.option(fc.boolean()), destructiveHint: fc.option(fc.boolean()), openWorldHint: fc.option(fc.boolean()) }, { requiredKeys: [] }),
        fc.constantFrom<PolicyMode>('default', 'always-confirm', 'read-only', 'offline'),
        fc.constantFrom<PolicyMode>('default', 'always-confirm', 'read-only', 'offline'),
        fc.boolean(),
        fc.option(fc.constantFrom<ToolOverride>('allow', 'confirm', 'deny')),
        async (annotations, before, after, keepServer, override) => {
          const tool = { name: 't', annotations } as Tool;
          const controller = createBuiltInController({ servers: { s: { trust: 'untrusted' } }, mode: before });
          const pending = controller.requestApproval({ serverId: 's', tool });
          const item = controller.getSnapshot().current;
          if (!item) return;
          const overrides = override ? { t: override } : undefined;
          const servers: Record<string, ServerConfig> = keepServer ? { s: { trust: 'untrusted', overrides } } : {};
          controller.setPolicy({ servers, mode: after });
          controller.respond(item.id, { action: 'approve' });
          const wouldBlock = !keepServer || decideToolCall({ tool, trust: 'untrusted', mode: after, overrides }).action === 'block';
          const next = controller.getSnapshot().current;
          if (next) controller.respond(next.id, { action: 'approve' });
          const result = await pending;
          if (wouldBlock) expect(result.outcome).toBe('blocked');
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('3. remembered approvals are keyed on everything the user and the model saw', () => {
  const variants: Array<[string, Tool]> = [
    ['tool.title', { ...appendNote, title: 'Delete every note' }],
    ['annotations.title', { ...appendNote, annotations: { ...appendNote.annotations, title: 'Delete every note' } }],
    ['description', { ...appendNote, description: 'Deletes every note.' }],
    ['input schema', { ...appendNote, inputSchema: { type: 'object', properties: { text: { type: 'string' }, all: { type: 'boolean' } } } }],
    ['a hint', { ...appendNote, annotations: { destructiveHint: false, openWorldHint: true } }],
  ];

  it.each(variants)('a changed %s asks again with the "changed since" notice', (_name, changed) => {
    const store = createApprovalStore();
    expect(store.remember(appendNote, { serverId: 'notes', trust: 'trusted' })).toEqual({ ok: true });
    expect(store.isApproved(appendNote, { serverId: 'notes', trust: 'trusted' })).toBe(true);
    expect(store.isApproved(changed, { serverId: 'notes', trust: 'trusted' })).toBe(false);
    expect(store.hasChangedSinceApproval(changed, { serverId: 'notes', trust: 'trusted' })).toBe(true);
    const controller = createBuiltInController({ servers: { notes: { trust: 'trusted' } }, store });
    const decision = controller.previewDecision({ serverId: 'notes', tool: changed });
    expect(decision.action).toBe('confirm');
    expect(decision.reasons.map((r) => r.code)).toContain('annotations-changed');
  });

  it('says which part changed', () => {
    const store = createApprovalStore();
    store.remember(appendNote, { serverId: 'notes', trust: 'trusted' });
    expect(store.changesSinceApproval(variants[0]![1], { serverId: 'notes', trust: 'trusted' })).toEqual(['title']);
    expect(store.changesSinceApproval(variants[3]![1], { serverId: 'notes', trust: 'trusted' })).toEqual(['inputSchema']);
    const decision = decideToolCall({ tool: variants[0]![1], trust: 'trusted', annotationsChanged: ['title'] });
    expect(english(decision.reasons.find((r) => r.code === 'annotations-changed')!)).toContain('title');
  });

  it('another server, name or trust level is another key', () => {
    const store = createApprovalStore();
    store.remember(appendNote, { serverId: 'notes', trust: 'trusted' });
    expect(store.isApproved(appendNote, { serverId: 'other', trust: 'trusted' })).toBe(false);
    expect(store.isApproved({ ...appendNote, name: 'append_note2' }, { serverId: 'notes', trust: 'trusted' })).toBe(false);
    expect(store.isApproved(appendNote, { serverId: 'notes', trust: 'untrusted' })).toBe(false);
  });

  it('property: any change to title, description, schema or annotations invalidates the approval', () => {
    const part = fc.constantFrom('title', 'description', 'inputSchema', 'annotations');
    fc.assert(
      fc.property(part, fc.jsonValue(), (key, value) => {
        const store = createApprovalStore();
        store.remember(appendNote, { serverId: 'n', trust: 'trusted' });
        const changed = { ...appendNote, [key]: value } as Tool;
        const same = JSON.stringify((appendNote as unknown as Record<string, unknown>)[key]) === JSON.stringify(value);
        if (!same && resolveToolHints(changed).destructive === false) expect(store.isApproved(changed, { serverId: 'n', trust: 'trusted' })).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('4. annotation fields are read as own data properties only', () => {
  afterEach(() => {
    for (const key of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint', 'annotations', 'title']) delete (Object.prototype as Record<string, unknown>)[key];
  });

  it('an inherited Object.prototype.readOnlyHint is not a declared hint', () => {
    (Object.prototype as Record<string, unknown>).readOnlyHint = true;
    (Object.prototype as Record<string, unknown>).destructiveHint = false;
    const hints = resolveToolHints({ name: 'x', annotations: {} });
    expect(hints).toMatchObject({ readOnly: false, destructive: true, declared: { readOnly: false, destructive: false } });
    expect(decideToolCall({ tool: { name: 'x', annotations: {} }, trust: 'trusted' }).action).toBe('confirm');
  });

  it('inherited annotations and titles are not read', () => {
    (Object.prototype as Record<string, unknown>).annotations = { readOnlyHint: true };
    (Object.prototype as Record<string, unknown>).title = 'Harmless';
    expect(resolveToolHints({ name: 'x' }).declared.readOnly).toBe(false);
    expect(presentTool({ name: 'rm' }).displayName).toBe('rm');
  });

  it('a getter is never called and counts as absent', () => {
    const get = vi.fn(() => true);
    const annotations = Object.defineProperty({}, 'readOnlyHint', { get, enumerable: true });
    const onAnnotationIssue = vi.fn();
    expect(resolveToolHints({ name: 'x', annotations } as Tool, { onAnnotationIssue }).readOnly).toBe(false);
    expect(get).not.toHaveBeenCalled();
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'tool-hint-invalid' }));
  });

  it('a class instance whose prototype declares hints declares nothing', () => {
    class Hints {
      get readOnlyHint() {
        return true;
      }
    }
    Object.defineProperty(Hints.prototype, 'openWorldHint', { value: false });
    expect(resolveToolHints({ name: 'x', annotations: new Hints() } as unknown as Tool).declared).toEqual({ readOnly: false, destructive: false, idempotent: false, openWorld: false });
  });

  it('a proxy that answers differently each time is read once for the whole decision', () => {
    let reads = 0;
    const annotations = new Proxy({ readOnlyHint: true }, {
      getOwnPropertyDescriptor(target, key) {
        reads++;
        return key === 'readOnlyHint' ? { value: reads === 1, writable: true, enumerable: true, configurable: true } : Reflect.getOwnPropertyDescriptor(target, key);
      },
    });
    const snapshot = snapshotTool({ name: 'x', annotations });
    const decision = decideToolCall({ tool: snapshot, trust: 'trusted' });
    const presented = presentTool(snapshot, { trust: 'trusted' });
    expect(decision.risk).toBe(presented.risk);
    expect(snapshotTool(snapshot)).toBe(snapshot);
  });
});

describe('5. focus starts on Allow only for a trusted, declared read-only call asked for no other reason', () => {
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

describe('6. nothing documented "never throws" throws', () => {
  const nasty: Array<[string, () => unknown]> = [
    ['10,000 nesting levels', () => deepNest(10_000)],
    ['a 1 MB string', () => 'x'.repeat(1_048_576)],
    ['a 1 MB key', () => ({ ['k'.repeat(1_048_576)]: 1 })],
    ['a throwing getter', throwingGetter],
    ['a revoked proxy', revokedProxy],
    ['a sparse array of length 1e9', () => Object.assign([], { length: 1e9 })],
    ['a cycle', () => {
      const a: Record<string, unknown> = {};
      a.a = a;
      return a;
    }],
  ];

  it.each(nasty)('fingerprints, diffs, previews, content and decisions survive %s', (_name, make) => {
    const value = make();
    const tool = { name: 't', annotations: value, inputSchema: value, title: 'T', description: 'D' } as unknown as Tool;
    expect(() => annotationFingerprint(tool)).not.toThrow();
    expect(() => toolFingerprint(tool)).not.toThrow();
    expect(() => diffToolAnnotations([tool], [{ ...tool, annotations: {} } as Tool])).not.toThrow();
    expect(() => previewArguments(value)).not.toThrow();
    expect(() => formatPreview(value)).not.toThrow();
    expect(() => prepareContent([value, { type: 'text', text: 'ok' }, { type: 'text', text: value }])).not.toThrow();
    expect(() => selectForViewer([value] as unknown[], 'user')).not.toThrow();
    expect(() => decideToolCall({ tool, trust: 'trusted' })).not.toThrow();
    expect(() => presentTool(tool)).not.toThrow();
    expect(() => snapshotTool(tool)).not.toThrow();
    expect(previewArguments({ value }).full.length).toBeLessThan(500_000);
    // Not only no crash: the outcome is the fail-closed one. Hints that cannot be read are assumed,
    // so a trusted server's tool with them never runs unasked, and the unreadable block is not shown.
    expect(decideToolCall({ tool, trust: 'trusted' }).action).not.toBe('run');
    expect(selectForViewer([value] as unknown[], 'user').every((block) => block !== value)).toBe(true);
    const shown = prepareContent([value, { type: 'text', text: 'ok' }]).shown;
    expect(shown.some((item) => item.block && (item.block as { text?: unknown }).text === 'ok')).toBe(true);
  });

  it('bounds the depth and size of fingerprints and fails closed: such a tool is never remembered', async () => {
    const deep = { name: 'deep', annotations: deepNest(10_000) } as unknown as Tool;
    const huge = { name: 'huge', annotations: { destructiveHint: false }, description: 'd'.repeat(1_048_576) } as Tool;
    expect(annotationFingerprint(deep)).toBe('a1:!unreadable');
    expect(toolFingerprint(deep)).toBeNull();
    expect(toolFingerprint(huge)).toBeNull();
    const store = createApprovalStore();
    expect(store.remember(huge, { serverId: 's', trust: 'trusted' })).toEqual({ ok: false, reason: 'not-comparable' });
    expect(store.isApproved(huge, { serverId: 's', trust: 'trusted' })).toBe(false);
    const controller = createBuiltInController({ servers: { s: { trust: 'trusted' } }, store });
    void controller.requestApproval({ serverId: 's', tool: huge });
    expect(controller.getSnapshot().current).toMatchObject({ canRemember: false });
  });

  it('diffs treat an unreadable fingerprint as changed, never as equal', () => {
    const deep = { name: 't', annotations: deepNest(100) } as unknown as Tool;
    expect(diffToolAnnotations([deep], [deep])).toHaveLength(1);
  });

  it('requestApproval always resolves, never rejects — whatever the request, the tool, the clock or the logger do', async () => {
    const requests: unknown[] = [
      undefined,
      null,
      42,
      revokedProxy(),
      { serverId: revokedProxy(), tool: revokedProxy() },
      { serverId: 's', tool: { name: 't', annotations: deepNest(10_000) } },
      { serverId: 's', tool: throwingGetter() },
      Object.defineProperty({}, 'tool', { get: () => { throw new Error('x'); }, enumerable: true }),
    ];
    const controller = createBuiltInController({
      servers: { s: { trust: 'trusted' } },
      now: () => {
        throw new Error('clock');
      },
      onDecision: () => {
        throw new Error('logger');
      },
    });
    for (const request of requests) {
      const pending = controller.requestApproval(request as never);
      const item = controller.getSnapshot().current;
      if (item) controller.respond(item.id, { action: 'deny' });
      await expect(pending).resolves.toHaveProperty('outcome');
    }
  });
});

describe('7. every name shown goes through the sanitiser', () => {
  it('an unknown tool\'s call name, with direction overrides, controls and length', () => {
    const presented = presentTool(undefined, { toolName: `safe\u202Eexe.txt\u0007${'x'.repeat(500)}` });
    expect(presented.name).not.toContain('\u202E');
    expect(presented.name).not.toContain('\u0007');
    expect(Array.from(presented.name).length).toBeLessThanOrEqual(128);
    expect(presented.displayName).toBe(presented.name);
  });

  it('the controller sanitises server names and call names before anyone sees them', () => {
    const controller = createBuiltInController({ servers: { s: { name: 'Files\u202E\u2066evil', trust: 'untrusted' } } });
    void controller.requestApproval({ serverId: 's', tool: undefined, toolName: 'rm\u202Efdp' });
    const item = controller.getSnapshot().current!;
    expect(item.serverName).not.toMatch(/[\u202E\u2066]/);
    expect(item.kind === 'tool' && item.toolName).not.toMatch(/\u202E/);
  });
});

describe('8. argument previews tell the truth', () => {
  it('shows bidi and invisible characters as visible escapes', () => {
    const { folded, full } = previewArguments({ path: 'invoice\u202Efdp.exe', zw: 'a\u200Bb', tag: 'x\u{E0041}' });
    for (const text of [folded, full]) {
      expect(text).toContain('\\u202E');
      expect(text).toContain('\\u200B');
      expect(text).toContain('\\uDB40\\uDC41');
      expect(text).not.toMatch(/[\u202E\u200B]/);
    }
  });

  // Core words nothing: it hands each placeholder's code and count to the caller's table.
  const say: PreviewWords = (code, count) => `<${code} ${count}>`;

  it('folds depth, long keys and long strings with placeholders that say what was folded, as codes and counts', () => {
    const preview = previewArguments({ deep: deepNest(20), ['k'.repeat(300)]: 1, long: 'y'.repeat(5000) }, undefined, say);
    expect(preview.folded).toMatch(/\{… <folded 1>\}/);
    expect(preview.folded).toMatch(/…\(\+<characters-cut 236>\): 1/);
    expect(preview.folded).toMatch(/…\(\+<characters-cut 4840>\)/);
    expect(preview.isFolded).toBe(true);
    // Without a table a placeholder is its count alone: no English from core.
    const bare = previewArguments({ deep: deepNest(20), long: 'y'.repeat(5000) });
    expect(bare.folded).toMatch(/\{… 1\}/);
    expect(bare.folded).toMatch(/…\(\+4840\)/);
    expect(bare.folded).not.toMatch(/[a-z]{3,} (folded|characters|shown)/);
  });

  it('one pathological argument never hides the others', () => {
    const preview = previewArguments({ huge: 'z'.repeat(1_048_576), many: Array.from({ length: 5000 }, (_, i) => i), path: '/etc/passwd', force: true });
    expect(preview.folded).toContain('"path": "/etc/passwd"');
    expect(preview.folded).toContain('"force": true');
    expect(preview.full).toContain('"path": "/etc/passwd"');
    expect(preview.folded).toMatch(/… \d+\n/);
    expect(previewArguments({ many: Array.from({ length: 5000 }, (_, i) => i) }, undefined, say).folded).toMatch(/… <hidden \d+>/);
  });

  it('property: never throws and never prints [object Object]', () => {
    const odd = fc.oneof(
      fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true, withObjectString: true }),
      fc.constant(Object.create(null)),
      fc.constant(new (class Secret {})()),
      fc.constant(new Date(NaN)),
      fc.constant(null).map(() => throwingGetter()),
    );
    fc.assert(
      fc.property(odd, (value) => {
        const preview = previewArguments({ value });
        expect(preview.full).not.toContain('[object Object]');
        expect(preview.folded).not.toContain('[object Object]');
        expect(formatPreview(value)).not.toContain('[object Object]');
      }),
      { numRuns: 2000 },
    );
    expect(previewArguments({ a: revokedProxy(), b: 1 }).full).toBe('{\n  "a": [unreadable],\n  "b": 1\n}');
  });
});

describe('9. each block is read exactly once', () => {
  it('a getter that answers differently on a second read cannot smuggle text into either view', () => {
    let reads = 0;
    const block = {
      type: 'text',
      get text() {
        reads++;
        return reads === 1 ? 'harmless' : 'SECRET for the assistant';
      },
    };
    const [user] = selectForViewer([block], 'user') as Array<{ text: string }>;
    expect(reads).toBe(1);
    expect(user!.text).toBe('harmless');
    expect(user!.text).toBe('harmless');
    reads = 0;
    const views = prepareContent([block]).shown.map((b) => b.view);
    expect(reads).toBe(1);
    expect(views).toEqual([{ kind: 'text', text: 'harmless', format: 'plain' }]);
  });

  it('an audience that changes between reads is decided once, in both directions', () => {
    const reads = { n: 0 };
    const block = {
      type: 'text',
      text: 'for the model only',
      get annotations() {
        reads.n++;
        return reads.n === 1 ? { audience: ['assistant'] } : undefined;
      },
    };
    expect(selectForViewer([block], 'user')).toEqual([]);
    reads.n = 0;
    const [forModel] = selectForViewer([block], 'assistant') as Array<{ annotations: { audience: string[] } }>;
    expect(forModel!.annotations.audience).toEqual(['assistant']);
    reads.n = 0;
    expect(prepareContent([block]).shown).toEqual([]);
  });

  it('a proxy array cannot answer the audience check and the renderer with different blocks', () => {
    let reads = 0;
    const hidden = { type: 'text', text: 'secret', annotations: { audience: ['assistant'] } };
    const shown = { type: 'text', text: 'public' };
    const list = new Proxy([shown], {
      get(target, key) {
        if (key === '0') return ++reads === 1 ? shown : hidden;
        return Reflect.get(target, key);
      },
    });
    const result = prepareContent(list);
    expect(result.shown.map((b) => b.view)).toEqual([{ kind: 'text', text: 'public', format: 'plain' }]);
  });
});

describe('10. one unreadable block fails closed alone', () => {
  it('is left out and reported, the others render', () => {
    const onAnnotationIssue = vi.fn();
    const exploding = Object.defineProperty({ type: 'text' }, 'text', { enumerable: true, get: () => { throw new Error('x'); } });
    const blocks = [{ type: 'text', text: 'before' }, exploding, revokedProxy(), { type: 'text', text: 'after' }];
    const { shown } = prepareContent(blocks, { onAnnotationIssue });
    expect(shown.map((b) => b.view.kind === 'text' && b.view.text)).toEqual(['before', 'after']);
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'block-unreadable', path: 'blocks[1]' }));
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'block-unreadable', path: 'blocks[2]' }));
    expect(selectForViewer(blocks, 'assistant')).toHaveLength(2);
  });
});

describe('11. an embedded resource\'s own audience narrows the block\'s', () => {
  const embedded = (outer: unknown, inner: unknown) => ({
    type: 'resource',
    ...(outer === undefined ? {} : { annotations: { audience: outer } }),
    resource: { uri: 'file:///a', text: 'contents', ...(inner === undefined ? {} : { annotations: { audience: inner } }) },
  });

  it.each([
    [['user', 'assistant'], ['assistant'], false, true],
    [undefined, ['assistant'], false, true],
    [['user'], ['assistant'], false, false],
    [['user', 'assistant'], ['user'], true, false],
    [['assistant'], undefined, false, true],
    [undefined, undefined, true, true],
    [['user'], 'user', false, false],
  ])('outer %j, contents %j → user %s, assistant %s', (outer, inner, user, assistant) => {
    const block = embedded(outer, inner);
    expect(selectForViewer([block], 'user')).toHaveLength(user ? 1 : 0);
    expect(selectForViewer([block], 'assistant')).toHaveLength(assistant ? 1 : 0);
  });
});

describe('taint guard (opt-in)', () => {
  const remembered: Tool = { name: 'save', annotations: { destructiveHint: false, openWorldHint: false } };

  it('after an open-world result, writes and open-world calls ask even for trusted servers; reset ends it', async () => {
    const store = createApprovalStore();
    store.remember(remembered, { serverId: 's', trust: 'trusted' });
    const controller = createBuiltInController({ servers: { s: { trust: 'trusted' } }, store, taintGuard: true });
    expect(controller.previewDecision({ serverId: 's', tool: remembered }).action).toBe('run');
    await expect(controller.requestApproval({ serverId: 's', tool: readOnlyOpen })).resolves.toMatchObject({ outcome: 'run' });
    expect(controller.getSnapshot().tainted).toBe(true);
    const write = controller.previewDecision({ serverId: 's', tool: remembered });
    expect(write.action).toBe('confirm');
    expect(write.reasons[0]).toMatchObject({ code: 'tainted' });
    expect(english(write.reasons[0]!)).toMatch(/outside this app/);
    expect(controller.previewDecision({ serverId: 's', tool: readOnlyOpen }).action).toBe('confirm');
    expect(controller.previewDecision({ serverId: 's', tool: readOnlyLocal }).action).toBe('run');
    controller.resetTaint();
    expect(controller.previewDecision({ serverId: 's', tool: remembered }).action).toBe('run');
  });

  it('is off by default, and its state persists with the store', async () => {
    const saved: string[][] = [];
    const store = createApprovalStore({ storage: { load: () => saved.at(-1), save: (entries) => saved.push(entries) } });
    const controller = createBuiltInController({ servers: { s: { trust: 'trusted' } }, store });
    await controller.requestApproval({ serverId: 's', tool: readOnlyOpen });
    expect(controller.previewDecision({ serverId: 's', tool: idempotentWrite }).reasons.map((r) => r.code)).not.toContain('tainted');
    const restored = createApprovalStore({ storage: { load: () => saved.at(-1), save: () => {} } });
    expect(restored.isTainted()).toBe(true);
    const guarded = createBuiltInController({ servers: { s: { trust: 'trusted' } }, store: restored, taintGuard: true });
    expect(guarded.previewDecision({ serverId: 's', tool: readOnlyOpen }).reasons[0]).toMatchObject({ code: 'tainted' });
  });
});

describe('exact reasons', () => {
  it('a declared destructiveHint: true already answers "does it only read"', () => {
    const decision = decideToolCall({ tool: { name: 'd', annotations: { destructiveHint: true, openWorldHint: false } }, trust: 'untrusted' });
    expect(decision.reasons.map((r) => r.code)).not.toContain('hints-assumed');
  });

  it('says what is assumed', () => {
    const decision = decideToolCall({ tool: { name: 'd', annotations: { destructiveHint: true } }, trust: 'untrusted' });
    const assumed = decision.reasons.find((r) => r.code === 'hints-assumed')!;
    expect(assumed.hints).toEqual(['openWorld']);
    expect(english(assumed)).toBe('The server did not say whether it reaches outside this app, so the cautious answer is assumed.');
    const bare = decideToolCall({ tool: { name: 'x' }, trust: 'untrusted' }).reasons.find((r) => r.code === 'hints-assumed')!;
    expect(bare.hints).toEqual(['readOnly', 'destructive', 'openWorld']);
    expect(bare.hints).toEqual(['readOnly', 'destructive', 'openWorld']);
    // The English is Intl's "x, y, or z" list.
    expect(english(bare)).toContain('whether it only reads, whether it can delete or overwrite data, or whether it reaches outside this app');
  });
});
