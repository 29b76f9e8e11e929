// P7: renderToString of the 2,000-block transcript (user view, priority
// order, freshness pinned to a fixed now as a server must) against a plain
// list of the same visible blocks rendered to a string.
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { ContentBlocks } from '../dist/index.js';
import { BENCH_NOW, generateBlocks } from './data.mjs';

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

export function runSsrBench(median, runs = 11) {
  const blocks = generateBlocks(2000, 7);
  const visible = blocks
    .filter((b) => !b.annotations?.audience || b.annotations.audience.includes('user'))
    .map((b, i) => ({ b, i, p: b.annotations?.priority ?? 0.5 }))
    .sort((x, y) => y.p - x.p || x.i - y.i)
    .map((x) => x.b);
  const ours = () => renderToString(h(ContentBlocks, { blocks, order: 'priority', now: BENCH_NOW, locale: 'en-US', timeZone: 'UTC' }));
  const base = () => renderToString(h(PlainList, { blocks: visible }));
  const time = (fn) => {
    globalThis.gc?.();
    const start = performance.now();
    const html = fn();
    return [performance.now() - start, html.length];
  };
  for (let i = 0; i < 3; i++) {
    ours();
    base();
  }
  const o = [];
  const b = [];
  let oursBytes = 0;
  let baseBytes = 0;
  for (let i = 0; i < runs; i++) {
    const [to, lo] = time(ours);
    const [tb, lb] = time(base);
    o.push(to);
    b.push(tb);
    oursBytes = lo;
    baseBytes = lb;
  }
  return { ours: median(o), base: median(b), oursBytes, baseBytes };
}
