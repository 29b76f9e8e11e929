// Tests for src/components/content-blocks.
/**
 * Promise 1, as a property: assistant-only content never reaches
 * user-facing output — not in text, attributes, server HTML, the clipboard or
 * a count — for any transcript, well-formed or not, in every order and
 * folding setting with every disclosure opened.
 */
import { cleanup, fireEvent, render } from '@testing-library/react';
import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolResult, selectForViewer, type CallToolResult } from '../../src/index.js';
import { PNG_1X1 } from '../fixtures/tools.js';

type Category = 'everyone' | 'no-annotations' | 'null-annotations' | 'user' | 'both' | 'assistant' | 'malformed';
const HIDDEN_FROM_USER: ReadonlySet<Category> = new Set(['assistant', 'malformed']);
const HIDDEN_FROM_ASSISTANT: ReadonlySet<Category> = new Set(['user', 'malformed']);

const malformedAudience = fc.constantFrom<unknown>('user', 'assistant', [], ['admin'], ['user', 'root'], { user: true }, null, 7, ['user', 1]);
const malformedAnnotations = fc.oneof(
  malformedAudience.map((audience) => ({ audience })),
  fc.constantFrom<unknown>('assistant', ['user'], 42, true),
);

const annotationsFor = (category: Category): fc.Arbitrary<unknown> => {
  const extras = fc.record(
    {
      priority: fc.oneof(fc.double({ min: -1, max: 2, noNaN: false }), fc.constantFrom<unknown>('high', null, Infinity)),
      lastModified: fc.oneof(fc.constantFrom<unknown>('2026-11-29T10:00:00Z', '2026-11-30 08:00', '2025-02-30', 'yesterday', 12345), fc.date({ noInvalidDate: true }).map((d) => d.toISOString())),
    },
    { requiredKeys: [] },
  );
  switch (category) {
    case 'no-annotations':
      return fc.constant(undefined);
    case 'null-annotations':
      return fc.constant(null);
    case 'everyone':
      return extras;
    case 'user':
      return extras.map((e) => ({ ...e, audience: ['user'] }));
    case 'both':
      return fc.tuple(extras, fc.constantFrom(['user', 'assistant'], ['assistant', 'user'])).map(([e, audience]) => ({ ...e, audience }));
    case 'assistant':
      return extras.map((e) => ({ ...e, audience: ['assistant'] }));
    case 'malformed':
      return fc.oneof(malformedAnnotations, fc.tuple(extras, malformedAudience).map(([e, audience]) => ({ ...e, audience })));
  }
};

/** A block of any type (or a broken one) whose every string carries `marker`. */
const blockWith = (marker: string) =>
  fc.constantFrom('text', 'image', 'audio', 'link', 'embedded-text', 'embedded-blob', 'unknown', 'broken').map((kind): Record<string, unknown> => {
    switch (kind) {
      case 'text':
        return { type: 'text', text: `${marker} said <b>${marker}</b>` };
      case 'image':
        return { type: 'image', data: `${marker}${PNG_1X1}`.replace(/[^A-Za-z0-9+/=]/g, ''), mimeType: 'image/png' };
      case 'audio':
        return { type: 'audio', data: `${marker}AAAA`.replace(/[^A-Za-z0-9+/=]/g, ''), mimeType: 'audio/wav' };
      case 'link':
        return { type: 'resource_link', uri: `https://example.com/${marker}`, name: marker, title: `Title ${marker}`, description: marker, mimeType: 'text/plain', size: 10 };
      case 'embedded-text':
        return { type: 'resource', resource: { uri: `file:///${marker}.txt`, mimeType: 'text/plain', text: marker } };
      case 'embedded-blob':
        return { type: 'resource', resource: { uri: `file:///${marker}.bin`, blob: 'AAAA' } };
      case 'unknown':
        return { type: marker, payload: marker };
      default:
        return { text: marker, type: 5 };
    }
  });

const CATEGORIES: Category[] = ['everyone', 'no-annotations', 'null-annotations', 'user', 'both', 'assistant', 'malformed'];

interface Generated {
  blocks: unknown[];
  categories: Category[];
}

const transcript: fc.Arbitrary<Generated> = fc
  .array(fc.constantFrom(...CATEGORIES), { minLength: 0, maxLength: 8 })
  .chain((categories) =>
    fc.tuple(
      ...categories.map((category, i) => {
        // Markers name what must never leak: SECRET for the user, USERONLY for the model.
        const marker = HIDDEN_FROM_USER.has(category) ? `SECRETx${i}x` : category === 'user' ? `USERONLYx${i}x` : `publicx${i}x`;
        return fc.tuple(blockWith(marker), annotationsFor(category)).map(([block, annotations]) => (annotations === undefined ? block : { ...block, annotations }));
      }),
    ).map((blocks) => ({ blocks: blocks as unknown[], categories })),
  );

const settings = fc.record({
  order: fc.constantFrom('server' as const, 'priority' as const),
  collapseBelow: fc.constantFrom(undefined, 0, 0.3, 0.5, 0.99, 1, 1.5),
  copyable: fc.boolean(),
});

const SECRET = /SECRETx/i;

function everyAttributeValue(root: ParentNode): string[] {
  const values: string[] = [];
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) values.push(`${element.tagName}[${attribute.name}]=${attribute.value}`);
  }
  return values;
}

describe('promise 1: assistant-only content never reaches the user', () => {
  const copied: string[] = [];
  const original = navigator.clipboard;
  beforeAll(() => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) } });
  });
  afterAll(() => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: original });
  });

  it('holds in the DOM, attributes, copy actions and counts of the user view (10,000 transcripts)', () => {
    fc.assert(
      fc.property(transcript, settings, ({ blocks, categories }, { order, collapseBelow, copyable }) => {
        copied.length = 0;
        const secretStructured = { note: 'SECRETxstructured' };
        const result = { content: blocks, structuredContent: secretStructured } as unknown as CallToolResult;
        const { container } = render(<ToolResult result={result} order={order} collapseBelow={collapseBelow} copyable={copyable} liveFreshness={false} now={0} />);
        // Open every disclosure, then press every copy button.
        for (const toggle of Array.from(container.querySelectorAll<HTMLButtonElement>('[aria-expanded="false"]'))) fireEvent.click(toggle);
        for (const details of Array.from(container.querySelectorAll('details'))) details.open = true;
        for (const copy of Array.from(container.querySelectorAll<HTMLButtonElement>('[data-slot="content-copy"]'))) fireEvent.click(copy);

        expect(document.body.textContent).not.toMatch(SECRET);
        expect(document.body.innerHTML).not.toMatch(SECRET);
        expect(everyAttributeValue(document.body).filter((value) => SECRET.test(value))).toEqual([]);
        expect(copied.join('\n')).not.toMatch(SECRET);

        // Counts: the blocks rendered plus the number a "N more" button announces equal the visible ones.
        const visible = categories.filter((c) => !HIDDEN_FROM_USER.has(c)).length;
        expect(container.querySelectorAll('[data-slot="content-block"]').length).toBe(visible);
        cleanup();
      }),
      { numRuns: 10_000 },
    );
  }, 300_000);

  it('holds in server-rendered HTML, folded or not (10,000 transcripts)', () => {
    fc.assert(
      fc.property(transcript, settings, fc.boolean(), ({ blocks }, { order, collapseBelow }, defaultExpanded) => {
        const html = renderToString(
          <ToolResult result={{ content: blocks, structuredContent: { x: 'SECRETxs' } } as unknown as CallToolResult} order={order} collapseBelow={collapseBelow} defaultExpanded={defaultExpanded} now={0} />,
        );
        expect(html).not.toMatch(SECRET);
      }),
      { numRuns: 10_000 },
    );
  });

  it('selectForViewer: the user never gets assistant-only blocks; the model never gets user-only ones (10,000 transcripts)', () => {
    fc.assert(
      fc.property(transcript, ({ blocks, categories }) => {
        const forUser = selectForViewer(blocks, 'user');
        const forModel = selectForViewer(blocks, 'assistant');
        expect(JSON.stringify(forUser)).not.toMatch(SECRET);
        expect(JSON.stringify(forModel)).not.toMatch(/USERONLYx/);
        expect(forUser).toHaveLength(categories.filter((c) => !HIDDEN_FROM_USER.has(c)).length);
        expect(forModel).toHaveLength(categories.filter((c) => !HIDDEN_FROM_ASSISTANT.has(c)).length);
      }),
      { numRuns: 10_000 },
    );
  });

  it('the assistant (debug) view never shows user-only blocks either', () => {
    fc.assert(
      fc.property(transcript, settings, ({ blocks }, { order, collapseBelow }) => {
        const html = renderToString(<ToolResult result={{ content: blocks } as unknown as CallToolResult} viewer="assistant" order={order} collapseBelow={collapseBelow} defaultExpanded now={0} />);
        expect(html).not.toMatch(/USERONLYx/);
      }),
      { numRuns: 2_000 },
    );
  });
});
