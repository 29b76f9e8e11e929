// Screenshots for a person to look at (never committed): builds Storybook,
// serves it on loopback and captures stories in light and dark with Debian's
// Chromium. Usage: node scripts/screenshots.mjs [story-id ...]
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const out = join(root, 'screenshots');
const stories = process.argv.slice(2).length ? process.argv.slice(2) : ['showcase-chat-host--conversation', 'components-toolconfirmdialog--destructive-untrusted', 'components-toolbadges--all-declared-combinations'];

if (!process.env.SKIP_BUILD) execFileSync('npx', ['storybook', 'build', '--quiet', '-o', 'storybook-static'], { cwd: root, stdio: 'inherit' });
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };
const server = createServer((req, res) => {
  const path = join(root, 'storybook-static', decodeURIComponent(new URL(req.url, 'http://x').pathname));
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, 'index.html') : path;
  if (!existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
}).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const { port } = server.address();

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
mkdirSync(out, { recursive: true });
for (const id of stories) {
  for (const theme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`http://127.0.0.1:${port}/iframe.html?id=${id}&viewMode=story&globals=theme:${theme}`);
    await page.waitForSelector('#storybook-root > *', { timeout: 15000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(out, `${id}-${theme}.png`), fullPage: true });
    await page.close();
    console.log(`screenshots/${id}-${theme}.png`);
  }
}
await browser.close();
server.close();
