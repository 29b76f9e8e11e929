/**
 * End to end: examples/tanstack-ai-chat (TanStack AI's `useChat` →
 * the example's route: `chat()` with `mcpChatTools` over server-everything
 * on stdio, a scripted model), built against the packed package, in real
 * Chromium. Every response body the browser receives is recorded; the server
 * counts every call that reaches server-everything.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { pack, root, unpackInto } from '../../scripts/pack.mjs';
import { chromiumLaunch } from '../../vitest.config.js';

// In server-everything's debug message, for the assistant only.
const DEBUG_TEXT = 'Cache hit ratio';

describe('examples/tanstack-ai-chat in Chromium', () => {
  const exampleDir = join(root as string, 'examples/tanstack-ai-chat');
  let vite: ViteDevServer;
  let browser: Browser;
  let page: Page;
  let base: string;
  const bodies: string[] = [];
  const pageErrors: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    unpackInto(pack(), exampleDir);
    vite = await createServer({ configFile: join(exampleDir, 'vite.config.ts'), server: { port: 0 }, logLevel: 'error' });
    await vite.listen();
    const address = vite.httpServer!.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
    browser = await chromium.launch(chromiumLaunch);
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => {
      if (request.url() === `${base}/api/chat`) requests.push(request.postData() ?? '');
    });
    page.on('response', async (response) => {
      if (!response.url().startsWith(base)) return;
      try {
        bodies.push(await response.text());
      } catch {
        // A redirect or an aborted request has no body.
      }
    });
    await page.goto(base);
    await page.getByRole('heading', { name: 'Conversation' }).waitFor({ timeout: 60_000 });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await vite?.close();
  });

  const executions = async () => ((await (await fetch(`${base}/api/log`)).json()) as { executions: Array<{ toolName: string }> }).executions.map((e) => e.toolName);
  const send = async (text: string) => {
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
  };

  it('type-checks the example against the packed package and TanStack AI 0.58, with no casts in the page', () => {
    execFileSync(process.execPath, [join(root as string, 'node_modules/typescript/bin/tsc'), '-p', join(exampleDir, 'tsconfig.json')], { stdio: 'inherit' });
  });

  it('nothing runs unasked: the card asks with the annotations TanStack AI does not send; denied, the call never reaches the server', async () => {
    await send('toggle logging');
    const dialog = page.getByRole('alertdialog', { name: 'Allow Toggle Simulated Logging?' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await executions()).toEqual([]);
    // TanStack AI takes no new message while a question is open: Send waits for the answer.
    await expect(page.getByRole('button', { name: 'Send', includeHidden: true }).isDisabled()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: 'Deny' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText(/The tool was not run/).waitFor({ timeout: 30_000 });
    await expect(page.getByRole('article', { name: 'Toggle Simulated Logging' }).last().getAttribute('data-state')).resolves.toBe('denied');
    expect(await executions()).toEqual([]);
  });

  it('approved: runs once; the assistant-only text is in no page and no response body', async () => {
    await send('show me a debug message');
    const dialog = page.getByRole('alertdialog', { name: 'Allow Get Annotated Message Tool?' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await executions()).toEqual([]);
    await dialog.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Done. The tool answered.').waitFor({ timeout: 30_000 });
    const card = page.getByRole('article', { name: 'Get Annotated Message Tool' }).last();
    await expect(card.getAttribute('data-state')).resolves.toBe('success');
    await card.getByRole('list', { name: 'Tool hints' }).getByText('Read-only').waitFor();
    expect(await page.content()).not.toContain(DEBUG_TEXT);
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) expect(body).not.toContain(DEBUG_TEXT);
    expect(await executions()).toEqual(['get-annotated-message']);
    // The second question rebuilt every part from the server's snapshot: the first call still reads as denied.
    await expect(page.getByRole('article', { name: 'Toggle Simulated Logging' }).first().getAttribute('data-state')).resolves.toBe('denied');
    expect(pageErrors).toEqual([]);
  });

  it('a replayed approval runs nothing more', async () => {
    // The request that carried the person's approval, posted again as it was (as the page: same-origin).
    const approving = requests.findLast((body) => body.includes('"approved":true'));
    expect(approving).toBeDefined();
    const before = await executions();
    const response = await fetch(`${base}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: approving });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Refused by the consent policy.');
    expect(await executions()).toEqual(before);
  });
});
