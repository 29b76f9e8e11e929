// Nothing documented "never throws" throws, on hostile values of every kind, and the outcome is the fail-closed one.
import { describe, expect, it } from 'vitest';
import { annotationFingerprint, createApprovalStore, decideToolCall, diffToolAnnotations, presentTool, selectForViewer, type Tool } from '../../src/core/index.js';
import { formatPreview, previewArguments } from '../../src/core/tool/arguments.js';
import { prepareContent } from '../../src/core/content/content.js';
import { snapshotTool, toolFingerprint } from '../../src/core/tool/tool-hints.js';
import { createBuiltInController } from '../helpers/kinds.js';

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

describe('nothing documented "never throws" throws', () => {
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
