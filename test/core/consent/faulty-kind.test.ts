// A kind that breaks its own contract (throws, returns a step no kind may give, hands back something that is
// not a promise) is a host's bug, not a way through: each of its requests still settles once, fails closed, and
// the other requests in the queue are not held by it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createConsentController, toolKind, type ConsentKind, type KindContext, type KindSteps } from '../../../src/core/index.js';
import { resourceKind, type ResourceKindTypes } from '../../fixtures/resource-kind.js';

type Steps = KindSteps<ResourceKindTypes, { serverId: string; uri: string | null }, unknown, unknown>;

/** The fixture's resource kind with some of its steps replaced (each replacement gets the original step). */
function faulty(replace: (steps: Steps, context: KindContext) => Partial<Steps>): ConsentKind<ResourceKindTypes> {
  const base = resourceKind();
  return {
    ...base,
    setup(context) {
      const steps = base.setup(context) as Steps;
      return { ...steps, ...replace(steps, context) };
    },
  };
}

const tool = { name: 'write', annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } };

function setup(kind: ConsentKind<ResourceKindTypes>, trust: 'trusted' | 'untrusted' = 'untrusted', extra: { maxPendingPerServer?: number } = {}) {
  const records: Array<{ kind: string; outcome: string; reasons: Array<{ code: string }> }> = [];
  const consent = createConsentController({ kinds: [toolKind(), kind], servers: { files: { trust } }, onDecision: (record) => records.push(record as never), ...extra });
  return { consent, records, current: () => consent.getSnapshot().current };
}

describe('a kind that breaks its contract', () => {
  it('a run that gives a step no kind may give (a refusal, nothing, an unknown step) is refused as invalid and recorded', async () => {
    for (const step of [{ type: 'refuse' }, undefined, { type: 'later' }, null]) {
      const { consent, records } = setup(faulty(() => ({ run: () => step as never })), 'trusted');
      await expect(consent.request('resource', { serverId: 'files', uri: 'file:///a' })).resolves.toMatchObject({ outcome: 'blocked', record: { reasons: [{ code: 'request-invalid' }, { code: 'resource-trusted' }] } });
      expect(records).toHaveLength(1);
    }
  });

  it('work whose end is not a promise, or ends in a step that does not go on, is refused and leaves the queue', async () => {
    for (const until of [42, Promise.resolve({ type: 'refuse' }), Promise.resolve(undefined), Promise.reject(new Error('down'))]) {
      const kind = faulty((steps) => ({ run: (request, decision, flow) => ({ type: 'work', prompt: steps.describe(request, decision, 'working', flow), until: until as never }) }));
      const { consent, current } = setup(kind, 'trusted');
      const read = consent.request('resource', { serverId: 'files', uri: 'file:///a' });
      await expect(read).resolves.toMatchObject({ outcome: 'blocked' });
      expect(current()).toBeUndefined();
    }
  });

  it('a prompt that cannot be described again when it reaches the screen is refused; the answer before it still settles', async () => {
    let described = 0;
    const kind = faulty((steps) => ({
      describe(request, decision, id, flow) {
        if (request.uri === 'file:///b' && described++ > 0) throw new Error('cannot describe twice');
        return steps.describe(request, decision, id, flow);
      },
    }));
    const { consent, records, current } = setup(kind);
    const a = consent.request('resource', { serverId: 'files', uri: 'file:///a' });
    const b = consent.request('resource', { serverId: 'files', uri: 'file:///b' });
    // Trust changes while both wait: each must be asked again when it is answered or reaches the screen.
    consent.setPolicy({ servers: { files: { trust: 'trusted' } }, mode: 'always-confirm' });
    expect(consent.respond(current()!.id, { action: 'allow' })).toBe(true);
    expect(consent.respond(current()!.id, { action: 'allow' })).toBe(true);
    await expect(a).resolves.toMatchObject({ outcome: 'read', record: { decidedBy: 'user' } });
    await expect(b).resolves.toMatchObject({ outcome: 'blocked', record: { reasons: [{ code: 'request-invalid' }, { code: 'resource-ask' }] } });
    expect(records.map((record) => record.outcome)).toEqual(['read', 'blocked']);
    expect(current()).toBeUndefined();
  });

  it('a request it cannot read is read as nothing: blocked by its own decide, recorded', async () => {
    let reads = 0;
    const kind = faulty((steps) => ({
      read(raw) {
        if (reads++ === 0) throw new Error('cannot read');
        return steps.read(raw);
      },
    }));
    const { consent, records } = setup(kind, 'trusted');
    await expect(consent.request('resource', { serverId: 'files', uri: 'file:///a' })).resolves.toMatchObject({ outcome: 'blocked', record: { reasons: [{ code: 'resource-invalid' }] } });
    expect(records).toHaveLength(1);
  });

  it('an answer brought from elsewhere that the open prompt throws on is not taken: the prompt stays until a person answers', async () => {
    const kind = faulty((steps) => ({
      answer(request, prompt, answer, decision, flow) {
        if ((answer as { from?: string }).from === 'elsewhere') throw new Error('bad answer');
        return steps.answer(request, prompt, answer, decision, flow);
      },
    }));
    const { consent, current } = setup(kind);
    const read = consent.request('resource', { serverId: 'files', uri: 'file:///a' });
    const brought = consent.answer('resource', { serverId: 'files', uri: 'file:///a' }, { action: 'allow', from: 'elsewhere' } as never);
    expect(current()).toMatchObject({ kind: 'resource', uri: 'file:///a' });
    consent.respond(current()!.id, { action: 'refuse' });
    await expect(read).resolves.toMatchObject({ outcome: 'refused' });
    await expect(brought).resolves.toMatchObject({ outcome: 'refused' });
  });

  it('a stage asked out of band keeps the fairness cap: past it, refused at once', async () => {
    // An answer from elsewhere that opens a second stage (a "wait") goes into the queue like any prompt.
    const kind = faulty((steps) => ({
      answer: (request, _prompt, answer, decision, flow) => ((answer as { action?: string }).action === 'allow' ? { type: 'wait', prompt: steps.describe(request, decision, 'stage-2', flow) } : steps.answer(request, _prompt, answer, decision, flow)),
    }));
    const { consent, records } = setup(kind, 'untrusted', { maxPendingPerServer: 1 });
    void consent.request('resource', { serverId: 'files', uri: 'file:///waiting' });
    const second = consent.answer('resource', { serverId: 'files', uri: 'file:///other' }, { action: 'allow' });
    await expect(second).resolves.toMatchObject({ outcome: 'blocked', record: { reasons: [{ code: 'queue-full' }, { code: 'resource-ask' }] } });
    expect(consent.getSnapshot().queue).toHaveLength(1);
    expect(records.map((record) => record.reasons[0]!.code)).toEqual(['queue-full']);
    consent.dispose();
  });

  it('property: whatever step fails and how, every request settles once, nothing it asks is left on screen, and a tool call beside it is unharmed', async () => {
    const stepNames = ['decide', 'describe', 'run', 'isRefusal', 'answer', 'refuse', 'finish', 'meta'] as const;
    const failure = fc.constantFrom<'throw' | 'undefined' | 'garbage'>('throw', 'undefined', 'garbage');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...stepNames), failure, fc.constantFrom<'trusted' | 'untrusted'>('trusted', 'untrusted'), fc.constantFrom('allow', 'refuse', 'dispose'), async (step, how, trust, then) => {
        const broken = () => {
          if (how === 'throw') throw new Error(`${step} broke`);
          return how === 'undefined' ? undefined : { type: 'nonsense', action: 42 };
        };
        const { consent, records } = setup(faulty(() => ({ [step]: broken }) as Partial<Steps>), trust);
        const toolCall = consent.request('tool', { serverId: 'files', tool, args: {}, callId: 'c' });
        let read: Promise<unknown>;
        try {
          read = consent.request('resource', { serverId: 'files', uri: 'file:///a' });
        } catch {
          // The worst a broken kind may do is refuse to open at all (its meta cannot be read even for nothing).
          read = Promise.resolve();
        }
        const settled = read.then(
          () => 'resolved',
          () => 'rejected',
        );
        for (let i = 0; i < 4; i++) {
          const prompt = consent.getSnapshot().current;
          if (!prompt || then === 'dispose') break;
          consent.respond(prompt.id, prompt.kind === 'tool' ? { action: 'deny' } : { action: then });
        }
        consent.dispose();
        expect(['resolved', 'rejected']).toContain(await settled);
        await expect(toolCall).resolves.toMatchObject({ outcome: expect.stringMatching(/^(denied|blocked)$/) });
        expect(consent.getSnapshot().queue).toEqual([]);
        expect(records.filter((record) => record.kind === 'tool')).toHaveLength(1);
      }),
      { numRuns: 300 },
    );
  });
});
