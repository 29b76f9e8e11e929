// Screenshots every story of two built storybooks and reports which differ (pixel-exact).
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, extname } from 'node:path';
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };
function serve(out) {
  const server = createServer((req, res) => { const p = join(out, decodeURIComponent(new URL(req.url, 'http://x').pathname)); const f = existsSync(p) && statSync(p).isDirectory() ? join(p, 'index.html') : p; if (!existsSync(f)) return res.writeHead(404).end(); res.writeHead(200, { 'content-type': types[extname(f)] ?? 'application/octet-stream' }); createReadStream(f).pipe(res); }).listen(0, '127.0.0.1');
  return new Promise((r) => server.once('listening', () => r({ server, base: `http://127.0.0.1:${server.address().port}` })));
}
const [a, b, filter = ''] = process.argv.slice(2);
const index = JSON.parse(readFileSync(join(a, 'index.json'), 'utf8'));
const ids = Object.values(index.entries).filter((e) => e.type === 'story' && !e.id.endsWith('-test') && e.id.includes(filter)).map((e) => e.id);
const sa = await serve(a), sb = await serve(b);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--font-render-hinting=none'] });
mkdirSync('/tmp/shots', { recursive: true });
const differ = [];
for (const id of ids) for (const theme of (process.env.THEMES ?? 'light,dark').split(',')) {
  const shots = [];
  for (const { base } of [sa, sb]) {
    const page = await browser.newPage({ viewport: { width: 900, height: 1000 }, reducedMotion: 'reduce' });
    await page.goto(`${base}/iframe.html?id=${id}&viewMode=story&globals=theme:${theme}`);
    await page.waitForTimeout(1500);
    shots.push(await page.screenshot({ fullPage: false, animations: 'disabled' }));
    await page.close();
  }
  if (!shots[0].equals(shots[1])) { differ.push(`${id} ${theme}`); writeFileSync(`/tmp/shots/${id}-${theme}-a.png`, shots[0]); writeFileSync(`/tmp/shots/${id}-${theme}-b.png`, shots[1]); }
}
console.log(`${ids.length} stories x 2 themes; differ: ${differ.length}`);
console.log(differ.join('\n'));
await browser.close(); sa.server.close(); sb.server.close();
