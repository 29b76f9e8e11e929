// `./mcp/v2`: the MCP SDK v2 client, against the v2 server's createMcpHandler
// (in process, both eras), the same server over stdio (2025-era, real server
// requests), and server-everything over stdio and streamable HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client, SdkError, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toolCallStatusFromError, type ConsentRecord } from '../../src/core/index.js';
import type { ApprovalController } from '../../src/core/consent/built-in.js';
import type { ToolListChange } from '../../src/core/tool/watcher.js';
import { callMcpTool, elicitationsFromError, McpInputRoundsError, mcpClientCapabilities, registerMcpRequestHandlers, watchMcpTools } from '../../src/mcp/v2.js';
import { createNotesState, notesHandler } from '../fixtures/servers/v2-notes.mjs';
import { serverEntry } from './mcp-servers.js';
import { nextPrompt } from './prompts.js';
import { freePort } from '../helpers/free-port.js';
import { createBuiltInController } from '../helpers/kinds.js';

const notesScript = fileURLToPath(new URL('../fixtures/servers/v2-notes.mjs', import.meta.url));
const rugPullScript = fileURLToPath(new URL('../fixtures/servers/rug-pull.mjs', import.meta.url));
const textOf = (result: unknown) => ((result as CallToolResult).content ?? []).map((block) => (block.type === 'text' ? block.text : '')).join('\n');
const scriptedModel = vi.fn(async () => ({ role: 'assistant', content: { type: 'text', text: 'two errands' }, model: 'scripted-model', stopReason: 'endTurn' }));

type Era = 'legacy' | 'modern';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A v2 client on the in-process handler, in one era, answering through a fresh controller. */
async function connectNotes(era: Era, clientOptions: { autoFulfill?: boolean } = {}) {
  const notes = notesHandler(createNotesState());
  const records: ConsentRecord[] = [];
  const controller = createBuiltInController({ onDecision: (record) => records.push(record), servers: { notes: { name: 'Notes', trust: 'trusted' } } });
  const client = new Client(
    { name: 'react-mcp-annotations-tests', version: '0.0.0' },
    {
      capabilities: mcpClientCapabilities({ tasks: true, sample: scriptedModel }),
      versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' },
      ...(clientOptions.autoFulfill === false ? { inputRequired: { autoFulfill: false } } : {}),
    },
  );
  const stop = registerMcpRequestHandlers(client, controller, 'notes', { sample: scriptedModel });
  await client.connect(new StreamableHTTPClientTransport(new URL('http://notes.test/mcp'), { fetch: notes.fetch }));
  cleanups.push(async () => {
    stop();
    controller.dispose();
    await client.close();
    await notes.handler.close();
  });
  return { client, controller, records, state: notes.state };
}

/** Answers the next form prompt with a reason and returns it. */
async function acceptWithReason(controller: ApprovalController, reason: string) {
  const prompt = await nextPrompt(controller, 'elicitation');
  expect(controller.respond(prompt.id, { action: 'accept', content: { reason } })).toBe(true);
  return prompt;
}

describe('./mcp/v2 against the v2 server (createMcpHandler, in process)', () => {
  it('declares elicitation and sampling, never tasks (v2 has no task client) nor applyDefaults; both eras connect', async () => {
    expect(mcpClientCapabilities({ tasks: true, sample: scriptedModel })).toEqual({ elicitation: { form: {}, url: {} }, sampling: {} });
    expect(mcpClientCapabilities()).toEqual({ elicitation: { form: {}, url: {} } });
    expect(mcpClientCapabilities({ elicitation: { url: false }, sampling: false })).toEqual({ elicitation: { form: {} } });
    for (const era of ['legacy', 'modern'] as const) {
      const { client } = await connectNotes(era);
      expect(client.getProtocolEra()).toBe(era);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['read_notes', 'delete_note', 'summarize', 'authorize']);
    }
  });

  describe.each([
    ['auto-fulfil', true],
    ['manual', false],
  ] as const)('2026-07-28, %s client', (_mode, autoFulfill) => {
    it('callMcpTool: the input request names the call, returns focus to its card, and the answer and requestState go back', async () => {
      const { client, controller, records, state } = await connectNotes('modern', { autoFulfill });
      const call = callMcpTool(client, { name: 'delete_note', arguments: { id: 'n1' } }, { callId: 'card-7' });
      const prompt = await acceptWithReason(controller, 'old');
      expect(prompt).toMatchObject({ kind: 'elicitation', serverId: 'notes', serverName: 'Notes', callId: 'card-7', callName: 'delete_note', view: { mode: 'form', message: 'Delete note n1?' } });
      expect(textOf(await call)).toBe('deleted n1 because "old" (state delete:n1)');
      expect(state.calls.delete_note).toBe(2);
      expect(records).toEqual([expect.objectContaining({ kind: 'elicitation', serverId: 'notes', callId: 'card-7', outcome: 'accept', decidedBy: 'user', fields: ['reason'] })]);
      // An input request has no JSON-RPC id of its own: the record carries none.
      expect(records[0]).not.toHaveProperty('requestId');
    });

    it('sampling and URL input requests go through the same queue; a decline goes back as a decline', async () => {
      const { client, controller } = await connectNotes('modern', { autoFulfill });
      const summary = callMcpTool(client, { name: 'summarize' }, { callId: 'card-8' });
      const review = await nextPrompt(controller, 'sampling');
      expect(review).toMatchObject({ callId: 'card-8', callName: 'summarize', stage: 'request' });
      controller.respond(review.id, { action: 'approve' });
      await vi.waitFor(() => expect(controller.getSnapshot().current).toMatchObject({ kind: 'sampling', stage: 'result' }));
      controller.respond(review.id, { action: 'approve' });
      expect(textOf(await summary)).toBe('summary: two errands');

      const signIn = callMcpTool(client, { name: 'authorize' }, { callId: 'card-9' });
      const url = await nextPrompt(controller, 'elicitation');
      // 2026-07-28 URL elicitation has no elicitationId; it is still a URL consent.
      expect(url.view).toMatchObject({ mode: 'url', url: { host: 'example.com', secure: true } });
      controller.respond(url.id, { action: 'decline' });
      expect(textOf(await signIn)).toBe('sign-in: decline');
    });

    it('aborting the call closes its prompt; no late answer and no further round reach the server', async () => {
      const { client, controller, records, state } = await connectNotes('modern', { autoFulfill });
      const abort = new AbortController();
      const call = callMcpTool(client, { name: 'delete_note', arguments: { id: 'n3' } }, { callId: 'card-3', signal: abort.signal });
      const prompt = await nextPrompt(controller, 'elicitation');
      abort.abort(new Error('the person closed the chat'));
      await expect(call).rejects.toThrow();
      await vi.waitFor(() => expect(controller.getSnapshot().current).toBeUndefined());
      expect(controller.respond(prompt.id, { action: 'accept', content: { reason: 'late' } })).toBe(false);
      expect(state.calls.delete_note).toBe(1);
      expect(records).toEqual([expect.objectContaining({ kind: 'elicitation', callId: 'card-3', outcome: 'cancel' })]);
    });
    it('a denied sampling request fails the call with the refusal, as the SDK does; it is asked once and no second round goes out', async () => {
      const { client, controller, state } = await connectNotes('modern', { autoFulfill });
      const call = callMcpTool(client, { name: 'summarize' });
      controller.respond((await nextPrompt(controller, 'sampling')).id, { action: 'deny' });
      await expect(call).rejects.toMatchObject({ code: -1, message: expect.stringContaining('User rejected sampling request') });
      expect(state.calls.summarize).toBe(1);
      expect(controller.getSnapshot().current).toBeUndefined();
    });

    it('"Stop call" in the question stops the call: the question is cancelled, the call rejects, nothing more reaches the server', async () => {
      const { client, controller, records, state } = await connectNotes('modern', { autoFulfill });
      const call = callMcpTool(client, { name: 'delete_note', arguments: { id: 'n6' } }, { callId: 'card-6' });
      const prompt = await nextPrompt(controller, 'elicitation');
      expect(prompt.stop).toBe('call');
      expect(controller.respond(prompt.id, { action: 'cancel', stop: true })).toBe(true);
      const failure = await call.catch((error: unknown) => error);
      expect(failure).toMatchObject({ name: 'AbortError', message: 'The person stopped the call.' });
      // The card shows it as cancelled, not failed.
      expect(toolCallStatusFromError(failure)).toEqual({ type: 'cancelled', message: 'The person stopped the call.' });
      expect(state.calls.delete_note).toBe(1);
      expect(records).toEqual([expect.objectContaining({ kind: 'elicitation', callId: 'card-6', outcome: 'cancel', stopped: true })]);
    });
  });

  it('the SDK auto-fulfils a plain client.callTool through the same handlers; the same input key in two calls is asked twice, never replayed', async () => {
    const { client, controller, records } = await connectNotes('modern');
    for (const reason of ['first', 'second']) {
      const call = client.callTool({ name: 'delete_note', arguments: { id: reason } });
      await acceptWithReason(controller, reason);
      expect(textOf(await call)).toBe(`deleted ${reason} because "${reason}" (state delete:${reason})`);
    }
    expect(records.map((record) => record.outcome)).toEqual(['accept', 'accept']);
  });

  it('a server that keeps asking is stopped after maxRounds', async () => {
    const { client, controller } = await connectNotes('modern');
    const call = callMcpTool(client, { name: 'delete_note', arguments: { id: 'n4' } }, { maxRounds: 0 });
    await expect(call).rejects.toBeInstanceOf(McpInputRoundsError);
    expect(controller.getSnapshot().current).toBeUndefined();
  });

  it('tasks: v2 has no task client, so a server that answers with a task fails with UNSUPPORTED_RESULT_TYPE, shown as an error', async () => {
    const notes = notesHandler(createNotesState());
    // A server that runs `start_report` as a task (2026-07-28 `resultType: "task"`).
    const taskFetch = async (url: string | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { id?: number; method?: string; params?: { name?: string } }) : undefined;
      if (body?.method !== 'tools/call' || body.params?.name !== 'start_report') return notes.fetch(url, init);
      const now = new Date().toISOString();
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { resultType: 'task', task: { taskId: 't1', status: 'working', createdAt: now, lastUpdatedAt: now, ttl: 60_000 } } }), { headers: { 'content-type': 'application/json' } });
    };
    const controller = createBuiltInController();
    const client = new Client({ name: 't', version: '0' }, { capabilities: mcpClientCapabilities(), versionNegotiation: { mode: { pin: '2026-07-28' } } });
    const stop = registerMcpRequestHandlers(client, controller, 'notes');
    await client.connect(new StreamableHTTPClientTransport(new URL('http://notes.test/mcp'), { fetch: taskFetch }));
    cleanups.push(async () => {
      stop();
      await client.close();
      await notes.handler.close();
    });
    const failure = await callMcpTool(client, { name: 'start_report' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SdkError);
    expect(failure).toMatchObject({ code: 'UNSUPPORTED_RESULT_TYPE', message: "Unsupported result type 'task' for tools/call" });
    expect(toolCallStatusFromError(failure)).toMatchObject({ type: 'error', message: expect.stringContaining("Unsupported result type 'task'") });
  });

  it("a malformed call rejects (the SDK's error), never throws of ours; a non-string callId or signal is ignored", async () => {
    const { client, controller } = await connectNotes('modern');
    await expect(callMcpTool(client, undefined as never)).rejects.toThrow();
    const call = callMcpTool(client, { name: 'delete_note', arguments: { id: 'n9' } }, { callId: 42 as never, signal: 'nope' as never });
    const prompt = await nextPrompt(controller, 'elicitation');
    expect(prompt).not.toHaveProperty('callId');
    expect(prompt.callName).toBe('delete_note');
    controller.respond(prompt.id, { action: 'decline' });
    expect(textOf(await call)).toBe('kept n9 (decline)');
  });

  it('callMcpTool before the handlers are registered says so', async () => {
    const client = new Client({ name: 'x', version: '0' });
    await expect(callMcpTool(client, { name: 'read_notes' })).rejects.toThrow(/register this client's request handlers first/);
  });

  it('2025-11-25: a URL elicitation arrives as error -32042 and becomes the same consent', async () => {
    const { client, controller } = await connectNotes('legacy');
    const failure = await client.callTool({ name: 'authorize' }).catch((error: unknown) => error);
    const asked = elicitationsFromError(failure);
    expect(asked).toEqual([expect.objectContaining({ mode: 'url', url: 'https://example.com/sign-in?state=v2', elicitationId: 'sign-in-1' })]);
    const consent = controller.requestElicitation({ serverId: 'notes', params: asked[0] });
    const prompt = await nextPrompt(controller, 'elicitation');
    expect(prompt.view).toMatchObject({ mode: 'url', elicitationId: 'sign-in-1' });
    controller.respond(prompt.id, { action: 'accept' });
    await expect(consent).resolves.toMatchObject({ result: { action: 'accept' } });
  });

  it('2026-07-28: a hint flipped on the server arrives over subscriptions/listen, is reported, and costs the approval', async () => {
    const notes = notesHandler(createNotesState());
    const controller = createBuiltInController({ servers: { notes: { trust: 'trusted' } } });
    const client = new Client({ name: 't', version: '0' }, { capabilities: mcpClientCapabilities(), versionNegotiation: { mode: { pin: '2026-07-28' } } });
    const changes: ToolListChange[] = [];
    // Made before connecting (the era is not known yet): the stream opens at the first fetch.
    const tools = watchMcpTools(client, 'notes', { store: controller.store, trust: () => 'trusted', onChange: (change) => changes.push(change), coalesceMs: 0 });
    await client.connect(new StreamableHTTPClientTransport(new URL('http://notes.test/mcp'), { fetch: notes.fetch }));
    cleanups.push(async () => {
      tools.dispose();
      controller.dispose();
      await client.close();
      await notes.handler.close();
    });
    const first = await tools.refresh();
    // ttlMs 0 (no cache hint) is "do not reuse", not "poll": nothing is scheduled.
    expect(first).toMatchObject({ status: 'ready', expiresAt: first.fetchedAt });
    const readNotes = first.tools.find((tool) => tool.name === 'read_notes')!;
    expect(controller.store.remember(readNotes, { serverId: 'notes', trust: 'trusted' })).toEqual({ ok: true });
    // The stream opens asynchronously; publish until the watcher has heard it.
    notes.state.readOnly = false;
    await vi.waitFor(
      () => {
        notes.handler.notify.toolsChanged();
        expect(changes).toEqual([expect.objectContaining({ toolName: 'read_notes', kind: 'changed', parts: ['annotations'], approvalLost: true, reason: 'list-changed' })]);
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(controller.store.isApproved(tools.getSnapshot().tools.find((tool) => tool.name === 'read_notes')!, { serverId: 'notes', trust: 'trusted' })).toBe(false);
  });
});

describe('./mcp/v2 against real servers over stdio and streamable HTTP (2025-11-25 era)', () => {
  async function stdioClient(command: string, args: string[], controller: ApprovalController, serverId: string, era: 'legacy' | 'auto' = 'legacy') {
    const client = new Client({ name: 'react-mcp-annotations-tests', version: '0.0.0' }, { capabilities: mcpClientCapabilities({ sample: scriptedModel }), versionNegotiation: { mode: era } });
    const stop = registerMcpRequestHandlers(client, controller, serverId, { sample: scriptedModel });
    await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore', env: { PATH: process.env.PATH ?? '' } }));
    cleanups.push(async () => {
      stop();
      await client.close();
    });
    return client;
  }

  it('the v2 notes server over stdio: its input requests become real server requests, each asked once and tied to the call', async () => {
    const controller = createBuiltInController({ servers: { notes: { trust: 'trusted' } } });
    cleanups.push(() => controller.dispose());
    const client = await stdioClient(process.execPath, [notesScript], controller, 'notes');
    expect(client.getProtocolEra()).toBe('legacy');
    const call = callMcpTool(client, { name: 'delete_note', arguments: { id: 'n5' } }, { callId: 'card-5' });
    const prompt = await acceptWithReason(controller, 'done');
    expect(prompt).toMatchObject({ callId: 'card-5', callName: 'delete_note' });
    expect(typeof prompt.id).toBe('string');
    expect(textOf(await call)).toContain('deleted n5 because "done"');
  });

  it('a reconnect to a new server instance restarts request ids: its first question is asked, never answered with the old one', async () => {
    const controller = createBuiltInController({ servers: { notes: { trust: 'trusted' } } });
    const client = new Client({ name: 'react-mcp-annotations-tests', version: '0.0.0' }, { capabilities: mcpClientCapabilities() });
    const stop = registerMcpRequestHandlers(client, controller, 'notes');
    cleanups.push(() => (stop(), controller.dispose()));
    for (const reason of ['first', 'second']) {
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [notesScript], stderr: 'ignore', env: { PATH: process.env.PATH ?? '' } }));
      const call = callMcpTool(client, { name: 'delete_note', arguments: { id: reason } });
      await acceptWithReason(controller, reason);
      expect(textOf(await call)).toContain(`deleted ${reason} because "${reason}"`);
      await client.close();
    }
  });

  it('the rug-pull server over stdio (2025-11-25): a hint flipped after the first call arrives as list_changed, is reported, and costs the approval', async () => {
    const controller = createBuiltInController({ servers: { notes: { trust: 'trusted' } } });
    cleanups.push(() => controller.dispose());
    const client = await stdioClient(process.execPath, [rugPullScript], controller, 'notes');
    const changes: ToolListChange[] = [];
    const tools = watchMcpTools(client, 'notes', { store: controller.store, trust: () => 'trusted', onChange: (change) => changes.push(change), coalesceMs: 20 });
    cleanups.push(() => tools.dispose());
    const first = await tools.refresh();
    const readNotes = first.tools.find((tool) => tool.name === 'read_notes')!;
    expect(controller.store.remember(readNotes, { serverId: 'notes', trust: 'trusted' })).toEqual({ ok: true });
    expect(controller.previewDecision({ serverId: 'notes', tool: readNotes }).action).toBe('run');
    await callMcpTool(client, { name: 'read_notes' });
    await vi.waitFor(() => expect(changes).toEqual([expect.objectContaining({ toolName: 'read_notes', kind: 'changed', parts: ['annotations'], approvalLost: true, reason: 'list-changed', hints: expect.objectContaining({ escalated: true }) })]), { timeout: 5000 });
    const flipped = tools.getSnapshot().tools.find((tool) => tool.name === 'read_notes')!;
    expect(controller.previewDecision({ serverId: 'notes', tool: flipped }).reasons.map((reason) => reason.code)).toContain('annotations-changed');
  });

  it('server-everything over stdio, negotiating (auto falls back to 2025): elicitation and sampling through the queue', async () => {
    const controller = createBuiltInController({ servers: { everything: { name: 'Everything' } } });
    cleanups.push(() => controller.dispose());
    const client = await stdioClient(process.execPath, [serverEntry('everything'), 'stdio'], controller, 'everything', 'auto');
    expect(client.getProtocolEra()).toBe('legacy');
    const form = callMcpTool(client, { name: 'trigger-elicitation-request', arguments: {} }, { callId: 'card-e' });
    const prompt = await nextPrompt(controller, 'elicitation');
    expect(prompt).toMatchObject({ serverName: 'Everything', callId: 'card-e', callName: 'trigger-elicitation-request', view: { mode: 'form' } });
    controller.respond(prompt.id, { action: 'decline' });
    expect(JSON.parse(textOf(await form).split('Raw result: ')[1]!)).toEqual({ action: 'decline' });

    // "Stop call" from the question: the SDK's request is aborted, and the call ends cancelled (not as the SDK's timeout error).
    const stopped = callMcpTool(client, { name: 'trigger-elicitation-request', arguments: {} }, { callId: 'card-s' });
    const again = await nextPrompt(controller, 'elicitation');
    expect(again.stop).toBe('call');
    controller.respond(again.id, { action: 'cancel', stop: true });
    const failure = await stopped.catch((error: unknown) => error);
    expect(toolCallStatusFromError(failure)).toEqual({ type: 'cancelled', message: 'The person stopped the call.' });

    const denied = callMcpTool(client, { name: 'trigger-sampling-request', arguments: { prompt: 'Say hi', maxTokens: 20 } });
    controller.respond((await nextPrompt(controller, 'sampling')).id, { action: 'deny' });
    const result = await denied;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('User rejected sampling request');
  });

  it('server-everything over streamable HTTP: the same consent, and a call that times out takes its prompt with it', async () => {
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, [serverEntry('everything'), 'streamableHttp'], { env: { PATH: process.env.PATH ?? '', PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
    cleanups.push(() => void child.kill());
    await new Promise<void>((resolve, reject) => {
      child.stderr!.on('data', (chunk: Buffer) => String(chunk).includes('listening') && resolve());
      child.once('exit', () => reject(new Error('server-everything exited')));
    });
    const controller = createBuiltInController({ servers: { everything: { name: 'Everything' } } });
    cleanups.push(() => controller.dispose());
    const client = new Client({ name: 'react-mcp-annotations-tests', version: '0.0.0' }, { capabilities: mcpClientCapabilities() });
    const stop = registerMcpRequestHandlers(client, controller, 'everything');
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    cleanups.push(async () => {
      stop();
      await client.close();
    });
    const call = callMcpTool(client, { name: 'trigger-elicitation-request', arguments: {} }, { callId: 'card-h' });
    const prompt = await nextPrompt(controller, 'elicitation');
    expect(prompt).toMatchObject({ callId: 'card-h', callName: 'trigger-elicitation-request' });
    controller.respond(prompt.id, { action: 'cancel' });
    expect(JSON.parse(textOf(await call).split('Raw result: ')[1]!)).toEqual({ action: 'cancel' });

    const timedOut = callMcpTool(client, { name: 'trigger-elicitation-request', arguments: {} }, { timeout: 300 });
    await nextPrompt(controller, 'elicitation');
    await expect(timedOut).rejects.toBeInstanceOf(SdkError);
    await vi.waitFor(() => expect(controller.getSnapshot().current).toBeUndefined());
  });
});

