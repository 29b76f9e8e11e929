// The consent engine, step by step: open → ask (fairness) → answer → stages → settle once → record.
// Every kind goes through the same flow; each test names the class of defect it guards.
import { describe, expect, it } from 'vitest';
import { type ConsentRecord, type PendingSampling } from '../../../src/core/index.js';
import { DEFAULT_MAX_PENDING_PER_SERVER } from '../../../src/core/consent/queue.js';
import { everythingSampling, sensitiveElicitation } from '../../fixtures/server-requests.js';
import { createBuiltInController } from '../../helpers/kinds.js';

const nameForm = { message: 'Who are you?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } };
const readTool = { name: 'read', annotations: { readOnlyHint: true, openWorldHint: false } };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(options: Parameters<typeof createBuiltInController>[0] = {}) {
  const records: ConsentRecord[] = [];
  const controller = createBuiltInController({ servers: { s: { trust: 'untrusted' }, other: { trust: 'untrusted' } }, onDecision: (record) => records.push(record), ...options });
  return { controller, records, current: () => controller.getSnapshot().current! };
}

describe('open: decided with the current policy, for every kind', () => {
  it('a withdrawn request is refused before anyone is asked (elicitation and sampling alike)', async () => {
    const { controller } = setup();
    const signal = AbortSignal.abort();
    const elicitation = await controller.requestElicitation({ serverId: 's', params: nameForm, signal });
    const sampling = await controller.requestSampling({ serverId: 's', params: everythingSampling, sample: async () => ({}), signal });
    expect(elicitation.result).toEqual({ action: 'cancel' });
    expect(sampling.outcome).toBe('denied');
    expect(controller.getSnapshot().queue).toHaveLength(0);
  });

  it('a prompt that reaches the screen is decided again: what the policy now blocks settles unasked', async () => {
    const { controller, records } = setup();
    void controller.requestApproval({ serverId: 's', tool: readTool, callId: 'first' });
    const waiting = controller.requestElicitation({ serverId: 's', params: nameForm });
    controller.setPolicy({ ...controller.getPolicy(), elicitation: 'off' });
    expect(controller.getSnapshot().queue.map((item) => item.kind)).toEqual(['tool', 'elicitation']);
    controller.respond(controller.getSnapshot().current!.id, { action: 'deny' });
    const outcome = await waiting;
    expect(outcome.result).toEqual({ action: 'decline' });
    expect(outcome.record.outcome).toBe('blocked');
    expect(outcome.record.reasons.map((reason) => reason.code).slice(0, 2)).toEqual(['policy-changed', 'elicitation-off']);
    expect(controller.getSnapshot().queue).toHaveLength(0);
    expect(records.map((record) => `${record.kind}:${record.outcome}`)).toEqual(['tool:denied', 'elicitation:blocked']);
  });
});

describe('ask: fairness', () => {
  it(`caps waiting requests per server at ${DEFAULT_MAX_PENDING_PER_SERVER}; the excess is refused at once, recorded, never shown`, async () => {
    const { controller, records } = setup();
    const flood = Array.from({ length: 100 }, (_, i) => controller.requestElicitation({ serverId: 's', params: nameForm, requestId: i }));
    await tick();
    const queue = controller.getSnapshot().queue;
    expect(queue).toHaveLength(DEFAULT_MAX_PENDING_PER_SERVER);
    const refused = records.filter((record) => record.kind === 'elicitation' && record.outcome === 'blocked');
    expect(refused).toHaveLength(100 - DEFAULT_MAX_PENDING_PER_SERVER);
    expect(refused.every((record) => record.reasons[0]!.code === 'queue-full')).toBe(true);
    expect((await flood[99]!).result).toEqual({ action: 'decline' });
    controller.dispose();
  });

  it('another server’s tool confirmation is never hidden behind a flood: it is asked second', async () => {
    const { controller } = setup({ maxPendingPerServer: 50 });
    void controller.requestElicitation({ serverId: 's', params: nameForm });
    void controller.requestApproval({ serverId: 'other', tool: readTool, callId: 'b' });
    for (let i = 0; i < 40; i++) void controller.requestElicitation({ serverId: 's', params: nameForm });
    const order = controller.getSnapshot().queue.map((item) => item.serverId);
    expect(order.slice(0, 3)).toEqual(['s', 'other', 's']);
    controller.respond(controller.getSnapshot().current!.id, { action: 'cancel' });
    expect(controller.getSnapshot().current).toMatchObject({ kind: 'tool', serverId: 'other' });
    controller.dispose();
  });

  it('the cap is a host option', async () => {
    const { controller } = setup({ maxPendingPerServer: 2 });
    for (let i = 0; i < 5; i++) void controller.requestApproval({ serverId: 's', tool: readTool, callId: String(i) });
    expect(controller.getSnapshot().queue).toHaveLength(2);
    controller.dispose();
  });
});

describe('answer: decided again, and the rules are the controller’s', () => {
  it('a server removed while its elicitation is open: the accept is blocked, nothing is sent', async () => {
    const { controller } = setup();
    const pending = controller.requestElicitation({ serverId: 's', params: nameForm });
    const { id } = controller.getSnapshot().current!;
    controller.setPolicy({ servers: { other: { trust: 'untrusted' } } });
    expect(controller.respond(id, { action: 'accept', content: { name: 'Ada' } })).toBe(true);
    const outcome = await pending;
    expect(outcome.result).toEqual({ action: 'decline' });
    expect(outcome.record.reasons.map((reason) => reason.code)).toContain('server-removed');
  });

  it('a sensitive form: an accept without the acknowledgement is refused by the controller, with it accepted', async () => {
    const { controller } = setup();
    const pending = controller.requestElicitation({ serverId: 's', params: sensitiveElicitation });
    const item = controller.getSnapshot().current!;
    expect(item).toMatchObject({ kind: 'elicitation', requiresAcknowledgement: true });
    const content = { user: 'ada', pw: 'hunter2', apiKey: 'k' };
    expect(controller.respond(item.id, { action: 'accept', content })).toBe(false);
    expect(controller.respond(item.id, { action: 'accept', content, acknowledged: 'yes' } as never)).toBe(false);
    expect(controller.getSnapshot().queue).toHaveLength(1);
    expect(controller.respond(item.id, { action: 'accept', content, acknowledged: true })).toBe(true);
    expect((await pending).result).toEqual({ action: 'accept', content });
  });

  it('trust changed while an elicitation was open: it is asked again (new id), the old answer is not taken', async () => {
    const { controller } = setup({ servers: { s: { trust: 'trusted' } } });
    const pending = controller.requestElicitation({ serverId: 's', params: nameForm });
    const first = controller.getSnapshot().current!;
    controller.setPolicy({ servers: { s: { trust: 'untrusted' } } });
    expect(controller.respond(first.id, { action: 'accept', content: { name: 'Ada' } })).toBe(true);
    const again = controller.getSnapshot().current!;
    expect(again.id).not.toBe(first.id);
    expect(again).toMatchObject({ kind: 'elicitation', trust: 'untrusted' });
    controller.respond(again.id, { action: 'decline' });
    expect((await pending).result).toEqual({ action: 'decline' });
  });

  it('an answer from elsewhere that does not fit is refused once, for one reason said once (the flow says it, not each kind)', async () => {
    const { controller, records } = setup();
    const elicitation = await controller.answer('elicitation', { serverId: 's', params: nameForm }, { action: 'maybe' } as never);
    const sampling = await controller.answer('sampling', { serverId: 's', params: everythingSampling, sample: async () => ({}) }, { action: 'maybe' } as never);
    for (const outcome of [elicitation, sampling]) {
      expect(outcome.record).toMatchObject({ outcome: 'blocked', decidedBy: 'policy' });
      expect(outcome.record.reasons.filter((reason) => reason.code === 'request-invalid')).toHaveLength(1);
      expect(outcome.record.reasons[0]!.code).toBe('request-invalid');
    }
    expect(elicitation.result).toEqual({ action: 'decline' });
    expect(records).toHaveLength(2);
  });
});

describe('stages: sampling is decided again between them', () => {
  it('sampling switched off while the answer is under review: nothing goes back', async () => {
    const { controller } = setup();
    const pending = controller.requestSampling({ serverId: 's', params: everythingSampling, sample: async () => ({ role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' }) });
    controller.respond(controller.getSnapshot().current!.id, { action: 'approve' });
    await tick();
    const review = controller.getSnapshot().current as PendingSampling;
    expect(review.stage).toBe('result');
    controller.setPolicy({ ...controller.getPolicy(), sampling: 'off' });
    controller.respond(review.id, { action: 'approve' });
    const outcome = await pending;
    expect(outcome.outcome).toBe('blocked');
    expect(outcome.result).toBeUndefined();
  });

  it('sampling switched off while the model runs: the answer is never offered', async () => {
    const { controller } = setup();
    let finish!: (value: unknown) => void;
    const pending = controller.requestSampling({ serverId: 's', params: everythingSampling, sample: () => new Promise((resolve) => (finish = resolve)) });
    controller.respond(controller.getSnapshot().current!.id, { action: 'approve' });
    controller.setPolicy({ ...controller.getPolicy(), sampling: 'off' });
    finish({ role: 'assistant', content: { type: 'text', text: 'hi' } });
    const outcome = await pending;
    expect(outcome.outcome).toBe('blocked');
    expect(controller.getSnapshot().queue).toHaveLength(0);
  });

  it('a removed server’s sampling request under review is blocked', async () => {
    const { controller } = setup();
    const pending = controller.requestSampling({ serverId: 's', params: everythingSampling, sample: async () => ({ role: 'assistant', content: { type: 'text', text: 'x' } }) });
    const { id } = controller.getSnapshot().current!;
    controller.setPolicy({ servers: {} });
    controller.respond(id, { action: 'approve' });
    expect((await pending).record.reasons.map((reason) => reason.code)).toContain('server-removed');
  });
});

describe('settle once, record: untrusted data is data', () => {
  it('sampling reads the request once: a proxy cannot show the person one text and send the model another', async () => {
    let reads = 0;
    const message = new Proxy({ type: 'text', text: 'shown' } as Record<string, unknown>, {
      getOwnPropertyDescriptor(target, key) {
        if (key === 'text') return { value: reads++ === 0 ? 'shown' : 'SECRET PROMPT', writable: true, enumerable: true, configurable: true };
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    });
    const sent: unknown[] = [];
    const { controller } = setup();
    const pending = controller.requestSampling({
      serverId: 's',
      params: { messages: [{ role: 'user', content: message }], maxTokens: 10 },
      sample: async (params) => {
        sent.push(params);
        return { role: 'assistant', content: { type: 'text', text: 'ok' } };
      },
    });
    const item = controller.getSnapshot().current as PendingSampling;
    const seen = (item.view.messages[0]!.content[0] as { text: string }).text;
    controller.respond(item.id, { action: 'approve' });
    await tick();
    controller.respond(controller.getSnapshot().current!.id, { action: 'approve' });
    await pending;
    // Read once: whatever the proxy answered that one time is both what the person saw and what the model got.
    expect(reads).toBe(1);
    expect(JSON.stringify(sent)).toContain(JSON.stringify(seen));
    expect(JSON.stringify(sent)).not.toContain(seen === 'shown' ? 'SECRET PROMPT' : '"shown"');
  });

  it('sampling never sends the model a block the reviewer could not see; a host may show them (marked) and then they go', async () => {
    const params = {
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'visible' }, { type: 'text', text: 'model-only', annotations: { audience: ['assistant'] } }] },
        { role: 'user', content: [{ type: 'tool_result', toolUseId: 't', content: [{ type: 'text', text: 'inside' }], annotations: { audience: ['assistant'] } }] },
      ],
      maxTokens: 10,
    };
    for (const hidden of ['omit', 'show'] as const) {
      const sent: string[] = [];
      const { controller } = setup({ samplingHidden: hidden });
      const pending = controller.requestSampling({ serverId: 's', params, sample: async (request) => (sent.push(JSON.stringify(request)), { role: 'assistant', content: { type: 'text', text: 'ok' } }) });
      expect((controller.getSnapshot().current as PendingSampling).hidden).toBe(hidden);
      controller.respond(controller.getSnapshot().current!.id, { action: 'approve' });
      await tick();
      controller.respond(controller.getSnapshot().current!.id, { action: 'approve' });
      await pending;
      expect(sent[0]).toContain('visible');
      if (hidden === 'omit') {
        expect(sent[0]).not.toContain('model-only');
        expect(sent[0]).not.toContain('inside');
      } else expect(sent[0]).toContain('model-only');
    }
  });

  it('an edit to a multi-block answer goes back with it and is recorded; an edit that changes nothing is no edit', async () => {
    const answer = { role: 'assistant', content: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }] };
    for (const [response, expected, edited] of [
      [{ action: 'approve', texts: { '1': 'TWO' } }, ['one', 'TWO'], true],
      [{ action: 'approve', text: 'ignored: two blocks' }, ['one', 'two'], false],
      [{ action: 'approve', texts: { '0': 'one' } }, ['one', 'two'], false],
    ] as const) {
      const { controller } = setup();
      const pending = controller.requestSampling({ serverId: 's', params: everythingSampling, sample: async () => answer });
      controller.respond(controller.getSnapshot().current!.id, { action: 'approve' });
      await tick();
      controller.respond(controller.getSnapshot().current!.id, response);
      const outcome = await pending;
      expect((outcome.result!.content as Array<{ text: string }>).map((block) => block.text)).toEqual(expected);
      expect(outcome.record.edited).toBe(edited);
    }
  });

  it('the taint guard: an untrusted server’s openWorldHint: false does not keep the session untainted', async () => {
    const { controller } = setup({ taintGuard: true });
    const pending = controller.requestApproval({ serverId: 's', tool: readTool });
    controller.respond(controller.getSnapshot().current!.id, { action: 'approve' });
    expect((await pending).outcome).toBe('run');
    expect(controller.getSnapshot().tainted).toBe(true);
    // A trusted server's declared closed-world read keeps it untainted.
    const trusted = setup({ taintGuard: true, servers: { t: { trust: 'trusted' } } });
    expect((await trusted.controller.requestApproval({ serverId: 't', tool: readTool })).outcome).toBe('run');
    expect(trusted.controller.getSnapshot().tainted).toBe(false);
  });

  it('a request that throws while it is read fails closed and is recorded', async () => {
    const { controller, records } = setup();
    const hostile = new Proxy({}, { getOwnPropertyDescriptor: () => { throw new Error('boom'); } });
    const toolCall = controller.requestApproval(hostile as never);
    const elicitation = controller.requestElicitation(hostile as never);
    // The worst case: an unknown tool asks with Deny first; a request that cannot be read can only be declined.
    const [first, second] = controller.getSnapshot().queue;
    expect(first).toMatchObject({ kind: 'tool', focus: 'deny', tool: undefined });
    expect(second).toMatchObject({ kind: 'elicitation', view: { mode: 'invalid' } });
    expect(controller.respond(second!.id, { action: 'accept', content: {} })).toBe(false);
    controller.dispose();
    expect((await toolCall).outcome).toBe('denied');
    expect((await elicitation).result.action).toBe('cancel');
    expect(records).toHaveLength(2);
  });
});

describe('open: every kind reads its request once', () => {
  it('an elicitation schema behind a proxy that answers differently the second time is read once', async () => {
    let reads = 0;
    const properties = new Proxy({ name: { type: 'string' } } as Record<string, unknown>, {
      getOwnPropertyDescriptor(target, key) {
        if (key === 'name') reads++;
        return reads > 1 && key === 'name' ? { value: { type: 'string', title: 'Password' }, writable: true, enumerable: true, configurable: true } : Reflect.getOwnPropertyDescriptor(target, key);
      },
    });
    const controller = createBuiltInController({ servers: { s: {} } });
    const pending = controller.requestElicitation({ serverId: 's', params: { message: 'm', requestedSchema: { type: 'object', properties } } });
    const item = controller.getSnapshot().current!;
    expect(reads).toBe(1);
    expect(item).toMatchObject({ kind: 'elicitation', requiresAcknowledgement: false, view: { mode: 'form', fields: [{ name: 'name', label: 'name' }] } });
    expect(controller.respond(item.id, { action: 'accept', content: { name: 'Ada' } })).toBe(true);
    expect((await pending).result).toEqual({ action: 'accept', content: { name: 'Ada' } });
  });
});

describe('ask: servers take turns', () => {
  it('a flood of tool confirmations from one server does not bury another server’s: it is asked second', async () => {
    const controller = createBuiltInController({ servers: { a: {}, b: {} } });
    for (let i = 0; i < 10; i++) void controller.requestApproval({ serverId: 'a', tool: readTool, callId: `a${i}` });
    void controller.requestApproval({ serverId: 'b', tool: readTool, callId: 'b0' });
    void controller.requestApproval({ serverId: 'b', tool: readTool, callId: 'b1' });
    expect(controller.getSnapshot().queue.map((item) => item.callId).slice(0, 5)).toEqual(['a0', 'a1', 'b0', 'a2', 'b1']);
    controller.respond(controller.getSnapshot().current!.id, { action: 'deny' });
    controller.respond(controller.getSnapshot().current!.id, { action: 'deny' });
    expect(controller.getSnapshot().current!.callId).toBe('b0');
    controller.dispose();
  });
});
