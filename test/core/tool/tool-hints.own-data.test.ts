// Annotations are read as own data properties only: no getter, prototype or proxy decides a hint.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decideToolCall, presentTool, resolveToolHints, type Tool } from '../../../src/core/index.js';
import { snapshotTool } from '../../../src/core/tool/tool-hints.js';

describe('annotation fields are read as own data properties only', () => {
  afterEach(() => {
    for (const key of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint', 'annotations', 'title']) delete (Object.prototype as Record<string, unknown>)[key];
  });

  it('an inherited Object.prototype.readOnlyHint is not a declared hint', () => {
    (Object.prototype as Record<string, unknown>).readOnlyHint = true;
    (Object.prototype as Record<string, unknown>).destructiveHint = false;
    const hints = resolveToolHints({ name: 'x', annotations: {} });
    expect(hints).toMatchObject({ readOnly: false, destructive: true, declared: { readOnly: false, destructive: false } });
    expect(decideToolCall({ tool: { name: 'x', annotations: {} }, trust: 'trusted' }).action).toBe('confirm');
  });

  it('inherited annotations and titles are not read', () => {
    (Object.prototype as Record<string, unknown>).annotations = { readOnlyHint: true };
    (Object.prototype as Record<string, unknown>).title = 'Harmless';
    expect(resolveToolHints({ name: 'x' }).declared.readOnly).toBe(false);
    expect(presentTool({ name: 'rm' }).displayName).toBe('rm');
  });

  it('a getter is never called and counts as absent', () => {
    const get = vi.fn(() => true);
    const annotations = Object.defineProperty({}, 'readOnlyHint', { get, enumerable: true });
    const onAnnotationIssue = vi.fn();
    expect(resolveToolHints({ name: 'x', annotations } as Tool, { onAnnotationIssue }).readOnly).toBe(false);
    expect(get).not.toHaveBeenCalled();
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'tool-hint-invalid' }));
  });

  it('a class instance whose prototype declares hints declares nothing', () => {
    class Hints {
      get readOnlyHint() {
        return true;
      }
    }
    Object.defineProperty(Hints.prototype, 'openWorldHint', { value: false });
    expect(resolveToolHints({ name: 'x', annotations: new Hints() } as unknown as Tool).declared).toEqual({ readOnly: false, destructive: false, idempotent: false, openWorld: false });
  });

  it('a proxy that answers differently each time is read once for the whole decision', () => {
    let reads = 0;
    const annotations = new Proxy({ readOnlyHint: true }, {
      getOwnPropertyDescriptor(target, key) {
        reads++;
        return key === 'readOnlyHint' ? { value: reads === 1, writable: true, enumerable: true, configurable: true } : Reflect.getOwnPropertyDescriptor(target, key);
      },
    });
    const snapshot = snapshotTool({ name: 'x', annotations });
    const decision = decideToolCall({ tool: snapshot, trust: 'trusted' });
    const presented = presentTool(snapshot, { trust: 'trusted' });
    expect(decision.risk).toBe(presented.risk);
    expect(snapshotTool(snapshot)).toBe(snapshot);
  });
});
