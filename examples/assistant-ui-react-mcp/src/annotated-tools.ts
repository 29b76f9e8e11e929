// The annotations react-mcp drops, listed by a client of our own: one per
// server (react-mcp keeps its client private), listed again at each call.
// A bearer server needs its token here too (`requestInit: { headers }`).
import type { MCPServerState } from '@assistant-ui/react-mcp';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { watchMcpTools } from 'react-mcp-annotations/mcp/v2';
import type { AnnotatedTools } from './mcp-gate';

const watchers = new Map<string, Promise<ReturnType<typeof watchMcpTools>>>();

async function watch(server: MCPServerState) {
  const client = new Client({ name: 'annotations', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url, location.href)));
  return watchMcpTools(client, server.id, { listen: false });
}

export const annotatedTools: AnnotatedTools = async (server) => {
  const key = `${server.id} ${server.url}`;
  let watcher = watchers.get(key);
  if (!watcher) {
    watcher = watch(server);
    watchers.set(key, watcher);
    // A failed connection is tried again at the next call.
    watcher.catch(() => watchers.delete(key));
  }
  return (await (await watcher).refresh()).tools;
};
