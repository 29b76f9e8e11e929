// The gate's verbs on their own, for what no framework reaches on purpose: a question used up while the
// store fails. The adapters' shared cases are in attacks.server.test.ts.
import { describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../src/core/consent/index.js';
import { createMcpChatStore, createMemoryChatStorage, listMcpTools, openMcpGate, type McpChatStore, type McpToolClient } from '../../src/gate/index.js';

const calls: unknown[] = [];
const client: McpToolClient = {
  listTools: async () => ({ tools: [{ name: 'delete_file', inputSchema: { type: 'object' }, annotations: { destructiveHint: true } }] }),
  callTool: async (request) => (calls.push(request), { content: [{ type: 'text', text: 'deleted' }] }),
};
const call = { name: 'delete_file', args: { path: '/a' }, callId: 'c1' };

async function asked(store: McpChatStore, records: DecisionRecord[]) {
  const open = () => listMcpTools({ files: client }, {}).then((tools) => openMcpGate({ chatId: 'chat', store, servers: { files: { trust: 'untrusted' } }, tools, onDecision: (record) => records.push(record) }));
  const first = await open();
  first.made(call.callId);
  expect((await first.decide(call)).type).toBe('ask');
  first.close();
  return open;
}

describe('abandon', () => {
  it('uses the question up: a late approval runs nothing', async () => {
    const records: DecisionRecord[] = [];
    const open = await asked(createMcpChatStore({ storage: createMemoryChatStorage() }), records);
    expect(await (await open()).abandon(call)).toMatchObject({ type: 'refused', reasons: [{ code: 'approval-not-asked' }] });
    const late = await open();
    expect(await late.answer(call, { approved: true })).toMatchObject({ type: 'refused', reasons: [{ code: 'approval-replayed' }] });
    expect(calls).toEqual([]);
  });

  it('a store that fails while the question is used up: refused, and the record says the store failed', async () => {
    const storage = createMemoryChatStorage();
    const errors: unknown[] = [];
    let failing = false;
    const flaky = { ...storage, setIfAbsent: (key: string, value: string, ttl: number) => (failing ? Promise.reject(new Error('down')) : storage.setIfAbsent(key, value, ttl)) };
    const records: DecisionRecord[] = [];
    const open = await asked(createMcpChatStore({ storage: flaky, onStorageError: (error) => errors.push(error) }), records);
    const gate = await open();
    failing = true;
    expect(await gate.abandon(call)).toMatchObject({ type: 'refused', reasons: [{ code: 'store-unavailable' }] });
    expect(records.at(-1)).toMatchObject({ callId: 'c1', outcome: 'blocked', reasons: [{ code: 'store-unavailable' }] });
    expect(errors).toHaveLength(1);
    expect(calls).toEqual([]);
  });
});
