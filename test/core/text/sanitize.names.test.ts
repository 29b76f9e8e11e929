// Every name a person is shown goes through the sanitiser.
import { describe, expect, it } from 'vitest';
import { presentTool } from '../../../src/core/index.js';
import { createBuiltInController } from '../../helpers/kinds.js';

describe('every name shown goes through the sanitiser', () => {
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
