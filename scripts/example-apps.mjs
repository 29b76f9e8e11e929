// `npm run example:apps`: an MCP Apps host. Packs the library into
// examples/apps-host the way a host installs it, and serves the page with
// /mcp proxied to the server you name:
//   MCP_SERVER_URL=https://…/mcp       a streamable HTTP server, or
//   MCP_SERVER_COMMAND="node path/to/server.js --stdio"   a stdio server, bridged to streamable HTTP on loopback.
// Default: @modelcontextprotocol/server-basic-react over stdio (offline).
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { join } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createServer } from 'vite';
import { pack, root, unpackInto } from './pack.mjs';

/** Splits a command line on spaces, keeping "quoted parts" together. */
function splitCommand(line) {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3]);
}

const url = process.env.MCP_SERVER_URL;
const command = process.env.MCP_SERVER_COMMAND ?? `"${process.execPath}" "${join(root, 'node_modules/@modelcontextprotocol/server-basic-react/dist/index.js')}" --stdio`;
let target;
let label;
let bridge;
if (url) {
  target = new URL(url);
  label = target.href;
} else {
  // One stdio server per browser session: each page load initializes its own.
  const [program, ...args] = splitCommand(command);
  const sessions = new Map();
  bridge = createHttpServer(async (req, res) => {
    const id = req.headers['mcp-session-id'];
    let session = typeof id === 'string' ? sessions.get(id) : undefined;
    if (!session && req.method === 'POST' && id === undefined) {
      const stdio = new StdioClientTransport({ command: program, args, stderr: 'inherit' });
      const http = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (sessionId) => sessions.set(sessionId, session) });
      session = { stdio, http };
      stdio.onmessage = (message) => void http.send(message);
      http.onmessage = (message) => void stdio.send(message);
      http.onclose = () => void stdio.close();
      await stdio.start();
    }
    if (!session) {
      res.writeHead(404).end('Unknown MCP session');
      return;
    }
    await session.http.handleRequest(req, res);
  });
  await new Promise((resolve) => bridge.listen(Number(process.env.MCP_PORT ?? 0), '127.0.0.1', resolve));
  target = new URL(`http://127.0.0.1:${bridge.address().port}/mcp`);
  label = process.env.MCP_SERVER_COMMAND ? `${command} (stdio)` : '@modelcontextprotocol/server-basic-react (stdio)';
}

unpackInto(pack(), join(root, 'examples/apps-host'));
const vite = await createServer({
  configFile: join(root, 'examples/apps-host/vite.config.ts'),
  server: {
    port: Number(process.env.PORT ?? 5174),
    // Same origin for the page and /mcp: no CORS to configure on the server.
    proxy: { '/mcp': { target: target.origin, changeOrigin: true, rewrite: () => `${target.pathname}${target.search}` } },
  },
  define: { 'import.meta.env.VITE_MCP_LABEL': JSON.stringify(label) },
});
await vite.listen();
const appUrl = vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${vite.config.server.port}/`;
console.log(`\n  MCP Apps host: ${appUrl}`);
console.log(`  MCP server:    ${label}${url ? '' : `, bridged at ${target.href}`}`);
console.log('  Press Ctrl+C to stop.\n');

const stop = async () => {
  bridge?.close();
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
