/**
 * The stylesheet inside a host's page, in real Chromium with emulated media:
 * it changes nothing outside the components, follows the host's theme
 * classes and type, keeps machine text left to right, stays readable in
 * forced colours, and stops motion.
 * The markup is the components' own classes; the CSS is src/styles as shipped.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunch } from '../../vitest.config.js';

const stylesheet = pathToFileURL(join(import.meta.dirname, '../../src/styles/index.css')).href;

describe('styles.css in a host page', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await chromium.launch(chromiumLaunch);
    dir = mkdtempSync(join(tmpdir(), 'rma-host-fit-'));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A page of the host's own markup with our stylesheet linked, under the given media. */
  async function host(body: string, media: Parameters<Page['emulateMedia']>[0] = {}, htmlAttributes = '') {
    const file = join(dir, `page-${Math.random().toString(36).slice(2)}.html`);
    writeFileSync(file, `<!doctype html><html ${htmlAttributes}><head><link rel="stylesheet" href="${stylesheet}"></head><body>${body}</body></html>`);
    const page = await browser.newPage();
    await page.emulateMedia(media);
    await page.goto(pathToFileURL(file).href);
    return page;
  }
  const style = (page: Page, selector: string, property: string) => page.$eval(selector, (el, name) => getComputedStyle(el).getPropertyValue(name).trim(), property);

  it('under reduced motion nothing moves: an indeterminate progress bar is drawn still, not by the browser', async () => {
    const markup = '<progress data-slot="tool-call-progressbar" id="busy"></progress><progress data-slot="tool-call-progressbar" id="half" value="0.5" max="1"></progress>';
    const moving = await host(markup, { reducedMotion: 'no-preference' });
    await expect(style(moving, '#busy', 'appearance')).resolves.toBe('auto');
    await moving.close();
    const still = await host(markup, { reducedMotion: 'reduce' });
    // appearance: none turns off the native painter, whose indeterminate animation no CSS rule can stop.
    await expect(style(still, '#busy', 'appearance')).resolves.toBe('none');
    expect(await still.$eval('#busy', (el) => el.getBoundingClientRect().height)).toBeGreaterThan(0);
    // A determinate bar does not move: left to the browser.
    await expect(style(still, '#half', 'appearance')).resolves.toBe('auto');
    await still.close();
  });

  it('changes nothing outside the components: a light-only page stays light under a dark OS', async () => {
    const page = await host('<p id="host">Host text</p><ul data-slot="tool-badges" id="badges"></ul>', { colorScheme: 'dark' });
    await expect(style(page, 'html', 'color-scheme')).resolves.toBe('normal');
    await expect(style(page, 'body', 'color-scheme')).resolves.toBe('normal');
    await expect(style(page, '#host', 'color')).resolves.toBe('rgb(0, 0, 0)');
    // The components themselves follow the OS.
    await expect(style(page, '#badges', 'color-scheme')).resolves.toBe('dark');
    await page.close();
  });

  it("selects only its own parts: a shadcn app's data-slot elements (dialog-overlay, button, input, card), or a host's own icon or code-block, are left as the host drew them", async () => {
    // shadcn styles its parts by data-slot too; ours are named so that neither stylesheet reaches the other's elements.
    // And our parts shared across families (icon, code-block, dialog-*) are styled only inside our own components.
    const shadcn = ['dialog-overlay', 'dialog-content', 'dialog-title', 'button', 'input', 'checkbox', 'textarea', 'card', 'card-content', 'tooltip-content', 'badge', 'progress', 'icon', 'code-block', 'code-text', 'machine-name', 'details-summary', 'dialog-list', 'dialog-facts', 'dialog-section-title', 'dialog-input'];
    const markup = shadcn.map((slot) => `<div data-slot="${slot}">${slot}</div>`).join('');
    const page = await host(`${markup}<div id="plain">plain</div>`, { colorScheme: 'dark' });
    const plain = await page.$eval('#plain', (el) => JSON.stringify(getComputedStyle(el)));
    for (const slot of shadcn) {
      const own = await page.$eval(`[data-slot="${slot}"]`, (el) => JSON.stringify(getComputedStyle(el)));
      expect(JSON.parse(own), slot).toEqual(JSON.parse(plain));
    }
    await page.close();
    // Inside our card, a host renderer's icon (Headless UI and Catalyst mark theirs data-slot="icon") stays the host's; ours has data-icon.
    const inside = await host('<article data-slot="tool-call"><span data-slot="icon" id="host-icon"></span><span id="plain-span"></span><span data-slot="icon" data-icon="check" id="our-icon"></span></article>');
    const styleOf = (id: string) => inside.$eval(id, (el) => JSON.stringify(getComputedStyle(el)));
    expect(JSON.parse(await styleOf('#host-icon'))).toEqual(JSON.parse(await styleOf('#plain-span')));
    expect(JSON.parse(await styleOf('#our-icon'))).not.toEqual(JSON.parse(await styleOf('#plain-span')));
    await inside.close();
  });

  it('follows .light / .dark (next-themes, shadcn) and data-theme on any ancestor, the nearest winning', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await host(
        `<div class="dark"><ul data-slot="tool-badges" id="a"></ul><div class="light"><ul data-slot="tool-badges" id="b"></ul><div data-theme="dark"><ul data-slot="tool-badges" id="c"></ul></div></div></div>`,
        { colorScheme },
        'class="light"',
      );
      for (const [id, bg, scheme] of [
        ['#a', '#14161b', 'dark'],
        ['#b', '#ffffff', 'light'],
        ['#c', '#14161b', 'dark'],
      ] as const) {
        await expect(style(page, id, '--mcp-bg')).resolves.toBe(bg);
        await expect(style(page, id, 'color-scheme')).resolves.toBe(scheme);
      }
      await page.close();
    }
    // <html class="light"> keeps the page light under a dark OS.
    const page = await host('<ul data-slot="tool-badges" id="x"></ul>', { colorScheme: 'dark' }, 'class="light"');
    await expect(style(page, '#x', '--mcp-bg')).resolves.toBe('#ffffff');
    await page.close();
  });

  it("text takes the host's font family and size; code stays monospace; a token opts into the library's stack", async () => {
    const page = await host(
      `<div style="font: 18px Georgia, serif"><article data-slot="tool-call" id="card"><h3 data-slot="tool-call-title" id="title">Title</h3><pre data-slot="code-block" id="code">{}</pre></article></div>
       <div style="--mcp-font: var(--mcp-font-system); --mcp-font-size: 15px; font: 18px Georgia, serif"><article data-slot="tool-call" id="own"></article></div>`,
    );
    await expect(style(page, '#card', 'font-family')).resolves.toBe('Georgia, serif');
    await expect(style(page, '#card', 'font-size')).resolves.toBe('18px');
    await expect(style(page, '#code', 'font-family')).resolves.toMatch(/monospace/);
    await expect(style(page, '#own', 'font-family')).resolves.toMatch(/^ui-sans-serif/);
    await expect(style(page, '#own', 'font-size')).resolves.toBe('15px');
    await page.close();
  });

  it('JSON, code, URLs and machine names read left to right in a right-to-left page', async () => {
    const page = await host('<div data-slot="sampling"><pre data-slot="code-block" id="json">{"entityNames": ["a"]}</pre><code data-slot="machine-name" id="name">delete_entities</code><p data-slot="elicitation-url-text" id="url">https://example.com/</p></div>', {}, 'dir="rtl" lang="ar"');
    for (const id of ['#json', '#name', '#url']) {
      await expect(style(page, id, 'direction')).resolves.toBe('ltr');
      await expect(style(page, id, 'unicode-bidi')).resolves.toBe('isolate');
    }
    // The JSON starts where it begins (the left), not at the page's start.
    const box = await page.$eval('#json', (el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return { text: range.getClientRects()[0]!.left, block: el.getBoundingClientRect().left };
    });
    expect(box.text - box.block).toBeLessThan(20);
    await page.close();
  });

  it('no animation runs under reduced motion (the spinner, the copy button fade); it does otherwise', async () => {
    const markup = '<div data-slot="tool-call-status" data-state="running"><span data-slot="icon" data-icon="spinner" id="spinner"></span></div><div data-slot="sampling"><p data-slot="sampling-generating"><span data-slot="icon" data-icon="spinner" id="spin"></span></p></div><button data-slot="content-copy" id="copy"></button>';
    const moving = await host(markup, { reducedMotion: 'no-preference' });
    await expect(style(moving, '#spinner', 'animation-name')).resolves.toBe('mcp-spin');
    await expect(style(moving, '#spin', 'animation-name')).resolves.toBe('mcp-spin');
    await moving.close();
    const still = await host(markup, { reducedMotion: 'reduce' });
    for (const id of ['#spinner', '#spin']) await expect(style(still, id, 'animation-name')).resolves.toBe('none');
    await expect(style(still, '#copy', 'transition-property')).resolves.toBe('none');
    await still.close();
  });
  it('forced colours: every button label has its own colour against its fill, and a detail badge is not boxed in over its text', async () => {
    const markup = `<div data-slot="tool-confirm-actions"><button data-slot="tool-confirm-cancel">Deny</button><button data-slot="tool-confirm-action">Allow</button><button data-slot="tool-confirm-action" data-risk="destructive">Allow destructive action</button></div>
      <ul data-slot="tool-badges"><li data-slot="tool-badge" data-kind="destructive" data-tier="risk"><span data-slot="tool-badge-label">Destructive</span></li><li data-slot="tool-badge" data-kind="idempotent" data-tier="detail" id="detail"><span data-slot="tool-badge-label">Safe to retry</span></li></ul>`;
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await host(markup, { forcedColors: 'active', colorScheme });
      const parts = await page.$$eval('button, [data-slot="tool-badge"]', (els) => els.map((el) => ({ text: el.textContent, button: el.tagName === 'BUTTON', color: getComputedStyle(el).color, fill: getComputedStyle(el).backgroundColor, border: getComputedStyle(el).borderTopColor })));
      for (const part of parts) {
        expect(part.color, `${colorScheme}: ${part.text}`).not.toBe(part.fill);
        // A button's edge is visible against its own fill.
        if (part.button) expect(part.border, `${colorScheme}: ${part.text} border`).not.toBe(part.fill);
      }
      await expect(style(page, '#detail', 'border-top-width')).resolves.toBe('0px');
      // The primary action stands out by its border, not by an inverted fill.
      await expect(page.$eval('[data-slot="tool-confirm-action"]', (el) => getComputedStyle(el).borderTopWidth)).resolves.toBe('2px');
      await page.close();
    }
  });
});
