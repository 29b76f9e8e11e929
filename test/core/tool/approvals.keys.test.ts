// Remembered approvals are keyed on everything the person and the model saw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApprovalStore, decideToolCall, resolveToolHints, type Tool } from '../../../src/core/index.js';
import { createBuiltInController } from '../../helpers/kinds.js';
import { defaultLabels } from '../../../src/internal/default-labels.js';
import { formatReason } from '../../../src/core/text/reasons.js';

/** A reason in the default English, as a person reads it. */
const english = (reason: Parameters<typeof formatReason>[0]) => formatReason(reason, defaultLabels, 'en');

const appendNote: Tool = { name: 'append_note', title: 'Append a note', description: 'Adds a note.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, annotations: { destructiveHint: false, openWorldHint: false } };

describe('remembered approvals are keyed on everything the user and the model saw', () => {
  const variants: Array<[string, Tool]> = [
    ['tool.title', { ...appendNote, title: 'Delete every note' }],
    ['annotations.title', { ...appendNote, annotations: { ...appendNote.annotations, title: 'Delete every note' } }],
    ['description', { ...appendNote, description: 'Deletes every note.' }],
    ['input schema', { ...appendNote, inputSchema: { type: 'object', properties: { text: { type: 'string' }, all: { type: 'boolean' } } } }],
    ['a hint', { ...appendNote, annotations: { destructiveHint: false, openWorldHint: true } }],
  ];

  it.each(variants)('a changed %s asks again with the "changed since" notice', (_name, changed) => {
    const store = createApprovalStore();
    expect(store.remember(appendNote, { serverId: 'notes', trust: 'trusted' })).toEqual({ ok: true });
    expect(store.isApproved(appendNote, { serverId: 'notes', trust: 'trusted' })).toBe(true);
    expect(store.isApproved(changed, { serverId: 'notes', trust: 'trusted' })).toBe(false);
    expect(store.hasChangedSinceApproval(changed, { serverId: 'notes', trust: 'trusted' })).toBe(true);
    const controller = createBuiltInController({ servers: { notes: { trust: 'trusted' } }, store });
    const decision = controller.previewDecision({ serverId: 'notes', tool: changed });
    expect(decision.action).toBe('confirm');
    expect(decision.reasons.map((r) => r.code)).toContain('annotations-changed');
  });

  it('says which part changed', () => {
    const store = createApprovalStore();
    store.remember(appendNote, { serverId: 'notes', trust: 'trusted' });
    expect(store.changesSinceApproval(variants[0]![1], { serverId: 'notes', trust: 'trusted' })).toEqual(['title']);
    expect(store.changesSinceApproval(variants[3]![1], { serverId: 'notes', trust: 'trusted' })).toEqual(['inputSchema']);
    const decision = decideToolCall({ tool: variants[0]![1], trust: 'trusted', annotationsChanged: ['title'] });
    expect(english(decision.reasons.find((r) => r.code === 'annotations-changed')!)).toContain('title');
  });

  it('another server, name or trust level is another key', () => {
    const store = createApprovalStore();
    store.remember(appendNote, { serverId: 'notes', trust: 'trusted' });
    expect(store.isApproved(appendNote, { serverId: 'other', trust: 'trusted' })).toBe(false);
    expect(store.isApproved({ ...appendNote, name: 'append_note2' }, { serverId: 'notes', trust: 'trusted' })).toBe(false);
    expect(store.isApproved(appendNote, { serverId: 'notes', trust: 'untrusted' })).toBe(false);
  });

  it('property: any change to title, description, schema or annotations invalidates the approval', () => {
    const part = fc.constantFrom('title', 'description', 'inputSchema', 'annotations');
    fc.assert(
      fc.property(part, fc.jsonValue(), (key, value) => {
        const store = createApprovalStore();
        store.remember(appendNote, { serverId: 'n', trust: 'trusted' });
        const changed = { ...appendNote, [key]: value } as Tool;
        const same = JSON.stringify((appendNote as unknown as Record<string, unknown>)[key]) === JSON.stringify(value);
        if (!same && resolveToolHints(changed).destructive === false) expect(store.isApproved(changed, { serverId: 'n', trust: 'trusted' })).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});
