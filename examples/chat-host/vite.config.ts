import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The library comes from node_modules/react-mcp-annotations (the packed
// tarball, unpacked by scripts/link-example.mjs), resolved through its exports.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: { host: '127.0.0.1', strictPort: false },
  logLevel: 'warn',
});
