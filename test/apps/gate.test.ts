// The app gate: every action an MCP App asks for goes through the consent engine, one queue, one record per action (kind 'app').
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { aiSdkAppHandlers, createAppGate, readAppResource, type AppGateOptions, type AppRecord, type PendingAppAction } from '../../src/apps/index.js';
import { aiSdkAllowedPermissions } from '../../src/apps/ai-sdk.js';
type ConsentRecord = CoreRecord | AppRecord;
type PendingConsent = CorePending | PendingAppAction;
import type { ConsentRecord as CoreRecord, PendingConsent as CorePending } from '../../src/core/index.js';
import { createAppsController } from '../helpers/kinds.js';

const app = { serverId: 'pdf', resourceUri: 'ui://pdf/viewer.html', name: 'PDF viewer', version: '2.0.4', fingerprint: 'sha256:one' };
const tools = [
  { name: 'read_page', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
  { name: 'save_note', inputSchema: { type: 'object' }, annotations: { readOnlyHint: false, destructiveHint: false }, _meta: { ui: { visibility: ['app'] } } },
  { name: 'wipe_all', inputSchema: { type: 'object' }, annotations: { destructiveHint: true }, _meta: { ui: { visibility: ['model'] } } },
];

function setup(overrides: Partial<AppGateOptions> = {}, trust: 'trusted' | 'untrusted' = 'trusted') {
  const records: ConsentRecord[] = [];
  const controller = createAppsController({ servers: { pdf: { trust }, files: { trust: 'trusted' } }, toolLists: { pdf: tools, files: [{ name: 'delete_file', inputSchema: { type: 'object' } }] }, onDecision: (record) => records.push(record), now: 1 });
  const callTool = vi.fn(async () => ({ content: [{ type: 'text', text: 'done' }] }));
  const gate = createAppGate({ controller, app, tools: () => ({ tools }), callTool, ...overrides });
  const current = () => controller.getSnapshot().current as PendingConsent | undefined;
  const appRecords = () => records.filter((record): record is AppRecord => record.kind === 'app');
  return { controller, gate, callTool, records, appRecords, current };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Denies every prompt as it comes up; returns how many there were. */
async function denyAll(controller: ReturnType<typeof createAppsController>): Promise<number> {
  let prompts = 0;
  for (let current = controller.getSnapshot().current; current; current = controller.getSnapshot().current) {
    prompts++;
    controller.respond(current.id, { action: 'deny' });
    await tick();
  }
  return prompts;
}

describe('tool calls from an app', () => {
  it('a model-only destructive tool never runs, and nobody is asked', async () => {
    const { gate, callTool, appRecords, current } = setup();
    const result = await gate.callTool({ name: 'wipe_all', arguments: {} });
    expect(result).toMatchObject({ isError: true });
    expect(callTool).not.toHaveBeenCalled();
    expect(current()).toBeUndefined();
    expect(appRecords()).toEqual([expect.objectContaining({ kind: 'app', outcome: 'blocked', action: { type: 'tool-call', detail: 'wipe_all' }, reasons: [expect.objectContaining({ code: 'app-tool-not-for-app' })] })]);
  });
  it("another server's tool is refused (cross-server); an unknown one too", async () => {
    const { gate, callTool, appRecords } = setup();
    await gate.callTool({ name: 'delete_file' });
    await gate.callTool({ name: 'nobody_has_this' });
    expect(callTool).not.toHaveBeenCalled();
    expect(appRecords().map((record) => record.reasons[0]?.code)).toEqual(['app-cross-server', 'unknown-tool']);
  });
  it('an app tool that may write asks a person even on a trusted server, names the app, and runs once when allowed', async () => {
    const { gate, callTool, controller, current, appRecords } = setup();
    const pending = gate.callTool({ name: 'save_note', arguments: { text: 'x' } });
    await tick();
    const prompt = current();
    expect(prompt).toMatchObject({ kind: 'tool', app: { name: 'PDF viewer', version: '2.0.4', resourceUri: 'ui://pdf/viewer.html' } });
    controller.respond(prompt!.id, { action: 'approve' });
    controller.respond(prompt!.id, { action: 'approve' });
    expect(await pending).toEqual({ content: [{ type: 'text', text: 'done' }] });
    expect(callTool).toHaveBeenCalledExactlyOnceWith({ name: 'save_note', arguments: { text: 'x' } });
    expect(appRecords()).toEqual([expect.objectContaining({ outcome: 'allowed', decidedBy: 'user', action: { type: 'tool-call', detail: 'save_note' } })]);
  });
  it('names that are keys of every object (__proto__, constructor, toString) are just names: refused, nothing runs', async () => {
    const { gate, callTool, appRecords } = setup();
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(await gate.callTool({ name })).toMatchObject({ isError: true });
    expect(callTool).not.toHaveBeenCalled();
    expect(appRecords().map((record) => record.reasons[0]?.code)).toEqual(['unknown-tool', 'unknown-tool', 'unknown-tool', 'unknown-tool']);
  });
  it('a read-only tool of a trusted server runs without asking; allowedTools lists only app-visible tools', async () => {
    const { gate, callTool } = setup();
    await gate.callTool({ name: 'read_page' });
    expect(callTool).toHaveBeenCalledOnce();
    expect(gate.allowedTools()).toEqual(['read_page', 'save_note']);
  });
  it('property: callTool runs only an app-visible tool of this server that a person (or policy) allowed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom('read_page', 'save_note', 'wipe_all', 'delete_file', ''), fc.string(), fc.anything()), fc.boolean(), async (name, approve) => {
        const { gate, callTool, controller, current } = setup({}, 'untrusted');
        const pending = gate.callTool({ name, arguments: { a: 1 } });
        await tick();
        const prompt = current();
        if (prompt) controller.respond(prompt.id, approve ? { action: 'approve' } : { action: 'deny' });
        await pending;
        const ran = callTool.mock.calls.length > 0;
        expect(ran).toBe(approve && (name === 'read_page' || name === 'save_note'));
      }),
      { numRuns: 120 },
    );
  });
});

describe('links, messages, context, downloads', () => {
  it('a javascript: link is refused unasked; an https link asks, showing its host, and opens only when allowed', async () => {
    const openUrl = vi.fn();
    const { gate, controller, current, appRecords } = setup({ openUrl });
    expect(await gate.openLink({ url: 'javascript:alert(1)' })).toEqual({ isError: true });
    expect(current()).toBeUndefined();
    const pending = gate.openLink({ url: 'https://docs.example.com/page?q=1' });
    await tick();
    const prompt = current();
    expect(prompt).toMatchObject({ kind: 'app', action: { type: 'open-link', url: { host: 'docs.example.com', secure: true } } });
    expect(openUrl).not.toHaveBeenCalled();
    controller.respond(prompt!.id, { action: 'approve' });
    expect(await pending).toEqual({});
    expect(openUrl).toHaveBeenCalledExactlyOnceWith('https://docs.example.com/page?q=1');
    expect(appRecords().map((record) => [record.action.type, record.outcome, record.reasons[0]?.code])).toEqual([
      ['open-link', 'blocked', 'url-not-https'],
      ['open-link', 'allowed', 'app-opens-link'],
    ]);
  });
  it('what is shown is what is sent: an assistant-only block is neither shown nor passed on; nothing but it, nothing to ask', async () => {
    const updateModelContext = vi.fn();
    const { gate, controller, current } = setup({ updateModelContext });
    const secret = { type: 'text', text: 'SECRET for the model only', annotations: { audience: ['assistant'] } };
    const pending = gate.updateModelContext({ content: [{ type: 'text', text: 'page 3' }, secret] });
    await tick();
    expect(JSON.stringify(current())).not.toContain('SECRET');
    controller.respond(current()!.id, { action: 'approve' });
    await pending;
    expect(updateModelContext).toHaveBeenCalledExactlyOnceWith({ content: [{ type: 'text', text: 'page 3' }] });
    await expect(gate.updateModelContext({ content: [secret] })).rejects.toThrow('does not allow');
    expect(await gate.sendMessage({ role: 'user', content: [secret] })).toEqual({ isError: true });
  });
  it('a message as the person is shown, then sent or refused', async () => {
    const sendMessage = vi.fn();
    const { gate, controller, current } = setup({ sendMessage });
    const pending = gate.sendMessage({ role: 'user', content: [{ type: 'text', text: 'Summarise page 3' }] });
    await tick();
    expect(current()).toMatchObject({ kind: 'app', action: { type: 'message', content: [{ type: 'text', text: 'Summarise page 3' }] } });
    controller.respond(current()!.id, { action: 'deny' });
    expect(await pending).toEqual({ isError: true });
    expect(sendMessage).not.toHaveBeenCalled();
  });
  it('only the latest model-context update counts: a newer one withdraws the one waiting', async () => {
    const updateModelContext = vi.fn();
    const { gate, controller, current, appRecords } = setup({ updateModelContext });
    const first = gate.updateModelContext({ content: [{ type: 'text', text: 'page 1' }] });
    await tick();
    const second = gate.updateModelContext({ content: [{ type: 'text', text: 'page 2' }] });
    await expect(first).rejects.toThrow('A newer update replaced this one.');
    await tick();
    expect(current()).toMatchObject({ action: { type: 'model-context', content: [{ text: 'page 2' }] } });
    controller.respond(current()!.id, { action: 'approve' });
    await expect(second).resolves.toEqual({});
    expect(updateModelContext).toHaveBeenCalledExactlyOnceWith({ content: [{ type: 'text', text: 'page 2' }] });
    expect(appRecords().map((record) => [record.outcome, record.reasons[0]?.code])).toEqual([
      ['denied', 'request-abandoned'],
      ['allowed', 'app-updates-context'],
    ]);
  });
  it('a download asks, with a sanitised file name, its type and size', async () => {
    const download = vi.fn();
    const { gate, controller, current } = setup({ download });
    const pending = gate.downloadFile({ contents: [{ type: 'resource', resource: { uri: 'file:///tmp/..%2F..%2F.bashrc\u202Etxt.exe', mimeType: 'text/plain', text: 'héllo' } }] });
    await tick();
    const prompt = current();
    expect(prompt).toMatchObject({ kind: 'app', action: { type: 'download', files: [{ name: 'bashrc txt.exe', mimeType: 'text/plain', size: 6 }] } });
    expect(download).not.toHaveBeenCalled();
    controller.respond(prompt!.id, { action: 'approve' });
    expect(await pending).toEqual({});
    expect(download).toHaveBeenCalledOnce();
  });
  it('an action whose handler the host did not give is refused after the person allowed it (nothing to do it with)', async () => {
    const { gate, controller, current } = setup();
    const pending = gate.sendMessage({ role: 'user', content: [{ type: 'text', text: 'hi' }] });
    await tick();
    controller.respond(current()!.id, { action: 'approve' });
    expect(await pending).toEqual({ isError: true });
  });
});

describe('always, load, sampling', () => {
  it('"always" for this app holds for this exact app, and asks again once it changed', async () => {
    const openUrl = vi.fn();
    const { gate, controller, current, appRecords, records } = setup({ openUrl });
    const first = gate.openLink({ url: 'https://docs.example.com/a' });
    await tick();
    controller.respond(current()!.id, { action: 'approve', remember: true });
    await first;
    await gate.openLink({ url: 'https://docs.example.com/b' });
    expect(openUrl).toHaveBeenCalledTimes(2);
    expect(appRecords()[1]).toMatchObject({ outcome: 'allowed', decidedBy: 'remembered' });
    // The same controller, the app's resource changed: a new fingerprint.
    const changed = createAppGate({ controller, app: { ...app, fingerprint: 'sha256:two' }, tools: () => tools, callTool: vi.fn(), openUrl });
    const again = changed.openLink({ url: 'https://docs.example.com/c' });
    await tick();
    expect(current()).toMatchObject({ decision: { reasons: [expect.objectContaining({ code: 'app-changed' }), expect.objectContaining({ code: 'app-opens-link' })] } });
    controller.respond(current()!.id, { action: 'deny', remember: true });
    await again;
    expect(await changed.openLink({ url: 'https://docs.example.com/d' })).toEqual({ isError: true });
    expect(records.at(-1)).toMatchObject({ outcome: 'blocked', reasons: [expect.objectContaining({ code: 'app-always-denied' })] });
  });
  it('load: an app that declares nothing loads unasked; declared permissions ask, and only the granted ones come back', async () => {
    const { controller, current } = setup();
    const plain = await controller.requestAppAction({ app, action: { type: 'load', resource: { contents: [{ uri: app.resourceUri, mimeType: 'text/html;profile=mcp-app', text: '<p>hi</p>' }] } } });
    expect(plain).toMatchObject({ outcome: 'allowed', record: { decidedBy: 'policy' } });
    const resource = { contents: [{ uri: app.resourceUri, mimeType: 'text/html;profile=mcp-app', text: '<p>mic</p>', _meta: { ui: { permissions: { microphone: {}, camera: {} }, csp: { connectDomains: ['https://api.example.com'] } } } }] };
    const asking = controller.requestAppAction({ app: { ...app, fingerprint: readAppResource(resource).fingerprint }, action: { type: 'load', resource } });
    await tick();
    expect(current()).toMatchObject({ kind: 'app', action: { type: 'load', permissions: ['camera', 'microphone'], domains: { connectDomains: ['https://api.example.com'] } } });
    controller.respond(current()!.id, { action: 'approve', permissions: ['microphone', 'geolocation'] });
    expect(await asking).toMatchObject({ outcome: 'allowed', granted: ['microphone'], record: { kind: 'app', granted: ['microphone'] } });
  });
  it('sampling from an app: the sampling review, and past the rate limit refused unasked', async () => {
    let time = 0;
    const sample = vi.fn(async () => ({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' }));
    const { gate, controller, current, appRecords } = setup({ sample, samplingLimit: { count: 1, windowMs: 1000 }, now: () => time });
    const params = { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 };
    const first = gate.createSamplingMessage(params);
    await tick();
    expect(current()).toMatchObject({ kind: 'sampling', callName: 'PDF viewer' });
    controller.respond(current()!.id, { action: 'deny' });
    await expect(first).rejects.toThrow('refused');
    await expect(gate.createSamplingMessage(params)).rejects.toThrow('does not allow');
    expect(current()).toBeUndefined();
    time = 1000;
    void gate.createSamplingMessage(params);
    await tick();
    expect(current()).toMatchObject({ kind: 'sampling' });
    expect(appRecords().map((record) => [record.action.type, record.outcome, record.reasons[0]?.code])).toEqual([
      ['sampling', 'denied', 'sampling-review'],
      ['sampling', 'blocked', 'app-rate-limited'],
    ]);
    expect(sample).not.toHaveBeenCalled();
  });
  it('ten instances of one server share its sampling budget; another server has its own; a NaN limit reads as the default (issue 33)', async () => {
    const sample = vi.fn(async () => ({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' }));
    const { controller, current, appRecords } = setup();
    const params = { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 };
    const gates = Array.from({ length: 10 }, (_, i) => createAppGate({ controller, app: { ...app, resourceUri: `ui://pdf/${i}.html` }, tools: () => ({ tools }), callTool: vi.fn(), sample, samplingLimit: { count: 2, windowMs: 60_000 }, now: () => 0 }));
    const asked: Array<Promise<unknown>> = [];
    for (const gate of gates) asked.push(gate.createSamplingMessage(params).catch((error: unknown) => error));
    await tick();
    // Two asked (the server's budget), eight refused unasked.
    expect(await denyAll(controller)).toBe(2);
    await Promise.all(asked);
    expect(appRecords().filter((record) => record.reasons[0]?.code === 'app-rate-limited')).toHaveLength(8);
    const other = createAppGate({ controller, app: { ...app, serverId: 'files' }, tools: () => ({ tools: [] }), callTool: vi.fn(), sample, samplingLimit: { count: 2, windowMs: 60_000 }, now: () => 0 });
    void other.createSamplingMessage(params).catch(() => {});
    await tick();
    expect(current()).toMatchObject({ kind: 'sampling', serverId: 'files' });
    controller.respond(current()!.id, { action: 'deny' });
    // NaN, Infinity and negative limits read as absent (3 a minute), never as "no limit".
    for (const samplingLimit of [{ count: Number.NaN, windowMs: 60_000 }, { count: Infinity, windowMs: Number.NaN }]) {
      const { gate, controller: own } = setup({ sample, samplingLimit, now: () => 0 });
      const results = Array.from({ length: 5 }, () => gate.createSamplingMessage(params).catch((error: unknown) => error));
      await tick();
      expect(await denyAll(own)).toBe(3);
      await Promise.all(results);
    }
  });
  it('dispose withdraws what the app still has waiting', async () => {
    const { gate, current } = setup({ openUrl: vi.fn() });
    const pending = gate.openLink({ url: 'https://docs.example.com' });
    await tick();
    expect(current()).toBeDefined();
    gate.dispose();
    expect(await pending).toEqual({ isError: true });
    expect(current()).toBeUndefined();
  });
});

describe('tools the app registers, and the AI SDK renderer', () => {
  it('the model calling a tool the app registered: asked unless it only reads, naming the app, recorded as the app\'s', async () => {
    const { gate, controller, current, appRecords } = setup();
    const pending = gate.approveAppToolCall({ name: 'app_highlight', inputSchema: { type: 'object' }, annotations: { readOnlyHint: false } }, { page: 3 });
    await tick();
    expect(current()).toMatchObject({ kind: 'tool', tool: { name: 'app_highlight' }, app: { name: 'PDF viewer' }, args: { page: 3 } });
    controller.respond(current()!.id, { action: 'deny' });
    expect(await pending).toBe(false);
    expect(await gate.approveAppToolCall({ name: 'app_page', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } })).toBe(true);
    expect(await gate.approveAppToolCall('not a tool')).toBe(false);
    expect(appRecords().map((record) => [record.action.detail, record.outcome])).toEqual([
      ['app_highlight', 'denied'],
      ['app_page', 'allowed'],
      [undefined, 'blocked'],
    ]);
  });
  it("MCPAppRenderer's handlers: allowedTools are the app-visible tools, and its calls go through the gate", async () => {
    const { gate, callTool } = setup();
    const handlers = aiSdkAppHandlers(gate);
    expect(handlers.allowedTools).toEqual(['read_page', 'save_note']);
    expect(await handlers.callTool({ name: 'wipe_all' })).toMatchObject({ isError: true });
    expect(callTool).not.toHaveBeenCalled();
    expect(aiSdkAllowedPermissions(['microphone', 'camera', 'nonsense'])).toEqual(['camera', 'microphone']);
    expect(aiSdkAllowedPermissions(undefined)).toEqual([]);
  });
});
