import type { IncomingMessage, ServerResponse } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ViteDevServer } from 'vite';
import type * as AppServer from './server/app-server.js';

/** Serves the chat route (POST /api/chat) and the log (GET /api/log) from server/app-server.ts. */
function chatServer(): Plugin {
  let vite: ViteDevServer;
  const load = () => vite.ssrLoadModule('/server/app-server.ts') as Promise<typeof AppServer>;
  const toRequest = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new Request(`http://localhost${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) });
  };
  const send = async (res: ServerResponse, response: Response) => {
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
  };
  return {
    name: 'example-chat-server',
    configureServer(server) {
      vite = server;
      server.middlewares.use('/api/chat', (req, res, next) => {
        if (req.method !== 'POST') return next();
        void (async () => send(res, await (await load()).handleChat(await toRequest(req))))().catch(next);
      });
      server.middlewares.use('/api/log', (_req, res, next) => {
        void (async () => send(res, Response.json((await load()).log)))().catch(next);
      });
    },
  };
}

// The library comes from node_modules/react-mcp-annotations: the packed
// tarball, unpacked there by scripts/example-ai-sdk.mjs (and the e2e test).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), chatServer()],
  server: { host: '127.0.0.1', strictPort: false },
  logLevel: 'warn',
});
