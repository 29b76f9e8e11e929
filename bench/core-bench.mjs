// P2: the core pipeline over 100,000 blocks in Node, against a hand-written
// single pass doing the same work (audience, priority with clamping, a
// validated ISO date parse, one stable sort).
import { orderByPriority, parseLastModified, selectForViewer } from '../dist/core/index.js';

export function runCoreBench(blocks, median, runs = 11) {
  const ours = () => {
    const visible = orderByPriority(selectForViewer(blocks, 'user'));
    let dated = 0;
    for (const block of visible) if (parseLastModified(block.annotations?.lastModified)) dated++;
    return dated;
  };
  const SHAPE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;
  const baseline = () => {
    const kept = [];
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[i];
      const a = block.annotations;
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
  };
  if (ours() !== baseline()) throw new Error('P2: the two pipelines disagree');
  const time = (fn) => {
    const start = performance.now();
    fn();
    return performance.now() - start;
  };
  for (let i = 0; i < 3; i++) {
    ours();
    baseline();
  }
  const o = [];
  const b = [];
  for (let i = 0; i < runs; i++) {
    o.push(time(ours));
    b.push(time(baseline));
  }
  return { ours: median(o), base: median(b) };
}
