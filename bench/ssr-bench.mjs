// P7: renderToString of the 2,000-block transcript (user view, priority
// order, freshness pinned to a fixed now as a server must) against a plain
// list of the same visible blocks rendered to a string.
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { ContentBlocks } from '../dist/index.js';
import { AccessibleList } from './accessible.mjs';
import { BENCH_NOW, generateBlocks, stableRatio } from './data.mjs';

function PlainList({ blocks }) {
  return h(
    'div',
    null,
    blocks.map((block, i) =>
      h(
        'div',
        { key: i },
        block.type === 'text' && h('div', null, block.text),
        block.type === 'image' && h('img', { src: `data:image/png;base64,${block.data}`, alt: '' }),
        block.type === 'audio' && h('audio', { src: `data:audio/wav;base64,${block.data}`, controls: true }),
        block.type === 'resource_link' && h('a', { href: block.uri }, block.name),
        block.type === 'resource' && h('pre', null, block.resource.text),
        block.annotations?.lastModified && h('time', { dateTime: block.annotations.lastModified }, block.annotations.lastModified),
      ),
    ),
  );
}

/** Elements, attributes and bytes of server HTML (React's text separators are not elements). */
export function domFigures(html) {
  const tags = html.match(/<[a-z][^>]*>/g) ?? [];
  const attributes = tags.reduce((sum, tag) => sum + (tag.match(/\s[\w:-]+(?==|\s|\/?>)/g) ?? []).length, 0);
  return { elements: tags.length, attributes, bytes: Buffer.byteLength(html) };
}

/** One block of each type, rendered alone by ContentBlocks and by the accessible baseline; the list's own container element is subtracted from both. */
export function domPerBlock() {
  const lastModified = new Date(BENCH_NOW - 3 * 3_600_000).toISOString();
  const samples = {
    'dated text block': { type: 'text', text: 'Hello from the tool', annotations: { audience: ['user'], priority: 0.8, lastModified } },
    'text block': { type: 'text', text: 'Hello from the tool' },
    'resource link': { type: 'resource_link', uri: 'https://example.com/doc/1', name: 'doc-1', mimeType: 'text/html', size: 3700 },
    'embedded text resource': { type: 'resource', resource: { uri: 'file:///src/a.ts', mimeType: 'text/typescript', text: 'export const a = 1;' } },
  };
  const withoutContainer = (html) => {
    const open = html.match(/^<[a-z][^>]*>/)?.[0] ?? '';
    const all = domFigures(html);
    const container = domFigures(`${open}</div>`);
    return { elements: all.elements - container.elements, attributes: all.attributes - container.attributes, bytes: all.bytes - container.bytes };
  };
  return Object.fromEntries(
    Object.entries(samples).map(([name, block]) => [
      name,
      {
        ours: withoutContainer(renderToString(h(ContentBlocks, { blocks: [block], now: BENCH_NOW, locale: 'en-US', timeZone: 'UTC' }))),
        base: withoutContainer(renderToString(h(AccessibleList, { blocks: [block] }))),
      },
    ]),
  );
}

export function runSsrBench(median, runs = 11) {
  const blocks = generateBlocks(2000, 7);
  const visible = blocks
    .filter((b) => !b.annotations?.audience || b.annotations.audience.includes('user'))
    .map((b, i) => ({ b, i, p: b.annotations?.priority ?? 0.5 }))
    .sort((x, y) => y.p - x.p || x.i - y.i)
    .map((x) => x.b);
  const ours = () => renderToString(h(ContentBlocks, { blocks, order: 'priority', now: BENCH_NOW, locale: 'en-US', timeZone: 'UTC' }));
  const base = () => renderToString(h(PlainList, { blocks: visible }));
  const accessible = () => renderToString(h(AccessibleList, { blocks: visible }));
  // Each sample is several renders (one is a few ms: timer and GC noise would dominate).
  const REPEAT = 4;
  const time = (fn) => {
    let html = '';
    const start = performance.now();
    for (let i = 0; i < REPEAT; i++) html = fn();
    return [(performance.now() - start) / REPEAT, html.length];
  };
  let oursBytes = 0;
  let baseBytes = 0;
  // Interleaved pairs after a warm-up, repeated until the ratio is stable enough to judge a 10 % change.
  const stable = stableRatio(
    () => {
      globalThis.gc?.();
      const [to, lo] = time(ours);
      const [tb, lb] = time(base);
      oursBytes = lo;
      baseBytes = lb;
      return [to, tb];
    },
    { warmup: 10, min: Math.max(15, runs) },
  );
  // The same against the accessible baseline (issue 35's target), interleaved the same way.
  let accessibleBytes = 0;
  const againstAccessible = stableRatio(
    () => {
      globalThis.gc?.();
      const [to] = time(ours);
      const [ta, la] = time(accessible);
      accessibleBytes = la;
      return [to, ta];
    },
    { warmup: 10, min: Math.max(15, runs) },
  );
  return { ours: stable.ours, base: stable.base, stable, oursBytes, baseBytes, accessible: againstAccessible.base, againstAccessible, accessibleBytes, dom: domPerBlock() };
}

// Run on its own (`node --expose-gc bench/ssr-bench.mjs RUNS`): a fresh process, so the heap the
// other figures leave behind (P2 holds 100,000 blocks) cannot swing the ratio from run to run.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const { median } = await import('./data.mjs');
  process.stdout.write(JSON.stringify(runSsrBench(median, Number(process.argv[2] ?? 15))));
}
