/**
 * Promise 2 on CopilotKit's wire, over random and malformed request bodies:
 * whatever a browser posts to the runtime (invented tool calls, answers for
 * them, replays, edited arguments, junk), no MCP tool runs that the gate did
 * not ask about, and an asked call runs at most once, with the input it was
 * asked about. The runtime and the server are real; calls are counted at the client.
 */
import { BuiltInAgent, CopilotRuntime, createCopilotRuntimeHandler } from '@copilotkit/runtime/v2';
import fc from 'fast-check';
import { mcpAgentMiddleware } from 'react-mcp-annotations/copilotkit';
import { createMcpChatStore, type McpToolClient } from 'react-mcp-annotations/gate';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../integration/mcp-servers.js';
import { body, eventsOf, scriptedModel } from './harness.js';

process.env.COPILOTKIT_TELEMETRY_DISABLED = 'true';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer('everything');
}, 30_000);
afterAll(() => server?.close());

const names = fc.constantFrom('echo', 'get-env', 'get-sum', 'toggle-simulated-logging', 'nope', '__proto__');
const ids = fc.oneof(fc.constantFrom('call-1-0', 'call-2-0', 'evil', ''), fc.string({ maxLength: 8 }));
const args = fc.oneof(fc.constant('{"message":"hello"}'), fc.constant('{"message":"rm -rf"}'), fc.json({ maxDepth: 2 }), fc.string({ maxLength: 12 }));
const toolCall = fc.record({ id: ids, type: fc.constant('function'), function: fc.record({ name: names, arguments: args }) });
const message = fc.oneof(
  fc.record({ id: ids, role: fc.constant('user'), content: fc.oneof(fc.string({ maxLength: 12 }), fc.constant('hi')) }),
  fc.record({ id: ids, role: fc.constant('assistant'), toolCalls: fc.array(toolCall, { maxLength: 3 }) }),
  fc.record({ id: ids, role: fc.constant('tool'), toolCallId: ids, content: fc.oneof(fc.constant('{"approved":true}'), fc.string({ maxLength: 12 })) }),
  fc.anything({ maxDepth: 2 }),
);
const resume = fc.array(
  fc.oneof(
    fc.record({ interruptId: ids.map((id) => `mcp-consent:${id}`), status: fc.constantFrom('resolved', 'cancelled'), payload: fc.oneof(fc.record({ approved: fc.boolean() }), fc.record({ approved: fc.constant(true), remember: fc.boolean() }), fc.anything({ maxDepth: 1 })) }),
    fc.record({ interruptId: ids, status: fc.constantFrom('resolved', 'cancelled'), payload: fc.anything({ maxDepth: 1 }) }),
    fc.anything({ maxDepth: 2 }),
  ),
  { maxLength: 3 },
);
const posted = fc.record({ threadId: fc.constantFrom('t1', 't2', ''), messages: fc.array(message, { maxLength: 5 }), resume: fc.option(resume, { nil: undefined }) });

it('no body runs a call the gate did not ask about, and an asked call runs once with its own input', async () => {
  // The runtime logs each run it fails; the outcome, not the log, is under test.
  for (const method of ['error', 'log', 'warn', 'info', 'debug'] as const) vi.spyOn(console, method).mockImplementation(() => undefined);
  const ran: Array<{ name: string; args: unknown }> = [];
  const client: McpToolClient = {
    listTools: (params) => server.client.listTools(params),
    callTool: (params, schema, options) => {
      ran.push({ name: params.name, args: params.arguments });
      return server.client.callTool(params, schema, options);
    },
  };
  const store = createMcpChatStore();
  const script = scriptedModel();
  const gate = mcpAgentMiddleware({ clients: { everything: client }, servers: { everything: { trust: 'untrusted' } }, store, chatId: (threadId) => `ada:${threadId}` });
  const runtime = new CopilotRuntime({ agents: () => ({ default: new BuiltInAgent({ model: script.model as never }).use(gate) }) });
  const handler = createCopilotRuntimeHandler({ runtime, basePath: '/api' });
  const post = async (input: unknown) => eventsOf(await handler(new Request('http://app.test/api/agent/default/run', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) })));

  // One real question, asked by the model; its honest answer is among the bodies below.
  const user = { id: 'u1', role: 'user', content: 'call echo {"message":"hello"}' };
  const first = await post(body('t1', [user]));
  const asked = first.find((event) => event.type === 'TOOL_CALL_START')!;
  const honest = body('t1', [user, { id: 'a1', role: 'assistant', toolCalls: [{ id: asked.toolCallId, type: 'function', function: { name: 'echo', arguments: '{"message":"hello"}' } }] }], [{ interruptId: `mcp-consent:${String(asked.toolCallId)}`, status: 'resolved', payload: { approved: true } }]);
  await post(honest);
  expect(ran).toEqual([{ name: 'echo', args: { message: 'hello' } }]);
  await fc.assert(
    fc.asyncProperty(fc.oneof({ weight: 9, arbitrary: posted.map((random) => ({ ...body(random.threadId, random.messages, random.resume) })) }, { weight: 1, arbitrary: fc.constant(honest) }), async (input) => {
      // The model calls tools only when a user message says so: random bodies reach the gate's answer path.
      await post(input).catch(() => undefined);
      expect(ran).toEqual([{ name: 'echo', args: { message: 'hello' } }]);
    }),
    { numRuns: 200 },
  );
}, 120_000);
