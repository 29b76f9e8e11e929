/**
 * The README's quick start and the getting-started guide, as a stranger
 * follows them: a clean Vite react-ts app (test/fixtures/vite-host) gets the
 * packed package, examples/quick-start.tsx as src/quick-start.tsx and the
 * guide's complete host, examples/recipe.tsx, as src/recipe.tsx (on
 * recipe.html); it type-checks under create-vite's settings and runs in real
 * Chromium against a real server-everything over streamable HTTP.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { pack, root, unpackInto } from '../../scripts/pack.mjs';
import { chromiumLaunch } from '../../vitest.config.js';
import { freePort } from '../helpers/free-port.js';

const repo = root as string;
const app = join(repo, 'test/package/.vite-host');

describe('the quick start in a clean Vite app', () => {
  let mcp: ChildProcess;
  let vite: ViteDevServer;
  let browser: Browser;
  let page: Page;
  let appUrl = '';
  let server = '';
  const problems: string[] = [];

  beforeAll(async () => {
    rmSync(app, { recursive: true, force: true });
    cpSync(join(repo, 'test/fixtures/vite-host'), app, { recursive: true });
    copyFileSync(join(repo, 'examples/quick-start.tsx'), join(app, 'src/quick-start.tsx'));
    copyFileSync(join(repo, 'examples/recipe.tsx'), join(app, 'src/recipe.tsx'));
    unpackInto(pack(), app);
    const [mcpPort, appPort] = [await freePort(), await freePort()];
    mcp = spawn(process.execPath, [join(repo, 'scripts/serve-everything.mjs')], { env: { ...process.env, PORT: String(mcpPort) }, stdio: 'ignore' });
    vite = await createServer({ configFile: join(app, 'vite.config.ts'), server: { port: appPort, strictPort: true, host: '127.0.0.1' }, logLevel: 'error' });
    await vite.listen();
    browser = await chromium.launch(chromiumLaunch);
    page = await browser.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    server = `http://127.0.0.1:${mcpPort}/mcp`;
    appUrl = `http://127.0.0.1:${appPort}`;
    for (let tries = 0; ; tries++) {
      await page.goto(`${appUrl}/?server=${encodeURIComponent(server)}`);
      try {
        await page.getByRole('button', { name: 'Call get-annotated-message' }).waitFor({ timeout: 5_000 });
        break;
      } catch (error) {
        // The server may still be starting: the page then says it could not connect; load it again.
        if (tries > 10) throw error;
      }
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await vite?.close();
    mcp?.kill();
  });

  it("type-checks under create-vite's settings against the packed package", () => {
    execFileSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', join(app, 'tsconfig.json')], { stdio: 'pipe' });
  });

  it("lists the server's tools with their badges; an untrusted server's hints are unverified", async () => {
    const tools = page.getByRole('list', { name: 'Tools' });
    expect(await tools.getByRole('listitem').count()).toBeGreaterThan(3);
    expect(await tools.getByText('Unverified').count()).toBeGreaterThan(0);
  });

  // The quick start calls with starter arguments (messageType "error"), which bring no assistant-only block:
  // the recipe's test below asks for the debug message, which does.
  it('asks before a call; approved, the result shows', async () => {
    await page.getByRole('button', { name: 'Call get-annotated-message' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Allow Get Annotated Message Tool?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Allow' }).click();
    const card = page.getByRole('article');
    await card.getByRole('status').filter({ hasText: 'Done' }).waitFor({ timeout: 20_000 });
    expect(await page.content()).not.toContain('Cache hit ratio');
    expect(problems).toEqual([]);
  });

  it('denied, nothing runs and the card says so', async () => {
    await page.getByRole('button', { name: 'Call get-env' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await page.getByRole('article').getByRole('status').filter({ hasText: 'Denied' }).waitFor();
  });

  describe("the guide's complete host (examples/recipe.tsx)", () => {
    let host: Page;
    beforeAll(async () => {
      host = await browser.newPage();
      host.on('pageerror', (error) => problems.push(error.message));
      await host.goto(`${appUrl}/recipe.html?server=${encodeURIComponent(server)}`);
      await host.getByRole('button', { name: 'Call trigger-elicitation-request' }).waitFor({ timeout: 30_000 });
    });
    afterAll(() => host?.close());

    const call = async (name: string, args: unknown) => {
      await host.getByRole('textbox', { name: `Arguments for ${name} (JSON)` }).fill(JSON.stringify(args));
      await host.getByRole('button', { name: `Call ${name}` }).click();
      const confirm = host.getByRole('alertdialog', { name: /^Allow / });
      await confirm.getByRole('button', { name: 'Allow' }).click();
      await confirm.waitFor({ state: 'detached' });
      return host.getByRole('article').last();
    };

    it('asks, runs and shows a result', async () => {
      const card = await call('get-annotated-message', { messageType: 'success' });
      await card.getByRole('status').filter({ hasText: 'Done' }).waitFor({ timeout: 20_000 });
      expect(await card.textContent()).toContain('Operation completed successfully');
    });

    it("never shows the debug message's assistant-only block", async () => {
      const card = await call('get-annotated-message', { messageType: 'debug', includeImage: true });
      await card.getByRole('status').filter({ hasText: 'Done' }).waitFor({ timeout: 20_000 });
      await card.getByRole('img').first().waitFor();
      expect(await host.content()).not.toContain('Cache hit ratio');
    });

    it('a call the server refuses (its starter arguments left empty) says why on its card, never nothing', async () => {
      await host.getByRole('button', { name: 'Call trigger-url-elicitation' }).click();
      const confirm = host.getByRole('alertdialog', { name: /^Allow / });
      await confirm.getByRole('button', { name: 'Allow' }).click();
      const card = host.getByRole('article').last();
      await card.getByRole('status').filter({ hasText: 'Failed' }).waitFor({ timeout: 20_000 });
      // The card says it failed, and shows the server's error as text.
      await card.getByText('The tool reported an error').waitFor();
      await card.getByText(/Invalid arguments for tool trigger-url-elicitation/).waitFor();
    });

    it("answers the server's question during a call (elicitation): Decline is an explicit no", async () => {
      const card = await call('trigger-elicitation-request', {});
      const dialog = host.getByRole('dialog', { name: 'Everything server asks for information' });
      await dialog.waitFor({ timeout: 20_000 });
      await dialog.getByRole('button', { name: 'Decline' }).click();
      await card.getByRole('status').filter({ hasText: 'Done' }).waitFor({ timeout: 20_000 });
      expect(await card.textContent()).toContain('decline');
      expect(problems).toEqual([]);
    });
  });
});
