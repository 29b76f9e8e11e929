/**
 * End to end: the example host, built against the packed package, in real
 * Chromium, talking to a real server-everything over streamable HTTP on
 * loopback.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { pack, root, unpackInto } from '../../scripts/pack.mjs';
import { chromiumLaunch } from '../../vitest.config.js';
import { freePort } from '../helpers/free-port.js';

async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url, { method: 'GET' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`MCP server at ${url} did not start`);
}

describe('examples/chat-host against a live MCP server', () => {
  const exampleDir = join(root as string, 'examples/chat-host');
  let mcp: ChildProcess;
  let vite: ViteDevServer;
  let browser: Browser;
  let page: Page;
  let appUrl: string;

  beforeAll(async () => {
    unpackInto(pack(), exampleDir);
    const [mcpPort, appPort] = [await freePort(), await freePort()];
    mcp = spawn(process.execPath, [join(root as string, 'scripts/serve-everything.mjs')], { env: { ...process.env, PORT: String(mcpPort) }, stdio: 'ignore' });
    const mcpUrl = `http://127.0.0.1:${mcpPort}/mcp`;
    await waitForServer(mcpUrl);
    vite = await createServer({ configFile: join(exampleDir, 'vite.config.ts'), server: { port: appPort, strictPort: true }, logLevel: 'error' });
    await vite.listen();
    browser = await chromium.launch(chromiumLaunch);
    page = await browser.newPage();
    appUrl = `http://127.0.0.1:${appPort}/?server=${encodeURIComponent(mcpUrl)}`;
    await page.goto(appUrl);
    await page.getByRole('heading', { name: /Tools \(\d+\)/ }).waitFor({ timeout: 30_000 });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await vite?.close();
    mcp?.kill();
  });

  async function callTool(args: string) {
    await page.getByLabel('Tool', { exact: true }).selectOption('get-annotated-message');
    await page.getByLabel('Arguments (JSON)').fill(args);
    await page.getByRole('button', { name: 'Call tool' }).click();
    // The server is untrusted by default: every call asks.
    return page.getByRole('alertdialog', { name: 'Allow Get Annotated Message Tool?' });
  }

  it('type-checks the example against the packed package', () => {
    execFileSync(process.execPath, [join(root as string, 'node_modules/typescript/bin/tsc'), '-p', join(exampleDir, 'tsconfig.json')], { stdio: 'inherit' });
  });

  it('lists the server’s tools; an untrusted server\'s hints are marked unverified once per tool', async () => {
    const tools = page.getByRole('complementary', { name: 'Tools' });
    await expect(tools.getByText('get-annotated-message').count()).resolves.toBeGreaterThan(0);
    await expect(tools.getByText('Unverified').first().isVisible()).resolves.toBe(true);
    await expect(tools.getByText(/Claims:/).count()).resolves.toBe(0);
  });

  it('badges and freshness labels are not tab stops: the first Tab from the top reaches a control', async () => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => document.activeElement?.tagName);
    expect(['INPUT', 'SELECT', 'BUTTON', 'TEXTAREA']).toContain(first);
    const badgeStops = await page.locator('[data-slot="tool-badge"][tabindex], [data-slot="freshness"][tabindex]').count();
    expect(badgeStops).toBe(0);
  });

  it('debug message: an untrusted read-only claim starts on Deny; approved by keyboard, the assistant-only text never reaches the page', async () => {
    const dialog = await callTool('{ "messageType": "debug", "includeImage": true }');
    await dialog.waitFor();
    await expect(dialog.getByRole('button', { name: 'Deny' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Allow' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    const card = page.getByRole('article').last();
    await card.getByRole('status').filter({ hasText: 'Done' }).waitFor({ timeout: 20_000 });
    await expect(card.locator('img[src^="data:image/png;base64,"]').count()).resolves.toBe(1);
    const html = await page.content();
    expect(html).not.toContain('Cache hit ratio');
    // Focus is back on the call's card, not on <body>.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-slot'))).resolves.toBe('tool-call-title');
  });

  it('error message: the shared error text is shown', async () => {
    const dialog = await callTool('{ "messageType": "error" }');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const card = page.getByRole('article').last();
    await card.getByText('Error: Operation failed').waitFor({ timeout: 20_000 });
  });

  it('Escape denies: nothing is called, and focus returns to the call\'s card', async () => {
    const dialog = await callTool('{ "messageType": "success" }');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    const card = page.getByRole('article').last();
    await card.getByRole('status').filter({ hasText: 'Denied' }).waitFor();
    expect(await page.content()).not.toContain('Operation completed successfully');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-slot'))).toBe('tool-call-title');
  });

  it('opening the dialog does not move the page: every box stays put (0 px)', async () => {
    // The host's body has padding (as this example's does) that a scroll lock would rewrite.
    const boxes = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('h1, h2, form, [data-slot="tool-summary"]')].slice(0, 12).map((el) => {
          const r = el.getBoundingClientRect();
          return [Math.round(r.x * 100) / 100, Math.round(r.y * 100) / 100, Math.round(r.width * 100) / 100];
        }),
      );
    await page.getByLabel('Tool', { exact: true }).selectOption('get-annotated-message');
    await page.getByLabel('Arguments (JSON)').fill('{ "messageType": "success" }');
    const submit = page.getByRole('button', { name: 'Call tool' });
    await submit.scrollIntoViewIfNeeded();
    // The page is taller than the window, so it has a scrollbar a scroll lock would take away.
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    const before = await boxes();
    await submit.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await boxes()).toEqual(before);
    // (Closing moves focus to the call's card, which may scroll it into view: that is wanted.)
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('inline approval: the card asks, Deny comes first, and nothing opens a dialog', async () => {
    await page.getByLabel('Approve in the card').check();
    await page.getByLabel('Tool', { exact: true }).selectOption('get-annotated-message');
    await page.getByLabel('Arguments (JSON)').fill('{ "messageType": "success" }');
    await page.getByRole('button', { name: 'Call tool' }).click();
    const card = page.getByRole('article').last();
    const region = card.getByRole('region', { name: 'Needs your approval' });
    await region.waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    const buttons = await region.getByRole('button').allTextContents();
    expect(buttons).toEqual(['Deny', 'Allow']);
    await region.getByRole('button', { name: 'Allow' }).click();
    await card.getByRole('status').filter({ hasText: 'Done' }).waitFor({ timeout: 20_000 });
    await page.getByLabel('Approve in the card').uncheck();
  });

  // Server-initiated consents: elicitation (form and URL), sampling, tasks ---------

  /** Calls a tool and allows it in the confirmation; returns its card. */
  async function runTool(name: string, args: unknown, on: Page = page) {
    await on.getByLabel('Tool', { exact: true }).selectOption(name);
    await on.getByLabel('Arguments (JSON)').fill(JSON.stringify(args));
    await on.getByRole('button', { name: 'Call tool' }).click();
    const confirm = on.getByRole('alertdialog', { name: /^Allow / });
    await confirm.getByRole('button', { name: 'Allow' }).click();
    await confirm.waitFor({ state: 'detached' });
    return on.getByRole('article').last();
  }
  const rawResult = async (card: ReturnType<Page['getByRole']>) => {
    await card.getByText('Raw result:').waitFor({ timeout: 20_000 });
    const text = (await card.textContent()) ?? '';
    return JSON.parse(text.slice(text.indexOf('Raw result:') + 'Raw result:'.length, text.lastIndexOf('}') + 1)) as { action: string; content?: Record<string, unknown> };
  };

  it('form elicitation: the defaults and an edited field are reviewed, then sent exactly', async () => {
    const card = await runTool('trigger-elicitation-request', {});
    const dialog = page.getByRole('dialog', { name: 'server-everything asks for information' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /^String \(required\)/ }).fill('Ada');
    await dialog.getByRole('textbox', { name: 'String with default' }).fill('Call me Ishmael.');
    await dialog.getByRole('button', { name: 'Review' }).click();
    const review = dialog.locator('[data-slot="elicitation-review"]');
    await expect(review.textContent()).resolves.toContain('Call me Ishmael.');
    await expect(review.textContent()).resolves.toContain('Guitar');
    // The integer field's description only mentions a PIN in a negation ("do not give us…"): no secret gate.
    await expect(dialog.getByRole('checkbox', { name: /I understand/ }).count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Send' }).click();
    const raw = await rawResult(card);
    expect(raw).toEqual({
      action: 'accept',
      content: {
        name: 'Ada',
        check: false,
        firstLine: 'Call me Ishmael.',
        integer: 42,
        number: 3.14,
        untitledSingleSelectEnum: 'Monica',
        untitledMultipleSelectEnum: ['Guitar'],
        titledSingleSelectEnum: 'hero-1',
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-1',
      },
    });
  });

  it('form elicitation: Decline is an explicit no', async () => {
    const card = await runTool('trigger-elicitation-request', {});
    await page.getByRole('dialog', { name: 'server-everything asks for information' }).getByRole('button', { name: 'Decline' }).click();
    expect(await rawResult(card)).toEqual({ action: 'decline' });
  });

  it('form elicitation: Escape cancels, and focus returns to the page', async () => {
    const card = await runTool('trigger-elicitation-request', {});
    await page.getByRole('dialog', { name: 'server-everything asks for information' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await rawResult(card)).toEqual({ action: 'cancel' });
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  });

  it('URL elicitation: nothing is fetched or opened before consent; then a new tab without an opener', async () => {
    const target = 'https://login.example.test/authorize?state=e2e';
    const seen: string[] = [];
    const context = page.context();
    await context.route('https://login.example.test/**', (route) => {
      seen.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Signed in</title><p>ok</p>' });
    });
    const card = await runTool('trigger-url-elicitation', { url: target });
    const dialog = page.getByRole('dialog', { name: 'server-everything asks you to open a link' });
    await dialog.waitFor();
    await expect(dialog.locator('[data-slot="elicitation-url-host"]').textContent()).resolves.toBe('login.example.test');
    await page.waitForTimeout(300);
    expect(seen).toEqual([]);
    expect(context.pages()).toHaveLength(1);
    const [popup] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Open link' }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(target);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    await card.getByText('User completed the URL elicitation flow').waitFor({ timeout: 20_000 });
    await context.unroute('https://login.example.test/**');
  });

  it('URL elicitation by error (-32042): the same consent; declining stops the call', async () => {
    const card = await runTool('trigger-url-elicitation', { url: 'https://login.example.test/other', errorPath: true });
    const dialog = page.getByRole('dialog', { name: 'server-everything asks you to open a link' });
    await expect(dialog.locator('[data-slot="elicitation-url-host"]').textContent()).resolves.toBe('modelcontextprotocol.io');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await card.getByRole('status').filter({ hasText: 'Cancelled' }).waitFor({ timeout: 20_000 });
    await expect(card.textContent()).resolves.toContain('You did not open the link');
  });

  it('sampling: the request and the scripted answer are reviewed, then returned; deny returns an error', async () => {
    const card = await runTool('trigger-sampling-request', { prompt: 'What is MCP?', maxTokens: 60 });
    const review = page.getByRole('alertdialog', { name: 'server-everything wants to use your model' });
    await expect(review.textContent()).resolves.toContain('You are a helpful test server.');
    await expect(review.getByRole('button', { name: 'Deny' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await review.getByRole('button', { name: 'Send to model' }).click();
    const answer = page.getByRole('alertdialog', { name: 'Send the model’s answer to server-everything?' });
    await expect(answer.getByRole('textbox', { name: 'The model’s answer' }).inputValue()).resolves.toContain('(scripted model)');
    await answer.getByRole('button', { name: 'Send to server' }).click();
    await card.getByText('LLM sampling result').waitFor({ timeout: 20_000 });
    await expect(card.textContent()).resolves.toContain('scripted-example-model');

    const denied = await runTool('trigger-sampling-request', { prompt: 'And again?', maxTokens: 60 });
    await page.getByRole('alertdialog', { name: 'server-everything wants to use your model' }).getByRole('button', { name: 'Deny' }).click();
    await denied.getByText('User rejected sampling request').waitFor({ timeout: 20_000 });
    await expect(denied.getAttribute('data-state')).resolves.toBe('error');
  });

  it('a task asks for clarification (input_required) and completes after the answer', async () => {
    const card = await runTool('simulate-research-query', { topic: 'python', ambiguous: true });
    // The open dialog hides the page from assistive technology, so read the card by its markup meanwhile.
    const cardMarkup = page.locator('article').last();
    await expect.poll(() => cardMarkup.getAttribute('data-state'), { timeout: 20_000 }).toBe('input-required');
    await expect(cardMarkup.textContent()).resolves.toContain('Requesting clarification');
    const dialog = page.getByRole('dialog', { name: 'server-everything asks for information' });
    await dialog.getByRole('combobox', { name: /Clarification/ }).selectOption({ index: 1 });
    const chosen = await dialog.getByRole('combobox', { name: /Clarification/ }).evaluate((el: HTMLSelectElement) => el.selectedOptions[0]!.textContent);
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await card.getByRole('status').filter({ hasText: 'Done' }).waitFor({ timeout: 30_000 });
    await expect(card.textContent()).resolves.toContain('Research Report');
    expect(chosen).toBeTruthy();
  });
  // The same host on MCP SDK 2.x (`?sdk=v2`, negotiating the era: server-everything speaks 2025-11-25).
  describe('on SDK 2.x (@modelcontextprotocol/client)', () => {
    let v2: Page;
    beforeAll(async () => {
      v2 = await browser.newPage();
      await v2.goto(`${appUrl}&sdk=v2`);
      await v2.getByRole('heading', { name: /Tools \(\d+\)/ }).waitFor({ timeout: 30_000 });
    }, 60_000);

    const runToolV2 = (name: string, args: unknown) => runTool(name, args, v2);

    it('runs on 2.x: the switch says so, and the tool list and a confirmed call work as on 1.x', async () => {
      await expect(v2.getByLabel('MCP SDK').inputValue()).resolves.toBe('v2');
      const card = await runToolV2('get-annotated-message', { messageType: 'debug', includeImage: true });
      await card.getByRole('status').filter({ hasText: 'Done' }).waitFor({ timeout: 20_000 });
      expect(await v2.content()).not.toContain('Cache hit ratio');
    });

    it('a question during a call names the call, goes back exactly, and returns focus to the call\'s card', async () => {
      const card = await runToolV2('trigger-elicitation-request', {});
      const dialog = v2.getByRole('dialog', { name: 'server-everything asks for information' });
      await dialog.waitFor();
      await expect(dialog.locator('[data-slot="elicitation-call"]').textContent()).resolves.toBe('trigger-elicitation-request');
      await dialog.getByRole('button', { name: 'Decline' }).click();
      await card.getByText('Raw result:').waitFor({ timeout: 20_000 });
      await expect(card.textContent()).resolves.toContain('User declined to provide the requested information.');
      await expect.poll(() => v2.evaluate(() => document.activeElement?.getAttribute('data-slot'))).toBe('tool-call-title');
    });

    it('sampling goes through the same review', async () => {
      const card = await runToolV2('trigger-sampling-request', { prompt: 'What is MCP?', maxTokens: 60 });
      const review = v2.getByRole('alertdialog', { name: 'server-everything wants to use your model' });
      await expect(review.locator('[data-slot="sampling-call"]').textContent()).resolves.toBe('trigger-sampling-request');
      await review.getByRole('button', { name: 'Send to model' }).click();
      await v2.getByRole('alertdialog', { name: 'Send the model’s answer to server-everything?' }).getByRole('button', { name: 'Send to server' }).click();
      await card.getByText('LLM sampling result').waitFor({ timeout: 20_000 });
    });
  });
});
