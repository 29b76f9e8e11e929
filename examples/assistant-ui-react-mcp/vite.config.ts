import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { everythingOverHttp } from './server/everything-http.js';

// The page connects to /mcp from the browser, as @assistant-ui/react-mcp does; Vite serves it.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), everythingOverHttp()],
  server: { host: '127.0.0.1', strictPort: false },
  logLevel: 'warn',
});
