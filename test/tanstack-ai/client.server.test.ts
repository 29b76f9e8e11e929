/**
 * The whole wire: TanStack AI's own browser client (`ChatClient`, what
 * `useChat` runs) against the guide's route (`chatParamsFromRequest`,
 * `mcpChatTools`, `chat`, `toServerSentEventsResponse`) and a real MCP server.
 * The annotations reach the tool-call part; the person's answer goes back
 * through the interrupt; the call runs once; nothing assistant-only reaches
 * the client.
 */
import { chat, chatParamsFromRequest, toServerSentEventsResponse } from '@tanstack/ai';
import { ChatClient, fetchServerSentEvents } from '@tanstack/ai-client';
import { mcpChatTools } from 'react-mcp-annotations/tanstack-ai';
import { createMcpChatStore, type McpToolClient } from 'react-mcp-annotations/gate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../integration/mcp-servers.js';
import { scriptedModel } from './harness.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer('everything');
}, 30_000);
afterAll(() => server?.close());

function setup(trust: 'trusted' | 'untrusted') {
  const calls: string[] = [];
  const client: McpToolClient = {
    listTools: (params) => server.client.listTools(params),
    callTool: (params, schema, options) => {
      calls.push(params.name);
      return server.client.callTool(params, schema, options);
    },
  };
  const store = createMcpChatStore();
  const script = scriptedModel();
  const bodies: string[] = [];
  // The route as the guide writes it.
  async function POST(request: Request) {
    const params = await chatParamsFromRequest(request);
    const mcp = await mcpChatTools({ clients: { everything: client }, servers: { everything: { trust } }, chatId: params.threadId, store });
    const stream = chat({ adapter: script.adapter, messages: params.messages, tools: mcp.tools, middleware: [mcp.middleware], threadId: params.threadId, runId: params.runId, parentRunId: params.parentRunId, resume: params.resume });
    return toServerSentEventsResponse(stream);
  }
  const fetchClient = async (url: RequestInfo | URL, init?: RequestInit) => {
    const response = await POST(new Request(new URL(String(url), 'http://app.test'), init));
    const text = await response.text();
    bodies.push(text);
    return new Response(text, { headers: response.headers });
  };
  const browser = new ChatClient({ connection: fetchServerSentEvents('/api/chat', { fetchClient }) });
  const toolParts = () => browser.getMessages().flatMap((message) => message.parts.filter((part) => part.type === 'tool-call'));
  return { calls, browser, bodies, toolParts };
}

const settled = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

it('the annotations reach the tool-call part; answered through the interrupt, the call runs once', async () => {
  const { calls, browser, toolParts } = setup('untrusted');
  await browser.sendMessage('call echo {"message":"hello"}');
  const [asked] = toolParts();
  expect(asked).toMatchObject({ name: 'echo', state: 'approval-requested', metadata: { mcp: { serverId: 'everything', toolName: 'echo', title: 'Echo Tool', annotations: { readOnlyHint: true } } } });
  expect(calls).toEqual([]);
  const [interrupt] = browser.getInterruptState().interrupts;
  expect(interrupt).toMatchObject({ kind: 'generic', interruptId: `approval_${asked!.id}` });
  (interrupt as { resolveInterrupt(payload: unknown): void }).resolveInterrupt({ approved: true });
  await settled(() => calls.length > 0 && toolParts()[0]?.state === 'complete');
  expect(calls).toEqual(['echo']);
  expect(toolParts()[0]).toMatchObject({ state: 'complete', output: { content: [{ type: 'text', text: 'Echo: hello' }] } });
});

it('denied through the interrupt: nothing runs', async () => {
  const { calls, browser, toolParts } = setup('untrusted');
  await browser.sendMessage('call echo {"message":"hello"}');
  const [interrupt] = browser.getInterruptState().interrupts;
  (interrupt as { resolveInterrupt(payload: unknown): void }).resolveInterrupt({ approved: false });
  // The model goes on (says "done") without the call; the client is idle again, with no question open.
  await settled(() => JSON.stringify(browser.getMessages()).includes('"done"') && !browser.getIsLoading() && browser.getInterruptState().interrupts.length === 0);
  expect(toolParts()[0]).toMatchObject({ state: 'approval-responded', approval: { approved: false } });
  expect(calls).toEqual([]);
  // A later question rebuilds the parts from the server's snapshot: the denied call must still read as not run.
  await browser.sendMessage('call echo {"message":"again"}');
  // TanStack AI's client then keeps its own answer as the output (McpToolCall reads it as the person's no).
  expect(toolParts()[0]).toMatchObject({ state: 'complete', output: { approved: false } });
  expect(calls).toEqual([]);
});

it('an assistant-only block never reaches the client, in any response', async () => {
  const { calls, browser, bodies } = setup('trusted');
  await browser.sendMessage('call get-annotated-message {"messageType":"debug"}');
  expect(calls).toEqual(['get-annotated-message']);
  expect(bodies.join('')).not.toContain('Cache hit ratio');
  expect(JSON.stringify(browser.getMessages())).not.toContain('Cache hit ratio');
});
