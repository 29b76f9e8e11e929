// The taint guard (opt-in): after an open-world result, writes and open-world calls ask.
import { describe, expect, it } from 'vitest';
import { createApprovalStore, type Tool } from '../../../src/core/index.js';
import { createBuiltInController } from '../../helpers/kinds.js';
import { defaultLabels } from '../../../src/internal/default-labels.js';
import { formatReason } from '../../../src/core/text/reasons.js';

/** A reason in the default English, as a person reads it. */
const english = (reason: Parameters<typeof formatReason>[0]) => formatReason(reason, defaultLabels, 'en');

const idempotentWrite: Tool = { name: 'upsert', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } };
const readOnlyLocal: Tool = { name: 'read', annotations: { readOnlyHint: true, openWorldHint: false } };
const readOnlyOpen: Tool = { name: 'fetch', annotations: { readOnlyHint: true, openWorldHint: true } };

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
