// `npm run bench`: every figure with its baseline measured in the same run,
// medians over repeated runs. Prints one table and writes bench/results.json.
// Not part of `npm test`: times vary by machine; sizes are enforced there by size-limit.
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { chromium } from 'playwright-core';
import { build as viteBuild } from 'vite';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
console.error('building the library and the benchmark page…');
execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
await viteBuild({ configFile: join(root, 'bench/browser/vite.config.ts'), mode: 'production', logLevel: 'warn' });

// Node figures.
const { generateBlocks, median } = await import('./data.mjs');
const { runCoreBench } = await import('./core-bench.mjs');
const p2 = runCoreBench(generateBlocks(100_000, 3), median, RUNS);

async function gzipSize(contents) {
  const result = await esbuild({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    external: ['react', 'react-dom', 'react/jsx-runtime', '@radix-ui/*'],
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).length;
}
const p5 = {
  react: await gzipSize("export * from './dist/index.js'"),
  core: await gzipSize("export * from './dist/core/index.js'"),
  select: await gzipSize("export { selectForViewer } from './dist/core/index.js'"),
};

// Browser figures.
const dir = join(root, 'bench/.build');
const server = createServer((req, res) => {
  const path = join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, 'index.html') : path;
  if (!existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
}).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.waitForFunction(() => document.title === 'ready');
console.error('running in Chromium…');
const p1 = await page.evaluate((runs) => window.bench.p1(runs), RUNS);
const p3 = await page.evaluate(() => window.bench.p3());
const p4 = await page.evaluate(() => window.bench.p4());
await browser.close();
server.close();

const fmt = (n, unit = 'ms') => `${n.toFixed(n < 10 ? 2 : 1)} ${unit}`;
const kb = (n) => `${(n / 1000).toFixed(2)} kB`;
const rows = [
  ['P1 render: ContentBlocks, 2,000 blocks (user view, priority order)', fmt(p1.ours), `plain React list of the ${p1.visible} visible blocks: ${fmt(p1.base)}`, `${(p1.ours / p1.base).toFixed(2)}×`, '≤ 1.3×'],
  ['P1b library overhead: ContentBlocks vs React rendering the identical DOM as plain elements', fmt(p1.ours), `same ${p1.oursNodes} elements, no library code: ${fmt(p1.sameDom)}`, `${(p1.ours / p1.sameDom).toFixed(2)}×`, '(diagnostic)'],
  ['P2 core: selectForViewer + orderByPriority + parseLastModified, 100,000 blocks', fmt(p2.ours), `hand-written single pass: ${fmt(p2.base)}`, `${(p2.ours / p2.base).toFixed(2)}×`, '≤ 2×'],
  ['P3 timers with 1,000 Freshness labels mounted', String(p3.mounted), '–', String(p3.mounted), '1'],
  ['P3 timers after unmounting them all', String(p3.after), '–', String(p3.after), '0'],
  ['P4 cards re-rendered when 1 of 200 ToolCallCards changes', String(p4.rerendered), `${p4.cards} cards`, String(p4.rerendered), '1'],
  ['P5 size: React entry (min+gzip; react, react-dom, Radix external)', kb(p5.react), '–', kb(p5.react), '≤ 10 kB'],
  ['P5 size: core entry (min+gzip)', kb(p5.core), '–', kb(p5.core), '≤ 3 kB'],
  ['P5 size: only selectForViewer (tree-shaken)', kb(p5.select), '–', kb(p5.select), '≤ 0.6 kB'],
];
console.log(`\n| figure | ours | baseline | ratio / value | target |\n|---|---|---|---|---|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log(`\nmedians of ${RUNS} runs; Node ${process.version}; P1 DOM nodes: ours ${p1.oursNodes}, baseline ${p1.baseNodes}`);
writeFileSync(join(root, 'bench/results.json'), JSON.stringify({ date: new Date().toISOString(), runs: RUNS, node: process.version, p1, p2, p3, p4, p5 }, null, 2));
