/**
 * Every Storybook docs page, as `npm start` serves it, opens in Chromium with
 * no console error and no page error, and shows no raw JSDoc syntax
 * (`{@link …}`, `@example`). The story tests run stories, not docs pages:
 * this covers the pages a person reads.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { root } from '../../scripts/pack.mjs';
import { chromiumLaunch } from '../../vitest.config.js';

// `npm test` builds it beside its first stage (RMA_STORYBOOK_STATIC); run alone, this file builds its own.
const prebuilt = process.env.RMA_STORYBOOK_STATIC;
const out = prebuilt && existsSync(join(prebuilt, 'index.json')) ? prebuilt : join(tmpdir(), `rma-storybook-${process.pid}`);
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };

describe('Storybook docs pages', () => {
  let server: Server;
  let browser: Browser;
  let base = '';
  let docs: string[] = [];

  beforeAll(async () => {
    if (out !== prebuilt) execFileSync(process.execPath, [join(root as string, 'node_modules/storybook/dist/bin/dispatcher.js'), 'build', '--quiet', '-o', out], { cwd: root as string, stdio: 'ignore' });
    const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as { entries: Record<string, { id: string; type: string }> };
    docs = Object.values(index.entries)
      .filter((entry) => entry.type === 'docs')
      .map((entry) => entry.id);
    server = createServer((req, res) => {
      // The browser asks for a favicon once; Storybook ships none.
      if (req.url === '/favicon.ico') return res.writeHead(204).end();
      const path = join(out, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
      const file = existsSync(path) && statSync(path).isDirectory() ? join(path, 'index.html') : path;
      if (!existsSync(file)) return res.writeHead(404).end();
      // Cached by the browser: every docs page loads the same bundles.
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'public, max-age=3600' });
      createReadStream(file).pipe(res);
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    browser = await chromium.launch(chromiumLaunch);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('has a docs page for every component and the theming guide', () => {
    expect(docs).toEqual(expect.arrayContaining(['components-toolresult--docs', 'components-toolconfirmdialog--docs', 'guide-theming--docs', 'guide-introduction--docs']));
  });

  it('opens the showcase at its root URL, as the README promises', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    await page.waitForURL(/path=/, { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('path')).toBe('/story/examples-chat-host--conversation');
    await page.close();
  });

  it('opens every docs page with no console error and no raw JSDoc', async () => {
    const problems: string[] = [];
    // One context, so the pages share the HTTP cache (and V8's code cache) of Storybook's bundles; two pages at a time.
    const context = await browser.newContext();
    // Storybook says when a docs page has rendered (its `docsRendered` event, on the preview's channel): listened
    // for from the start, so the event is never missed.
    await context.addInitScript(() => {
      const w = window as unknown as { __STORYBOOK_ADDONS_CHANNEL__?: { on(event: string, listener: () => void): void }; docsRendered?: boolean };
      const listen = () => (w.__STORYBOOK_ADDONS_CHANNEL__ ? w.__STORYBOOK_ADDONS_CHANNEL__.on('docsRendered', () => (w.docsRendered = true)) : setTimeout(listen, 5));
      listen();
    });
    const check = async (id: string) => {
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`${id}: console.error ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${id}: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${id}: ${response.status()} ${new URL(response.url()).pathname}`);
      });
      await page.goto(`${base}/iframe.html?id=${id}&viewMode=docs`);
      try {
        // Rendered: Storybook's docs root holds the page's content (its first heading).
        await page.waitForFunction(() => (window as { docsRendered?: boolean }).docsRendered === true, undefined, { timeout: 60_000 });
        await page.locator('.sbdocs-content h1, #storybook-docs h1').first().waitFor({ timeout: 60_000 });
        const text = await page.evaluate(() => document.body.innerText);
        if (/\{@link/.test(text)) problems.push(`${id}: shows a raw {@link}`);
        if (/@example/.test(text)) problems.push(`${id}: shows a raw @example`);
      } catch (error) {
        problems.push(`${id}: did not render (${String(error).split('\n')[0]})`);
      }
      await page.close();
    };
    const queue = [...docs];
    await Promise.all([0, 1].map(async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) await check(id);
    }));
    await context.close();
    // As one text, so a failure names every page and what it showed.
    expect(problems.join('\n')).toBe('');
  }, 300_000);
});
