/**
 * The Next.js + AI SDK guide and the Tailwind + shadcn guide, run: a real
 * Next.js 16 App Router app (test/fixtures/next-host: the guide's files, as
 * the guide quotes them) built with `next build` against the packed package
 * and served by `next start`, in real Chromium. Without a model key the
 * scripted demo model answers: a tool call is asked, approved and answered;
 * a refused request shows the refusal. On /checks: Tailwind's `className`
 * utilities win over the library's styles, preflight leaves the risk styling
 * alone, and the shadcn bridge follows the app's theme, light and dark. On
 * /assistant-ui and /tanstack: the chat frameworks guide's assistant-ui and
 * TanStack AI files, compiled by Next.js as a host copies them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { pack, root, unpackInto } from '../../scripts/pack.mjs';
import { chromiumLaunch } from '../../vitest.config.js';
import { freePort } from '../helpers/free-port.js';

const repo = root as string;
const app = join(repo, 'test/package/.next-host');
const next = join(repo, 'node_modules/next/dist/bin/next');
// No model key: the guide's route then uses its scripted demo model.
const { AI_GATEWAY_API_KEY: _key, ...parentEnv } = process.env;
const env = { ...parentEnv, NEXT_TELEMETRY_DISABLED: '1', TOOL_APPROVAL_SECRET: 'fixture-secret-0123456789abcdef0123456789' };

describe('a Next.js App Router app with Tailwind v4 and shadcn', () => {
  let server: ChildProcess | undefined;
  let browser: Browser;
  let page: Page;
  let base = '';

  beforeAll(async () => {
    rmSync(app, { recursive: true, force: true });
    cpSync(join(repo, 'test/fixtures/next-host'), app, { recursive: true });
    // Tailwind skips git-ignored folders, and this copy sits in one; a real app's sources are not ignored.
    appendFileSync(join(app, 'app/globals.css'), '\n@source "./";\n');
    // The chat frameworks guide's assistant-ui files, copied in as a host copies them.
    for (const file of ['chat.tsx', 'thread.tsx']) cpSync(join(repo, 'examples/assistant-ui-chat/src', file), join(app, 'app/assistant-ui', file));
    // And its TanStack AI files: the route with its two neighbours, and the chat (pointed at that route).
    const tanstack = join(repo, 'examples/tanstack-ai-chat');
    mkdirSync(join(app, 'app/api/tanstack-chat'), { recursive: true });
    for (const file of ['route.ts', 'mcp.ts', 'scripted-adapter.ts']) cpSync(join(tanstack, 'server', file), join(app, 'app/api/tanstack-chat', file));
    writeFileSync(join(app, 'app/tanstack/chat.tsx'), readFileSync(join(tanstack, 'src/chat.tsx'), 'utf8').replace("'/api/chat'", "'/api/tanstack-chat'"));
    unpackInto(pack(), app);
    execFileSync(process.execPath, [next, 'build'], { cwd: app, env, stdio: 'pipe' });
    const port = await freePort();
    server = spawn(process.execPath, [next, 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: app, env, stdio: 'ignore' });
    browser = await chromium.launch(chromiumLaunch);
    page = await browser.newPage();
    base = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries++) {
      try {
        await page.goto(`${base}/checks`);
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    await page.getByRole('heading', { name: 'Host checks' }).waitFor();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    server?.kill();
  });

  const style = (selector: string, property: string) => page.$eval(selector, (el, name) => getComputedStyle(el).getPropertyValue(name), property);
  /** What a CSS colour computes to on this page (shadcn's oklch values included). */
  const colour = (value: string) =>
    page.evaluate((css) => {
      const probe = document.createElement('span');
      probe.style.color = css;
      document.body.append(probe);
      const computed = getComputedStyle(probe).color;
      probe.remove();
      return computed;
    }, value);

  it('the guide page, with no model key: the demo model asks for each tool call; approved, it runs, and what is for the model only stays out', async () => {
    const chat = await browser.newPage();
    await chat.goto(`${base}/`);
    // shadcn's utilities exist (the guide's globals.css has shadcn's `@theme inline` block).
    const send = chat.getByRole('button', { name: 'Send' });
    expect(await send.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(await colour('var(--primary)'));
    const main = chat.getByRole('main');
    const width = (await main.boundingBox())!.width;
    const ask = async (text: string) => {
      await chat.getByRole('textbox', { name: 'Message' }).fill(text);
      await send.click();
      // server-everything is untrusted in the guide: the call is asked for.
      const dialog = chat.getByRole('alertdialog');
      await dialog.waitFor({ timeout: 60_000 });
      await dialog.getByRole('button', { name: 'Allow' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await ask('echo hello');
    const cards = chat.getByRole('list', { name: 'Messages' }).getByRole('article');
    await cards.first().getByText('Echo: hello').waitFor({ timeout: 60_000 });
    await chat.getByText('Demo model: the tool answered').first().waitFor({ timeout: 60_000 });
    // The debug message is for the model only: the person's card says there is nothing to show.
    await ask('debug');
    await cards.nth(1).getByText('No content to show').waitFor({ timeout: 60_000 });
    expect(await chat.content()).not.toContain('Cache hit ratio');
    // The column keeps its width whatever it holds (create-next-app's body is a flex column).
    expect((await main.boundingBox())!.width).toBe(width);
    await chat.close();
  });

  it('the chat frameworks guide in Next.js: an assistant-ui thread asks before the call, and the approved call answers', async () => {
    const chat = await browser.newPage();
    const errors: string[] = [];
    chat.on('pageerror', (error) => errors.push(error.message));
    await chat.goto(`${base}/assistant-ui`);
    await chat.getByRole('textbox', { name: 'Message' }).fill('echo hello');
    await chat.getByRole('button', { name: 'Send' }).click();
    const dialog = chat.getByRole('alertdialog');
    await dialog.waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Allow' }).click();
    await dialog.waitFor({ state: 'detached' });
    await chat.getByRole('article').getByText('Echo: hello').waitFor({ timeout: 60_000 });
    await chat.getByText('Demo model: the tool answered').waitFor({ timeout: 60_000 });
    expect(errors).toEqual([]);
    await chat.close();
  });

  it('the chat frameworks guide in Next.js: a TanStack AI chat asks before the call; denied, nothing runs; allowed, it answers', async () => {
    const chat = await browser.newPage();
    const errors: string[] = [];
    chat.on('pageerror', (error) => errors.push(error.message));
    await chat.goto(`${base}/tanstack`);
    const ask = async (text: string, answer: 'Allow' | 'Deny') => {
      await chat.getByRole('textbox', { name: 'Message' }).fill(text);
      await chat.getByRole('button', { name: 'Send' }).click();
      const dialog = chat.getByRole('alertdialog');
      await dialog.waitFor({ timeout: 60_000 });
      await dialog.getByRole('button', { name: answer }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await ask('toggle logging', 'Deny');
    await chat.getByText('The tool was not run (you declined).').waitFor({ timeout: 60_000 });
    await ask('show the env', 'Allow');
    await chat.getByText('Done. The tool answered.').waitFor({ timeout: 60_000 });
    const cards = chat.getByRole('article');
    expect(await cards.evaluateAll((all) => all.map((card) => card.getAttribute('data-state')))).toEqual(['denied', 'success']);
    expect(errors).toEqual([]);
    await chat.close();
  });

  it("the shadcn bridge follows the page's class, never the system alone: light and dark text pairs keep 4.5:1", async () => {
    for (const [colorScheme, dark] of [['light', false], ['dark', false], ['dark', true]] as const) {
      const probe = await browser.newPage({ colorScheme });
      await probe.goto(`${base}/checks`);
      await probe.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
      const ratios = await probe.evaluate(() => {
        const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
        const read = (name: string) => {
          const el = document.querySelector('[data-testid="tw-badges"]')!;
          const value = getComputedStyle(el).getPropertyValue(name).trim();
          canvas.clearRect(0, 0, 1, 1);
          canvas.fillStyle = '#000';
          canvas.fillStyle = value;
          canvas.fillRect(0, 0, 1, 1);
          const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data;
          const lin = (v: number) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
          return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
        };
        const ratio = (a: string, b: string) => {
          const [hi, lo] = [read(a), read(b)].sort((x, y) => y - x) as [number, number];
          return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
        };
        return { scheme: getComputedStyle(document.querySelector('[data-testid="tw-badges"]')!).colorScheme, bgIsPage: read('--mcp-bg') === read('--background'), pairs: [ratio('--mcp-warning-fg', '--mcp-bg'), ratio('--mcp-warning-fg', '--mcp-warning'), ratio('--mcp-success-fg', '--mcp-bg'), ratio('--mcp-success-fg', '--mcp-success'), ratio('--mcp-fg', '--mcp-bg')] };
      });
      expect(ratios.scheme, `${colorScheme} system, .dark ${dark}`).toBe(dark ? 'dark' : 'light');
      expect(ratios.bgIsPage).toBe(true);
      for (const pair of ratios.pairs) expect(pair, `${colorScheme} system, .dark ${dark}: ${ratios.pairs.join(', ')}`).toBeGreaterThanOrEqual(4.5);
      await probe.close();
    }
  });

  it("a request the route's authorize refuses shows the refusal in words, not an empty page", async () => {
    const chat = await browser.newPage();
    // The page's request, sent on by a script that is not the page (no same-origin mark): the real route refuses it.
    await chat.route('**/api/chat', async (route) => {
      const response = await fetch(route.request().url(), { method: 'POST', body: route.request().postData(), headers: { 'content-type': 'application/json' } });
      await route.fulfill({ status: response.status, body: await response.text() });
    });
    await chat.goto(`${base}/`);
    await chat.getByRole('textbox', { name: 'Message' }).fill('env');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.getByRole('alert').filter({ hasText: 'The server refused this chat.' }).waitFor({ timeout: 30_000 });
    await chat.close();
  });

  it("Tailwind utilities in className win over the library's styles", async () => {
    const badges = '[data-testid="tw-badges"]';
    expect(await style(badges, 'margin-top')).toBe('24px');
    expect(await style(badges, 'column-gap')).toBe('32px');
    expect(await style(badges, 'padding-left')).toBe('8px');
    expect(await style(badges, 'font-size')).toBe('18px');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: the destructive badge and the confirmation's risk styling survive preflight and follow the shadcn theme`, async () => {
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      const destructive = await colour('var(--destructive)');
      const badge = '[data-testid="tw-badges"] [data-kind="destructive"]';
      expect(await page.locator(badge).count()).toBeGreaterThan(0);
      expect(await style(badge, 'background-color')).toBe(await colour('color-mix(in oklab, var(--destructive) 10%, var(--background))'));
      expect(await style(badge, 'border-top-width')).not.toBe('0px');

      await page.getByRole('button', { name: 'Ask to delete everything' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      const allow = dialog.getByRole('button', { name: 'Allow destructive action' });
      // Preflight sets buttons to a transparent background with no border: the library's layer wins over it.
      expect(await allow.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(destructive);
      // White on shadcn's light red fails 4.5:1 in dark: the bridge puts the dark background's colour on it there.
      expect(await allow.evaluate((el) => getComputedStyle(el).color)).toBe(await colour(theme === 'dark' ? 'var(--background)' : '#fff'));
      // shadcn's --radius (0.625rem).
      expect(await dialog.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('10px');
      expect(await dialog.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(await colour('var(--background)'));
      await dialog.getByRole('button', { name: 'Deny' }).click();
      await dialog.waitFor({ state: 'detached' });
    });
  }
});
