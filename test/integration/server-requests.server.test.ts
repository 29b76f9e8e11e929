import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toolCallStatusFromTask, type ConsentRecord, type ToolCallStatus } from '../../src/core/index.js';
import { initialElicitationValues } from '../../src/core/requests/elicitation.js';
import type { ApprovalController } from '../../src/core/consent/built-in.js';
import { elicitationsFromError, mcpClientCapabilities, registerMcpRequestHandlers, relatedTaskId } from '../../src/mcp/index.js';
import { startServer, type RunningServer } from './mcp-servers.js';
import { nextPrompt } from './prompts.js';
import { createBuiltInController } from '../helpers/kinds.js';

const textOf = (result: unknown) => ((result as CallToolResult).content ?? []).map((block) => (block.type === 'text' ? block.text : '')).join('\n');

describe('server-everything over stdio: elicitation, sampling and tasks go through one queue', () => {
  let everything: RunningServer;
  let controller: ApprovalController;
  const records: ConsentRecord[] = [];
  // The host's map from task id to the call that started it.
  const taskCalls = new Map<string, string>();
  const stoppedTasks: string[] = [];
  const sample = vi.fn(async (params: Record<string, unknown>) => ({
    role: 'assistant',
    content: { type: 'text', text: `Scripted answer to ${JSON.stringify((params.messages as Array<{ content: { text: string } }>)[0]!.content.text)}` },
    model: 'scripted-model',
    stopReason: 'endTurn',
  }));

  beforeAll(async () => {
    everything = await startServer('everything', { capabilities: mcpClientCapabilities({ tasks: true, sample }), taskStore: new InMemoryTaskStore() });
    controller = createBuiltInController({ onDecision: (record) => records.push(record), servers: { everything: { name: 'Everything' } } });
    registerMcpRequestHandlers(everything.client, controller, 'everything', {
      sample,
      callIdFor: (request) => taskCalls.get(relatedTaskId(request) ?? ''),
      onStop: ({ taskId }) => void everything.client.experimental.tasks.cancelTask(taskId).then((task) => stoppedTasks.push(task.status)),
    });
  });
  afterAll(async () => {
    controller?.dispose();
    await everything?.close();
  });

  it('declares form and URL elicitation, sampling (only with a model) and task requests, never applyDefaults; the server lists the tools that need them', async () => {
    expect(mcpClientCapabilities()).toEqual({ elicitation: { form: {}, url: {} } });
    expect(mcpClientCapabilities({ sample })).toEqual({ elicitation: { form: {}, url: {} }, sampling: {} });
    expect(mcpClientCapabilities({ sampling: true })).toEqual({ elicitation: { form: {}, url: {} }, sampling: {} });
    expect(mcpClientCapabilities({ tasks: true })).toEqual({ elicitation: { form: {}, url: {} }, tasks: { requests: { elicitation: { create: {} } } } });
    expect(mcpClientCapabilities({ tasks: true, sample })).toEqual({
      elicitation: { form: {}, url: {} },
      sampling: {},
      tasks: { requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
    });
    expect(mcpClientCapabilities({ elicitation: { url: false }, sampling: false })).toEqual({ elicitation: { form: {} } });
    const { tools } = await everything.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['trigger-elicitation-request', 'trigger-url-elicitation', 'trigger-sampling-request', 'simulate-research-query', 'trigger-elicitation-request-async', 'trigger-sampling-request-async']),
    );
  });

  it('form: the defaults and one edited field go back exactly, and the record names the fields, never their values', async () => {
    records.length = 0;
    const call = everything.client.callTool({ name: 'trigger-elicitation-request', arguments: {} });
    const prompt = await nextPrompt(controller, 'elicitation');
    expect(prompt).toMatchObject({ serverName: 'Everything', trust: 'untrusted', view: { mode: 'form' } });
    if (prompt.view.mode !== 'form') throw new Error('form expected');
    expect(prompt.view.fields).toHaveLength(13);
    expect(prompt.view.fields.filter((field) => field.defaultValue !== undefined)).toHaveLength(8);
    // What the dialog pre-fills, with the one required field the person types.
    const values = { ...initialElicitationValues(prompt.view), name: 'Ada' };
    expect(controller.respond(prompt.id, { action: 'accept', content: values })).toBe(true);
    const result = await call;
    const raw = JSON.parse(textOf(result).split('Raw result: ')[1]!) as { action: string; content: Record<string, unknown> };
    expect(raw.action).toBe('accept');
    expect(raw.content).toMatchObject({ name: 'Ada', firstLine: 'It was a dark and stormy night.', untitledMultipleSelectEnum: ['Guitar'] });
    // Nothing the person never saw: only the form's fields, and none left empty.
    expect(Object.keys(raw.content).every((key) => prompt.view.mode === 'form' && prompt.view.fields.some((field) => field.name === key))).toBe(true);
    const record = records.at(-1)!;
    expect(record).toMatchObject({ kind: 'elicitation', serverId: 'everything', outcome: 'accept', decidedBy: 'user', trust: 'untrusted' });
    expect(JSON.stringify(record)).not.toContain('Ada');
  });

  it('form: decline and cancel reach the server as distinct answers', async () => {
    for (const action of ['decline', 'cancel'] as const) {
      const call = everything.client.callTool({ name: 'trigger-elicitation-request', arguments: {} });
      const prompt = await nextPrompt(controller, 'elicitation');
      controller.respond(prompt.id, { action });
      expect(JSON.parse(textOf(await call).split('Raw result: ')[1]!)).toEqual({ action });
    }
  });

  it('URL: accept, and the -32042 error path turns into the same consent', async () => {
    const call = everything.client.callTool({ name: 'trigger-url-elicitation', arguments: { url: 'https://example.com/authorize?state=1' } });
    const prompt = await nextPrompt(controller, 'elicitation');
    expect(prompt.view).toMatchObject({ mode: 'url', url: { href: 'https://example.com/authorize?state=1', host: 'example.com', secure: true } });
    controller.respond(prompt.id, { action: 'accept' });
    expect(textOf(await call)).toContain('User completed the URL elicitation flow');

    const failing = await everything.client.callTool({ name: 'trigger-url-elicitation', arguments: { url: 'https://example.com/a', errorPath: true } }).catch((error: unknown) => error);
    const asked = elicitationsFromError(failing);
    expect(asked).toEqual([expect.objectContaining({ mode: 'url', url: 'https://modelcontextprotocol.io' })]);
    const consent = controller.requestElicitation({ serverId: 'everything', params: asked[0] });
    const errorPrompt = await nextPrompt(controller, 'elicitation');
    controller.respond(errorPrompt.id, { action: 'decline' });
    await expect(consent).resolves.toMatchObject({ result: { action: 'decline' } });
  });

  it('sampling: the person reviews the request and the answer; deny becomes an error result', async () => {
    const call = everything.client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'Say hi', maxTokens: 50 } });
    const request = await nextPrompt(controller, 'sampling');
    expect(request).toMatchObject({ stage: 'request', view: { systemPrompt: 'You are a helpful test server.', maxTokens: 50, temperature: 0.7 } });
    expect(sample).not.toHaveBeenCalled();
    controller.respond(request.id, { action: 'approve' });
    await vi.waitFor(() => expect(controller.getSnapshot().current).toMatchObject({ kind: 'sampling', stage: 'result' }));
    controller.respond(request.id, { action: 'approve', text: 'Edited: hi!' });
    const approved = textOf(await call);
    expect(approved).toContain('Edited: hi!');
    expect(approved).toContain('scripted-model');

    sample.mockClear();
    const denied = everything.client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'Say hi', maxTokens: 50 } });
    controller.respond((await nextPrompt(controller, 'sampling')).id, { action: 'deny' });
    const result = await denied;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('User rejected sampling request');
    expect(sample).not.toHaveBeenCalled();
  });

  it('without a model, a client does not declare sampling, so the server hides the tool; one declared anyway is refused unasked and recorded', async () => {
    const plain = await startServer('everything', { capabilities: mcpClientCapabilities() });
    const declared = await startServer('everything', { capabilities: mcpClientCapabilities({ sampling: true }) });
    const noModel: ConsentRecord[] = [];
    const asked = vi.fn();
    const bare = createBuiltInController({ onDecision: (record) => noModel.push(record), servers: { everything: { name: 'Everything' } } });
    const unsubscribe = bare.subscribe(() => bare.getSnapshot().current && asked());
    try {
      expect((await plain.client.listTools()).tools.map((tool) => tool.name)).not.toContain('trigger-sampling-request');
      registerMcpRequestHandlers(declared.client, bare, 'everything');
      const result = await declared.client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'Say hi', maxTokens: 50 } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('This app has no model for sampling.');
      expect(asked).not.toHaveBeenCalled();
      expect(noModel).toEqual([expect.objectContaining({ kind: 'sampling', outcome: 'blocked', decidedBy: 'policy', reasons: [expect.objectContaining({ code: 'sampling-no-model' })] })]);
    } finally {
      unsubscribe();
      bare.dispose();
      await plain.close();
      await declared.close();
    }
  });

  it('a task asks for clarification (input_required), the answer goes back, and it completes', async () => {
    const statuses: ToolCallStatus[] = [];
    let status: ToolCallStatus | undefined;
    let answered = false;
    const stream = everything.client.experimental.tasks.callToolStream({ name: 'simulate-research-query', arguments: { topic: 'python', ambiguous: true } }, undefined, { timeout: 60_000 });
    const answer = (async () => {
      const prompt = await nextPrompt(controller, 'elicitation');
      expect(prompt.view.mode === 'form' && prompt.view.fields.map((field) => field.name)).toEqual(['interpretation']);
      // Tied to the call through the related-task id: focus returns to its card; the task can be stopped from here.
      expect(prompt.callId).toBe('call-research');
      expect(prompt.stop).toBe('task');
      const field = prompt.view.mode === 'form' ? prompt.view.fields[0]! : undefined;
      controller.respond(prompt.id, { action: 'accept', content: { interpretation: field!.options![0]!.value } });
      answered = true;
    })();
    let final: unknown;
    for await (const message of stream) {
      if (message.type === 'taskCreated') taskCalls.set(message.task.taskId, 'call-research');
      if (message.type === 'taskCreated' || message.type === 'taskStatus') statuses.push((status = toolCallStatusFromTask(message.task, status)));
      if (message.type === 'result') final = message.result;
      if (message.type === 'error') throw message.error;
    }
    await answer;
    expect(answered).toBe(true);
    expect(statuses.map((s) => s.type)).toContain('input-required');
    expect(statuses.find((s) => s.type === 'input-required')).toMatchObject({ message: expect.stringContaining('Requesting clarification') });
    expect(textOf(final)).toContain('After receiving clarification');
  }, 30_000);

  it('"Stop task" in the task\'s question cancels the question and the task (the modal covers the card\'s Cancel)', async () => {
    records.length = 0;
    const statuses: ToolCallStatus[] = [];
    let status: ToolCallStatus | undefined;
    const stream = everything.client.experimental.tasks.callToolStream({ name: 'simulate-research-query', arguments: { topic: 'python', ambiguous: true } }, undefined, { timeout: 60_000 });
    const stop = (async () => {
      const prompt = await nextPrompt(controller, 'elicitation');
      expect(controller.respond(prompt.id, { action: 'cancel', stop: true })).toBe(true);
    })();
    for await (const message of stream) {
      if (message.type === 'taskCreated') taskCalls.set(message.task.taskId, 'call-stopped');
      if (message.type === 'taskCreated' || message.type === 'taskStatus') statuses.push((status = toolCallStatusFromTask(message.task, status)));
      if (message.type === 'error' || message.type === 'result') break;
    }
    await stop;
    await vi.waitFor(() => expect(stoppedTasks).toEqual(['cancelled']));
    expect(records.at(-1)).toMatchObject({ kind: 'elicitation', callId: 'call-stopped', outcome: 'cancel', decidedBy: 'user', stopped: true });
  }, 30_000);

  it('task-augmented requests (the -async tools) are answered through the same queue', async () => {
    const call = everything.client.callTool({ name: 'trigger-elicitation-request-async', arguments: {} }, undefined, { timeout: 60_000 });
    const prompt = await nextPrompt(controller, 'elicitation');
    expect(prompt.view.mode === 'form' && prompt.view.fields.map((field) => field.name)).toEqual(['name', 'favoriteColor', 'agreeToTerms']);
    controller.respond(prompt.id, { action: 'accept', content: { name: 'Ada', favoriteColor: 'Blue', agreeToTerms: true } });
    const text = textOf(await call);
    expect(text).toContain('Ada');
    expect(text).not.toContain('[TIMEOUT]');

    const sampled = everything.client.callTool({ name: 'trigger-sampling-request-async', arguments: { prompt: 'Say hi', maxTokens: 20 } }, undefined, { timeout: 60_000 });
    const review = await nextPrompt(controller, 'sampling');
    controller.respond(review.id, { action: 'approve' });
    await vi.waitFor(() => expect(controller.getSnapshot().current).toMatchObject({ kind: 'sampling', stage: 'result' }));
    controller.respond(review.id, { action: 'approve' });
    expect(textOf(await sampled)).toContain('scripted-model');
  }, 30_000);
});
