// Shadowing (one tool name, several servers) and squatting (a server named
// like another), and what the policy does with them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canOfferRemember } from '../../../src/core/tool/approvals.js';
import { findLookAlikeServers, indexToolNames } from '../../../src/core/tool/collisions.js';
import { createBuiltInController } from '../../helpers/kinds.js';
import { formatReason } from '../../../src/core/text/reasons.js';
import { toolDecisionMessages } from '../../../src/core/tool/reasons.js';

const send = { name: 'send_email', annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true } };
const read = { name: 'read_inbox', annotations: { readOnlyHint: true, openWorldHint: false } };

describe('shadowing', () => {
  it('finds a name offered by two servers, and look-alike names (Cyrillic і, digit 0, case)', () => {
    const index = indexToolNames({ mail: { tools: [send, read] }, other: [{ name: 'send_email' }], squat: [{ name: 'read_іnbox' }], upper: [{ name: 'READ_INB0X' }] });
    expect(index.shadowsOf('mail', 'send_email')).toEqual([{ serverId: 'other', toolName: 'send_email', lookAlike: false }]);
    expect(index.shadowsOf('mail', 'read_inbox').map((shadow) => [shadow.serverId, shadow.lookAlike])).toEqual([
      ['squat', true],
      ['upper', true],
    ]);
    expect(index.shadowsOf('mail', 'unique')).toEqual([]);
    expect(index.all().map((entry) => entry.offers.map((offer) => offer.serverId))).toEqual([['mail', 'other'], ['mail', 'squat', 'upper']]);
  });

  it('look-alikes of UI fonts: capital I, 1 and | shadow l; 0 shadows o; rn shadows m (issue 33, class 6)', () => {
    const index = indexToolNames({ mine: [{ name: 'delete_file' }, { name: 'move_item' }, { name: 'confirm' }], evil: [{ name: 'deIete_fiIe' }, { name: 'rnove_itern' }, { name: 'c0nfirm' }], pipe: [{ name: 'de|ete_fi1e' }] });
    expect(index.shadowsOf('mine', 'delete_file').map((shadow) => [shadow.serverId, shadow.toolName, shadow.lookAlike])).toEqual([
      ['evil', 'deIete_fiIe', true],
      ['pipe', 'de|ete_fi1e', true],
    ]);
    expect(index.shadowsOf('mine', 'move_item').map((shadow) => shadow.toolName)).toEqual(['rnove_itern']);
    expect(index.shadowsOf('mine', 'confirm').map((shadow) => shadow.toolName)).toEqual(['c0nfirm']);
    // Case folding cannot split I from l: an upper-case name still shadows its lower-case twin.
    expect(indexToolNames({ a: [{ name: 'delete_file' }], b: [{ name: 'DELETE_FILE' }, { name: 'delete_files' }] }).shadowsOf('a', 'delete_file').map((shadow) => shadow.toolName)).toEqual(['DELETE_FILE']);
  });

  it('property: any name with some of its l, o and m swapped for look-alikes (I, 1, |, 0, rn) shadows the original', () => {
    const swaps: Record<string, string[]> = { l: ['I', '1', '|'], o: ['0'], m: ['rn'] };
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z_]{1,20}$/), fc.infiniteStream(fc.nat(3)), (name, picks) => {
        const twin = [...name].map((char) => (swaps[char] ? (swaps[char][picks.next().value] ?? char) : char)).join('');
        fc.pre(twin !== name);
        expect(indexToolNames({ a: [{ name }], b: [{ name: twin }] }).shadowsOf('a', name)).toEqual([{ serverId: 'b', toolName: twin, lookAlike: true }]);
      }),
      { numRuns: 500 },
    );
  });

  it('a shadowed tool always asks, on both servers, names the other server, and is never remembered', () => {
    const toolLists = { mail: [send, read], other: [send, { name: 'read_іnbox' }] };
    const controller = createBuiltInController({ servers: { mail: { trust: 'trusted', name: 'Mail' }, other: { trust: 'trusted', name: 'Other' } }, toolLists });
    // A trusted read-only tool would run; shadowed, it asks.
    const decision = controller.previewDecision({ serverId: 'mail', tool: read });
    expect(decision.action).toBe('confirm');
    expect(decision.reasons[0]).toMatchObject({ code: 'tool-shadowed' });
    expect(formatReason(decision.reasons[0]!, toolDecisionMessages, 'en')).toContain('(Other)');
    expect(controller.previewDecision({ serverId: 'other', tool: send }).reasons.map((reason) => reason.code)).toContain('tool-shadowed');
    expect(canOfferRemember(controller.store, controller.previewDecision({ serverId: 'mail', tool: send }), send, 'mail')).toBe(false);
    // A remembered approval does not skip it either.
    controller.store.remember(send, { serverId: 'mail', trust: 'trusted' });
    expect(controller.previewDecision({ serverId: 'mail', tool: send }).action).toBe('confirm');
    // What badges show: the other server by display name, for each side, and nothing for an unshared name.
    expect(controller.shadowsOf('mail', 'send_email')).toEqual(['Other']);
    expect(controller.shadowsOf('other', 'send_email')).toEqual(['Mail']);
    expect(controller.shadowsOf('mail', 'nothing_like_it')).toEqual([]);
    // Without the other server's list, it runs as before.
    controller.setPolicy({ ...controller.getPolicy(), toolLists: { mail: [send, read] } });
    expect(controller.shadowsOf('mail', 'send_email')).toEqual([]);
    expect(controller.previewDecision({ serverId: 'mail', tool: read }).action).toBe('run');
  });

  it('property: never throws on malformed lists, and a name on two servers always asks', () => {
    fc.assert(
      fc.property(fc.anything(), fc.string({ maxLength: 12 }), (junk, name) => {
        const index = indexToolNames({ a: junk, b: [{ name: name || 'x' }] } as never);
        expect(Array.isArray(index.shadowsOf('a', name || 'x'))).toBe(true);
        const controller = createBuiltInController({ servers: { a: { trust: 'trusted' }, b: { trust: 'trusted' } }, toolLists: { a: [{ name: name || 'x' }], b: [{ name: name || 'x' }], c: junk } as never });
        expect(controller.previewDecision({ serverId: 'a', tool: { name: name || 'x', annotations: { readOnlyHint: true } } }).action).toBe('confirm');
        expect(controller.shadowsOf('a', name || 'x')).toContain('b');
        if (typeof junk !== 'string') expect(controller.shadowsOf('a', junk as never)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('squatting', () => {
  it('flags a server named with look-alike characters, a claimed name that is another server’s, and two servers of one name; not the original', () => {
    const servers = { github: { name: 'GitHub' }, squat: { name: 'Gіthub' }, notes: { name: 'Notes' }, claims: { name: 'Helper' } };
    expect(findLookAlikeServers(servers, { claims: 'GitHub' })).toEqual([
      { serverId: 'squat', name: 'Gіthub', resembles: 'github', resemblesName: 'GitHub' },
      { serverId: 'claims', name: 'GitHub', resembles: 'github', resemblesName: 'GitHub' },
    ]);
    expect(findLookAlikeServers({ a: { name: 'Mail' }, b: { name: 'Mail' } }).map((entry) => entry.serverId)).toEqual(['a', 'b']);
    expect(findLookAlikeServers({ a: { name: 'Mail' }, b: { name: 'Notes' } })).toEqual([]);
    expect(findLookAlikeServers(null as never)).toEqual([]);
  });

  it('a look-alike server’s calls always ask, say which server it resembles, and are never remembered', () => {
    const controller = createBuiltInController({ servers: { github: { trust: 'trusted', name: 'GitHub' }, squat: { trust: 'trusted', name: 'Notes', claimedName: 'GitHub' } } });
    const decision = controller.previewDecision({ serverId: 'squat', tool: read });
    expect(decision.action).toBe('confirm');
    expect(decision.reasons[0]).toMatchObject({ code: 'server-look-alike', server: 'GitHub' });
    expect(formatReason(decision.reasons[0]!, toolDecisionMessages, 'en')).toBe('This server’s name looks like GitHub’s, but it is a different server.');
    expect(canOfferRemember(controller.store, decision, read, 'squat')).toBe(false);
    expect(controller.previewDecision({ serverId: 'github', tool: read }).action).toBe('run');
  });
});
