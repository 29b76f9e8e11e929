/**
 * End to end: `npm run example:apps` as a person runs it, in real Chromium, with the default server
 * (@modelcontextprotocol/server-basic-react over stdio, bridged to streamable HTTP): the tool asks, its app opens
 * in a sandboxed frame, and what the app asks for is shown first and logged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { root } from '../../scripts/pack.mjs';
import { chromiumLaunch } from '../../vitest.config.js';
import { freePort } from '../helpers/free-port.js';

describe('npm run example:apps', () => {
  let example: ChildProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const port = await freePort();
    example = spawn(process.execPath, [join(root as string, 'scripts/example-apps.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      example.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /MCP Apps host: (http:\/\/\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      example.once('exit', (code) => reject(new Error(`example:apps exited with ${code}: ${out}`)));
    });
    browser = await chromium.launch(chromiumLaunch);
    page = await browser.newPage();
    await page.goto(url);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    example?.kill('SIGTERM');
  });

  it('runs the tool after asking, opens its app sandboxed, and gates what the app asks for', async () => {
    await page.getByRole('button', { name: 'Run Get Time' }).click({ timeout: 30_000 });
    await page.getByRole('alertdialog', { name: 'Allow Get Time?' }).getByRole('button', { name: 'Allow destructive action' }).click();
    const frame = page.locator('iframe[data-slot="app-frame"]');
    await frame.waitFor({ timeout: 30_000 });
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    // The app calls its server's tool: asked, naming the app.
    await page.frameLocator('iframe[data-slot="app-frame"]').getByRole('button', { name: 'Get Server Time' }).click({ timeout: 30_000 });
    const confirm = page.getByRole('alertdialog', { name: 'Allow Get Time?' });
    await confirm.getByText('Asked by the app').waitFor();
    await confirm.getByRole('button', { name: 'Deny' }).click();
    // The app posts a message as the person: shown first, refused here.
    await page.frameLocator('iframe[data-slot="app-frame"]').getByRole('button', { name: 'Send Message' }).click();
    const message = page.getByRole('alertdialog', { name: 'Get Time wants to post a message as you' });
    await message.getByText('This is message text.', { exact: true }).waitFor();
    await message.getByRole('button', { name: 'Don’t allow' }).click();
    const log = page.getByRole('heading', { name: 'Decisions' }).locator('xpath=following-sibling::ol');
    await expect.poll(() => log.innerText()).toContain('app Get Time: message → denied by user');
    expect(await log.innerText()).toContain('app Get Time: tool-call (get-time) → denied by user');
    expect(await log.innerText()).toContain('app Get Time: load → allowed by policy');
  }, 120_000);
});
