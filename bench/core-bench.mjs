// P2: the core pipeline over 100,000 blocks in Node, against hand-written
// single passes doing the same work (audience, priority with clamping, a
// validated ISO date parse, one stable sort). Two baselines: one that also
// takes the read-once snapshot our contract requires (a plain copy of each
// block, its annotations and its audience, as a careful hand-written host
// would), and the 0.1 baseline that returns the caller's own objects.
import { orderByPriority, selectForViewer } from '../dist/core/index.js';
// Internal since 1.0 (not a public name): the bench reads it from the built module.
import { parseLastModified } from '../dist/core/content/freshness.js';

const SHAPE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

function handWritten(blocks, copy) {
  const kept = [];
  for (let i = 0; i < blocks.length; i++) {
    let block = blocks[i];
    let a = block.annotations;
    if (copy) {
      block = { ...block };
      if (a) {
        a = { ...a };
        if (Array.isArray(a.audience)) a.audience = a.audience.slice();
        block.annotations = a;
      }
    }
    const audience = a?.audience;
    if (audience !== undefined && !(Array.isArray(audience) && audience.length > 0 && audience.every((r) => r === 'user' || r === 'assistant') && audience.includes('user'))) continue;
    const p = a?.priority;
    const priority = typeof p === 'number' && Number.isFinite(p) ? Math.min(1, Math.max(0, p)) : 0.5;
    const lm = a?.lastModified;
    const date = typeof lm === 'string' && SHAPE.test(lm) ? Date.parse(lm) : NaN;
    kept.push({ block, i, priority, date });
  }
  kept.sort((x, y) => y.priority - x.priority || x.i - y.i);
  let dated = 0;
  for (const k of kept) if (!Number.isNaN(k.date)) dated++;
  return dated;
}

export function runCoreBench(blocks, median, runs = 11) {
  const ours = () => {
    const visible = orderByPriority(selectForViewer(blocks, 'user'));
    let dated = 0;
    for (const block of visible) if (parseLastModified(block.annotations?.lastModified)) dated++;
    return dated;
  };
  const snapshotBase = () => handWritten(blocks, true);
  const plainBase = () => handWritten(blocks, false);
  if (ours() !== snapshotBase() || ours() !== plainBase()) throw new Error('P2: the pipelines disagree');
  const time = (fn) => {
    // A collection before each run, so no run pays for another's garbage.
    globalThis.gc?.();
    const start = performance.now();
    fn();
    return performance.now() - start;
  };
  for (let i = 0; i < 3; i++) {
    ours();
    snapshotBase();
    plainBase();
  }
  const o = [];
  const b = [];
  const p = [];
  for (let i = 0; i < runs; i++) {
    o.push(time(ours));
    b.push(time(snapshotBase));
    p.push(time(plainBase));
  }
  return { ours: median(o), base: median(b), plain: median(p) };
}
