/**
 * A real Next.js 16 App Router app with Tailwind v4 and a shadcn theme
 * (test/fixtures/next-host, plus the README's AI SDK chat component), built
 * with `next build` against the packed package and served by `next start`,
 * in real Chromium: the README's Next.js files compile, Tailwind's
 * `className` utilities win over the library's styles, preflight leaves the
 * risk styling alone, and the shadcn bridge follows the app's theme, light
 * and dark.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, copyFileSync, cpSync, rmSync } from 'node:fs';
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
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', TOOL_APPROVAL_SECRET: 'fixture-secret-0123456789abcdef0123456789' };

describe('a Next.js App Router app with Tailwind v4 and shadcn', () => {
  let server: ChildProcess | undefined;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    rmSync(app, { recursive: true, force: true });
    cpSync(join(repo, 'test/fixtures/next-host'), app, { recursive: true });
    // The README's client component, as quoted there.
    copyFileSync(join(repo, 'examples/ai-sdk-chat/src/chat.tsx'), join(app, 'app/chat.tsx'));
    // Tailwind skips git-ignored folders, and this copy sits in one; a real app's sources are not ignored.
    appendFileSync(join(app, 'app/globals.css'), '\n@source "./";\n');
    unpackInto(pack(), app);
    execFileSync(process.execPath, [next, 'build'], { cwd: app, env, stdio: 'pipe' });
    const port = await freePort();
    server = spawn(process.execPath, [next, 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: app, env, stdio: 'ignore' });
    browser = await chromium.launch(chromiumLaunch);
    page = await browser.newPage();
    for (let tries = 0; ; tries++) {
      try {
        await page.goto(`http://127.0.0.1:${port}/`);
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    await page.getByRole('heading', { name: 'Chat' }).waitFor();
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

  it('builds (the route handler, the layout with the stylesheet and the client component compile)', async () => {
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(1);
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
