// The AI SDK chat store over its storage: claims are single-use across store
// objects, chat ids cannot reach each other's keys, malformed or failing
// storage fails closed with a clear error.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { annotateMcpTools, mcpToolApproval } from '../../src/ai-sdk/index.js';
import { createMcpChatStore, createMemoryChatStorage, createRedisChatStorage, McpChatStoreError, type McpChatStorage } from '../../src/gate/index.js';
import type { ConsentRecord } from '../../src/core/index.js';
import { reasonsFromWire } from '../../src/gate/reasons.js';

const tool = { name: 'write', annotations: { readOnlyHint: false, destructiveHint: false } };

describe('memory chat storage', () => {
  it("drops cached results under pressure, never a chat's taint or an approval's use; full of safety state, it refuses more (fail closed)", async () => {
    let now = 1000;
    const storage = createMemoryChatStorage({ now: () => now, maxEntries: 3 });
    await storage.set('chat-a:taint', '1', 10_000);
    expect(await storage.setIfAbsent('chat-a:answered:call-1', '1', 10_000)).toBe(true);
    for (let i = 0; i < 50; i++) await storage.set(`chat-${i}:view:call-${i}`, 'result', 10_000);
    expect(await storage.get('chat-a:taint')).toBe('1');
    // The replay guard holds: the approval's use is still known.
    expect(await storage.setIfAbsent('chat-a:answered:call-1', '1', 10_000)).toBe(false);
    // Results are what gives way: the oldest are gone.
    expect(await storage.get('chat-0:view:call-0')).toBeUndefined();
    expect(await storage.get('chat-49:view:call-49')).toBe('result');
    await storage.set('chat-b:taint', '1', 10_000);
    await expect(storage.set('chat-c:taint', '1', 10_000)).rejects.toThrow(/safety state/);
    await expect(storage.setIfAbsent('chat-c:answered:x', '1', 10_000)).rejects.toThrow(/safety state/);
    // Once safety state expires, there is room again.
    now += 10_000;
    await storage.set('chat-c:taint', '1', 10_000);
    expect(await storage.get('chat-c:taint')).toBe('1');
  });

  it('reads a numeric option that is not a finite number as absent, and holds the rest within bounds', async () => {
    for (const maxEntries of [Number.NaN, Infinity, -Infinity, -5, 0, 0.5, 2.9, 1e300, '3' as unknown as number]) {
      const storage = createMemoryChatStorage({ maxEntries });
      for (let i = 0; i < 4; i++) await storage.set(`k${i}:view:x`, String(i), 60_000);
      // The newest result is always there (at least one entry is held), and nothing throws.
      expect(await storage.get('k3:view:x'), String(maxEntries)).toBe('3');
    }
    // Not a finite number: the default bound (100,000), not none.
    for (const maxEntries of [Number.NaN, Infinity]) {
      const storage = createMemoryChatStorage({ maxEntries });
      for (let i = 0; i <= 100_000; i++) await storage.set(`k${i}:view:x`, '', 60_000);
      expect(await storage.get('k0:view:x'), String(maxEntries)).toBeUndefined();
    }
    // 2.9 counts 2 entries: the third-newest is gone.
    const two = createMemoryChatStorage({ maxEntries: 2.9 });
    for (let i = 0; i < 3; i++) await two.set(`k${i}:view:x`, String(i), 60_000);
    expect(await two.get('k0:view:x')).toBeUndefined();
  });

  it('expires entries after their time to live and drops the least recently used', async () => {
    let now = 1000;
    const storage = createMemoryChatStorage({ now: () => now, maxEntries: 2 });
    await storage.set('a', '1', 100);
    expect(await storage.get('a')).toBe('1');
    now += 100;
    expect(await storage.get('a')).toBeUndefined();
    expect(await storage.setIfAbsent('a', '2', 100)).toBe(true);
    expect(await storage.setIfAbsent('a', '3', 100)).toBe(false);
    await storage.set('b', '1', 100);
    await storage.get('a');
    await storage.set('c', '1', 100);
    expect(await storage.get('b')).toBeUndefined();
    expect(await storage.get('a')).toBe('2');
  });
});

describe('chat store', () => {
  it('claims: unknown before a question, mismatch for another binding, ok once, then replayed — on any store object over the same storage', async () => {
    const storage = createMemoryChatStorage();
    const a = createMcpChatStore({ storage });
    const b = createMcpChatStore({ storage });
    expect(await a.claimApproval('chat', 'call', 'x')).toBe('unknown');
    await a.markAsked('chat', 'call', 'x');
    expect(await b.claimApproval('other-chat', 'call', 'x')).toBe('unknown');
    expect(await b.claimApproval('chat', 'call', 'y')).toBe('mismatch');
    expect(await b.claimApproval('chat', 'call', 'x')).toBe('ok');
    expect(await a.claimApproval('chat', 'call', 'x')).toBe('replayed');
    expect(await a.claimApproval('chat', 'call', 'y')).toBe('replayed');
    // Asked again (a later turn's call under the same id, as some providers reuse ids): a question of its own, answered once.
    await a.markAsked('chat', 'call', 'x');
    expect(await b.claimApproval('chat', 'call', 'x')).toBe('ok');
    expect(await a.claimApproval('chat', 'call', 'x')).toBe('replayed');
  });

  it('property: however many claims race, across store objects, exactly one takes each question', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(3), fc.boolean()), { minLength: 1, maxLength: 30 }), async (attempts) => {
        const storage = createMemoryChatStorage();
        const stores = [createMcpChatStore({ storage }), createMcpChatStore({ storage })];
        for (let call = 0; call < 4; call++) await stores[0]!.markAsked('chat', `call-${call}`, 'b');
        const results = await Promise.all(attempts.map(([call, second]) => stores[second ? 1 : 0]!.claimApproval('chat', `call-${call}`, 'b').then((claim) => [call, claim] as const)));
        for (let call = 0; call < 4; call++) {
          const claims = results.filter(([id]) => id === call).map(([, claim]) => claim);
          if (claims.length > 0) expect(claims.filter((claim) => claim === 'ok')).toHaveLength(1);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('writes one key per result (never the whole chat), each with the time to live the host set', async () => {
    const memory = createMemoryChatStorage();
    const writes: Array<{ key: string; bytes: number; ttlMs: number }> = [];
    // Kept once per result: a write only where none is.
    const storage: McpChatStorage = { ...memory, setIfAbsent: (key, value, ttlMs) => (writes.push({ key, bytes: value.length, ttlMs }), memory.setIfAbsent(key, value, ttlMs)) };
    const store = createMcpChatStore({ storage, ttlMs: 60_000 });
    const view = { content: [{ type: 'text', text: 'x'.repeat(1000) }] };
    for (let i = 0; i < 50; i++) await store.setModelView('chat', `call-${i}`, view);
    expect(writes).toHaveLength(50);
    expect(new Set(writes.map((write) => write.key)).size).toBe(50);
    // The 50th write is as small as the first: nothing earlier is rewritten.
    expect(writes.at(-1)!.bytes).toBe(writes[0]!.bytes);
    expect(writes.every((write) => write.ttlMs === 60_000)).toBe(true);
  });

  it('chat ids and call ids cannot reach each other’s keys', async () => {
    const storage = createMemoryChatStorage();
    const store = createMcpChatStore({ storage });
    await store.markAsked('a:asked', 'x', 'b');
    expect(await store.claimApproval('a', 'asked:x', 'b')).toBe('unknown');
    await store.setModelView('a', 'x', { content: [{ type: 'text', text: 'only a' }] });
    expect(await store.modelView('a:view', 'x')).toBeUndefined();
    expect(await store.modelView('a', 'x')).toEqual({ content: [{ type: 'text', text: 'only a' }] });
  });

  it('remembered approvals and the taint flag persist; a concurrent request cannot clear the taint', async () => {
    const storage = createMemoryChatStorage();
    const store = createMcpChatStore({ storage });
    const first = await store.consent('chat');
    const second = await store.consent('chat');
    first.approvals.setTainted(true);
    await first.flush();
    // Loaded before the taint, it remembers an approval and writes its list.
    expect(second.approvals.remember(tool, { serverId: 's', trust: 'trusted' })).toEqual({ ok: true });
    await second.flush();
    const later = await store.consent('chat');
    expect(later.approvals.isTainted()).toBe(true);
    expect(later.approvals.isApproved(tool, { serverId: 's', trust: 'trusted' })).toBe(true);
  });

  it('two instances remembering different tools in one chat at the same moment both keep theirs; a forget is kept too (issue 33, class 4)', async () => {
    const storage = createMemoryChatStorage();
    const other = { ...tool, name: 'other_tool' };
    const third = { ...tool, name: 'third_tool' };
    const context = { serverId: 's', trust: 'trusted' } as const;
    // Three "instances" (stores on one storage) load the chat before any of them writes.
    const [a, b, c] = await Promise.all([createMcpChatStore({ storage }), createMcpChatStore({ storage }), createMcpChatStore({ storage })].map((store) => store.consent('chat')));
    a!.approvals.remember(tool, context);
    b!.approvals.remember(other, context);
    c!.approvals.remember(third, context);
    await Promise.all([a!.flush(), b!.flush(), c!.flush()]);
    const later = await createMcpChatStore({ storage }).consent('chat');
    expect([tool, other, third].map((t) => later.approvals.isApproved(t, context))).toEqual([true, true, true]);
    // One forgets while another remembers again: the forget is applied to the newest list, the rest kept.
    const [d, e] = await Promise.all([createMcpChatStore({ storage }).consent('chat'), createMcpChatStore({ storage }).consent('chat')]);
    d.approvals.forget('s', 'other_tool');
    e.approvals.remember(tool, context);
    await Promise.all([d.flush(), e.flush()]);
    const last = await createMcpChatStore({ storage }).consent('chat');
    expect([tool, other, third].map((t) => last.approvals.isApproved(t, context))).toEqual([true, false, true]);
  });

  it('property: any number of instances remembering at once never lose an approval', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 8 }), async (names) => {
        const storage = createMemoryChatStorage();
        const context = { serverId: 's', trust: 'trusted' } as const;
        const loaded = await Promise.all(names.map(() => createMcpChatStore({ storage }).consent('chat')));
        names.forEach((name, i) => loaded[i]!.approvals.remember({ ...tool, name }, context));
        await Promise.all(loaded.map((consent) => consent.flush()));
        const later = await createMcpChatStore({ storage }).consent('chat');
        for (const name of names) expect(later.approvals.isApproved({ ...tool, name }, context)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('malformed storage is ignored, never trusted', async () => {
    const storage = createMemoryChatStorage();
    await storage.set('chat:approvals', '{not json', 1000);
    await storage.set('chat:view:x', '{', 1000);
    const store = createMcpChatStore({ storage });
    const consent = await store.consent('chat');
    expect(consent.approvals.toJSON()).toEqual([]);
    expect(await store.modelView('chat', 'x')).toBeUndefined();
    await storage.set('chat:approvals', JSON.stringify([JSON.stringify(['k2', 's', 'write', 'untrusted', 'a', 'b', 'c', 'd', 'e'])]), 1000);
    expect((await store.consent('chat')).approvals.toJSON()).toEqual([]);
  });

  it('a failing storage rejects with McpChatStoreError, saying what could not be done', async () => {
    const failing: McpChatStorage = { get: () => Promise.reject(new Error('ECONNREFUSED')), set: () => Promise.reject(new Error('ECONNREFUSED')), setIfAbsent: () => Promise.reject(new Error('ECONNREFUSED')) };
    const store = createMcpChatStore({ storage: failing });
    await expect(store.consent('chat')).rejects.toThrow(McpChatStoreError);
    await expect(store.claimApproval('chat', 'x', 'b')).rejects.toThrow(/could not check an approval: ECONNREFUSED/);
    await expect(store.markAsked('chat', 'x', 'b')).rejects.toThrow(/could not note a question/);
    await expect(store.setModelView('chat', 'x', {})).rejects.toBeInstanceOf(McpChatStoreError);
  });

  it('set-up mistakes are clear: a storage that is not one (a synchronous load/save one, one without setIfAbsent), a Redis client that is not one', () => {
    for (const storage of [{ load: () => undefined, save: () => {} }, { get: async () => undefined, set: async () => {} }, 42]) {
      expect(() => createMcpChatStore({ storage: storage as never })).toThrow(/needs a storage with get, set and setIfAbsent/);
    }
    expect(() => createRedisChatStorage({} as never)).toThrow(/connected client from the redis package/);
  });
});

describe('a decision that could not be saved', () => {
  it('an open-world run whose taint flag cannot be written does not run, and is recorded as what it became', async () => {
    const memory = createMemoryChatStorage();
    const storage: McpChatStorage = { ...memory, set: () => Promise.reject(new Error('READONLY')) };
    const store = createMcpChatStore({ storage, onStorageError: () => {} });
    const tools = annotateMcpTools({ fetch: { description: 'Fetches a URL', inputSchema: {}, execute: async () => ({ content: [] }), metadata: { clientName: 'web', toolName: 'fetch', annotations: { readOnlyHint: true, openWorldHint: true } } } } as never, { chatId: 'chat', store });
    const records: ConsentRecord[] = [];
    const approval = mcpToolApproval({ tools, servers: { web: { trust: 'trusted' } }, secret: 's'.repeat(32), chatId: 'chat', store, onDecision: (record) => records.push(record) });
    const status = await approval.toolApproval({ toolCall: { toolCallId: 'call-1', toolName: 'fetch', input: { url: 'https://example.com' } }, tools, messages: [] });
    expect(status).toMatchObject({ type: 'denied' });
    // The browser gets a code, and words it from its own table.
    expect(reasonsFromWire((status as { reason: string }).reason)).toEqual([{ code: 'store-unavailable' }]);
    expect(records).toMatchObject([{ callId: 'call-1', outcome: 'blocked', decidedBy: 'policy', reasons: [{ code: 'store-unavailable' }] }]);
    // With a working store the same call runs, recorded once.
    const ok = createMcpChatStore();
    const okTools = annotateMcpTools({ fetch: (tools as Record<string, unknown>).fetch } as never, { chatId: 'chat', store: ok });
    const okRecords: ConsentRecord[] = [];
    const okApproval = mcpToolApproval({ tools: okTools, servers: { web: { trust: 'trusted' } }, secret: 's'.repeat(32), chatId: 'chat', store: ok, onDecision: (record) => okRecords.push(record) });
    await expect(okApproval.toolApproval({ toolCall: { toolCallId: 'call-2', toolName: 'fetch', input: {} }, tools: okTools, messages: [] })).resolves.toEqual({ type: 'not-applicable' });
    expect(okRecords).toMatchObject([{ callId: 'call-2', outcome: 'run', policyAction: 'run' }]);
    expect((await ok.consent('chat')).approvals.isTainted()).toBe(true);
  });
});

describe('a denial when the store fails', () => {
  it("the person's denial is recorded as store-unavailable when the store dies while taking it, and nothing runs", async () => {
    const memory = createMemoryChatStorage();
    let down = false;
    const storage: McpChatStorage = { ...memory, setIfAbsent: (...args) => (down ? Promise.reject(new Error('ECONNRESET')) : memory.setIfAbsent(...args)) };
    const store = createMcpChatStore({ storage, onStorageError: () => {} });
    const ran = vi.fn(async () => ({ content: [] }));
    const tools = annotateMcpTools({ fetch: { description: 'Fetches a URL', inputSchema: {}, execute: ran, metadata: { clientName: 'web', toolName: 'fetch', annotations: { readOnlyHint: true, openWorldHint: true } } } } as never, { chatId: 'chat', store });
    const records: ConsentRecord[] = [];
    const approval = mcpToolApproval({ tools, servers: { web: { trust: 'untrusted' } }, secret: 's'.repeat(32), chatId: 'chat', store, onDecision: (record) => records.push(record) });
    const input = { url: 'https://example.com' };
    // Asked (an untrusted server): the store notes the question.
    expect(await approval.toolApproval({ toolCall: { toolCallId: 'call-1', toolName: 'fetch', input }, tools, messages: [] })).toMatchObject({ type: 'user-approval' });
    down = true;
    const messages = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'fetch it' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'dynamic-tool', toolName: 'fetch', toolCallId: 'call-1', state: 'approval-responded', input, approval: { id: 'ap-1', approved: false } }] },
    ];
    await expect(approval.prepare(messages)).rejects.toThrow(McpChatStoreError);
    expect(records).toMatchObject([{ callId: 'call-1', outcome: 'blocked', reasons: [{ code: 'store-unavailable' }] }]);
    expect(ran).not.toHaveBeenCalled();
  });
});

describe('chat ids from the browser', () => {
  const chatIds = fc.string({ unit: fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uD83D\uDE00', '%', 'u', 'd', '8', '0', ':', 'a'), minLength: 1, maxLength: 8 });

  it('a chat id with a lone surrogate keys its own chat and never throws; ids that differ never share a key', async () => {
    const storage = createMemoryChatStorage();
    const store = createMcpChatStore({ storage });
    await fc.assert(
      // Lone surrogates among the characters their escape is written with.
      fc.asyncProperty(chatIds, chatIds, async (a, b) => {
        fc.pre(a !== b);
        await store.setModelView(a, 'call', { said: a });
        await store.setModelView(b, 'call', { said: b });
        expect(await store.modelView(a, 'call')).toEqual({ said: a });
        expect(await store.modelView(b, 'call')).toEqual({ said: b });
      }),
      { numRuns: 200 },
    );
  });
});

