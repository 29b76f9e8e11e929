// P8: our strict ISO 8601 reader against the date-fns/parseISO reader it
// replaced, on the date corpus of the spec's examples and our fixtures
// (every date-like string in them), plus the benchmark transcript's dates.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
// Internal since 1.0 (not a public name): the bench reads it from the built module.
import { parseLastModified } from '../dist/core/content/freshness.js';
import { dateFnsReader } from './date-fns-reader.mjs';

const DATE_LIKE = /\d{4}-\d{2}-\d{2}(?:[T ][0-9:.,]+(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?)?/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    // Tracked files only: not the consumer checks' installed packages.
    if (name.startsWith('.') || name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(json|ts|tsx)$/.test(name)) yield path;
  }
}

/** Every date-like string in the spec fixtures (when present) and our tests. */
export function dateCorpus(root) {
  const found = new Set();
  const dirs = [join(root, 'test'), join(root, '../shared/fixtures/mcp-spec-2026-07-28')];
  for (const dir of dirs) {
    try {
      for (const file of files(dir)) for (const [match] of readFileSync(file, 'utf8').matchAll(DATE_LIKE)) found.add(match);
    } catch {
      // The spec fixtures are optional (see their README).
    }
  }
  return [...found];
}

export function runDateParserBench(root, extra, median, runs = 11) {
  const corpus = dateCorpus(root);
  let agree = 0;
  let valid = 0;
  const disagreements = [];
  for (const text of corpus) {
    const ours = parseLastModified(text)?.getTime() ?? null;
    const theirs = dateFnsReader(text)?.getTime() ?? null;
    if (ours === theirs) agree++;
    else disagreements.push(text);
    if (ours !== null) valid++;
  }
  const inputs = [...corpus, ...extra];
  const time = (fn) => {
    globalThis.gc?.();
    const start = performance.now();
    let n = 0;
    for (let i = 0; i < inputs.length; i++) if (fn(inputs[i])) n++;
    return [performance.now() - start, n];
  };
  for (let i = 0; i < 3; i++) {
    time(parseLastModified);
    time(dateFnsReader);
  }
  const o = [];
  const t = [];
  for (let i = 0; i < runs; i++) {
    o.push(time(parseLastModified)[0]);
    t.push(time(dateFnsReader)[0]);
  }
  const perParse = (ms) => (ms * 1e6) / inputs.length;
  return { corpus: corpus.length, valid, agree, disagreements, inputs: inputs.length, oursNs: perParse(median(o)), dateFnsNs: perParse(median(t)) };
}
