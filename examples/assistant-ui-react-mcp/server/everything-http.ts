// Serves server-everything over streamable HTTP at /mcp inside Vite's dev
// server, the way a browser-side MCP client (@assistant-ui/react-mcp) reaches
// an MCP server, and logs every `tools/call` that reaches it (GET /api/log),
// so the example and its end-to-end test can count what really ran.
import { spawn, type ChildProcess } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const serveEverything = join(import.meta.dirname, '../../../scripts/serve-everything.mjs');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

async function waitForServer(url: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      await fetch(url, { method: 'GET' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`server-everything did not start at ${url}`);
}

/** The JSON-RPC method and tool name of each message in a body (one message or a batch). */
function toolCalls(body: Buffer): string[] {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    return messages.flatMap((message: { method?: unknown; params?: { name?: unknown } }) => (message?.method === 'tools/call' ? [String(message.params?.name)] : []));
  } catch {
    return [];
  }
}

export function everythingOverHttp(): Plugin {
  const log = { executions: [] as Array<{ toolName: string; at: number }> };
  let child: ChildProcess | undefined;
  return {
    name: 'example-everything-over-http',
    async configureServer(server) {
      const port = await freePort();
      child = spawn(process.execPath, [serveEverything], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
      const stop = () => child?.kill();
      server.httpServer?.once('close', stop);
      process.once('exit', stop);
      const target = `http://127.0.0.1:${port}/mcp`;
      await waitForServer(target);
      server.middlewares.use('/mcp', (req: IncomingMessage, res: ServerResponse, next) => {
        void (async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of req) chunks.push(chunk as Buffer);
          const body = Buffer.concat(chunks);
          for (const toolName of toolCalls(body)) log.executions.push({ toolName, at: Date.now() });
          const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length', 'origin', 'referer'].includes(name))) as Record<string, string>;
          const abort = new AbortController();
          res.once('close', () => abort.abort());
          const response = await fetch(target, { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body, signal: abort.signal });
          // fetch has already decoded the body: its encoding and length headers no longer describe it.
          const forwarded = [...response.headers].filter(([name]) => name !== 'content-encoding' && name !== 'content-length');
          res.writeHead(response.status, Object.fromEntries(forwarded));
          if (response.body) for await (const chunk of response.body) res.write(chunk);
          res.end();
        })().catch((error: unknown) => (abortedBy(error) ? res.end() : next(error)));
      });
      server.middlewares.use('/api/log', (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(log));
      });
    },
  };
}

const abortedBy = (error: unknown) => error instanceof Error && error.name === 'AbortError';
