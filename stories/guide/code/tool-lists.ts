// Tool lists that change: one watcher per connected client, judged against the controller's approvals.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createConsentController, toolKind } from 'react-mcp-annotations';
import { watchMcpTools } from 'react-mcp-annotations/mcp';

declare const notesClient: Client; // connected clients (v1 SDK; the same call from ./mcp/v2 for v2)
declare const githubClient: Client;
const controller = createConsentController({ kinds: [toolKind()], servers: { notes: { trust: 'trusted' }, github: { trust: 'untrusted' } } });

const watchers = { notes: notesClient, github: githubClient };
const lists = Object.fromEntries(
  Object.entries(watchers).map(([serverId, client]) => [serverId, watchMcpTools(client, serverId, { store: controller.store, trust: () => controller.trustOf(serverId), onChange: console.log })]),
);
// Each list is fetched now, again on its ttlMs and on notifications/tools/list_changed.
const publish = () => controller.setPolicy({ ...controller.getPolicy(), toolLists: Object.fromEntries(Object.entries(lists).map(([id, w]) => [id, w.getSnapshot().tools])) });
for (const watcher of Object.values(lists)) {
  watcher.subscribe(publish);
  await watcher.refresh();
}
