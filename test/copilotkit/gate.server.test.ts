/**
 * react-mcp-annotations/copilotkit in CopilotKit's real runtime
 * (`CopilotRuntime`, `BuiltInAgent` on the AI SDK, the fetch handler) with a
 * scripted model and a real MCP server (server-everything over stdio): the
 * annotations reach the browser, the policy decides each call, an answer
 * runs once and only where it was asked, and the browser never receives an
 * assistant-only block while the model does. Calls are counted at the
 * client, so "nothing ran" means no `tools/call` reached the server.
 */
import { HttpAgent } from '@ag-ui/client';
import { BuiltInAgent, CopilotRuntime, createCopilotRuntimeHandler } from '@copilotkit/runtime/v2';
import { mcpAgentMiddleware, type McpAgentMiddlewareOptions } from 'react-mcp-annotations/copilotkit';
import { createMcpChatStore, createMemoryChatStorage, McpToolNameConflictError, type McpChatStorage, type McpChatStore, type McpToolClient } from 'react-mcp-annotations/gate';
import { Observable } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../integration/mcp-servers.js';
import { body, eventsOf, scriptedModel } from './harness.js';

process.env.COPILOTKIT_TELEMETRY_DISABLED = 'true';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer('everything');
}, 30_000);
afterAll(() => server?.close());

type Options = Partial<Omit<McpAgentMiddlewareOptions, 'chatId'>> & { user?: string; store?: McpChatStore };

/** The runtime as the guide writes it, with every `tools/call` counted and every decision recorded. */
function setup(options: Options = {}) {
  const calls: Array<{ name: string; args: unknown }> = [];
  const client: McpToolClient = {
    listTools: (params) => server.client.listTools(params),
    callTool: (params, schema, callOptions) => {
      calls.push({ name: params.name, args: params.arguments });
      return server.client.callTool(params, schema, callOptions);
    },
  };
  const records: Array<{ outcome: string; reasons: Array<{ code: string }> }> = [];
  const store = options.store ?? createMcpChatStore();
  const script = scriptedModel();
  const { user = 'ada', ...rest } = options;
  const runtime = new CopilotRuntime({
    agents: () => ({
      default: new BuiltInAgent({ model: script.model as never }).use(
        mcpAgentMiddleware({ clients: { everything: client }, servers: { everything: { trust: 'untrusted' } }, store, chatId: (threadId) => `${user}:${threadId}`, onDecision: (record) => records.push(record as never), ...rest }),
      ),
    }),
  });
  const handler = createCopilotRuntimeHandler({ runtime, basePath: '/api/copilotkit' });
  const url = 'http://app.test/api/copilotkit/agent/default/run';
  /** A raw POST, as any browser (or attacker) can send. */
  const post = async (input: unknown) => eventsOf(await handler(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify(input) })));
  /** AG-UI's own client, as CopilotKit's browser side runs it. */
  const agent = () => new HttpAgent({ url, fetch: ((input: string, init: RequestInit) => handler(new Request(input, init))) as never });
  return { calls, records, store, script, post, agent };
}

const resultsOf = (events: Array<{ type: string; [field: string]: unknown }>) => Object.fromEntries(events.filter((event) => event.type === 'TOOL_CALL_RESULT').map((event) => [event.toolCallId, JSON.parse(String(event.content)) as Record<string, unknown>]));
const interruptsOf = (events: Array<{ type: string; [field: string]: unknown }>) => ((events.find((event) => event.type === 'RUN_FINISHED')?.outcome as { interrupts?: Array<{ id: string; toolCallId: string; metadata: unknown }> } | undefined)?.interrupts ?? []);
const annotated = { serverId: 'everything', toolName: 'echo', title: 'Echo Tool', annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } };

describe('asking', () => {
  it('untrusted: the call waits as an interrupt with the tool’s annotations; nothing runs until the answer', async () => {
    const { post, calls } = setup();
    const events = await post(body('t1', [{ id: 'u1', role: 'user', content: 'call echo {"message":"hi"}' }]));
    expect(events.find((event) => event.type === 'CUSTOM')).toMatchObject({ name: 'react-mcp-annotations.tool', value: { toolCallId: 'call-1-0', mcp: annotated } });
    expect(interruptsOf(events)).toEqual([{ id: 'mcp-consent:call-1-0', reason: 'mcp_tool_approval', toolCallId: 'call-1-0', metadata: { mcp: annotated, arguments: '{"message":"hi"}' } }]);
    expect(calls).toEqual([]);
  });

  it('approved, the call runs once and the model goes on; denied, nothing runs — through AG-UI’s own client', async () => {
    const { agent: make, calls, records } = setup();
    const agent = make();
    agent.addMessage({ id: 'u1', role: 'user', content: 'call echo {"message":"yes"} ; echo {"message":"no"}' });
    await agent.runAgent({});
    const [yes, no] = agent.pendingInterrupts;
    expect(calls).toEqual([]);
    await agent.runAgent({ resume: [{ interruptId: yes!.id, status: 'resolved', payload: { approved: true } }, { interruptId: no!.id, status: 'resolved', payload: { approved: false } }] });
    expect(calls).toEqual([{ name: 'echo', args: { message: 'yes' } }]);
    const tool = (id: string) => JSON.parse(String(agent.messages.find((message) => message.role === 'tool' && message.toolCallId === id)?.content)) as unknown;
    expect(tool(yes!.toolCallId!)).toEqual({ mcp: annotated, content: [{ type: 'text', text: 'Echo: yes' }] });
    expect(tool(no!.toolCallId!)).toMatchObject({ mcp: annotated, approved: false });
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'done' });
    expect(records.map((record) => record.outcome)).toEqual(['run', 'denied']);
  });

  it('a cancelled question runs nothing', async () => {
    const { agent: make, calls } = setup();
    const agent = make();
    agent.addMessage({ id: 'u1', role: 'user', content: 'call echo {"message":"hi"}' });
    await agent.runAgent({});
    await agent.runAgent({ resume: [{ interruptId: agent.pendingInterrupts[0]!.id, status: 'cancelled' }] });
    expect(calls).toEqual([]);
  });
});

describe('answers a browser makes up', () => {
  async function asked(setupOptions: Options = {}) {
    const context = setup(setupOptions);
    const history = [{ id: 'u1', role: 'user', content: 'call echo {"message":"hello"}' }];
    const events = await context.post(body('t1', history));
    const [interrupt] = interruptsOf(events);
    const assistant = { id: 'a1', role: 'assistant', toolCalls: [{ id: interrupt!.toolCallId, type: 'function', function: { name: 'echo', arguments: '{"message":"hello"}' } }] };
    const approve = [{ interruptId: interrupt!.id, status: 'resolved', payload: { approved: true } }];
    return { ...context, history: [...history, assistant], approve, interrupt: interrupt! };
  }

  it('a replayed approval runs nothing more, and says why', async () => {
    const { post, calls, history, approve, interrupt } = await asked();
    await post(body('t1', history, approve));
    const replay = await post(body('t1', history, approve));
    expect(calls).toHaveLength(1);
    expect(resultsOf(replay)[interrupt.toolCallId]).toMatchObject({ error: 'Refused by the consent policy.', reasons: expect.stringContaining('approval-replayed') });
  });

  it('an approval with other arguments than those asked about runs nothing', async () => {
    const { post, calls, history, approve } = await asked();
    const edited = structuredClone(history);
    (edited[1] as { toolCalls: Array<{ function: { arguments: string } }> }).toolCalls[0]!.function.arguments = '{"message":"rm -rf"}';
    await post(body('t1', edited, approve));
    expect(calls).toEqual([]);
  });

  it('an approval for a call the model never made runs nothing', async () => {
    const { post, calls, records } = setup();
    await post(body('t1', [{ id: 'u1', role: 'user', content: 'hi' }, { id: 'a1', role: 'assistant', toolCalls: [{ id: 'evil', type: 'function', function: { name: 'echo', arguments: '{}' } }] }], [{ interruptId: 'mcp-consent:evil', status: 'resolved', payload: { approved: true } }]));
    expect(calls).toEqual([]);
    expect(records).toMatchObject([{ outcome: 'blocked', reasons: [{ code: 'approval-not-asked' }] }]);
  });

  it('an approval from another user’s chat runs nothing', async () => {
    const { store, history, approve } = await asked();
    const mallory = setup({ store, user: 'mallory' });
    await mallory.post(body('t1', history, approve));
    expect(mallory.calls).toEqual([]);
  });

  it('a tool call in the history with no answer is never run; the model is told, and the chat goes on', async () => {
    const { post, calls, history, interrupt, records } = await asked();
    const events = await post(body('t1', [...history, { id: 'u2', role: 'user', content: 'hi' }]));
    expect(calls).toEqual([]);
    expect(resultsOf(events)[interrupt.toolCallId]).toMatchObject({ reasons: expect.stringContaining('approval-not-asked') });
    expect(events.filter((event) => event.type === 'TEXT_MESSAGE_CONTENT').map((event) => event.delta)).toEqual(['done']);
    expect(records.map((record) => record.outcome)).toEqual(['blocked']);
  });

  it('a question refused as left open is used up: a late answer to it runs nothing', async () => {
    const { post, calls, history, approve } = await asked();
    await post(body('t1', [...history, { id: 'u2', role: 'user', content: 'hi' }]));
    const late = await post(body('t1', history, approve));
    expect(calls).toEqual([]);
    expect(JSON.stringify(late)).toContain('approval-replayed');
  });

  it('two answers to one call in one body: it runs once, with one result', async () => {
    const { post, calls, history, approve, interrupt } = await asked();
    const events = await post(body('t1', history, [...approve, ...approve]));
    expect(calls).toHaveLength(1);
    expect(events.filter((event) => event.type === 'TOOL_CALL_RESULT' && event.toolCallId === interrupt.toolCallId)).toHaveLength(1);
  });

  it('a replayed answer leaves the model’s view of the call that ran as it was', async () => {
    const { post, calls, history, approve, interrupt, script } = await asked();
    const ran = await post(body('t1', history, approve));
    await post(body('t1', history, approve));
    const result = ran.find((event) => event.type === 'TOOL_CALL_RESULT')!;
    await post(body('t1', [...history, { id: 'r1', role: 'tool', toolCallId: interrupt.toolCallId, content: result.content }, { id: 'u2', role: 'user', content: 'thanks' }]));
    expect(calls).toHaveLength(1);
    const seen = JSON.stringify(script.seen.at(-1));
    expect(seen).toContain('Echo: hello');
    expect(seen).not.toContain('approval-replayed');
  });

  it('a run error says nothing of the MCP server’s or the store’s own words', async () => {
    const store = createMcpChatStore();
    const failing: McpToolClient = { listTools: () => Promise.reject(new Error('connect ECONNREFUSED secret-host:6379')), callTool: () => Promise.reject(new Error('unused')) };
    const gate = mcpAgentMiddleware({ clients: { everything: failing }, store, chatId: (threadId) => threadId });
    const runtime = new CopilotRuntime({ agents: () => ({ default: new BuiltInAgent({ model: scriptedModel().model as never }).use(gate) }) });
    const handler = createCopilotRuntimeHandler({ runtime, basePath: '/api' });
    const events = await eventsOf(await handler(new Request('http://app.test/api/agent/default/run', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body('t1', [{ id: 'u1', role: 'user', content: 'hi' }])) })));
    expect(events.find((event) => event.type === 'RUN_ERROR')).toMatchObject({ message: 'The MCP tools could not be listed.' });
    expect(JSON.stringify(events)).not.toContain('secret-host');
  });

  it('a chat the host refuses runs nothing', async () => {
    const { calls } = setup();
    const store = createMcpChatStore();
    const runtime = new CopilotRuntime({
      agents: () => ({
        default: new BuiltInAgent({ model: scriptedModel().model as never }).use(
          mcpAgentMiddleware({
            clients: { everything: { listTools: (params) => server.client.listTools(params), callTool: () => Promise.reject(new Error('must not run')) } },
            store,
            chatId: () => {
              throw new Error('not your thread');
            },
          }),
        ),
      }),
    });
    const handler = createCopilotRuntimeHandler({ runtime, basePath: '/api' });
    const events = await eventsOf(await handler(new Request('http://app.test/api/agent/default/run', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body('t1', [{ id: 'u1', role: 'user', content: 'call echo {}' }])) })));
    expect(events.map((event) => event.type)).toContain('RUN_ERROR');
    expect(events.map((event) => event.type)).not.toContain('TOOL_CALL_START');
    expect(calls).toEqual([]);
  });
});

describe('calls the policy decides alone', () => {
  it('trusted: a read-only call runs unasked and the model goes on in the same run', async () => {
    const { post, calls } = setup({ servers: { everything: { trust: 'trusted' } } });
    const events = await post(body('t1', [{ id: 'u1', role: 'user', content: 'call echo {"message":"hi"}' }]));
    expect(calls).toEqual([{ name: 'echo', args: { message: 'hi' } }]);
    expect(Object.values(resultsOf(events))).toEqual([{ mcp: annotated, content: [{ type: 'text', text: 'Echo: hi' }] }]);
    expect(interruptsOf(events)).toEqual([]);
    expect(events.filter((event) => event.type === 'RUN_STARTED')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'TEXT_MESSAGE_CONTENT').map((event) => event.delta)).toEqual(['done']);
  });

  it('what the model said before a call it ran is in what it reads next', async () => {
    const { post, script } = setup({ servers: { everything: { trust: 'trusted' } } });
    await post(body('t1', [{ id: 'u1', role: 'user', content: 'say Checking. call echo {"message":"hi"}' }]));
    expect(script.seen).toHaveLength(2);
    expect(script.seen[1]![1]).toMatchObject({ role: 'assistant', content: expect.arrayContaining([expect.objectContaining({ type: 'text', text: 'Checking.' })]) });
  });

  it('trusted: a call that is not read-only still asks', async () => {
    const { post, calls } = setup({ servers: { everything: { trust: 'trusted' } } });
    const events = await post(body('t1', [{ id: 'u1', role: 'user', content: 'call toggle-simulated-logging {}' }]));
    expect(interruptsOf(events)).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('a tool the host denies is never run, and the model is told it was refused', async () => {
    const { post, calls, records, script } = setup({ servers: { everything: { trust: 'trusted', overrides: { echo: 'deny' } } } });
    const events = await post(body('t1', [{ id: 'u1', role: 'user', content: 'call echo {"message":"hi"}' }]));
    expect(calls).toEqual([]);
    expect(Object.values(resultsOf(events))[0]).toMatchObject({ error: 'Refused by the consent policy.' });
    expect(JSON.stringify(script.seen.at(-1))).toContain('Refused by the consent policy.');
    expect(records.map((record) => record.outcome)).toEqual(['blocked']);
  });

  it('a name offered by two servers is refused unless namespaced', async () => {
    const client: McpToolClient = { listTools: (params) => server.client.listTools(params), callTool: () => Promise.reject(new Error('unused')) };
    const gate = mcpAgentMiddleware({ clients: { a: client, b: client }, store: createMcpChatStore(), chatId: (threadId) => threadId });
    const runtime = new CopilotRuntime({ agents: () => ({ default: new BuiltInAgent({ model: scriptedModel().model as never }).use(gate) }) });
    const handler = createCopilotRuntimeHandler({ runtime, basePath: '/api' });
    const response = await handler(new Request('http://app.test/api/agent/default/run', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body('t1', [{ id: 'u1', role: 'user', content: 'hi' }])) }));
    const events = await eventsOf(response);
    expect(events.find((event) => event.type === 'RUN_ERROR')).toMatchObject({ message: expect.stringContaining('echo') });
    expect(new McpToolNameConflictError(['echo']).message).toContain('echo');
  });

  it('bad options fail at once with what to pass', () => {
    expect(() => mcpAgentMiddleware({} as never)).toThrow(/clients, chatId, store/);
    expect(() => mcpAgentMiddleware({ clients: {}, store: createMcpChatStore(), chatId: 'chat' } as never)).toThrow(TypeError);
  });
});

describe('a step cut short (Stop, or the model ran out of tokens)', () => {
  /** The gate around an agent that starts a call to echo and stops: `finish` says whether the step still ends with RUN_FINISHED. */
  async function cut(finish: boolean) {
    const ran: string[] = [];
    const client: McpToolClient = { listTools: (params) => server.client.listTools(params), callTool: async (params) => (ran.push(params.name), { content: [] }) };
    const gate = mcpAgentMiddleware({ clients: { everything: client }, servers: { everything: { trust: 'trusted' } }, store: createMcpChatStore(), chatId: (threadId) => threadId });
    const next = {
      run: () =>
        new Observable<{ type: string; [field: string]: unknown }>((subscriber) => {
          subscriber.next({ type: 'RUN_STARTED', threadId: 't1', runId: 'r1' });
          subscriber.next({ type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'echo', parentMessageId: 'a1' });
          subscriber.next({ type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"message":' });
          if (finish) subscriber.next({ type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' });
          subscriber.complete();
        }),
    };
    const events: Array<{ type: string }> = [];
    await new Promise<void>((resolve, reject) => gate<{ type: string }>(body('t1', [{ id: 'u1', role: 'user', content: 'hi' }]) as never, next).subscribe({ next: (event) => void events.push(event), error: reject, complete: resolve }));
    return { ran, events };
  }

  it('a call whose input never ended is not decided and never runs, whether or not the step finished', async () => {
    for (const finish of [false, true]) {
      const { ran, events } = await cut(finish);
      expect(ran).toEqual([]);
      expect(events.map((event) => event.type)).not.toContain('TOOL_CALL_RESULT');
    }
  });
});

describe('a decision that could not be saved', () => {
  it('an open-world run whose taint flag cannot be written does not run, and is recorded as what it became', async () => {
    const memory = createMemoryChatStorage();
    const storage: McpChatStorage = { ...memory, set: () => Promise.reject(new Error('READONLY')) };
    const ran: string[] = [];
    const web: McpToolClient = {
      listTools: async () => ({ tools: [{ name: 'fetch', description: 'Fetches a URL', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true, openWorldHint: true } }] }),
      callTool: async (params) => (ran.push(params.name), { content: [{ type: 'text', text: 'fetched' }] }),
    };
    const records: Array<{ outcome: string; reasons: Array<{ code: string }> }> = [];
    const gate = mcpAgentMiddleware({ clients: { web }, servers: { web: { trust: 'trusted' } }, store: createMcpChatStore({ storage, onStorageError: () => {} }), chatId: (threadId) => threadId, onDecision: (record) => records.push(record as never) });
    const runtime = new CopilotRuntime({ agents: () => ({ default: new BuiltInAgent({ model: scriptedModel().model as never }).use(gate) }) });
    const handler = createCopilotRuntimeHandler({ runtime, basePath: '/api' });
    const events = await eventsOf(await handler(new Request('http://app.test/api/agent/default/run', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body('t1', [{ id: 'u1', role: 'user', content: 'call fetch {"url":"https://example.com"}' }])) })));
    expect(ran).toEqual([]);
    expect(Object.values(resultsOf(events))[0]).toMatchObject({ error: 'Refused by the consent policy.', reasons: expect.stringContaining('store-unavailable') });
    expect(records).toMatchObject([{ outcome: 'blocked', reasons: [{ code: 'store-unavailable' }] }]);
  });
});

describe('audience', () => {
  it('an assistant-only block reaches the model and never the browser, in this request and the next', async () => {
    const { post, script, calls } = setup({ servers: { everything: { trust: 'trusted' } } });
    const user = { id: 'u1', role: 'user', content: 'call get-annotated-message {"messageType":"debug","includeImage":false}' };
    const first = await post(body('t1', [user]));
    expect(calls.map((call) => call.name)).toEqual(['get-annotated-message']);
    expect(JSON.stringify(first)).not.toContain('Cache hit ratio');
    expect(JSON.stringify(script.seen.at(-1))).toContain('Cache hit ratio');
    // The next request sends the person's view back; the model still reads its own.
    const result = first.find((event) => event.type === 'TOOL_CALL_RESULT')!;
    const next = await post(
      body('t1', [
        user,
        { id: 'a1', role: 'assistant', toolCalls: [{ id: result.toolCallId, type: 'function', function: { name: 'get-annotated-message', arguments: '{"messageType":"debug","includeImage":false}' } }] },
        { id: 'r1', role: 'tool', toolCallId: result.toolCallId, content: result.content },
        { id: 'u2', role: 'user', content: 'thanks' },
      ]),
    );
    expect(JSON.stringify(next)).not.toContain('Cache hit ratio');
    expect(JSON.stringify(script.seen.at(-1))).toContain('Cache hit ratio');
  });
});
