// Screenshots for a person to look at (never committed): builds Storybook,
// serves it on loopback and captures stories in light and dark with Debian's
// Chromium. Usage: npm run screenshots [-- story-id ...]
// SCREENSHOTS_DIR (default screenshots/, git-ignored), STORYBOOK_STATIC (a
// built Storybook to use instead of building one), SKIP_BUILD=1.
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const out = resolve(process.env.SCREENSHOTS_DIR ?? join(root, 'screenshots'));
const staticDir = resolve(process.env.STORYBOOK_STATIC ?? join(root, 'storybook-static'));
const stories = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      'examples-chat-host--conversation',
      'components-toolconfirmdialog--destructive-untrusted',
      'components-toolcallcard--inline-approval-destructive',
      'components-toolcallcard--transcript',
      'components-toolbadges--narrow-sidebar',
      'components-contentblocks--every-type',
      'components-toolresult--malformed-result',
      'examples-theming--brand-theme',
    ];

if (!process.env.SKIP_BUILD && !process.env.STORYBOOK_STATIC) execFileSync('npx', ['storybook', 'build', '--quiet', '-o', staticDir], { cwd: root, stdio: 'inherit' });
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };
const server = createServer((req, res) => {
  const path = join(staticDir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
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
    const response = await page.goto(`http://127.0.0.1:${port}/iframe.html?id=${id}&viewMode=story&globals=theme:${theme}`);
    if (!response?.ok()) continue;
    try {
      await page.waitForSelector('#storybook-root > *', { timeout: 15000 });
    } catch {
      console.log(`(no story ${id})`);
      await page.close();
      continue;
    }
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(out, `${id}-${theme}.png`), fullPage: true });
    await page.close();
    console.log(join(out, `${id}-${theme}.png`));
  }
}
await browser.close();
server.close();
