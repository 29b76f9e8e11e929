// MCP Apps against real servers over stdio: the four app servers published on npm (what they declare), and a
// crafted hostile one, driven by a real ext-apps App through a real AppBridge. What runs is counted on the server side.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from '@modelcontextprotocol/ext-apps';
import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAppResource, toolsForModel, type AppRecord } from '../../src/apps/index.js';
import { appNeedsConsent } from '../../src/apps/resource.js';
import { toolsForApp } from '../../src/apps/visibility.js';
import { hostileAppHost, hostileServer, type AppsLine } from './apps-host.js';

const here = dirname(fileURLToPath(import.meta.url));
const UI = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

async function connect(entry: string, args: string[] = [], env: Record<string, string> = {}) {
  const client = new Client({ name: 'react-mcp-annotations-tests', version: '0.0.0' }, { capabilities: UI as never });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [entry, ...args], env: { PATH: process.env.PATH ?? '', ...env }, stderr: 'ignore' }));
  return client;
}
// Their exports hide package.json; the bin is dist/index.js.
const npmServer = (name: string) => join(here, '../../node_modules/@modelcontextprotocol', name, 'dist/index.js');

describe('the MCP Apps servers on npm: what they declare', () => {
  const servers = { basic: 'server-basic-react', monitor: 'server-system-monitor', pdf: 'server-pdf', transcript: 'server-transcript' } as const;
  const clients: Partial<Record<keyof typeof servers, Client>> = {};
  beforeAll(async () => {
    for (const [key, name] of Object.entries(servers)) clients[key as keyof typeof servers] = await connect(npmServer(name), ['--stdio']);
  }, 60_000);
  afterAll(async () => {
    for (const client of Object.values(clients)) await client?.close();
  });
  const resourceOf = async (key: keyof typeof servers) => {
    const client = clients[key]!;
    const { tools } = await client.listTools();
    const uri = tools.map((tool) => (tool._meta as { ui?: { resourceUri?: string } } | undefined)?.ui?.resourceUri).find(Boolean)!;
    const { resources } = await client.listResources();
    return { tools, resource: readAppResource(await client.readResource({ uri }), resources.find((entry) => entry.uri === uri)) };
  };

  it('basic-react: one tool, self-contained HTML, nothing to consent to before it loads', async () => {
    const { tools, resource } = await resourceOf('basic');
    expect(tools.map((tool) => tool.name)).toEqual(['get-time']);
    expect(resource.problem).toBeNull();
    expect(resource.html.length).toBeGreaterThan(1000);
    expect(appNeedsConsent(resource)).toBe(false);
  });
  it('system-monitor: its app-only tool never reaches the model, and the app may call it', async () => {
    const { tools } = await resourceOf('monitor');
    expect(toolsForModel(tools).map((tool) => tool.name)).toEqual(['get-system-info']);
    expect(toolsForApp(tools).map((tool) => tool.name)).toEqual(['get-system-info', 'poll-system-stats']);
  });
  it('pdf: declares unpkg.com for connect and resources, and clipboardWrite', async () => {
    const { resource, tools } = await resourceOf('pdf');
    expect(resource.domains.connectDomains).toEqual(['https://unpkg.com']);
    expect(resource.domains.resourceDomains).toEqual(['https://unpkg.com']);
    expect(resource.permissions).toEqual(['clipboardWrite']);
    expect(toolsForModel(tools).map((tool) => tool.name)).toEqual(['list_pdfs', 'display_pdf', 'interact']);
  });
  it('transcript: asks for the microphone (and clipboardWrite)', async () => {
    const { resource } = await resourceOf('transcript');
    expect(resource.permissions).toEqual(['microphone', 'clipboardWrite']);
    expect(appNeedsConsent(resource)).toBe(true);
  });
});

describe('a hostile app through a real AppBridge', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-apps-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const v1: AppsLine<Client, App> = {
    connect: (log) => connect(hostileServer, [], { CALL_LOG: log }),
    linkedPair: () => InMemoryTransport.createLinkedPair(),
    bridge: (client) => new AppBridge(client, { name: 'test-host', version: '0.0.0' }, { serverTools: {}, openLinks: {} }) as never,
    app: () => new App({ name: 'Hostile', version: '1.0.0' }, {}, { autoResize: false }),
  };
  const host = (order: 'gate-before-connect' | 'gated') => hostileAppHost(v1, order, join(dir, 'calls.log'));

  it('ext-apps replaces a gate set before connect(): the model-only destructive tool runs (why the gate goes in after)', async () => {
    const { app, ran, close } = await host('gate-before-connect');
    await app.callServerTool({ name: 'wipe_all', arguments: {} });
    expect(ran()).toEqual(['wipe_all']);
    await close();
  }, 30_000);

  it('gated: the app calls the model-only destructive tool and nothing runs on the server', async () => {
    const { app, records, ran, close } = await host('gated');
    const result = await app.callServerTool({ name: 'wipe_all', arguments: {} });
    expect(result.isError).toBe(true);
    expect(ran()).toEqual([]);
    expect(records).toEqual([expect.objectContaining({ kind: 'app', outcome: 'blocked', action: { type: 'tool-call', detail: 'wipe_all' } })]);
    await close();
  }, 30_000);

  it('gated: an app-only tool that writes asks, names the app, and runs exactly once when allowed; denied, it never runs', async () => {
    const { app, answer, records, ran, close } = await host('gated');
    const allowed = app.callServerTool({ name: 'save_note', arguments: {} });
    const prompt = await answer('approve');
    expect(prompt).toMatchObject({ kind: 'tool', app: { name: 'Hostile', resourceUri: 'ui://hostile/app.html' } });
    expect((await allowed).isError).toBeFalsy();
    const denied = app.callServerTool({ name: 'save_note', arguments: {} });
    await answer('deny');
    expect((await denied).isError).toBe(true);
    expect(ran()).toEqual(['save_note']);
    expect(records.filter((record): record is AppRecord => record.kind === 'app').map((record) => record.outcome)).toEqual(['allowed', 'denied']);
    await close();
  }, 30_000);

  it('gated: a javascript: link is refused and an https link asks', async () => {
    const { app, answer, controller, close } = await host('gated');
    expect((await app.openLink({ url: 'javascript:alert(1)' })).isError).toBe(true);
    expect(controller.getSnapshot().current).toBeUndefined();
    const link = app.openLink({ url: 'https://example.com/docs' });
    const prompt = await answer('deny');
    expect(prompt).toMatchObject({ kind: 'app', action: { type: 'open-link', url: { host: 'example.com' } } });
    expect((await link).isError).toBe(true);
    await close();
  }, 30_000);

  it('its resource: the injected CSP entries and the bare * are refused, camera and microphone are asked for', async () => {
    const client = await connect(hostileServer);
    const resource = readAppResource(await client.readResource({ uri: 'ui://hostile/app.html' }));
    expect(resource.domains.connectDomains).toEqual(['https://api.example.com']);
    expect(resource.rejectedDomains).toEqual(["https://x.example.com; script-src 'unsafe-eval'", '*']);
    expect(resource.permissions).toEqual(['camera', 'microphone']);
    await client.close();
  }, 30_000);
});
