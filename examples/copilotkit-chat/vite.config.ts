import { createCopilotNodeHandler } from '@copilotkit/runtime/v2/node';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { log } from './server/mcp';
import { handleChat } from './server/route';

// The page, and the CopilotKit runtime in Vite's dev server (in production, serve handleChat from your server).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    {
      name: 'copilotkit-runtime',
      configureServer(server) {
        const runtime = createCopilotNodeHandler(handleChat);
        server.middlewares.use((req, res, next) => {
          if (req.url?.startsWith('/api/copilotkit')) return void runtime(req, res);
          // The example's log of the calls that reached the MCP server (drop it in your app).
          if (req.url === '/api/log') return void res.end(JSON.stringify(log));
          next();
        });
      },
    },
  ],
  server: { host: '127.0.0.1', strictPort: false },
});
