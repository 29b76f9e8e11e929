/**
 * One chat example served by Vite against the packed package, open in real
 * Chromium, with what the browser sent and received recorded and the calls
 * that reached server-everything counted by the example's `/api/log`. The
 * AI SDK, assistant-ui, TanStack AI and CopilotKit end-to-end tests share it.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
// @ts-expect-error plain ESM helper without types
import { pack, root, unpackInto } from '../../scripts/pack.mjs';
import { chromiumLaunch } from '../../vitest.config.js';

export interface ExampleChat {
  dir: string;
  base: string;
  page: Page;
  /** Every response body from the app, in order. */
  bodies: string[];
  /** Every body the page posted to its chat route (/api/chat, or a run of the CopilotKit runtime). */
  requests: string[];
  pageErrors: string[];
  /** The tool names that reached the MCP server, in order. */
  executions(): Promise<string[]>;
  /** Types a message and sends it. */
  send(text: string): Promise<void>;
  /** Type-checks the example against the packed package. */
  typecheck(): void;
  close(): Promise<void>;
}

/** Unpacks the package into `examples/<name>` (and `alsoInto`, which serve its route), starts it and opens it. */
export async function openExampleChat(name: string, alsoInto: string[] = []): Promise<ExampleChat> {
  const dir = join(root as string, 'examples', name);
  const tarball = pack();
  for (const target of [name, ...alsoInto]) unpackInto(tarball, join(root as string, 'examples', target));
  const vite: ViteDevServer = await createServer({ configFile: join(dir, 'vite.config.ts'), server: { port: 0 }, logLevel: 'error' });
  await vite.listen();
  const base = `http://127.0.0.1:${(vite.httpServer!.address() as { port: number }).port}`;
  const browser: Browser = await chromium.launch(chromiumLaunch);
  const page = await browser.newPage();
  const bodies: string[] = [];
  const requests: string[] = [];
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => {
    if (request.url() === `${base}/api/chat` || request.url().startsWith(`${base}/api/copilotkit/agent/`)) requests.push(request.postData() ?? '');
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
  return {
    dir,
    base,
    page,
    bodies,
    requests,
    pageErrors,
    executions: async () => ((await (await fetch(`${base}/api/log`)).json()) as { executions: Array<{ toolName: string }> }).executions.map((e) => e.toolName),
    async send(text) {
      await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
      await page.getByRole('button', { name: 'Send' }).click();
    },
    typecheck: () => void execFileSync(process.execPath, [join(root as string, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], { stdio: 'inherit' }),
    async close() {
      await browser.close();
      await vite.close();
    },
  };
}
