// `npm run example`: packs the library into examples/chat-host the way a host
// installs it, starts server-everything (streamable HTTP) and the example app
// on loopback, and stops both on Ctrl+C.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createServer } from 'vite';
import { pack, root, unpackInto } from './pack.mjs';

const mcpPort = Number(process.env.MCP_PORT ?? 3001);
unpackInto(pack(), join(root, 'examples/chat-host'));

const server = spawn(process.execPath, [join(root, 'scripts/serve-everything.mjs')], { env: { ...process.env, PORT: String(mcpPort) }, stdio: ['ignore', 'ignore', 'inherit'] });
const vite = await createServer({
  configFile: join(root, 'examples/chat-host/vite.config.ts'),
  server: { port: Number(process.env.PORT ?? 5173) },
  define: { 'import.meta.env.VITE_MCP_URL': JSON.stringify(`http://127.0.0.1:${mcpPort}/mcp`) },
});
await vite.listen();
// The app's config logs warnings only, so say where it is ourselves.
const appUrl = vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${vite.config.server.port}/`;
console.log(`\n  Example host: ${appUrl}`);
console.log(`  MCP server:   http://127.0.0.1:${mcpPort}/mcp (server-everything, streamable HTTP)`);
console.log('  Press Ctrl+C to stop both.\n');

const stop = async () => {
  server.kill();
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
