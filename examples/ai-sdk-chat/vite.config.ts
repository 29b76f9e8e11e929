import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chatServer } from './server/vite-plugin.js';

// The library comes from node_modules/react-mcp-annotations: the packed
// tarball, unpacked there by scripts/example-ai-sdk.mjs (and the e2e test).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), chatServer()],
  server: { host: '127.0.0.1', strictPort: false },
  logLevel: 'warn',
});
