/**
 * End to end: examples/assistant-ui-chat (an assistant-ui thread on
 * `useChatRuntime` → createMcpChatRoute → streamText with @ai-sdk/mcp tools
 * of server-everything and the scripted model), built against the packed
 * package, in real Chromium. Every response body the browser receives is
 * recorded; the server counts every call that reaches server-everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openExampleChat, type ExampleChat } from './example-chat.js';

// In server-everything's debug message, for the assistant only.
const DEBUG_TEXT = 'Cache hit ratio';

describe('examples/assistant-ui-chat in Chromium', () => {
  let app: ExampleChat;
  beforeAll(async () => {
    app = await openExampleChat('assistant-ui-chat', ['ai-sdk-chat']);
  }, 180_000);
  afterAll(() => app?.close());

  it('type-checks the example against the packed package, assistant-ui 0.15 and ai 7, with no casts', () => {
    app.typecheck();
  });

  it('nothing runs unasked: the card asks with the annotations the converter drops; denied, the call never reaches the server', async () => {
    await app.send('toggle logging');
    const dialog = app.page.getByRole('alertdialog', { name: 'Allow Toggle Simulated Logging?' });
    await dialog.waitFor({ timeout: 30_000 });
    // Asking is not running.
    expect(await app.executions()).toEqual([]);
    await expect(dialog.getByRole('button', { name: 'Deny' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await app.page.keyboard.press('Enter');
    await app.page.getByText(/toggle-simulated-logging was not run/).waitFor({ timeout: 30_000 });
    // The card's title is the tool's annotated title, which only toolMetadata carries.
    await expect(app.page.getByRole('article', { name: 'Toggle Simulated Logging' }).last().getAttribute('data-state')).resolves.toBe('denied');
    expect(await app.executions()).toEqual([]);
  });

  it('approved: runs once; the assistant-only text is in no page and no response body', async () => {
    await app.send('show me a debug message');
    const dialog = app.page.getByRole('alertdialog', { name: 'Allow Get Annotated Message Tool?' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await app.executions()).toEqual([]);
    await dialog.getByRole('button', { name: 'Allow' }).click();
    await app.page.getByText(/Done\. get-annotated-message answered/).waitFor({ timeout: 30_000 });
    const card = app.page.getByRole('article', { name: 'Get Annotated Message Tool' }).last();
    await expect(card.getAttribute('data-state')).resolves.toBe('success');
    await card.getByRole('list', { name: 'Tool hints' }).getByText('Read-only').waitFor();
    expect(await app.page.content()).not.toContain(DEBUG_TEXT);
    expect(app.bodies.length).toBeGreaterThan(1);
    for (const body of app.bodies) expect(body).not.toContain(DEBUG_TEXT);
    expect(await app.executions()).toEqual(['get-annotated-message']);
    expect(app.pageErrors).toEqual([]);
  });

  it('a replayed approval runs nothing more', async () => {
    // The request that carried the person's approval, posted again as it was.
    const approving = app.requests.findLast((body) => body.includes('"approved":true'));
    expect(approving).toBeDefined();
    const before = await app.executions();
    const response = await fetch(`${app.base}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: approving });
    expect(await response.text()).not.toContain('tool-output-available');
    expect(await app.executions()).toEqual(before);
  });
});
