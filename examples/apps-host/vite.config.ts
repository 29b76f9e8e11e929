import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The library comes from node_modules/react-mcp-annotations: the packed tarball,
// unpacked there by scripts/example-apps.mjs, resolved like any host's dependency.
// scripts/example-apps.mjs adds the /mcp proxy to the server you named.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: { host: '127.0.0.1', strictPort: false },
  logLevel: 'warn',
});
