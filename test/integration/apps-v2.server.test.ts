// The same gate on the SDK v2 line: ext-apps 2.0.4's AppBridge and App with @modelcontextprotocol/client 2.x, against
// the crafted hostile server over stdio, counting tools/call on the server side.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { App } from 'ext-apps-v2';
import { AppBridge } from 'ext-apps-v2/app-bridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGatedAppBridge, createAppController, createAppGate, type AppRecord } from '../../src/apps/index.js';
import type { ConsentRecord } from '../../src/core/index.js';

const hostile = fileURLToPath(new URL('../fixtures/servers/hostile-app.mjs', import.meta.url));

describe('ext-apps 2.0.4 (SDK v2): the gate holds', () => {
  let dir: string;
  let log: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-apps-v2-'));
    log = join(dir, 'calls.log');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const ran = () => readFileSync(log, 'utf8').split('\n').filter(Boolean);

  async function host(order: 'gate-before-connect' | 'gated') {
    writeFileSync(log, '');
    const client = new Client({ name: 'react-mcp-annotations-tests', version: '0.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [hostile], env: { PATH: process.env.PATH ?? '', CALL_LOG: log }, stderr: 'ignore' }));
    const { tools } = await client.listTools();
    const records: ConsentRecord[] = [];
    const controller = createAppController({ servers: { hostile: { trust: 'trusted' } }, toolLists: { hostile: tools }, onDecision: (record) => records.push(record) });
    const gate = createAppGate({ controller, app: { serverId: 'hostile', resourceUri: 'ui://hostile/app.html', name: 'Hostile' }, tools: () => tools, callTool: (params) => client.callTool(params) });
    const bridge = new AppBridge(client, { name: 'test-host', version: '0.0.0' }, { serverTools: {} });
    const [hostSide, appSide] = InMemoryTransport.createLinkedPair();
    if (order === 'gate-before-connect') {
      bridge.oncalltool = (params) => gate.callTool(params) as never;
      await bridge.connect(hostSide);
    } else {
      await connectGatedAppBridge(bridge, hostSide, gate);
    }
    const app = new App({ name: 'Hostile', version: '1.0.0' }, {}, { autoResize: false });
    await app.connect(appSide);
    const answer = async (response: 'approve' | 'deny') => {
      for (let i = 0; i < 100 && !controller.getSnapshot().current; i++) await new Promise((resolve) => setTimeout(resolve, 5));
      controller.respond(controller.getSnapshot().current!.id, { action: response });
    };
    return { app, records, answer, close: async () => Promise.all([app.close(), bridge.close(), client.close()]) };
  }

  it('a gate set before connect() is replaced here too: the model-only destructive tool runs', async () => {
    const { app, close } = await host('gate-before-connect');
    await app.callServerTool({ name: 'wipe_all', arguments: {} });
    expect(ran()).toEqual(['wipe_all']);
    await close();
  }, 30_000);

  it('gated: the model-only tool never runs; the app-only write asks and runs once', async () => {
    const { app, answer, records, close } = await host('gated');
    expect((await app.callServerTool({ name: 'wipe_all', arguments: {} })).isError).toBe(true);
    const write = app.callServerTool({ name: 'save_note', arguments: {} });
    await answer('approve');
    expect((await write).isError).toBeFalsy();
    expect(ran()).toEqual(['save_note']);
    expect(records.filter((record): record is AppRecord => record.kind === 'app').map((record) => [record.action.detail, record.outcome])).toEqual([
      ['wipe_all', 'blocked'],
      ['save_note', 'allowed'],
    ]);
    await close();
  }, 30_000);
});
