// A host for the hostile app fixture, on either SDK line: the same controller, gate and bridge order, with the SDK
// line's Client, AppBridge, App and in-memory transport passed in. What ran is what the server logged.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { connectGatedAppBridge, createAppGate, type AppRecord, type PendingAppAction } from '../../src/apps/index.js';
import type { AppBridgeLike } from '../../src/apps/bridge.js';
type ConsentRecord = CoreRecord | AppRecord;
type PendingConsent = CorePending | PendingAppAction;
import type { ConsentRecord as CoreRecord, PendingConsent as CorePending } from '../../src/core/index.js';
import { createAppsController } from '../helpers/kinds.js';

export const hostileServer = fileURLToPath(new URL('../fixtures/servers/hostile-app.mjs', import.meta.url));

interface ClientLike {
  listTools(): Promise<{ tools: unknown[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}
interface AppLike {
  connect(transport: never): Promise<void>;
  close(): Promise<void>;
}

/** The SDK line's parts. */
export interface AppsLine<C extends ClientLike, A extends AppLike> {
  /** A client connected over stdio to the hostile server, which logs every tools/call to `log`. */
  connect(log: string): Promise<C>;
  linkedPair(): [unknown, unknown];
  bridge(client: C): AppBridgeLike & { oncalltool?: unknown; close(): Promise<void> };
  app(): A;
}

export async function hostileAppHost<C extends ClientLike, A extends AppLike>(line: AppsLine<C, A>, order: 'gate-before-connect' | 'gated', log: string) {
  writeFileSync(log, '');
  const client = await line.connect(log);
  const { tools } = await client.listTools();
  const records: ConsentRecord[] = [];
  const controller = createAppsController({ servers: { hostile: { trust: 'trusted' } }, toolLists: { hostile: tools as never }, onDecision: (record) => records.push(record) });
  const gate = createAppGate({ controller, app: { serverId: 'hostile', resourceUri: 'ui://hostile/app.html', name: 'Hostile' }, tools: () => tools, callTool: (params) => client.callTool(params) });
  const bridge = line.bridge(client);
  const [hostSide, appSide] = line.linkedPair();
  if (order === 'gate-before-connect') {
    // The naive order: the gate first, then connect() (which replaces it with a forwarder).
    bridge.oncalltool = (params: unknown) => gate.callTool(params);
    await bridge.connect(hostSide as never);
  } else {
    await connectGatedAppBridge(bridge, hostSide, gate);
  }
  const app = line.app();
  await app.connect(appSide as never);
  const answer = async (response: 'approve' | 'deny') => {
    for (let i = 0; i < 100 && !controller.getSnapshot().current; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    const current = controller.getSnapshot().current as PendingConsent;
    controller.respond(current.id, { action: response });
    return current;
  };
  const ran = () => readFileSync(log, 'utf8').split('\n').filter(Boolean);
  return { app, client, controller, records, answer, ran, close: async () => Promise.all([app.close(), bridge.close(), client.close()]) };
}
