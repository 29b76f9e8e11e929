// Argument previews tell the truth: escapes for invisible characters, bounded, with placeholders that say what was left out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPreview, previewArguments, type PreviewWords } from '../../../src/core/tool/arguments.js';

function deepNest(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { leaf: true };
  for (let i = 0; i < levels; i++) node = { child: node };
  return node;
}

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

const throwingGetter = (): Record<string, unknown> =>
  Object.defineProperty({}, 'boom', {
    enumerable: true,
    get() {
      throw new Error('getter');
    },
  });

describe('argument previews tell the truth', () => {
  it('shows bidi and invisible characters as visible escapes', () => {
    const { folded, full } = previewArguments({ path: 'invoice\u202Efdp.exe', zw: 'a\u200Bb', tag: 'x\u{E0041}' });
    for (const text of [folded, full]) {
      expect(text).toContain('\\u202E');
      expect(text).toContain('\\u200B');
      expect(text).toContain('\\uDB40\\uDC41');
      expect(text).not.toMatch(/[\u202E\u200B]/);
    }
  });

  // Core words nothing: it hands each placeholder's code and count to the caller's table.
  const say: PreviewWords = (code, count) => `<${code} ${count}>`;

  it('folds depth, long keys and long strings with placeholders that say what was folded, as codes and counts', () => {
    const preview = previewArguments({ deep: deepNest(20), ['k'.repeat(300)]: 1, long: 'y'.repeat(5000) }, undefined, say);
    expect(preview.folded).toMatch(/\{… <folded 1>\}/);
    expect(preview.folded).toMatch(/…\(\+<characters-cut 236>\): 1/);
    expect(preview.folded).toMatch(/…\(\+<characters-cut 4840>\)/);
    expect(preview.isFolded).toBe(true);
    // Without a table a placeholder is its count alone: no English from core.
    const bare = previewArguments({ deep: deepNest(20), long: 'y'.repeat(5000) });
    expect(bare.folded).toMatch(/\{… 1\}/);
    expect(bare.folded).toMatch(/…\(\+4840\)/);
    expect(bare.folded).not.toMatch(/[a-z]{3,} (folded|characters|shown)/);
  });

  it('one pathological argument never hides the others', () => {
    const preview = previewArguments({ huge: 'z'.repeat(1_048_576), many: Array.from({ length: 5000 }, (_, i) => i), path: '/etc/passwd', force: true });
    expect(preview.folded).toContain('"path": "/etc/passwd"');
    expect(preview.folded).toContain('"force": true');
    expect(preview.full).toContain('"path": "/etc/passwd"');
    expect(preview.folded).toMatch(/… \d+\n/);
    expect(previewArguments({ many: Array.from({ length: 5000 }, (_, i) => i) }, undefined, say).folded).toMatch(/… <hidden \d+>/);
  });

  it('property: never throws and never prints [object Object]', () => {
    const odd = fc.oneof(
      fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true, withObjectString: true }),
      fc.constant(Object.create(null)),
      fc.constant(new (class Secret {})()),
      fc.constant(new Date(NaN)),
      fc.constant(null).map(() => throwingGetter()),
    );
    fc.assert(
      fc.property(odd, (value) => {
        const preview = previewArguments({ value });
        expect(preview.full).not.toContain('[object Object]');
        expect(preview.folded).not.toContain('[object Object]');
        expect(formatPreview(value)).not.toContain('[object Object]');
      }),
      { numRuns: 2000 },
    );
    expect(previewArguments({ a: revokedProxy(), b: 1 }).full).toBe('{\n  "a": [unreadable],\n  "b": 1\n}');
  });
});
