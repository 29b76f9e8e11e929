/**
 * The shadcn registry, used as a host uses it: a Vite app as `npx shadcn init`
 * leaves it (test/fixtures/shadcn-host, with the guide's back end in
 * mcp-back-end.ts) gets the packed package, then the shadcn CLI adds
 * `mcp-consent` and `mcp-tool-call-card` from the registry files inside that
 * package. shadcn's own items (Button, the neutral colours) come from a copy
 * of ui.shadcn.com served on 127.0.0.1 (REGISTRY_URL), as this machine cannot
 * reach it. The app gets the guide's page, type-checks, builds with Vite and
 * runs under `vite preview` in real Chromium against real server-memory and
 * server-everything over stdio: the copied card asks before a destructive
 * call, a denial calls nothing (every request to the back end is counted),
 * and an assistant-only block never reaches the page.
 */
import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
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
  const calls: string[] = [];
  const bodies: string[] = [];
  const problems: string[] = [];
  let mirror: Server;
  let served: PreviewServer;
  let browser: Browser;
  let base = '';
  let cli = '';
  let cliErr = '';
  let packageJson = '';
  let restoreConsole = () => undefined;

  beforeAll(async () => {
    rmSync(app, { recursive: true, force: true });
    cpSync(join(repo, 'test/fixtures/shadcn-host'), app, { recursive: true });
    cpSync(join(repo, 'stories/guide/code/shadcn-page.tsx'), join(app, 'src/mcp-page.tsx'));
    // Tailwind skips git-ignored folders, and this copy sits in one; a real app's sources are not ignored.
    appendFileSync(join(app, 'src/index.css'), '\n@source "./";\n');
    unpackInto(pack(), app);
    packageJson = readFileSync(join(app, 'package.json'), 'utf8');

    mirror = createServer((request, response) => {
      const item = shadcnMirror(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
      response.writeHead(item ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(item ?? { error: 'not found' }));
    });
    const mirrorPort = await freePort();
    await new Promise<void>((resolve) => mirror.listen(mirrorPort, '127.0.0.1', resolve));
    // What the guide says to run, with the item files from the installed package.
    const files = items.map((item) => `./node_modules/react-mcp-annotations/dist/registry/${item}.json`);
    // Not execFileSync: the mirror answering the CLI runs in this process.
    ({ stdout: cli, stderr: cliErr } = await promisify(execFile)(process.execPath, [join(repo, 'node_modules/shadcn/dist/index.js'), 'add', ...files, '--yes'], { cwd: app, env: { ...process.env, REGISTRY_URL: `http://127.0.0.1:${mirrorPort}/r` }, timeout: 120_000 }));

    await build({ root: app, configFile: join(app, 'vite.config.ts'), logLevel: 'error' });
    const port = await freePort();
    served = await preview({ root: app, configFile: join(app, 'vite.config.ts'), preview: { port, strictPort: true, host: '127.0.0.1' }, logLevel: 'error' });
    base = `http://127.0.0.1:${port}`;
    browser = await chromium.launch(chromiumLaunch);
    // Every call that reaches an MCP server passes the back end's log line (it runs in this process, under vite preview).
    const info = console.info;
    console.info = (...args: unknown[]) => {
      const call = /^\[mcp\] call (.+)$/.exec(String(args[0]));
      if (call) calls.push(call[1]!);
      else info(...args);
    };
    restoreConsole = () => void (console.info = info);
  }, 180_000);

  afterAll(async () => {
    restoreConsole();
    await browser?.close();
    await served?.close();
    mirror?.close();
  });

  const open = async (query = '') => {
    const page = await browser.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    // What the back end answered the page's calls.
    page.on('response', (response) => void (response.url().endsWith('/api/call') && response.text().then((text) => bodies.push(text), () => undefined)));
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
    await page.goto(`${base}/${query}`);
    // The first page starts both servers (npx, then each server's own start).
    await page.getByRole('button', { name: 'Call delete_entities' }).waitFor({ timeout: 60_000 });
    return page;
  };
  /** axe's colour-contrast check on the page as it is (the copied items in the app's shadcn theme). */
  const contrastViolations = async (page: Page) => {
    await page.addScriptTag({ path: join(repo, 'node_modules/axe-core/axe.min.js') });
    const result = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ nodes: Array<{ target: string[]; failureSummary: string }> }> }> } }).axe.run(document, { runOnly: ['color-contrast'] }));
    return result.violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`));
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

  it("type-checks under create-vite's settings (the page, and vite.config.ts with the back end)", () => {
    execFileSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-b', join(app, 'tsconfig.json')], { stdio: 'pipe' });
  });

  it("the back end refuses a call it cannot read, and one for a server it does not have, and runs nothing", async () => {
    const post = (body: string) => fetch(`${base}/api/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (response) => [response.status, await response.json()]);
    for (const body of ['not json', '{}', '{"serverId":"memory","name":"read_graph","args":[]}', '{"serverId":"__proto__","name":"x","args":{}}', '{"serverId":"toString","name":"x","args":{}}', 'null']) {
      expect(await post(body), body).toEqual([400, { error: 'Expected { serverId, name, args }.' }]);
    }
    const call = '{"serverId":"memory","name":"delete_entities","args":{"entityNames":["x"]}}';
    // Another site's page, plain text (sent without asking first), and a body too large: refused before reading.
    const raw = (init: RequestInit) => fetch(`${base}/api/call`, { method: 'POST', ...init }).then((response) => response.status);
    expect(await raw({ headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, body: call })).toBe(403);
    expect(await raw({ headers: { 'content-type': 'text/plain' }, body: call })).toBe(415);
    expect(await raw({ headers: { 'content-type': 'application/json' }, body: `{"serverId":"memory","name":"x","args":{"pad":"${'x'.repeat(1_100_000)}"}}` })).toBe(413);
    expect(calls).toEqual([]);
    // A tool the server does not have: the server's own error result, as for any call.
    const [status, answer] = await post('{"serverId":"memory","name":"no_such_tool","args":{}}');
    expect([status, JSON.stringify(answer)]).toEqual([200, expect.stringContaining('no_such_tool')]);
    expect(calls).toEqual(['memory/no_such_tool']);
  });

  it('the copied card asks in place before a destructive call; denied, nothing runs', async () => {
    calls.length = 0;
    const page = await open();
    await page.getByRole('button', { name: 'Call delete_entities' }).click();
    const card = page.getByRole('article');
    const approval = card.getByRole('region', { name: 'Needs your approval' });
    const allow = approval.getByRole('button', { name: 'Allow destructive action' });
    await allow.waitFor();
    // The host's Button look, with the destructive colour the part's own data-risk gives it.
    expect(await allow.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(await color(page, 'var(--destructive)'));
    expect(await card.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(await color(page, 'var(--card)'));
    expect(await contrastViolations(page)).toEqual([]);
    await approval.getByRole('button', { name: 'Deny' }).click();
    await card.getByRole('status').filter({ hasText: 'Denied' }).waitFor();
    expect(calls).toEqual([]);
    await page.close();
  });

  it.each(['light', 'dark'])('approved, the call runs once and its assistant-only block never reaches the page (%s)', async (theme) => {
    calls.length = 0;
    bodies.length = 0;
    const page = await open(`?theme=${theme}`);
    await page.getByRole('textbox', { name: /^Arguments/ }).fill('{"messageType":"debug"}');
    await page.getByRole('button', { name: 'Call get-annotated-message' }).click();
    const card = page.getByRole('article');
    await card.getByRole('button', { name: 'Allow' }).click();
    await card.getByRole('status').filter({ hasText: 'Done' }).waitFor({ timeout: 20_000 });
    expect(calls).toEqual(['everything/get-annotated-message']);
    // The server did send it, for the assistant only.
    await expect.poll(() => bodies.join('')).toContain('Debug: Cache hit ratio');
    expect(await page.content()).not.toContain('Cache hit ratio');
    expect(await contrastViolations(page)).toEqual([]);
    await page.close();
  });

  it('as a dialog, in dark: the copied confirmation asks with the theme; denied, nothing runs', async () => {
    calls.length = 0;
    const page = await open('?approval=dialog&theme=dark');
    await page.getByRole('button', { name: 'Call delete_entities' }).click();
    const dialog = page.getByRole('alertdialog', { name: /^Allow .*\?$/ });
    const allow = dialog.getByRole('button', { name: 'Allow destructive action' });
    await allow.waitFor();
    // shadcn's destructive Button in dark: its colour at 60%, so white text stays readable.
    expect(await allow.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(await color(page, 'color-mix(in oklab, var(--destructive) 60%, transparent)'));
    expect(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(await color(page, 'var(--background)'));
    expect(await contrastViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await page.getByRole('article').getByRole('status').filter({ hasText: 'Denied' }).waitFor();
    expect(calls).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
