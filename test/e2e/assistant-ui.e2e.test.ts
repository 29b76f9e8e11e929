/**
 * End to end: examples/assistant-ui-chat (an assistant-ui thread on
 * `useChatRuntime` → createMcpChatRoute → streamText with @ai-sdk/mcp tools
 * of server-everything and the scripted model), built against the packed
 * package, in real Chromium. Every response body the browser receives is
 * recorded; the server counts every call that reaches server-everything.
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

describe('examples/assistant-ui-chat in Chromium', () => {
  const exampleDir = join(root as string, 'examples/assistant-ui-chat');
  let vite: ViteDevServer;
  let browser: Browser;
  let page: Page;
  let base: string;
  const bodies: string[] = [];
  const pageErrors: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    const tarball = pack();
    unpackInto(tarball, exampleDir);
    // The chat route is examples/ai-sdk-chat's, and imports the package from there.
    unpackInto(tarball, join(root as string, 'examples/ai-sdk-chat'));
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

  it('type-checks the example against the packed package, assistant-ui 0.15 and ai 7, with no casts', () => {
    execFileSync(process.execPath, [join(root as string, 'node_modules/typescript/bin/tsc'), '-p', join(exampleDir, 'tsconfig.json')], { stdio: 'inherit' });
  });

  it('nothing runs unasked: the card asks with the annotations the converter drops; denied, the call never reaches the server', async () => {
    await send('toggle logging');
    const dialog = page.getByRole('alertdialog', { name: 'Allow Toggle Simulated Logging?' });
    await dialog.waitFor({ timeout: 30_000 });
    // Asking is not running.
    expect(await executions()).toEqual([]);
    await expect(dialog.getByRole('button', { name: 'Deny' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText(/toggle-simulated-logging was not run/).waitFor({ timeout: 30_000 });
    // The card's title is the tool's annotated title, which only toolMetadata carries.
    await expect(page.getByRole('article', { name: 'Toggle Simulated Logging' }).last().getAttribute('data-state')).resolves.toBe('denied');
    expect(await executions()).toEqual([]);
  });

  it('approved: runs once; the assistant-only text is in no page and no response body', async () => {
    await send('show me a debug message');
    const dialog = page.getByRole('alertdialog', { name: 'Allow Get Annotated Message Tool?' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await executions()).toEqual([]);
    await dialog.getByRole('button', { name: 'Allow' }).click();
    await page.getByText(/Done\. get-annotated-message answered/).waitFor({ timeout: 30_000 });
    const card = page.getByRole('article', { name: 'Get Annotated Message Tool' }).last();
    await expect(card.getAttribute('data-state')).resolves.toBe('success');
    await card.getByRole('list', { name: 'Tool hints' }).getByText('Read-only').waitFor();
    expect(await page.content()).not.toContain(DEBUG_TEXT);
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) expect(body).not.toContain(DEBUG_TEXT);
    expect(await executions()).toEqual(['get-annotated-message']);
    expect(pageErrors).toEqual([]);
  });

  it('a replayed approval runs nothing more', async () => {
    // The request that carried the person's approval, posted again as it was.
    const approving = requests.findLast((body) => body.includes('"approved":true'));
    expect(approving).toBeDefined();
    const before = await executions();
    const response = await fetch(`${base}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: approving });
    expect(await response.text()).not.toContain('tool-output-available');
    expect(await executions()).toEqual(before);
  });
});
