import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The library comes from node_modules/react-mcp-annotations: the packed
// tarball, unpacked there by scripts/example.mjs (and the e2e test), resolved
// through its package exports like any host's dependency.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: { host: '127.0.0.1', strictPort: false },
  logLevel: 'warn',
});
