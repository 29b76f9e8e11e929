/**
 * End to end: examples/assistant-ui-react-mcp (an assistant-ui thread on
 * LocalRuntime whose MCP tools come from @assistant-ui/react-mcp in the
 * browser, server-everything over HTTP, a scripted model, and the gate that
 * asks through react-mcp-annotations first), built against the packed
 * package, in real Chromium. The example's /mcp counts every `tools/call`
 * that reaches server-everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openExampleChat, type ExampleChat } from './example-chat.js';

// In server-everything's debug message, for the assistant only.
const DEBUG_TEXT = 'Cache hit ratio';

describe('examples/assistant-ui-react-mcp in Chromium', () => {
  let app: ExampleChat;
  beforeAll(async () => {
    app = await openExampleChat('assistant-ui-react-mcp');
    await app.page.getByRole('status').getByText('server-everything: connected').waitFor({ timeout: 60_000 });
  }, 180_000);
  afterAll(() => app?.close());

  it('type-checks the example against the packed package, assistant-ui 0.15 and react-mcp 0.1.15, with no casts in the page', () => {
    app.typecheck();
  });

  it('nothing runs unasked: asked with the annotations react-mcp drops; denied by keyboard, the call never reaches the server', async () => {
    await app.send('toggle logging');
    const dialog = app.page.getByRole('alertdialog', { name: 'Allow Toggle Simulated Logging?' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await app.executions()).toEqual([]);
    await expect(dialog.getByRole('button', { name: 'Deny' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await app.page.keyboard.press('Enter');
    await app.page.getByText('toggle-simulated-logging was not run.').waitFor({ timeout: 30_000 });
    // The title is the tool's annotated one, which react-mcp's tool list does not carry.
    await expect(app.page.getByRole('article', { name: 'Toggle Simulated Logging' }).last().getAttribute('data-state')).resolves.toBe('denied');
    expect(await app.executions()).toEqual([]);
  });

  it('approved: runs once, with its hints; the assistant-only text is not in the page', async () => {
    await app.send('show me a debug message');
    const dialog = app.page.getByRole('alertdialog', { name: 'Allow Get Annotated Message Tool?' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await app.executions()).toEqual([]);
    await dialog.getByRole('button', { name: 'Allow' }).click();
    await app.page.getByText('Done. get-annotated-message answered.').waitFor({ timeout: 30_000 });
    const card = app.page.getByRole('article', { name: 'Get Annotated Message Tool' }).last();
    await expect(card.getAttribute('data-state')).resolves.toBe('success');
    await card.getByRole('list', { name: 'Tool hints' }).getByText('Read-only').waitFor();
    expect(await app.page.content()).not.toContain(DEBUG_TEXT);
    expect(await app.executions()).toEqual(['get-annotated-message']);
    expect(app.pageErrors).toEqual([]);
  });

  it('annotations that cannot be listed make the tool unknown: still asked, with the worst-case hints, and denied it runs nothing', async () => {
    // A fresh page whose annotation client (clientInfo "annotations") is refused by the network; react-mcp's own client is not.
    const page = await app.page.context().browser()!.newPage();
    await page.route('**/mcp', (route) => (route.request().postData()?.includes('"name":"annotations"') ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue()));
    await page.goto(app.base);
    await page.getByRole('status').getByText('server-everything: connected').waitFor({ timeout: 60_000 });
    const before = await app.executions();
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('show me a debug message');
    await page.getByRole('button', { name: 'Send' }).click();
    // Read-only on a server that lists it, but unknown here: no title, no "Read-only".
    const dialog = page.getByRole('alertdialog', { name: 'Allow get-annotated-message?' });
    await dialog.waitFor({ timeout: 30_000 });
    await expect(dialog.getByText('Read-only').count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await page.getByText('get-annotated-message was not run.').waitFor({ timeout: 30_000 });
    expect(await app.executions()).toEqual(before);
    await page.close();
  });

  it("react-mcp's own tools never reach the runtime: a browser agent (WebMCP) calling a tool as it was first published is asked, and denied runs nothing", async () => {
    const page = await app.page.context().browser()!.newPage();
    // A WebMCP browser: it keeps every tool definition the page publishes, from the first one on.
    await page.addInitScript(() => {
      const published: Array<{ name: string; execute: (input: unknown, client: unknown) => Promise<unknown> }> = [];
      Object.assign(window, { published });
      Object.defineProperty(navigator, 'modelContext', { value: { registerTool: (tool: (typeof published)[number]) => void published.push(tool) } });
    });
    await page.goto(app.base);
    await page.getByRole('status').getByText('server-everything: connected').waitFor({ timeout: 60_000 });
    const before = await app.executions();
    // Every definition ever published for the tool, the first (published as the server connected) included.
    const count = await page.waitForFunction(() => (window as unknown as { published: Array<{ name: string }> }).published.filter((tool) => tool.name === 'everything__toggle-simulated-logging').length);
    expect(await count.jsonValue()).toBeGreaterThan(0);
    const outcomes = page.evaluate(() =>
      Promise.all(
        (window as unknown as { published: Array<{ name: string; execute: (input: unknown, client: unknown) => Promise<unknown> }> }).published
          .filter((tool) => tool.name === 'everything__toggle-simulated-logging')
          .map((tool) => tool.execute({}, {}).then((result) => JSON.stringify(result))),
      ),
    );
    for (let asked = 0; asked < (await count.jsonValue()); asked += 1) {
      const dialog = page.getByRole('alertdialog', { name: 'Allow Toggle Simulated Logging?' });
      await dialog.waitFor({ timeout: 30_000 });
      expect(await app.executions()).toEqual(before);
      await dialog.getByRole('button', { name: 'Deny' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    for (const outcome of await outcomes) expect(outcome).toContain('Not run: the person denied this call.');
    expect(await app.executions()).toEqual(before);
    await page.close();
  });
});
