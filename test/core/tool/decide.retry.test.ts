// A retry is a new decision: asked again unless the same call would run unasked.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { decideToolCall, type Tool, type ToolOverride } from '../../../src/core/index.js';
import type { PolicyMode } from '../../../src/core/shared/policy.js';
import { createBuiltInController } from '../../helpers/kinds.js';

const idempotentWrite: Tool = { name: 'upsert', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } };
const idempotentOpenWrite: Tool = { name: 'sync', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true } };

describe('a retry is a new decision', () => {
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
