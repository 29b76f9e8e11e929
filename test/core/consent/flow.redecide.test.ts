// A pending confirmation is decided again when it settles: Allow never runs what the policy now blocks.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { decideToolCall, type ServerConfig, type Tool, type ToolOverride } from '../../../src/core/index.js';
import type { PolicyMode } from '../../../src/core/shared/policy.js';
import { createBuiltInController } from '../../helpers/kinds.js';

const readOnlyLocal: Tool = { name: 'read', annotations: { readOnlyHint: true, openWorldHint: false } };

describe('a pending confirmation is decided again when it settles', () => {
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
