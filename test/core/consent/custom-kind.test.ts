// A kind the library does not ship (test/fixtures/resource-kind.ts), registered with the one factory:
// it gets the flow's rules (re-decision, fairness, abort, records, the front door) without any file of
// the engine knowing it, and its module uses nothing but the public entries.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createConsentController, formatReason, toolKind } from '../../../src/core/index.js';
import { DEFAULT_MAX_PENDING_PER_SERVER } from '../../../src/core/consent/queue.js';
import type { PolicyMode } from '../../../src/core/shared/policy.js';
import { resourceKind, resourceMessages, type ResourceRecord } from '../../fixtures/resource-kind.js';

const notes = { serverId: 'files', uri: 'file:///notes.txt' };
function setup(trust: 'trusted' | 'untrusted' = 'untrusted') {
  const records: Array<{ kind: string }> = [];
  const consent = createConsentController({ kinds: [toolKind(), resourceKind()], servers: { files: { trust, name: 'Files' } }, onDecision: (record) => records.push(record) });
  return { consent, records, resources: () => records.filter((record): record is ResourceRecord => record.kind === 'resource') };
}

describe('a kind of the host\'s own', () => {
  it('is one module on the public entries only: no file under src/ names it', () => {
    for (const file of ['resource-kind.ts', 'resource-dialog.tsx']) {
      const text = readFileSync(new URL(`../../fixtures/${file}`, import.meta.url), 'utf8');
      const specifiers = [...text.matchAll(/from\s+'([^']+)'/g)].map((match) => match[1]!);
      expect(specifiers.filter((spec) => spec.includes('/src/')).every((spec) => spec === '../../src/index.js' || spec === '../../src/core/index.js')).toBe(true);
    }
    // The engine's code (its comments and examples aside) names no kind.
    const code = (file: string) => readFileSync(new URL(`../../../src/core/consent/${file}`, import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    const tree = ['controller.ts', 'flow.ts', 'queue.ts', 'rules.ts'].map(code).join('\n').toLowerCase();
    for (const kind of ['resource', "'tool'", "'elicitation'", "'sampling'", "'app'"]) expect(tree).not.toContain(kind);
  });

  it('registers beside the built-in ones, gets its shortcut verb, and asks through the one queue', async () => {
    const { consent, resources } = setup();
    expect(consent.kinds).toEqual(['tool', 'resource']);
    expect(consent.has('resource')).toBe(true);
    const read = consent.readResource(notes);
    const prompt = consent.getSnapshot().current!;
    expect(prompt).toMatchObject({ kind: 'resource', serverName: 'Files', uri: 'file:///notes.txt', decision: { action: 'confirm', reasons: [{ code: 'resource-ask' }] } });
    expect(consent.respond(prompt.id, { action: 'allow' })).toBe(true);
    await expect(read).resolves.toMatchObject({ outcome: 'read', record: { kind: 'resource', decidedBy: 'user', policyAction: 'confirm' } });
    expect(resources()).toHaveLength(1);
    expect(consent.getSnapshot().queue).toHaveLength(0);
  });

  it('a trusted server\'s read runs unasked, recorded as the policy\'s; an address that is not one is blocked', async () => {
    const { consent, resources } = setup('trusted');
    await expect(consent.request('resource', notes)).resolves.toMatchObject({ outcome: 'read', record: { decidedBy: 'policy', policyAction: 'run' } });
    await expect(consent.request('resource', { serverId: 'files', uri: 'not a uri' })).resolves.toMatchObject({ outcome: 'blocked', record: { reasons: [{ code: 'resource-invalid' }] } });
    expect(resources().map((record) => record.outcome)).toEqual(['read', 'blocked']);
  });

  it('reads hostile input through its context: no getter runs, and the prompt shows the address as one clean line', async () => {
    const { consent } = setup();
    let getterRan = false;
    const raw = { serverId: 'files', uri: 'file:///a\u202Eb\nc.txt' };
    Object.defineProperty(raw, 'signal', { enumerable: true, get: () => ((getterRan = true), undefined) });
    void consent.readResource(raw);
    const prompt = consent.getSnapshot().current!;
    expect(getterRan).toBe(false);
    expect(prompt).toMatchObject({ kind: 'resource', uri: 'file:///a b c.txt' });
    consent.respond(prompt.id, { action: 'refuse' });
  });

  it('an answer that does not fit leaves the prompt open; a withdrawn request is refused and leaves the queue', async () => {
    const { consent } = setup();
    const abort = new AbortController();
    const read = consent.request('resource', { ...notes, signal: abort.signal });
    const { id } = consent.getSnapshot().current!;
    expect(consent.respond(id, { action: 'maybe' } as never)).toBe(false);
    expect(consent.getSnapshot().queue).toHaveLength(1);
    abort.abort();
    await expect(read).resolves.toMatchObject({ outcome: 'refused', record: { reasons: [{ code: 'request-abandoned' }, { code: 'resource-ask' }] } });
    expect(consent.getSnapshot().queue).toHaveLength(0);
  });

  it('is decided again when it is answered: what the policy now blocks does not run, whatever the person pressed', async () => {
    const { consent } = setup();
    const read = consent.request('resource', { serverId: 'files', uri: 'https://example.com/report' });
    const { id } = consent.getSnapshot().current!;
    consent.setPolicy({ ...consent.getPolicy(), mode: 'offline' });
    consent.respond(id, { action: 'allow' });
    await expect(read).resolves.toMatchObject({ outcome: 'blocked', record: { reasons: [{ code: 'policy-changed' }, { code: 'resource-remote' }] } });
  });

  it(`shares the fairness cap: past ${DEFAULT_MAX_PENDING_PER_SERVER} waiting, the excess is refused at once and recorded`, async () => {
    const { consent, resources } = setup();
    const reads = Array.from({ length: DEFAULT_MAX_PENDING_PER_SERVER + 3 }, (_, i) => consent.request('resource', { serverId: 'files', uri: `file:///${i}` }));
    expect(consent.getSnapshot().queue).toHaveLength(DEFAULT_MAX_PENDING_PER_SERVER);
    await expect(reads.at(-1)).resolves.toMatchObject({ outcome: 'blocked', record: { reasons: [{ code: 'queue-full' }, { code: 'resource-ask' }] } });
    expect(resources()).toHaveLength(3);
    consent.dispose();
    await expect(reads[0]).resolves.toMatchObject({ outcome: 'refused' });
  });

  it('the front door: an answer by binding goes to the open prompt; one with no open question is decided and recorded; a refusal keeps its reason', async () => {
    const { consent, resources } = setup('trusted');
    consent.setPolicy({ ...consent.getPolicy(), mode: 'always-confirm' });
    const asked = consent.request('resource', notes);
    const answered = consent.answer('resource', { ...notes }, { action: 'allow' });
    await expect(asked).resolves.toMatchObject({ outcome: 'read', record: { decidedBy: 'user' } });
    expect(await answered).toBe(await asked);
    consent.setPolicy({ ...consent.getPolicy(), mode: 'default' });
    // Nothing open: what the policy would run counts as asked, the answer is the person's.
    await expect(consent.answer('resource', { serverId: 'files', uri: 'file:///other.txt' }, { action: 'refuse' })).resolves.toMatchObject({ outcome: 'refused', record: { decidedBy: 'user', policyAction: 'confirm', reasons: [{ code: 'approval-requested' }, { code: 'resource-trusted' }] } });
    const refused = await consent.refuse('resource', notes, 'resource-remote');
    expect(refused).toMatchObject({ outcome: 'blocked', record: { policyAction: 'block', reasons: [{ code: 'resource-remote' }] } });
    // People read a code in the kind's words.
    expect(formatReason(refused.record.reasons[0]!, resourceMessages)).toBe('Resources outside this app cannot be read offline.');
    expect(resources()).toHaveLength(3);
    expect(consent.getSnapshot().queue).toHaveLength(0);
  });

  it('a controller refuses what it cannot hold: a kind given twice, a kind it was not built with', () => {
    expect(() => createConsentController({ kinds: [resourceKind(), resourceKind()] })).toThrow(/given twice/);
    expect(() => createConsentController({ kinds: [] })).toThrow(/needs \{ kinds \}/);
    const { consent } = setup();
    expect(() => (consent as unknown as { request(kind: string, request: unknown): unknown }).request('elicitation', {})).toThrow(/built without the "elicitation" kind/);
  });

  it('property: whatever the trust, mode, address and answer, a read happens only where the policy lets it, and each request settles once with one record', async () => {
    const trust = fc.constantFrom('trusted', 'untrusted', 'typo');
    const mode = fc.constantFrom<PolicyMode | 'nonsense'>('default', 'always-confirm', 'read-only', 'offline', 'nonsense');
    const uri = fc.oneof(fc.constant('file:///a'), fc.constant('https://x.example/b'), fc.string(), fc.constant(42 as unknown as string));
    const answer = fc.constantFrom({ action: 'allow' }, { action: 'refuse' }, { action: 'nope' }, null);
    await fc.assert(
      fc.asyncProperty(trust, mode, uri, answer, async (serverTrust, policyMode, address, given) => {
        const onDecision = vi.fn();
        const consent = createConsentController({ kinds: [resourceKind()], servers: { s: { trust: serverTrust as 'trusted' } }, mode: policyMode as PolicyMode, onDecision });
        const preview = consent.preview('resource', { serverId: 's', uri: address });
        const settled = consent.request('resource', { serverId: 's', uri: address });
        const prompt = consent.getSnapshot().current;
        if (prompt) consent.respond(prompt.id, given as never);
        consent.dispose();
        const { outcome, record } = await settled;
        if (outcome === 'read') expect(preview.action === 'run' || (prompt !== undefined && (given as { action?: string } | null)?.action === 'allow')).toBe(true);
        if (preview.action === 'block') expect(outcome).toBe('blocked');
        if (serverTrust !== 'trusted' && outcome === 'read') expect(record.decidedBy).toBe('user');
        expect(onDecision).toHaveBeenCalledTimes(1);
      }),
      { numRuns: 400 },
    );
  });
});
