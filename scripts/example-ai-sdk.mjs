// `npm run example:ai-sdk` (or `… -- assistant-ui-chat`, `… -- assistant-ui-react-mcp`, `… -- tanstack-ai-chat`, `… -- copilotkit-chat`): packs the library
// into examples/ai-sdk-chat (or the named example on the same route) the way
// a host installs it and starts the app (the chat route runs in the same
// Vite server and starts server-everything, over stdio, or over HTTP at /mcp
// for the react-mcp page, whose MCP client is in the browser). Ctrl+C stops it.
import { join } from 'node:path';
import { createServer } from 'vite';
import { pack, root, unpackInto } from './pack.mjs';

const example = join(root, 'examples', process.argv[2] ?? 'ai-sdk-chat');
const tarball = pack();
unpackInto(tarball, example);
// The AI SDK pages share examples/ai-sdk-chat's route (and its Vite plugin), which import the package from that folder.
unpackInto(tarball, join(root, 'examples/ai-sdk-chat'));
const vite = await createServer({ configFile: join(example, 'vite.config.ts'), server: { port: Number(process.env.PORT ?? 5174) } });
await vite.listen();
const appUrl = vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${vite.config.server.port}/`;
console.log(`\n  ${process.argv[2] ?? 'ai-sdk-chat'} example: ${appUrl}`);
// The TanStack AI, CopilotKit and react-mcp examples have their scripted model only.
console.log(`  Model: ${['tanstack-ai-chat', 'copilotkit-chat', 'assistant-ui-react-mcp'].includes(process.argv[2]) ? 'scripted (offline)' : process.env.AI_GATEWAY_MODEL ? `${process.env.AI_GATEWAY_MODEL} (AI Gateway)` : 'scripted (offline); set AI_GATEWAY_MODEL and AI_GATEWAY_API_KEY for a real one'}`);
console.log('  Press Ctrl+C to stop.\n');
const stop = async () => {
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
