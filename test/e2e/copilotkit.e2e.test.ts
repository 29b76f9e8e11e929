/**
 * End to end: examples/copilotkit-chat (CopilotKit's `CopilotChat`, v2 →
 * the example's `CopilotRuntime`: the built-in agent with
 * `mcpAgentMiddleware` over server-everything on stdio, a scripted model),
 * built against the packed package, in real Chromium. Every response body the
 * browser receives is recorded; the server counts every call that reaches
 * server-everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openExampleChat, type ExampleChat } from './example-chat.js';

// In server-everything's debug message, for the assistant only.
const DEBUG_TEXT = 'Cache hit ratio';

describe('examples/copilotkit-chat in Chromium', () => {
  let app: ExampleChat;
  /** CopilotChat's own composer: Enter sends, once CopilotKit has reached the runtime (until then it keeps the text). */
  const send = async (text: string) => {
    const composer = app.page.getByRole('textbox');
    await composer.fill(text);
    // By CSS: once the question opens as a modal dialog, the composer is outside the accessibility tree.
    const field = app.page.locator('textarea');
    for (let tries = 0; tries < 60 && (await field.inputValue()) !== ''; tries++) {
      await field.press('Enter');
      await app.page.waitForTimeout(500);
    }
    expect(await field.inputValue()).toBe('');
  };
  beforeAll(async () => {
    app = await openExampleChat('copilotkit-chat');
  }, 180_000);
  afterAll(() => app?.close());

  it('type-checks the example against the packed package and CopilotKit 1.74/1.75, with no casts in the page', () => {
    app.typecheck();
  });

  it('nothing runs unasked: the card asks with the annotations CopilotKit does not send; denied, the call never reaches the server', async () => {
    await send('toggle logging');
    const dialog = app.page.getByRole('alertdialog', { name: 'Allow Toggle Simulated Logging?' });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByText('This server is not trusted, so every call needs your approval.').waitFor();
    expect(await app.executions()).toEqual([]);
    await expect(dialog.getByRole('button', { name: 'Deny' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await app.page.keyboard.press('Enter');
    await app.page.getByText('The tool was not run (you declined).').waitFor({ timeout: 30_000 });
    const card = app.page.getByRole('article', { name: 'Toggle Simulated Logging' });
    await expect(card.getAttribute('data-state')).resolves.toBe('denied');
    await card.getByRole('list', { name: 'Tool hints' }).getByText('Writes').waitFor();
    expect(await app.executions()).toEqual([]);
  });

  it('approved: runs once; the assistant-only text is in no page and no response body', async () => {
    await send('show me a debug message');
    const dialog = app.page.getByRole('alertdialog', { name: 'Allow Get Annotated Message Tool?' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await app.executions()).toEqual([]);
    await dialog.getByRole('button', { name: 'Allow' }).click();
    await app.page.getByText('Done. The tool answered.').waitFor({ timeout: 30_000 });
    const card = app.page.getByRole('article', { name: 'Get Annotated Message Tool' });
    await expect(card.getAttribute('data-state')).resolves.toBe('success');
    await card.getByRole('list', { name: 'Tool hints' }).getByText('Read-only').waitFor();
    expect(await app.page.content()).not.toContain(DEBUG_TEXT);
    expect(app.bodies.length).toBeGreaterThan(1);
    for (const body of app.bodies) expect(body).not.toContain(DEBUG_TEXT);
    expect(await app.executions()).toEqual(['get-annotated-message']);
    // The first call still reads as denied.
    await expect(app.page.getByRole('article', { name: 'Toggle Simulated Logging' }).getAttribute('data-state')).resolves.toBe('denied');
    expect(app.pageErrors).toEqual([]);
  });

  it('a replayed approval runs nothing more', async () => {
    // The request that carried the person's approval, posted again as it was (as the page: same-origin).
    const approving = app.requests.findLast((body) => body.includes('"approved":true'));
    expect(approving).toBeDefined();
    const before = await app.executions();
    const response = await fetch(`${app.base}/api/copilotkit/agent/default/run`, { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: approving });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('approval-replayed');
    expect(await app.executions()).toEqual(before);
  });

  it('a request from another site runs nothing: the example’s chatId refuses it', async () => {
    const approving = app.requests.findLast((body) => body.includes('"approved":true'))!;
    const before = await app.executions();
    const response = await fetch(`${app.base}/api/copilotkit/agent/default/run`, { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, body: approving });
    expect(await response.text()).toContain('RUN_ERROR');
    expect(await app.executions()).toEqual(before);
  });
});
