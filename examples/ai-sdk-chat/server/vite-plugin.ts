// Serves a chat route (POST /api/chat) and its log (GET /api/log) inside
// Vite's dev server, from a module exporting `handleChat` and `log` (default:
// this folder's app-server.ts, which the useChat page and the assistant-ui
// one share; the TanStack AI example passes its own).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import type * as AppServer from './app-server.js';

export function chatServer(module = join(import.meta.dirname, 'app-server.ts')): Plugin {
  let vite: ViteDevServer;
  const load = () => vite.ssrLoadModule(module) as Promise<Pick<typeof AppServer, 'handleChat' | 'log'>>;
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
