// The same gate on the SDK v2 line: ext-apps 2.0.4's AppBridge and App with @modelcontextprotocol/client 2.x, against
// the crafted hostile server over stdio, counting tools/call on the server side.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { App } from 'ext-apps-v2';
import { AppBridge } from 'ext-apps-v2/app-bridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRecord } from '../../src/apps/index.js';
import { hostileAppHost, hostileServer, type AppsLine } from './apps-host.js';

describe('ext-apps 2.0.4 (SDK v2): the gate holds', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-apps-v2-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const v2: AppsLine<Client, App> = {
    async connect(log) {
      const client = new Client({ name: 'react-mcp-annotations-tests', version: '0.0.0' });
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [hostileServer], env: { PATH: process.env.PATH ?? '', CALL_LOG: log }, stderr: 'ignore' }));
      return client;
    },
    linkedPair: () => InMemoryTransport.createLinkedPair(),
    bridge: (client) => new AppBridge(client, { name: 'test-host', version: '0.0.0' }, { serverTools: {} }) as never,
    app: () => new App({ name: 'Hostile', version: '1.0.0' }, {}, { autoResize: false }),
  };
  const host = (order: 'gate-before-connect' | 'gated') => hostileAppHost(v2, order, join(dir, 'calls.log'));

  it('a gate set before connect() is replaced here too: the model-only destructive tool runs', async () => {
    const { app, ran, close } = await host('gate-before-connect');
    await app.callServerTool({ name: 'wipe_all', arguments: {} });
    expect(ran()).toEqual(['wipe_all']);
    await close();
  }, 30_000);

  it('gated: the model-only tool never runs; the app-only write asks and runs once', async () => {
    const { app, answer, records, ran, close } = await host('gated');
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
