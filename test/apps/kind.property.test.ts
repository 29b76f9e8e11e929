// Properties of the app kind over random and malformed actions: it never throws, every request settles once with
// one record, what cannot be read is refused without asking anyone, and nothing is opened, sent or saved unless a
// person allowed exactly that (and a link only when it is https).
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createAppGate, type AppRecord } from '../../src/apps/index.js';
import { sanitizeFileName } from '../../src/apps/kind.js';
type ConsentRecord = CoreRecord | AppRecord;
import type { ConsentRecord as CoreRecord } from '../../src/core/index.js';
import { createAppsController } from '../helpers/kinds.js';

const app = { serverId: 'pdf', resourceUri: 'ui://pdf/viewer.html', name: 'PDF viewer' };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const action = fc.oneof(
  fc.record({ type: fc.constant('open-link'), url: fc.oneof(fc.webUrl(), fc.string(), fc.constantFrom('javascript:alert(1)', 'http://a.example', 'https://user:pw@a.example', 'data:text/html,x'), fc.anything()) }),
  fc.record({ type: fc.constant('message'), content: fc.oneof(fc.array(fc.record({ type: fc.constant('text'), text: fc.string() }), { maxLength: 3 }), fc.anything()) }),
  fc.record({ type: fc.constant('model-context'), content: fc.anything(), structuredContent: fc.anything() }),
  fc.record({ type: fc.constant('download'), contents: fc.oneof(fc.array(fc.record({ type: fc.constant('resource'), resource: fc.record({ uri: fc.string(), text: fc.string() }) }), { maxLength: 3 }), fc.anything()) }),
  fc.record({ type: fc.constant('load'), resource: fc.anything() }),
  fc.record({ type: fc.string(), payload: fc.anything() }),
  fc.anything(),
);

describe('the app kind over any action', () => {
  it('property: never throws, settles once with one record; unreadable actions are refused without asking', async () => {
    await fc.assert(
      fc.asyncProperty(action, fc.constantFrom('approve', 'deny'), async (raw, answer) => {
        const records: ConsentRecord[] = [];
        const controller = createAppsController({ onDecision: (record) => records.push(record) });
        const settled = controller.requestAppAction({ app, action: raw as never });
        await tick();
        const current = controller.getSnapshot().current;
        if (current) {
          expect(current.kind).toBe('app');
          controller.respond(current.id, { action: answer });
        }
        const outcome = await settled;
        expect(records).toHaveLength(1);
        expect(records[0]).toMatchObject({ kind: 'app', outcome: outcome.outcome });
        if (!current) expect(outcome.outcome === 'blocked' || (outcome.action.type === 'load' && outcome.outcome === 'allowed')).toBe(true);
        else expect(outcome.outcome).toBe(answer === 'approve' ? 'allowed' : 'denied');
      }),
      { numRuns: 200 },
    );
  });

  it('property: a link opens only when a person allowed it, only https, and exactly the address shown', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.webUrl(), fc.string(), fc.constantFrom('javascript:alert(1)', 'HTTPS://EXAMPLE.com/a b', 'https://xn--pple-43d.com', 'file:///etc/passwd')), fc.boolean(), async (url, approve) => {
        const openUrl = vi.fn();
        const controller = createAppsController();
        const gate = createAppGate({ controller, app, tools: () => [], callTool: vi.fn(), openUrl });
        const pending = gate.openLink({ url });
        await tick();
        const current = controller.getSnapshot().current;
        const shown = current?.kind === 'app' && current.action.type === 'open-link' ? current.action.url?.href : undefined;
        if (current) controller.respond(current.id, { action: approve ? 'approve' : 'deny' });
        await pending;
        if (openUrl.mock.calls.length > 0) {
          expect(approve).toBe(true);
          expect(openUrl).toHaveBeenCalledExactlyOnceWith(shown);
          expect(new URL(openUrl.mock.calls[0]![0] as string).protocol).toBe('https:');
        }
      }),
      { numRuns: 200 },
    );
  });

  it('property: no block only the assistant may see is shown in, or passed on from, an app\'s message or context update', async () => {
    const block = fc.record({ type: fc.constant('text'), text: fc.string(), annotations: fc.option(fc.record({ audience: fc.oneof(fc.array(fc.constantFrom('user', 'assistant', 'x')), fc.anything()) }), { nil: undefined }) });
    await fc.assert(
      fc.asyncProperty(fc.array(block, { maxLength: 5 }), fc.boolean(), async (content, asMessage) => {
        const marked = content.map((entry, index) => ({ ...entry, text: `B${index}:${entry.text}` }));
        const hidden = marked.filter((entry) => {
          const audience = entry.annotations?.audience;
          return Array.isArray(audience) ? !audience.includes('user') : entry.annotations !== undefined && audience !== undefined;
        });
        const passed: unknown[] = [];
        const controller = createAppsController();
        const gate = createAppGate({ controller, app, tools: () => [], callTool: vi.fn(), sendMessage: (sent) => void passed.push(sent), updateModelContext: (sent) => void passed.push(sent) });
        const pending = asMessage ? gate.sendMessage({ role: 'user', content: marked }) : gate.updateModelContext({ content: marked }).catch(() => ({}));
        await tick();
        const current = controller.getSnapshot().current;
        const seen = JSON.stringify(current ?? null);
        if (current) controller.respond(current.id, { action: 'approve' });
        await pending;
        for (const entry of hidden) {
          if (!Array.isArray(entry.annotations?.audience)) continue;
          expect(seen).not.toContain(JSON.stringify(entry.text));
          expect(JSON.stringify(passed)).not.toContain(JSON.stringify(entry.text));
        }
      }),
      { numRuns: 200 },
    );
  });

  // A surrogate that is not half of a pair (the u flag matches only those).
  const LONE = /[\uD800-\uDFFF]/u;

  it('property: a sanitised file name has no path, no control or bidi character, no leading dot, and fits 120 characters', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme', maxLength: 200 }), fc.constantFrom('../../.bashrc', 'C:\\Windows\\system32\\evil.exe', 'report\u202Efdp.exe', 'CON', 'COM¹', 'lpt².txt', 'Com³.log', `${'a'.repeat(115)}😀😀😀.txt`, '%2e%2e%2fetc%2fpasswd', '')), (name) => {
        const safe = sanitizeFileName(name);
        expect(safe.length).toBeGreaterThan(0);
        expect(safe.length).toBeLessThanOrEqual(120);
        // eslint-disable-next-line no-control-regex -- control characters are what must not be left
        expect(safe).not.toMatch(/[/\\\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
        expect(safe.startsWith('.')).toBe(false);
        expect(/^(con|prn|aux|nul|com[\d¹²³]|lpt[\d¹²³])(\..*)?$/i.test(safe)).toBe(false);
        // A well-formed name stays well-formed: the cut never splits a surrogate pair.
        if (!LONE.test(name)) expect(safe).not.toMatch(LONE);
      }),
      { numRuns: 500 },
    );
  });
});
