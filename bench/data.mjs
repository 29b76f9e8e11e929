/** Deterministic transcript data for the benchmarks (no Math.random: runs compare). */
export function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
export const BENCH_NOW = Date.parse('2026-11-30T12:00:00Z');

/** `count` blocks: 30 % assistant-only, mixed types, priorities and dates. */
export function generateBlocks(count, seed = 1) {
  const random = rng(seed);
  const blocks = [];
  for (let i = 0; i < count; i++) {
    const r = random();
    const annotations = {};
    const audienceRoll = random();
    if (audienceRoll < 0.3) annotations.audience = ['assistant'];
    else if (audienceRoll < 0.5) annotations.audience = random() < 0.5 ? ['user'] : ['user', 'assistant'];
    if (random() < 0.7) annotations.priority = Math.round(random() * 100) / 100;
    if (random() < 0.4) annotations.lastModified = new Date(BENCH_NOW - Math.floor(random() * 400 * 86_400_000)).toISOString();
    let block;
    if (r < 0.6) block = { type: 'text', text: `Block ${i}: ${'lorem ipsum dolor '.repeat(1 + (i % 4))}` };
    else if (r < 0.75) block = { type: 'resource_link', uri: `https://example.com/doc/${i}`, name: `doc-${i}`, mimeType: 'text/html', size: i * 37 };
    else if (r < 0.85) block = { type: 'resource', resource: { uri: `file:///src/file-${i}.ts`, mimeType: 'text/typescript', text: `export const n${i} = ${i};` } };
    else if (r < 0.95) block = { type: 'image', data: PNG, mimeType: 'image/png' };
    else block = { type: 'audio', data: 'UklGRiQAAABXQVZFZm10IBAAAAABAAEARKwAAIhYAQACABAAZGF0YQAAAAA=', mimeType: 'audio/wav' };
    if (Object.keys(annotations).length > 0) block.annotations = annotations;
    blocks.push(block);
  }
  return blocks;
}

/** Median of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * A ratio stable enough to judge a 10 % change: pairs (ours, baseline) are
 * measured interleaved, after `warmup` unrecorded pairs, at least `min`
 * times and until the medians of the first and second half of the per-pair
 * ratios agree within `tolerance` (or `max` pairs). Returns the median
 * ratio with its spread (min–max of the per-pair ratios), the medians of
 * each side, how many pairs it took and whether it settled.
 */
export function stableRatio(pair, { warmup = 5, min = 15, max = 90, tolerance = 0.03 } = {}) {
  for (let i = 0; i < warmup; i++) pair();
  const ours = [];
  const base = [];
  const ratios = [];
  let settled = false;
  while (ratios.length < max) {
    const [o, b] = pair();
    ours.push(o);
    base.push(b);
    ratios.push(o / b);
    if (ratios.length >= min && ratios.length % 5 === 0) {
      const half = ratios.length >> 1;
      const first = median(ratios.slice(0, half));
      const second = median(ratios.slice(half));
      if (Math.abs(first - second) / median(ratios) <= tolerance) {
        settled = true;
        break;
      }
    }
  }
  return { ratio: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios), ours: median(ours), base: median(base), pairs: ratios.length, settled };
}
