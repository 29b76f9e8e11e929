/**
 * End to end: examples/tanstack-ai-chat (TanStack AI's `useChat` →
 * the example's route: `chat()` with `mcpChatTools` over server-everything
 * on stdio, a scripted model), built against the packed package, in real
 * Chromium. Every response body the browser receives is recorded; the server
 * counts every call that reaches server-everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openExampleChat, type ExampleChat } from './example-chat.js';

// In server-everything's debug message, for the assistant only.
const DEBUG_TEXT = 'Cache hit ratio';

describe('examples/tanstack-ai-chat in Chromium', () => {
  let app: ExampleChat;
  beforeAll(async () => {
    app = await openExampleChat('tanstack-ai-chat');
  }, 180_000);
  afterAll(() => app?.close());

  it('type-checks the example against the packed package and TanStack AI 0.58, with no casts in the page', () => {
    app.typecheck();
  });

  it('nothing runs unasked: the card asks with the annotations TanStack AI does not send; denied, the call never reaches the server', async () => {
    await app.send('toggle logging');
    const dialog = app.page.getByRole('alertdialog', { name: 'Allow Toggle Simulated Logging?' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await app.executions()).toEqual([]);
    // TanStack AI takes no new message while a question is open: Send waits for the answer.
    await expect(app.page.getByRole('button', { name: 'Send', includeHidden: true }).isDisabled()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: 'Deny' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await app.page.keyboard.press('Enter');
    await app.page.getByText(/The tool was not run/).waitFor({ timeout: 30_000 });
    await expect(app.page.getByRole('article', { name: 'Toggle Simulated Logging' }).last().getAttribute('data-state')).resolves.toBe('denied');
    expect(await app.executions()).toEqual([]);
  });

  it('approved: runs once; the assistant-only text is in no page and no response body', async () => {
    await app.send('show me a debug message');
    const dialog = app.page.getByRole('alertdialog', { name: 'Allow Get Annotated Message Tool?' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await app.executions()).toEqual([]);
    await dialog.getByRole('button', { name: 'Allow' }).click();
    await app.page.getByText('Done. The tool answered.').waitFor({ timeout: 30_000 });
    const card = app.page.getByRole('article', { name: 'Get Annotated Message Tool' }).last();
    await expect(card.getAttribute('data-state')).resolves.toBe('success');
    await card.getByRole('list', { name: 'Tool hints' }).getByText('Read-only').waitFor();
    expect(await app.page.content()).not.toContain(DEBUG_TEXT);
    expect(app.bodies.length).toBeGreaterThan(1);
    for (const body of app.bodies) expect(body).not.toContain(DEBUG_TEXT);
    expect(await app.executions()).toEqual(['get-annotated-message']);
    // The second question rebuilt every part from the server's snapshot: the first call still reads as denied.
    await expect(app.page.getByRole('article', { name: 'Toggle Simulated Logging' }).first().getAttribute('data-state')).resolves.toBe('denied');
    expect(app.pageErrors).toEqual([]);
  });

  it('a replayed approval runs nothing more', async () => {
    // The request that carried the person's approval, posted again as it was (as the page: same-origin).
    const approving = app.requests.findLast((body) => body.includes('"approved":true'));
    expect(approving).toBeDefined();
    const before = await app.executions();
    const response = await fetch(`${app.base}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: approving });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Refused by the consent policy.');
    expect(await app.executions()).toEqual(before);
  });
});
