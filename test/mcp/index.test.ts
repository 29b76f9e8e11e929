// Task-augmented server requests (the -async tools): answered as tasks, and a
// prompt whose task the server cancels or lets expire closes by itself.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateMessageRequestSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConsentController, toolKind, type ConsentRecord } from '../../src/core/index.js';
import { registerMcpRequestHandlers } from '../../src/mcp/index.js';
import { TASK_WATCH_MS } from '../../src/mcp/shared.js';
import { everythingSampling, researchClarification } from '../fixtures/server-requests.js';
import { createBuiltInController } from '../helpers/kinds.js';

type Handler = (request: { method: string; params: Record<string, unknown> }, extra: unknown) => Promise<unknown>;

/** The part of the SDK client the handlers use, keeping what they register. */
function fakeClient() {
  const handlers = new Map<unknown, Handler>();
  const client = {
    setRequestHandler: (schema: unknown, handler: Handler) => void handlers.set(schema, handler),
    removeRequestHandler: () => {},
    setNotificationHandler: () => {},
    removeNotificationHandler: () => {},
  };
  return { client: client as unknown as Client, handlers };
}

/** An in-memory task store with the calls the handlers make, recorded. */
function fakeStore() {
  const tasks = new Map<string, { status: string; result?: unknown }>();
  const calls: string[] = [];
  return {
    tasks,
    calls,
    store: {
      createTask: async () => {
        tasks.set('t1', { status: 'working' });
        return { taskId: 't1' };
      },
      getTask: async (id: string) => tasks.get(id) ?? null,
      updateTaskStatus: async (id: string, status: string) => {
        calls.push(`status ${status}`);
        tasks.set(id, { ...tasks.get(id), status });
      },
      storeTaskResult: async (id: string, status: string, result: unknown) => {
        calls.push(`result ${status}`);
        tasks.set(id, { status, result });
      },
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('task-augmented server requests', () => {
  it('answer at once with a task; the person\'s answer becomes its result', async () => {
    const controller = createBuiltInController();
    const { client, handlers } = fakeClient();
    registerMcpRequestHandlers(client, controller, 'everything');
    const { store, tasks } = fakeStore();
    const reply = await handlers.get(ElicitRequestSchema)!({ method: 'elicitation/create', params: { ...researchClarification, task: { ttl: 60_000 } } }, { signal: new AbortController().signal, requestId: 1, taskStore: store });
    expect(reply).toEqual({ task: { taskId: 't1' } });
    await vi.waitFor(() => expect(controller.getSnapshot().queue).toHaveLength(1));
    controller.respond(controller.getSnapshot().current!.id, { action: 'decline' });
    await vi.waitFor(() => expect(tasks.get('t1')).toEqual({ status: 'completed', result: { action: 'decline' } }));
    controller.dispose();
  });

  it.each([
    ['cancels the task', (tasks: Map<string, { status: string }>) => tasks.set('t1', { status: 'cancelled' })],
    ['lets it expire', (tasks: Map<string, { status: string }>) => tasks.delete('t1')],
  ])('close the prompt when the server %s, and store nothing for it', async (_name, end) => {
    vi.useFakeTimers();
    const records: ConsentRecord[] = [];
    const controller = createBuiltInController({ onDecision: (record) => records.push(record) });
    const { client, handlers } = fakeClient();
    registerMcpRequestHandlers(client, controller, 'everything', { sample: async () => ({}) });
    for (const [schema, params] of [
      [ElicitRequestSchema, researchClarification],
      [CreateMessageRequestSchema, everythingSampling],
    ] as const) {
      const { store, tasks, calls } = fakeStore();
      await handlers.get(schema)!({ method: 'x', params: { ...params, task: {} } }, { signal: new AbortController().signal, requestId: String(schema === ElicitRequestSchema), taskStore: store });
      await vi.advanceTimersByTimeAsync(0);
      expect(controller.getSnapshot().queue).toHaveLength(1);
      // Still waiting for the person: the prompt stays.
      await vi.advanceTimersByTimeAsync(TASK_WATCH_MS * 3);
      expect(controller.getSnapshot().queue).toHaveLength(1);
      end(tasks);
      await vi.advanceTimersByTimeAsync(TASK_WATCH_MS);
      expect(controller.getSnapshot().queue).toHaveLength(0);
      expect(calls).toEqual(['status input_required']);
      expect(records.at(-1)?.reasons[0]).toMatchObject({ code: 'request-abandoned' });
    }
    controller.dispose();
  });
});

describe('a controller without the elicitation or sampling kind', () => {
  it('declines a server\'s question and refuses its sampling request unasked, with nothing queued', async () => {
    const controller = createConsentController({ kinds: [toolKind()] });
    const { client, handlers } = fakeClient();
    registerMcpRequestHandlers(client, controller, 'everything', { sample: async () => ({}) });
    await expect(handlers.get(ElicitRequestSchema)!({ method: 'elicitation/create', params: researchClarification }, { signal: new AbortController().signal, requestId: 1 })).resolves.toEqual({ action: 'decline' });
    await expect(handlers.get(CreateMessageRequestSchema)!({ method: 'sampling/createMessage', params: everythingSampling }, { signal: new AbortController().signal, requestId: 2 })).rejects.toMatchObject({ code: -1 });
    expect(controller.getSnapshot().queue).toHaveLength(0);
  });
});
