// The AI SDK chat store over its storage: claims are single-use across store
// objects, chat ids cannot reach each other's keys, malformed or failing
// storage fails closed with a clear error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMcpChatStore, createMemoryChatStorage, createRedisChatStorage, McpChatStoreError, type McpChatStorage } from '../../src/ai-sdk/index.js';

const tool = { name: 'write', annotations: { readOnlyHint: false, destructiveHint: false } };

describe('memory chat storage', () => {
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
    // Asking again does not reopen a used question.
    await a.markAsked('chat', 'call', 'x');
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

  it('set-up mistakes are clear: the 0.2 synchronous storage, a Redis client that is not one', () => {
    expect(() => createMcpChatStore({ storage: { load: () => undefined, save: () => {} } as never })).toThrow(/asynchronous since 0.3/);
    expect(() => createRedisChatStorage({} as never)).toThrow(/connected client from the redis package/);
  });
});
