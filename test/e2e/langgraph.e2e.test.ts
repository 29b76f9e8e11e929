/**
 * End to end: examples/langgraph-chat (LangGraph's `useStream` with its
 * `FetchStreamTransport` → the example's route: LangChain's `createAgent` with
 * `mcpAgentTools` over server-everything on stdio, a scripted model), built
 * against the packed package, in real Chromium. Every response body the
 * browser receives is recorded; the server counts every call that reaches
 * server-everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openExampleChat, type ExampleChat } from './example-chat.js';

// In server-everything's debug message, for the assistant only.
const DEBUG_TEXT = 'Cache hit ratio';

describe('examples/langgraph-chat in Chromium', () => {
  let app: ExampleChat;
  beforeAll(async () => {
    app = await openExampleChat('langgraph-chat');
  }, 180_000);
  afterAll(() => app?.close());

  it('type-checks the example against the packed package and the LangGraph SDK, with no casts in the page', () => {
    app.typecheck();
  });

  it('nothing runs unasked: the card asks with the tool’s annotations; denied by keyboard, the call never reaches the server', async () => {
    await app.send('show me the env');
    const dialog = app.page.getByRole('alertdialog', { name: 'Allow Print Environment Tool?' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await app.executions()).toEqual([]);
    await expect(dialog.getByRole('button', { name: 'Deny' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await app.page.keyboard.press('Enter');
    await app.page.getByText('get-env was not run.').waitFor({ timeout: 30_000 });
    await expect(app.page.getByRole('article', { name: 'Print Environment Tool' }).last().getAttribute('data-state')).resolves.toBe('denied');
    expect(await app.executions()).toEqual([]);
  });

  it('approved: runs once, shows the person’s view; the assistant-only text is in no page and no response body; a replayed answer runs nothing more', async () => {
    await app.send('show me a debug message');
    const dialog = app.page.getByRole('alertdialog', { name: 'Allow Get Annotated Message Tool?' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await app.executions()).toEqual([]);
    await dialog.getByRole('button', { name: 'Allow' }).click();
    await app.page.getByText('Done: get-annotated-message answered.').waitFor({ timeout: 30_000 });
    const card = app.page.getByRole('article', { name: 'Get Annotated Message Tool' }).last();
    await expect(card.getAttribute('data-state')).resolves.toBe('success');
    await card.getByRole('list', { name: 'Tool hints' }).getByText('Read-only').waitFor();
    expect(await app.page.content()).not.toContain(DEBUG_TEXT);
    for (const body of app.bodies) expect(body).not.toContain(DEBUG_TEXT);
    expect(await app.executions()).toEqual(['get-annotated-message']);
    expect(app.pageErrors).toEqual([]);

    // The request that carried the approval, posted again as it was (as the page: same-origin).
    const approving = app.requests.findLast((body) => body.includes('"approved":true'));
    expect(approving).toBeDefined();
    const response = await fetch(`${app.base}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: approving });
    await response.text();
    expect(await app.executions()).toEqual(['get-annotated-message']);
  });
});
