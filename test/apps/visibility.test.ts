// MCP Apps visibility: model-only tools never reach the app, app-only tools never reach the model, and anything unreadable reaches neither.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toolsForModel } from '../../src/apps/index.js';
import { toolSetForModel, toolVisibility, toolsForApp } from '../../src/apps/visibility.js';

const tool = (name: string, visibility?: unknown) => ({ name, inputSchema: { type: 'object' as const }, ...(visibility !== undefined ? { _meta: { ui: { visibility } } } : {}) });

describe('toolVisibility', () => {
  it('absent means model and app (the spec default)', () => {
    expect(toolVisibility(tool('a'))).toEqual({ model: true, app: true, declared: 'default' });
    expect(toolVisibility({ name: 'a', _meta: {} })).toEqual({ model: true, app: true, declared: 'default' });
  });
  it('reads a list as written: [] reaches neither (ext-apps calls it "not app-only")', () => {
    expect(toolVisibility(tool('a', ['app']))).toMatchObject({ model: false, app: true });
    expect(toolVisibility(tool('a', ['model']))).toMatchObject({ model: true, app: false });
    expect(toolVisibility(tool('a', []))).toMatchObject({ model: false, app: false, declared: 'list' });
  });
  it('fails closed on anything it cannot read', () => {
    expect(toolVisibility(tool('a', 'model'))).toEqual({ model: false, app: false, declared: 'malformed' });
    expect(toolVisibility({ name: 'a', _meta: { ui: 'x' } })).toMatchObject({ model: false, app: false });
    const getter = { name: 'a', _meta: { ui: {} } };
    Object.defineProperty(getter._meta.ui, 'visibility', { get: () => ['model', 'app'], enumerable: true });
    expect(toolVisibility(getter)).toMatchObject({ model: false, app: false, declared: 'malformed' });
  });
});

describe('tool lists for the model and for the app', () => {
  const listing = { tools: [tool('read'), tool('refresh', ['app']), tool('wipe', ['model']), tool('none', []), { name: 'bad', _meta: { ui: { visibility: 7 } } }] };
  it('the model gets only model-visible tools; the app only app-visible ones', () => {
    expect(toolsForModel(listing).map((entry) => entry.name)).toEqual(['read', 'wipe']);
    expect(toolsForApp(listing).map((entry) => entry.name)).toEqual(['read', 'refresh']);
    expect(toolsForModel(listing.tools).map((entry) => entry.name)).toEqual(['read', 'wipe']);
  });
  it('an AI SDK tool set loses the tools the model must not see, and keeps the host\'s own', () => {
    const set = { read: 1, refresh: 2, wipe: 3, none: 4, bad: 5, hostOwn: 6 };
    expect(Object.keys(toolSetForModel(set, listing))).toEqual(['read', 'wipe', 'hostOwn']);
  });
  it('a hostile tool name (__proto__) is an own key of the filtered set, never the prototype', () => {
    const set = JSON.parse('{"__proto__": {"polluted": true}, "read": 1}') as Record<string, unknown>;
    const out = toolSetForModel(set, { tools: [tool('read'), tool('__proto__', ['app'])] });
    expect(Object.keys(out)).toEqual(['read']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const kept = toolSetForModel(set, { tools: [tool('read')] });
    expect(Object.keys(kept)).toEqual(['__proto__', 'read']);
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
  });
  it('property: no tool reaches both sides unless it declares both (or nothing), and nothing throws', () => {
    const visibility = fc.oneof(fc.constant(undefined), fc.array(fc.oneof(fc.constantFrom('model', 'app'), fc.string()), { maxLength: 4 }), fc.anything());
    fc.assert(
      fc.property(fc.array(fc.record({ name: fc.string({ minLength: 1 }), visibility }), { maxLength: 12 }), (entries) => {
        const tools = entries.map((entry) => tool(entry.name, entry.visibility));
        const forModel = toolsForModel(tools);
        const forApp = toolsForApp(tools);
        for (const entry of forModel) {
          const declared = (entry as { _meta?: { ui: { visibility?: unknown } } })._meta?.ui.visibility;
          expect(declared === undefined || (Array.isArray(declared) && declared.includes('model'))).toBe(true);
        }
        for (const entry of forApp) {
          const declared = (entry as { _meta?: { ui: { visibility?: unknown } } })._meta?.ui.visibility;
          expect(declared === undefined || (Array.isArray(declared) && declared.includes('app'))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
