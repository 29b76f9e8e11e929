// The controller's queue across kinds (src/core/consent): ask one at a time, in order, each settled once.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createConsentController, toolKind } from '../../../src/core/index.js';
import { snapshotTool } from '../../../src/core/tool/tool-hints.js';
import { toolCallBinding } from '../../../src/core/consent/kinds/tool.js';
import type { PolicyMode } from '../../../src/core/shared/policy.js';
import { everythingElicitation, everythingSampling, researchClarification } from '../../fixtures/server-requests.js';
import { createBuiltInController } from '../../helpers/kinds.js';

describe('ask: one queue for every consent', () => {
  const tool = { name: 'create', annotations: { destructiveHint: false, openWorldHint: false } };

  it('asks one at a time; a request a running call waits on goes next; otherwise first in, first out', async () => {
    const controller = createBuiltInController({ servers: { s: { trust: 'untrusted' } } });
    void controller.requestApproval({ serverId: 's', tool, callId: 'a' });
    void controller.requestApproval({ serverId: 's', tool, callId: 'b' });
    void controller.requestElicitation({ serverId: 's', params: researchClarification, requestId: 1 });
    void controller.requestSampling({ serverId: 's', params: everythingSampling, sample: async () => ({}) });
    const order = controller.getSnapshot().queue.map((item) => item.kind + (item.callId ?? ''));
    // The tool prompt on screen stays first; the server requests come next, in arrival order.
    expect(order).toEqual(['toola', 'elicitation', 'sampling', 'toolb']);
    expect(controller.getSnapshot().current!.callId).toBe('a');
  });

  it('an elicitation is accepted only with valid values, and sends only the form\'s fields', async () => {
    const onDecision = vi.fn();
    const controller = createBuiltInController({ onDecision });
    const pending = controller.requestElicitation({ serverId: 's', params: everythingElicitation, requestId: 7, callId: 'c1' });
    const item = controller.getSnapshot().current!;
    expect(item.kind).toBe('elicitation');
    expect(controller.respond(item.id, { action: 'accept', content: { name: '' } })).toBe(false);
    expect(controller.respond(item.id, { action: 'accept', content: { name: 'Ada', injected: 'x', integer: 7 } })).toBe(true);
    const outcome = await pending;
    expect(outcome.result).toEqual({ action: 'accept', content: { name: 'Ada', check: false, integer: 7 } });
    expect(onDecision).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ kind: 'elicitation', outcome: 'accept', decidedBy: 'user', requestId: 7, callId: 'c1', fields: ['name', 'check', 'integer'] }));
    expect(JSON.stringify(onDecision.mock.calls)).not.toContain('Ada');
  });

  it('decline and cancel are distinct answers; a withdrawn request cancels and closes', async () => {
    const controller = createBuiltInController();
    const declined = controller.requestElicitation({ serverId: 's', params: researchClarification });
    controller.respond(controller.getSnapshot().current!.id, { action: 'decline' });
    await expect(declined).resolves.toMatchObject({ result: { action: 'decline' } });
    const cancelled = controller.requestElicitation({ serverId: 's', params: researchClarification });
    controller.respond(controller.getSnapshot().current!.id, { action: 'cancel' });
    await expect(cancelled).resolves.toMatchObject({ result: { action: 'cancel' } });
    const abort = new AbortController();
    const withdrawn = controller.requestElicitation({ serverId: 's', params: researchClarification, signal: abort.signal });
    expect(controller.getSnapshot().queue).toHaveLength(1);
    abort.abort();
    const outcome = await withdrawn;
    expect(outcome).toMatchObject({ result: { action: 'cancel' }, record: { decidedBy: 'policy' } });
    expect(outcome.record.reasons[0]).toMatchObject({ code: 'request-abandoned' });
    expect(controller.getSnapshot().queue).toHaveLength(0);
  });

  it('"Stop": a request that offers it stops what asked once, after it settles as cancel; without stop: true, or without an offer, nothing is stopped', async () => {
    const controller = createBuiltInController();
    const order: string[] = [];
    const run = vi.fn(() => void order.push('stopped'));
    const stopped = controller.requestElicitation({ serverId: 's', params: researchClarification, callId: 'c1', callName: 'simulate-research-query', stop: { kind: 'task', run } });
    const prompt = controller.getSnapshot().current!;
    expect(prompt).toMatchObject({ kind: 'elicitation', stop: 'task', callId: 'c1', callName: 'simulate-research-query' });
    void stopped.then(() => order.push('settled'));
    expect(controller.respond(prompt.id, { action: 'cancel', stop: true })).toBe(true);
    const outcome = await stopped;
    expect(outcome).toMatchObject({ result: { action: 'cancel' }, record: { outcome: 'cancel', decidedBy: 'user', stopped: true } });
    expect(run).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['stopped', 'settled']);
    // A plain cancel does not stop.
    const plain = controller.requestElicitation({ serverId: 's', params: researchClarification, stop: { kind: 'call', run } });
    controller.respond(controller.getSnapshot().current!.id, { action: 'cancel' });
    expect((await plain).record).not.toHaveProperty('stopped');
    // stop: true on a request that offered nothing is a cancel; a throwing stop still settles; a malformed offer is no offer.
    const none = controller.requestElicitation({ serverId: 's', params: researchClarification });
    expect(controller.getSnapshot().current).not.toHaveProperty('stop');
    controller.respond(controller.getSnapshot().current!.id, { action: 'cancel', stop: true });
    expect((await none).record).not.toHaveProperty('stopped');
    const failing = controller.requestElicitation({ serverId: 's', params: researchClarification, stop: { kind: 'task', run: () => { throw new Error('down'); } } });
    controller.respond(controller.getSnapshot().current!.id, { action: 'cancel', stop: true });
    await expect(failing).resolves.toMatchObject({ result: { action: 'cancel' }, record: { stopped: true } });
    const malformed = controller.requestElicitation({ serverId: 's', params: researchClarification, stop: { kind: 'task', run: 'rm -rf' } as never });
    expect(controller.getSnapshot().current).not.toHaveProperty('stop');
    controller.respond(controller.getSnapshot().current!.id, { action: 'decline' });
    await malformed;
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a malformed or non-https request can only be declined', async () => {
    const controller = createBuiltInController();
    const bad = controller.requestElicitation({ serverId: 's', params: { mode: 'url', url: 'http://example.com/', message: 'x', elicitationId: 'e' } });
    const item = controller.getSnapshot().current!;
    expect(controller.respond(item.id, { action: 'accept' })).toBe(false);
    controller.respond(item.id, { action: 'decline' });
    await expect(bad).resolves.toMatchObject({ result: { action: 'decline' } });
  });

  it('sampling: review the request (with edits), the model runs, review the answer (with edits), then it goes back', async () => {
    const onDecision = vi.fn();
    const sample = vi.fn(async (_params: unknown) => ({ role: 'assistant', content: { type: 'text', text: 'Hello!' }, model: 'scripted', stopReason: 'endTurn' }));
    const controller = createBuiltInController({ onDecision });
    const pending = controller.requestSampling({ serverId: 's', params: everythingSampling, sample });
    const id = controller.getSnapshot().current!.id;
    expect(controller.getSnapshot().current).toMatchObject({ kind: 'sampling', stage: 'request' });
    controller.respond(id, { action: 'approve', edits: { systemPrompt: 'Be brief.' } });
    expect(controller.getSnapshot().current).toMatchObject({ id, stage: 'generating' });
    await vi.waitFor(() => expect(controller.getSnapshot().current).toMatchObject({ stage: 'result', result: { text: 'Hello!' } }));
    expect(sample.mock.calls[0]![0]).toMatchObject({ systemPrompt: 'Be brief.', maxTokens: 100 });
    controller.respond(id, { action: 'approve', text: 'Hello there!' });
    await expect(pending).resolves.toMatchObject({ outcome: 'approved', result: { content: { type: 'text', text: 'Hello there!' }, model: 'scripted' } });
    expect(onDecision).toHaveBeenCalledWith(expect.objectContaining({ kind: 'sampling', outcome: 'approved', edited: true }));
  });

  it('sampling: deny, off, trusted-auto, and a failing model', async () => {
    const sample = vi.fn(async () => ({ role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' }));
    const ask = createBuiltInController({ servers: { s: { trust: 'trusted' } } });
    const denied = ask.requestSampling({ serverId: 's', params: everythingSampling, sample });
    ask.respond(ask.getSnapshot().current!.id, { action: 'deny' });
    await expect(denied).resolves.toMatchObject({ outcome: 'denied' });
    expect(sample).not.toHaveBeenCalled();
    const off = createBuiltInController({ sampling: 'off' });
    await expect(off.requestSampling({ serverId: 's', params: everythingSampling, sample })).resolves.toMatchObject({ outcome: 'blocked' });
    const auto = createBuiltInController({ servers: { s: { trust: 'trusted' } }, sampling: 'trusted-auto' });
    await expect(auto.requestSampling({ serverId: 's', params: everythingSampling, sample })).resolves.toMatchObject({ outcome: 'approved', record: { decidedBy: 'policy' } });
    const failing = createBuiltInController({ servers: { s: { trust: 'trusted' } }, sampling: 'trusted-auto' });
    await expect(failing.requestSampling({ serverId: 's', params: everythingSampling, sample: async () => Promise.reject(new Error('rate limited')) })).resolves.toMatchObject({ outcome: 'failed', error: 'rate limited' });
  });

  it('an untrusted server\'s sampling always asks, even with trusted-auto', () => {
    const controller = createBuiltInController({ sampling: 'trusted-auto' });
    void controller.requestSampling({ serverId: 'nobody', params: everythingSampling, sample: async () => ({}) });
    expect(controller.getSnapshot().current).toMatchObject({ kind: 'sampling', stage: 'request' });
  });

  it('dispose refuses everything waiting: deny, cancel, deny', async () => {
    const controller = createBuiltInController();
    const a = controller.requestApproval({ serverId: 's', tool });
    const b = controller.requestElicitation({ serverId: 's', params: researchClarification });
    const c = controller.requestSampling({ serverId: 's', params: everythingSampling, sample: async () => ({}) });
    controller.dispose();
    await expect(a).resolves.toMatchObject({ outcome: 'denied' });
    await expect(b).resolves.toMatchObject({ result: { action: 'cancel' } });
    await expect(c).resolves.toMatchObject({ outcome: 'denied' });
  });

  it('after dispose nothing waits: a request that would be asked settles at once as refused, is recorded, and shows nothing (issue 33)', async () => {
    const records: unknown[] = [];
    const controller = createBuiltInController({ onDecision: (record) => records.push(record) });
    controller.dispose();
    // Settled without anyone answering: these promises would never resolve if they were queued.
    await expect(controller.requestApproval({ serverId: 's', tool })).resolves.toMatchObject({ outcome: 'denied' });
    await expect(controller.requestElicitation({ serverId: 's', params: researchClarification })).resolves.toMatchObject({ result: { action: 'cancel' } });
    await expect(controller.requestSampling({ serverId: 's', params: everythingSampling, sample: async () => ({}) })).resolves.toMatchObject({ outcome: 'denied' });
    expect(records).toHaveLength(3);
    expect(controller.getSnapshot().current).toBeUndefined();
    expect(controller.getSnapshot().queue).toEqual([]);
    // What the policy settles without asking is not held up either.
    await expect(controller.requestApproval({ serverId: 's', tool: { name: 'read', annotations: { readOnlyHint: true } } })).resolves.toBeDefined();
  });

  it('property: an untrusted server never gets an elicitation answer without a person', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.constantFrom<PolicyMode>('default', 'always-confirm', 'read-only', 'offline'), async (params, mode) => {
        const controller = createBuiltInController({ mode });
        let settled = false;
        const pending = controller.requestElicitation({ serverId: 'x', params }).then((outcome) => {
          settled = true;
          return outcome;
        });
        await Promise.resolve();
        if (settled) {
          // Settled without a person: only ever refused.
          expect((await pending).result.action).not.toBe('accept');
        } else {
          controller.dispose();
          expect((await pending).result.action).toBe('cancel');
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('decide: one decision, for hosts that ask through their own channel', () => {
  const readOnly = { name: 'read', annotations: { readOnlyHint: true, openWorldHint: false } };
  const write = { name: 'write', annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } };

  it('run and block settle through the flow, recorded once with their policy action; confirm queues and records nothing', async () => {
    const onDecision = vi.fn();
    const controller = createBuiltInController({ servers: { t: { trust: 'trusted' }, u: { trust: 'untrusted', overrides: { write: 'deny' } } }, onDecision });
    const run = controller.decide('tool', { serverId: 't', tool: readOnly, callId: 'r' });
    expect(run.decision.action).toBe('run');
    await expect(run.outcome).resolves.toMatchObject({ outcome: 'run', record: { callId: 'r', policyAction: 'run', decidedBy: 'policy' } });
    const block = controller.decide('tool', { serverId: 'u', tool: write, callId: 'b' });
    await expect(block.outcome).resolves.toMatchObject({ outcome: 'blocked', record: { policyAction: 'block' } });
    const ask = controller.decide('tool', { serverId: 't', tool: write, callId: 'c' });
    expect(ask).toEqual({ decision: expect.objectContaining({ action: 'confirm' }) });
    expect(controller.getSnapshot().queue).toHaveLength(0);
    expect(onDecision.mock.calls.map(([record]) => record.callId)).toEqual(['r', 'b']);
  });

  it('property: it decides exactly as previewDecision does, and settles only what does not need a person', async () => {
    const hint = fc.option(fc.boolean(), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('trusted', 'untrusted', 'typo'), fc.constantFrom<PolicyMode>('default', 'read-only', 'always-confirm', 'offline'), hint, hint, hint, async (trust, mode, readOnlyHint, destructiveHint, openWorldHint) => {
        const controller = createBuiltInController({ servers: { s: { trust: trust as 'trusted' } }, mode });
        const tool = { name: 'x', annotations: { readOnlyHint, destructiveHint, openWorldHint } };
        const preview = controller.previewDecision({ serverId: 's', tool });
        const { decision, outcome: settled } = controller.decide('tool', { serverId: 's', tool });
        expect(decision).toEqual(preview);
        expect(settled === undefined).toBe(decision.action === 'confirm');
        if (settled) expect((await settled).outcome).toBe(decision.action === 'run' ? 'run' : 'blocked');
      }),
      { numRuns: 300 },
    );
  });
});

describe('answer: an answer from elsewhere reaches only the same call', () => {
  const write = { name: 'write', annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } };
  const setup = () => {
    const onDecision = vi.fn();
    const consent = createConsentController({ kinds: [toolKind()], servers: { s: { trust: 'untrusted' } }, onDecision });
    return { consent, onDecision, queue: () => consent.getSnapshot().queue };
  };

  it('the same server, tool, arguments and call id: the open prompt takes it, as if answered there', async () => {
    const { consent, queue } = setup();
    const asked = consent.request('tool', { serverId: 's', tool: write, args: { path: 'a' }, callId: 'c1' });
    // Another copy of the same call (keys in another order) is the same call.
    const brought = consent.answer('tool', { serverId: 's', tool: { annotations: { ...write.annotations }, name: 'write' }, args: { path: 'a' }, callId: 'c1' }, { action: 'approve' });
    await expect(asked).resolves.toMatchObject({ outcome: 'run', record: { decidedBy: 'user' } });
    expect(await brought).toBe(await asked);
    expect(queue()).toEqual([]);
  });

  it('a tool described otherwise (another hint, title or schema) is another question: the open prompt is not answered', async () => {
    for (const other of [
      { ...write, annotations: { ...write.annotations, destructiveHint: true } },
      { ...write, title: 'Write (harmless)' },
      { ...write, inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
      undefined,
    ]) {
      const { consent, queue } = setup();
      void consent.request('tool', { serverId: 's', tool: write, args: { path: 'a' }, callId: 'c1' });
      const { id } = queue()[0]!;
      await consent.answer('tool', { serverId: 's', tool: other, toolName: 'write', args: { path: 'a' }, callId: 'c1' }, { action: 'approve' });
      expect(queue().map((prompt) => prompt.id)).toEqual([id]);
      consent.dispose();
    }
  });

  it('without a call id an answer cannot name its call: it reaches no open prompt', async () => {
    const { consent, queue, onDecision } = setup();
    void consent.request('tool', { serverId: 's', tool: write, args: {} });
    void consent.request('tool', { serverId: 's', tool: write, args: {} });
    const ids = queue().map((prompt) => prompt.id);
    await expect(consent.answer('tool', { serverId: 's', tool: write, args: {} }, { action: 'approve' })).resolves.toMatchObject({ outcome: 'run', record: { decidedBy: 'user' } });
    expect(queue().map((prompt) => prompt.id)).toEqual(ids);
    expect(onDecision).toHaveBeenCalledTimes(1);
    consent.dispose();
  });

  it('toolCallBinding: a card\'s raw tool and a request\'s snapshot of it agree; what cannot be compared is null', () => {
    const call = { serverId: 's', tool: write, args: { path: 'a' }, callId: 'c1' };
    expect(toolCallBinding(call)).toBe(toolCallBinding({ ...call, tool: snapshotTool(write) }));
    expect(toolCallBinding({ ...call, callId: undefined })).toBeNull();
    expect(toolCallBinding({ ...call, tool: new Proxy({ name: 'write' }, { getOwnPropertyDescriptor: () => { throw new Error('no'); } }) })).not.toBe(toolCallBinding(call));
  });
});
