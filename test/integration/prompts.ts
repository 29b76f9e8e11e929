import { vi } from 'vitest';
import type { PendingConsent } from '../../src/core/index.js';
import type { ApprovalController } from '../../src/core/consent/built-in.js';

/** The prompt the controller shows next, once it arrives. */
export async function nextPrompt<K extends PendingConsent['kind']>(controller: ApprovalController, kind: K): Promise<Extract<PendingConsent, { kind: K }>> {
  return vi.waitFor(
    () => {
      const current = controller.getSnapshot().current;
      if (current?.kind !== kind) throw new Error(`no ${kind} prompt yet`);
      return current as Extract<PendingConsent, { kind: K }>;
    },
    { timeout: 10_000, interval: 20 },
  );
}
