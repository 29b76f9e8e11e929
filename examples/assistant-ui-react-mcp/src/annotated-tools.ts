// The annotations react-mcp drops, listed by a client of our own: one per
// server (react-mcp keeps its client private), listed again at each call.
// A bearer server needs its token here too (`requestInit: { headers }`).
import type { MCPServerState } from '@assistant-ui/react-mcp';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { watchMcpTools } from 'react-mcp-annotations/mcp/v2';
import type { AnnotatedTools } from 'react-mcp-annotations/assistant-ui/react-mcp';

const watchers = new Map<string, Promise<ReturnType<typeof watchMcpTools>>>();

async function watch(server: MCPServerState) {
  const client = new Client({ name: 'annotations', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url, location.href)));
  return watchMcpTools(client, server.id, { listen: false });
}

async function list(server: MCPServerState) {
  const key = `${server.id} ${server.url}`;
  let watcher = watchers.get(key);
  if (!watcher) {
    watcher = watch(server);
    watchers.set(key, watcher);
  }
  try {
    const snapshot = await (await watcher).refresh();
    // A failed refresh keeps the last good list; old hints are not today's, so fail and connect again next time.
    if (snapshot.status !== 'ready') throw new Error('The tool list could not be read.', { cause: snapshot.error });
    return snapshot.tools;
  } catch (error) {
    watchers.delete(key);
    void watcher.then((broken) => broken.dispose(), () => {});
    throw error;
  }
}

/** At most ten seconds, and never past the run: the question is not held up by a slow list. */
export const annotatedTools: AnnotatedTools = (server, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The tool list took too long.')), 10_000);
    signal.addEventListener('abort', () => reject(new Error('The run was stopped.')), { once: true });
    list(server).then(resolve, reject).finally(() => clearTimeout(timer));
  });
