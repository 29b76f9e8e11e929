/**
 * The shadcn registry, used as a host uses it: a Vite app as `npx shadcn init`
 * leaves it (test/fixtures/shadcn-host) gets the packed package, then the
 * shadcn CLI adds `mcp-consent` and `mcp-tool-call-card` from the registry
 * files inside that package. shadcn's own items (Button, the neutral colours)
 * come from a copy of ui.shadcn.com served on 127.0.0.1 (REGISTRY_URL), as
 * this machine cannot reach it. The app gets the guide's page, type-checks,
 * builds with Vite, and runs in real Chromium against real server-memory and
 * server-everything (over stdio, behind the app's back end, which counts each
 * `tools/call`): the copied card asks before a destructive call, a denial runs
 * nothing, and an assistant-only block never reaches the page.
 */
import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { pack, root, unpackInto } from '../../scripts/pack.mjs';
import { chromiumLaunch } from '../../vitest.config.js';
import { freePort } from '../helpers/free-port.js';

const repo = root as string;
const app = join(repo, 'test/package/.shadcn-host');
const items = ['mcp-consent', 'mcp-tool-call-card'];
const added = ['src/components/ui/button.tsx', ...['consent-provider', 'tool-confirm', 'elicitation-dialog', 'sampling-dialog', 'tool-call-card'].map((name) => `src/components/mcp/${name}.tsx`)];

/** What ui.shadcn.com serves for the items the registry's items depend on, from this repository's copies. */
function shadcnMirror(path: string): unknown {
  if (path === '/r/colors/neutral.json') return JSON.parse(readFileSync(join(repo, 'test/fixtures/shadcn/colors/neutral.json'), 'utf8'));
  if (path !== '/r/styles/new-york-v4/button.json') return undefined;
  // The copy's two header lines say where it comes from; the item is the file below them.
  const content = readFileSync(join(repo, 'test/fixtures/shadcn/ui/button.tsx'), 'utf8').split('\n').slice(2).join('\n');
  return { name: 'button', type: 'registry:ui', dependencies: ['radix-ui'], files: [{ path: 'registry/new-york-v4/ui/button.tsx', content, type: 'registry:ui' }] };
}

describe('the shadcn registry in a fresh shadcn app', () => {
  const clients = new Map<string, Client>();
  const calls: string[] = [];
  const results: unknown[] = [];
  const problems: string[] = [];
  let server: Server;
  let browser: Browser;
  let base = '';
  let cli = '';
  let cliErr = '';
  let packageJson = '';

  const connect = async (serverId: string, script: string, args: string[], env: Record<string, string> = {}) => {
    const client = new Client({ name: 'shadcn-host', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(repo, 'node_modules/@modelcontextprotocol', script), ...args], env: { ...(process.env as Record<string, string>), ...env }, stderr: 'ignore' }));
    clients.set(serverId, client);
  };

  // The app's back end: the shadcn mirror for the CLI, the built app, and the MCP clients.
  const handle = async (url: URL, body: string): Promise<{ type: string; body: string | Buffer } | undefined> => {
    const json = (value: unknown) => ({ type: 'application/json', body: JSON.stringify(value) });
    const mirrored = shadcnMirror(url.pathname);
    if (mirrored) return json(mirrored);
    if (url.pathname === '/api/tools') {
      const all = [];
      for (const [serverId, client] of clients) for (const tool of (await client.listTools()).tools) all.push({ serverId, tool });
      return json(all);
    }
    if (url.pathname === '/api/call') {
      const { serverId, name, args } = JSON.parse(body) as { serverId: string; name: string; args: Record<string, unknown> };
      calls.push(`${serverId}/${name}`);
      const result = await clients.get(serverId)!.callTool({ name, arguments: args });
      results.push(result);
      return json(result);
    }
    const dist = join(app, 'dist');
    const file = normalize(join(dist, url.pathname === '/' ? 'index.html' : url.pathname));
    if (!file.startsWith(dist) || !existsSync(file)) return undefined;
    return { type: { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }[extname(file)] ?? 'application/octet-stream', body: readFileSync(file) };
  };

  beforeAll(async () => {
    rmSync(app, { recursive: true, force: true });
    cpSync(join(repo, 'test/fixtures/shadcn-host'), app, { recursive: true });
    cpSync(join(repo, 'stories/guide/code/shadcn-page.tsx'), join(app, 'src/mcp-page.tsx'));
    // Tailwind skips git-ignored folders, and this copy sits in one; a real app's sources are not ignored.
    appendFileSync(join(app, 'src/index.css'), '\n@source "./";\n');
    unpackInto(pack(), app);
    packageJson = readFileSync(join(app, 'package.json'), 'utf8');

    await connect('memory', 'server-memory/dist/index.js', [], { MEMORY_FILE_PATH: join(mkdtempSync(join(tmpdir(), 'rma-memory-')), 'memory.jsonl') });
    await connect('everything', 'server-everything/dist/index.js', ['stdio']);
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk));
      request.on('end', () => {
        handle(new URL(request.url ?? '/', 'http://127.0.0.1'), body).then(
          (answer) => {
            response.writeHead(answer ? 200 : 404, { 'content-type': answer?.type ?? 'text/plain' });
            response.end(answer?.body ?? 'not found');
          },
          (error: unknown) => {
            response.writeHead(500).end(String(error));
          },
        );
      });
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${port}`;

    // What the guide says to run, with the item files from the installed package.
    const files = items.map((item) => `./node_modules/react-mcp-annotations/dist/registry/${item}.json`);
    // Not execFileSync: the mirror answering the CLI runs in this process.
    ({ stdout: cli, stderr: cliErr } = await promisify(execFile)(process.execPath, [join(repo, 'node_modules/shadcn/dist/index.js'), 'add', ...files, '--yes'], { cwd: app, env: { ...process.env, REGISTRY_URL: `${base}/r` }, timeout: 120_000 }));
    await build({ configFile: join(app, 'vite.config.ts'), logLevel: 'error' });
    browser = await chromium.launch(chromiumLaunch);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
    for (const client of clients.values()) await client.close();
  });

  const open = async (query = '') => {
    const page = await browser.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
    await page.goto(`${base}/${query}`);
    await page.getByRole('button', { name: 'Call delete_entities' }).waitFor({ timeout: 30_000 });
    return page;
  };
  /** The colour a CSS value computes to on this page (to compare a button's background with the theme's token). */
  const color = (page: Page, value: string) =>
    page.evaluate((css) => {
      const probe = document.body.appendChild(document.createElement('i'));
      probe.style.color = css;
      const computed = getComputedStyle(probe).color;
      probe.remove();
      return computed;
    }, value);

  it('the shadcn CLI copies the items and Button in from the package, and installs nothing', () => {
    for (const file of added) expect(existsSync(join(app, file)), file).toBe(true);
    expect(readFileSync(join(app, 'src/components/mcp/tool-confirm.tsx'), 'utf8')).toBe(readFileSync(join(repo, 'registry/mcp/tool-confirm.tsx'), 'utf8'));
    expect(readFileSync(join(app, 'package.json'), 'utf8')).toBe(packageJson);
    expect(cli + cliErr).toContain('Created 6 files');
  });

  it("type-checks under shadcn's Vite settings", () => {
    execFileSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', join(app, 'tsconfig.json')], { stdio: 'pipe' });
  });

  it('the copied card asks in place before a destructive call; denied, nothing runs', async () => {
    const page = await open();
    await page.getByRole('button', { name: 'Call delete_entities' }).click();
    const card = page.getByRole('article');
    const approval = card.getByRole('region', { name: 'Needs your approval' });
    const allow = approval.getByRole('button', { name: 'Allow destructive action' });
    await allow.waitFor();
    // The host's Button look, with the destructive colour the part's own data-risk gives it.
    expect(await allow.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(await color(page, 'var(--destructive)'));
    expect(await card.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(await color(page, 'var(--card)'));
    await approval.getByRole('button', { name: 'Deny' }).click();
    await card.getByRole('status').filter({ hasText: 'Denied' }).waitFor();
    expect(calls).toEqual([]);
    await page.close();
  });

  it('approved, the call runs once and its assistant-only block never reaches the page', async () => {
    const page = await open();
    await page.getByRole('textbox', { name: /^Arguments/ }).fill('{"messageType":"debug"}');
    await page.getByRole('button', { name: 'Call get-annotated-message' }).click();
    const card = page.getByRole('article');
    await card.getByRole('button', { name: 'Allow' }).click();
    await card.getByRole('status').filter({ hasText: 'Done' }).waitFor({ timeout: 20_000 });
    expect(calls).toEqual(['everything/get-annotated-message']);
    // The server did send it, for the assistant only.
    expect(JSON.stringify(results)).toContain('Debug: Cache hit ratio');
    expect(await page.content()).not.toContain('Cache hit ratio');
    await page.close();
  });

  it('as a dialog, in dark: the copied confirmation asks with the theme; denied, nothing runs', async () => {
    const page = await open('?approval=dialog&theme=dark');
    calls.length = 0;
    await page.getByRole('button', { name: 'Call delete_entities' }).click();
    const dialog = page.getByRole('alertdialog', { name: /^Allow .*\?$/ });
    const allow = dialog.getByRole('button', { name: 'Allow destructive action' });
    await allow.waitFor();
    // shadcn's destructive Button in dark: its colour at 60%, so white text stays readable.
    expect(await allow.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(await color(page, 'color-mix(in oklab, var(--destructive) 60%, transparent)'));
    expect(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(await color(page, 'var(--background)'));
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await page.getByRole('article').getByRole('status').filter({ hasText: 'Denied' }).waitFor();
    expect(calls).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
