import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { annotationFingerprint, resolveToolHints, toolBadges, toolDisplayName, toolName, toolRisk } from '../../../src/core/tool/tool-hints.js';
import { sanitizeLabel } from '../../../src/core/text/sanitize.js';
import type { AnnotationIssue } from '../../../src/core/shared/issues.js';

const HINT_KEYS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
type Variant = 'true' | 'false' | 'absent' | 'malformed';
const VARIANTS: Variant[] = ['true', 'false', 'absent', 'malformed'];
const MALFORMED: unknown[] = ['false', 0, null, { value: true }, 'true', 1];

function valueOf(variant: Variant, i: number): unknown {
  if (variant === 'true') return true;
  if (variant === 'false') return false;
  if (variant === 'malformed') return MALFORMED[i % MALFORMED.length];
  return undefined;
}

describe('resolveToolHints — every combination of true/false/absent/malformed', () => {
  const combos: Variant[][] = [];
  for (const a of VARIANTS) for (const b of VARIANTS) for (const c of VARIANTS) for (const d of VARIANTS) combos.push([a, b, c, d]);

  it.each(combos.map((combo, i) => [combo.join('/'), combo, i] as const))('%s', (_name, combo, i) => {
    const annotations: Record<string, unknown> = {};
    combo.forEach((variant, k) => {
      if (variant !== 'absent') annotations[HINT_KEYS[k]!] = valueOf(variant, i + k);
    });
    const issues: AnnotationIssue[] = [];
    const hints = resolveToolHints({ name: 't', annotations } as never, { onAnnotationIssue: (issue) => issues.push(issue) });
    const [ro, de, id, ow] = combo;
    // Spec: readOnly only when declared true; the rest fall to the worst case unless a real boolean says otherwise.
    const readOnly = ro === 'true';
    expect(hints.readOnly).toBe(readOnly);
    expect(hints.destructive).toBe(!readOnly && de !== 'false');
    expect(hints.idempotent).toBe(readOnly || id === 'true');
    expect(hints.openWorld).toBe(ow !== 'false');
    expect(hints.declared).toEqual({
      readOnly: ro === 'true' || ro === 'false',
      destructive: de === 'true' || de === 'false',
      idempotent: id === 'true' || id === 'false',
      openWorld: ow === 'true' || ow === 'false',
    });
    expect(issues.filter((issue) => issue.code === 'tool-hint-invalid')).toHaveLength(combo.filter((v) => v === 'malformed').length);
  });
});

describe('resolveToolHints — missing and broken input', () => {
  const worst = { readOnly: false, destructive: true, idempotent: false, openWorld: true, declared: { readOnly: false, destructive: false, idempotent: false, openWorld: false } };

  it.each([
    ['an unknown tool', undefined],
    ['null', null],
    ['no annotations', { name: 'x' }],
    ['annotations: null', { name: 'x', annotations: null }],
    ['annotations: {}', { name: 'x', annotations: {} }],
    ['annotations as a string', { name: 'x', annotations: 'readOnly' }],
    ['annotations as an array', { name: 'x', annotations: [true] }],
    ['a number instead of a tool', 42],
  ])('%s resolves to the worst case', (_name, tool) => {
    expect(resolveToolHints(tool as never)).toEqual(worst);
  });

  it('reports annotations that are not an object, and a tool that is not an object', () => {
    const onAnnotationIssue = vi.fn();
    resolveToolHints({ name: 'x', annotations: 'readOnly' } as never, { onAnnotationIssue });
    resolveToolHints(42 as never, { onAnnotationIssue });
    expect(onAnnotationIssue.mock.calls.map(([issue]) => issue.code)).toEqual(['tool-annotations-invalid', 'tool-invalid']);
  });

  it('a throwing issue handler never breaks resolution', () => {
    const hints = resolveToolHints({ name: 'x', annotations: { readOnlyHint: 'yes' } } as never, {
      onAnnotationIssue: () => {
        throw new Error('host bug');
      },
    });
    expect(hints.readOnly).toBe(false);
  });
});

describe('toolRisk and toolBadges', () => {
  it('maps hints to risk', () => {
    expect(toolRisk(resolveToolHints({ name: 'a', annotations: { readOnlyHint: true, destructiveHint: true } }))).toBe('read');
    expect(toolRisk(resolveToolHints({ name: 'a', annotations: { destructiveHint: false } }))).toBe('write');
    expect(toolRisk(resolveToolHints({ name: 'a' }))).toBe('destructive');
  });

  it('gives read-only tools an access and a reach badge, and writing idempotent tools a retry badge', () => {
    expect(toolBadges(resolveToolHints({ name: 'a', annotations: { readOnlyHint: true, openWorldHint: false } }))).toEqual([
      { kind: 'read-only', hint: 'readOnly', value: true, declared: true },
      { kind: 'closed-world', hint: 'openWorld', value: false, declared: true },
    ]);
    expect(toolBadges(resolveToolHints({ name: 'a', annotations: { destructiveHint: true, idempotentHint: true } }))).toEqual([
      { kind: 'destructive', hint: 'destructive', value: true, declared: true },
      { kind: 'idempotent', hint: 'idempotent', value: true, declared: true },
      { kind: 'open-world', hint: 'openWorld', value: true, declared: false },
    ]);
    expect(toolBadges(resolveToolHints(undefined)).map((b) => [b.kind, b.declared])).toEqual([
      ['destructive', false],
      ['open-world', false],
    ]);
  });
});

describe('toolDisplayName', () => {
  it('follows the spec precedence: tool.title, then annotations.title, then name', () => {
    expect(toolDisplayName({ name: 'n', title: 'Tool title', annotations: { title: 'Annotation title' } })).toBe('Tool title');
    expect(toolDisplayName({ name: 'n', annotations: { title: 'Annotation title' } })).toBe('Annotation title');
    expect(toolDisplayName({ name: 'n' })).toBe('n');
  });

  it('skips blank and non-string titles, and reports the non-strings', () => {
    const onAnnotationIssue = vi.fn();
    expect(toolDisplayName({ name: 'n', title: '   ', annotations: { title: 42 } } as never, { onAnnotationIssue })).toBe('n');
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'tool-title-invalid', path: 'tool.annotations.title', value: 42 }));
  });

  it('strips bidi overrides and control characters and reports it', () => {
    const onAnnotationIssue = vi.fn();
    const name = toolDisplayName({ name: 'n', title: 'Safe\u202Eexe.txt\u202C\u0007 tool' }, { onAnnotationIssue });
    expect(name).toBe('Safe exe.txt tool');
    // eslint-disable-next-line no-control-regex
    expect(name).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u0000-\u001f]/);
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'tool-title-sanitized' }));
  });

  it('caps a 10,000 character title', () => {
    const name = toolDisplayName({ name: 'n', title: 'x'.repeat(10_000) });
    expect(Array.from(name).length).toBeLessThanOrEqual(80);
    expect(name.endsWith('…')).toBe(true);
  });

  it('returns an empty name for a tool without one, and reports it', () => {
    const onAnnotationIssue = vi.fn();
    expect(toolDisplayName({ description: 'x' }, { onAnnotationIssue })).toBe('');
    expect(toolName({ name: 7 }, { onAnnotationIssue })).toBe('');
    expect(onAnnotationIssue.mock.calls.map(([i]) => i.code)).toEqual(['tool-name-missing', 'tool-name-missing']);
  });

  it('never throws and never returns control or bidi characters, whatever the input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.option(fc.string({ unit: 'binary' })), (junk, title) => {
        const tool = { name: junk, title, annotations: { title: junk } };
        const name = toolDisplayName(tool);
        expect(typeof name).toBe('string');
        // eslint-disable-next-line no-control-regex
        expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
        expect(Array.from(name).length).toBeLessThanOrEqual(128);
      }),
      { numRuns: 500 },
    );
  });
});

describe('sanitizeLabel', () => {
  it('folds whitespace and keeps ordinary text as is', () => {
    expect(sanitizeLabel('  a \n b  ')).toEqual({ text: 'a b', stripped: true, truncated: false });
    expect(sanitizeLabel('Read file')).toEqual({ text: 'Read file', stripped: false, truncated: false });
  });
});

describe('annotationFingerprint', () => {
  it('ignores key order and undefined-vs-absent', () => {
    const a = { name: 't', annotations: { readOnlyHint: true, title: 'T', openWorldHint: false } };
    const b = { name: 't', annotations: { openWorldHint: false, title: 'T', readOnlyHint: true, destructiveHint: undefined } };
    expect(annotationFingerprint(a)).toBe(annotationFingerprint(b));
  });

  it('treats no annotations, null and {} the same', () => {
    expect(annotationFingerprint({ name: 't' })).toBe(annotationFingerprint({ name: 't', annotations: {} }));
    expect(annotationFingerprint({ name: 't', annotations: null })).toBe(annotationFingerprint(undefined));
  });

  it('changes when any declared annotation changes', () => {
    const base = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false, title: 'T' };
    const fp = annotationFingerprint({ name: 't', annotations: base });
    for (const key of Object.keys(base) as Array<keyof typeof base>) {
      const changed = { ...base, [key]: typeof base[key] === 'boolean' ? !base[key] : 'Other' };
      expect(annotationFingerprint({ name: 't', annotations: changed }), key).not.toBe(fp);
      const removed: Record<string, unknown> = { ...base };
      delete removed[key];
      expect(annotationFingerprint({ name: 't', annotations: removed }), `${key} removed`).not.toBe(fp);
    }
  });

  it('is equal exactly when the defined annotations are deeply equal (property)', () => {
    const hint = fc.option(fc.oneof(fc.boolean(), fc.constant('false'), fc.integer({ min: 0, max: 1 })), { nil: undefined });
    const annotations = fc.record({ readOnlyHint: hint, destructiveHint: hint, idempotentHint: hint, openWorldHint: hint, title: fc.option(fc.string(), { nil: undefined }) });
    const defined = (a: Record<string, unknown>) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined));
    fc.assert(
      fc.property(annotations, annotations, (a, b) => {
        const same = JSON.stringify(Object.entries(defined(a)).sort()) === JSON.stringify(Object.entries(defined(b)).sort());
        expect(annotationFingerprint({ annotations: a }) === annotationFingerprint({ annotations: b })).toBe(same);
      }),
      { numRuns: 2000 },
    );
  });

  it('survives cycles and exotic values', () => {
    const cyclic: Record<string, unknown> = { readOnlyHint: true };
    cyclic.self = cyclic;
    expect(() => annotationFingerprint({ annotations: cyclic })).not.toThrow();
    // A cycle cannot be compared: it never equals another tool's fingerprint, not even its own copy's.
    expect(annotationFingerprint({ annotations: cyclic })).not.toBe(annotationFingerprint({ annotations: { readOnlyHint: true } }));
    // Non-JSON values are bare words no quoted string can imitate.
    expect(annotationFingerprint({ annotations: { x: 10n, y: () => 1, z: NaN } })).toBe('a1:{"x":bigint(10),"y":function,"z":NaN}');
    expect(annotationFingerprint({ annotations: { z: NaN } })).not.toBe(annotationFingerprint({ annotations: { z: 'NaN' } }));
  });
});
