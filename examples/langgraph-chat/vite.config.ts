import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chatServer } from '../ai-sdk-chat/server/vite-plugin.js';

// The page, and this example's LangGraph route served from the same Vite server.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), chatServer(join(import.meta.dirname, 'server/app-server.ts'))],
  server: { host: '127.0.0.1', strictPort: false },
  logLevel: 'warn',
});
