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

import { HIDDEN_FROM_ASSISTANT, HIDDEN_FROM_USER, transcript } from '../fixtures/transcripts.js';

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

  it('holds in the DOM, attributes, copy actions and counts of the user view (3,000 transcripts)', () => {
    fc.assert(
      fc.property(transcript, settings, ({ blocks, categories }, { order, collapseBelow, copyable }) => {
        copied.length = 0;
        const secretStructured = { note: 'SECRETxstructured' };
        const result = { content: blocks, structuredContent: secretStructured } as unknown as CallToolResult;
        const { container } = render(<ToolResult result={result} order={order} collapseBelow={collapseBelow} copyable={copyable} live={false} now={0} />);
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
      { numRuns: 3_000 },
    );
  }, 300_000);

  it('holds in server-rendered HTML, folded or not (3,000 transcripts)', () => {
    fc.assert(
      fc.property(transcript, settings, fc.boolean(), ({ blocks }, { order, collapseBelow }, defaultExpanded) => {
        const html = renderToString(
          <ToolResult result={{ content: blocks, structuredContent: { x: 'SECRETxs' } } as unknown as CallToolResult} order={order} collapseBelow={collapseBelow} defaultExpanded={defaultExpanded} now={0} />,
        );
        expect(html).not.toMatch(SECRET);
      }),
      { numRuns: 3_000 },
    );
  }, 300_000);

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
  }, 300_000);

  it('the assistant (debug) view never shows user-only blocks either', () => {
    fc.assert(
      fc.property(transcript, settings, ({ blocks }, { order, collapseBelow }) => {
        const html = renderToString(<ToolResult result={{ content: blocks } as unknown as CallToolResult} viewer="assistant" order={order} collapseBelow={collapseBelow} defaultExpanded now={0} />);
        expect(html).not.toMatch(/USERONLYx/);
      }),
      { numRuns: 2_000 },
    );
  }, 120_000);
});
