// v2 callMcpTool's maxRounds reads a value that is not a finite number as absent (10 rounds), so a server that
// asks for input forever is always stopped (issue 33, class 3): before, NaN let the rounds go on without end.
import { describe, expect, it } from 'vitest';
import { McpInputRoundsError, callMcpTool, registerMcpRequestHandlers } from '../../src/mcp/v2.js';
import { createBuiltInController } from '../helpers/kinds.js';

/** A 2026-07-28 client whose server answers every call with another round of (empty) input requests. */
function askingForever() {
  let calls = 0;
  const client = {
    getProtocolEra: () => 'modern',
    setRequestHandler() {},
    removeRequestHandler() {},
    setNotificationHandler() {},
    removeNotificationHandler() {},
    async callTool() {
      calls++;
      // Never more than a few hundred: the test fails rather than hangs when rounds do not end.
      if (calls > 200) return { content: [{ type: 'text', text: 'gave up' }] };
      return { resultType: 'input_required', inputRequests: {} };
    },
  };
  return { client, calls: () => calls };
}

describe('callMcpTool (v2): maxRounds', () => {
  for (const maxRounds of [Number.NaN, Infinity, -Infinity, undefined]) {
    it(`maxRounds ${String(maxRounds)} stops a server that keeps asking after the default 10 rounds`, async () => {
      const { client, calls } = askingForever();
      registerMcpRequestHandlers(client as never, createBuiltInController(), 'loop');
      await expect(callMcpTool(client as never, { name: 'loop' }, { maxRounds })).rejects.toBeInstanceOf(McpInputRoundsError);
      expect(calls()).toBe(11);
    });
  }
  it('a finite maxRounds is kept; a negative one allows none, as 0', async () => {
    for (const [maxRounds, expected] of [
      [2, 3],
      [0, 1],
      [-5, 1],
      [2.5, 4],
    ] as const) {
      const { client, calls } = askingForever();
      registerMcpRequestHandlers(client as never, createBuiltInController(), 'loop');
      await expect(callMcpTool(client as never, { name: 'loop' }, { maxRounds })).rejects.toBeInstanceOf(McpInputRoundsError);
      expect(calls()).toBe(expected);
    }
  });
});
