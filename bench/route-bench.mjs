// P10: the AI SDK chat route. One request = a user message, one MCP tool call
// (server-everything over stdio, trusted and read-only, so it runs), the model's
// answer, the whole UI message stream read. Ours (createMcpChatRoute, memory
// store; then on Redis) against the bare AI SDK route with the same scripted
// model and the same tools (convertToModelMessages, streamText, toUIMessageStream).
// And the heap each chat holds in the memory store.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { createMCPClient } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { convertToModelMessages, createUIMessageStreamResponse, stepCountIs, streamText, toUIMessageStream } from 'ai';
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';
import { createClient } from 'redis';
import { createMcpChatRoute, createMcpChatStore, createRedisChatStorage } from '../dist/ai-sdk/index.js';

const require = createRequire(import.meta.url);
const everything = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist/index.js');
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
let calls = 0;
const model = new MockLanguageModelV4({
  modelId: 'scripted',
  doStream: async ({ prompt }) => {
    const afterTool = prompt.at(-1)?.role === 'tool';
    const parts = afterTool
      ? [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Done.' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage }]
      : [{ type: 'tool-call', toolCallId: `call-${++calls}`, toolName: 'get-annotated-message', input: JSON.stringify({ messageType: 'debug', includeImage: false }) }, { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage }];
    return { stream: convertArrayToReadableStream([{ type: 'stream-start', warnings: [] }, ...parts]) };
  },
});

const body = (chatId) => JSON.stringify({ id: chatId, messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'debug' }] }] });
const request = (chatId) => new Request('http://localhost/api/chat', { method: 'POST', body: body(chatId), headers: { 'content-type': 'application/json' } });

async function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startRedis() {
  if (!existsSync('/usr/bin/redis-server') || process.env.BENCH_NO_REDIS) return undefined;
  const port = await freePort();
  const child = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const client = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy: false } });
    client.on('error', () => {});
    try {
      await client.connect();
      return { client, stop: () => (client.destroy(), child.kill('SIGKILL')) };
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  child.kill('SIGKILL');
  return undefined;
}

const heap = () => {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};

export async function runRouteBench(median, runs) {
  const client = await createMCPClient({ transport: new StdioMCPTransport({ command: process.execPath, args: [everything, 'stdio'], stderr: 'ignore' }), clientName: 'everything' });
  const tools = await client.tools();
  const servers = { everything: { trust: 'trusted' } };
  const secret = 'bench-secret-0123456789abcdef0123456789';
  const bare = async (req) => {
    const { messages } = await req.json();
    const result = streamText({ model, tools, messages: await convertToModelMessages(messages, { tools }), stopWhen: stepCountIs(5) });
    return createUIMessageStreamResponse({ stream: toUIMessageStream({ stream: result.stream, tools, originalMessages: messages }) });
  };
  // The same bare route with an approval hook that lets everything run (what any route with approvals pays the AI SDK).
  const bareWithApproval = async (req) => {
    const { messages } = await req.json();
    const result = streamText({ model, tools, messages: await convertToModelMessages(messages, { tools }), stopWhen: stepCountIs(5), toolApproval: async () => ({ type: 'not-applicable' }), experimental_toolApprovalSecret: secret });
    return createUIMessageStreamResponse({ stream: toUIMessageStream({ stream: result.stream, tools, originalMessages: messages }) });
  };
  const oursOn = (store) => createMcpChatRoute({ model, tools: () => tools, servers, secret, store, authorize: 'anyone', onError: () => {} });
  const memory = oursOn(createMcpChatStore());
  const redis = await startRedis();
  // Every call to the Redis storage is one round trip: counted per request below (target ≤ 3).
  let trips = 0;
  const counted = (storage) => ({
    get: (...args) => (trips++, storage.get(...args)),
    set: (...args) => (trips++, storage.set(...args)),
    setIfAbsent: (...args) => (trips++, storage.setIfAbsent(...args)),
  });
  const onRedis = redis ? oursOn(createMcpChatStore({ storage: counted(createRedisChatStorage(redis.client)) })) : undefined;

  const PER_ROUND = 40;
  const time = async (route, tag) => {
    // Each block starts from a collected heap, so one route's garbage is not timed on the other.
    globalThis.gc?.();
    const start = performance.now();
    for (let i = 0; i < PER_ROUND; i++) {
      const text = await (await route(request(`${tag}-${i}-${Math.random()}`))).text();
      if (!text.includes('Done.')) throw new Error(`bench route ${tag} did not finish: ${text.slice(0, 200)}`);
    }
    return (performance.now() - start) / PER_ROUND;
  };
  // Warm up every route (JIT, the MCP connection).
  for (let i = 0; i < 3; i++) for (const [route, tag] of [[bare, 'w-bare'], [bareWithApproval, 'w-approval'], [memory, 'w-mem'], ...(onRedis ? [[onRedis, 'w-redis']] : [])]) await time(route, tag);
  // Requests alternate between ours and the bare route (in both orders), so drift (GC, the MCP server
  // process) falls on both; each figure is a median over single requests, which outliers cannot move.
  // Memory and Redis are separate phases (a Redis client's garbage would land on the others).
  const one = async (route, tag) => {
    const start = performance.now();
    const text = await (await route(request(`${tag}-${Math.random()}`))).text();
    const ms = performance.now() - start;
    if (!text.includes('Done.')) throw new Error(`bench route ${tag} did not finish: ${text.slice(0, 200)}`);
    return ms;
  };
  const compare = async (route, tag, base = bare) => {
    const ms = [];
    const bareMs = [];
    const pairs = Math.max(runs, 7) * 60;
    for (let i = 0; i < pairs; i++) {
      if (i % 2 === 0) {
        bareMs.push(await one(base, `b${tag}`));
        ms.push(await one(route, tag));
      } else {
        ms.push(await one(route, tag));
        bareMs.push(await one(base, `b${tag}`));
      }
    }
    return { ms: median(ms), bareMs: median(bareMs), ratio: median(ms) / median(bareMs) };
  };
  const onMemory = await compare(memory, 'm');
  const againstApproval = await compare(memory, 'a', bareWithApproval);
  let redisTrips;
  if (onRedis) {
    trips = 0;
    for (let i = 0; i < 20; i++) await one(onRedis, 'trips');
    redisTrips = trips / 20;
  }
  const redisFigures = onRedis ? await compare(onRedis, 'r') : undefined;

  // Heap per chat held: 1,000 chats, each with one result and its model view, in a fresh memory store.
  const CHATS = 1000;
  const held = createMcpChatStore();
  const route = oursOn(held);
  const before = heap();
  for (let i = 0; i < CHATS; i++) await (await route(request(`held-${i}`))).text();
  const after = heap();
  redis?.stop();
  await client.close();
  return {
    bareMs: onMemory.bareMs,
    memoryMs: onMemory.ms,
    memoryRatio: onMemory.ratio,
    bareApprovalMs: againstApproval.bareMs,
    memoryAgainstApprovalRatio: againstApproval.ratio,
    redisMs: redisFigures?.ms,
    redisBareMs: redisFigures?.bareMs,
    redisRatio: redisFigures?.ratio,
    redisTrips,
    bytesPerChat: Math.max(0, (after - before) / CHATS),
    // Keep the store reachable until after the measurement.
    chats: held ? CHATS : 0,
  };
}
