import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chatServer } from '../ai-sdk-chat/server/vite-plugin.js';

// The same chat route as examples/ai-sdk-chat; only the page differs.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), chatServer()],
  server: { host: '127.0.0.1', strictPort: false },
  logLevel: 'warn',
});
