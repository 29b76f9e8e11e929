// The example's MCP client: server-everything over stdio, connected on first
// use, with every call that reaches it counted (for the page's log and the
// end-to-end test). Your app connects its own servers the same way.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { McpToolClient } from 'react-mcp-annotations/tanstack-ai';

const require = createRequire(import.meta.url);
const entry = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist/index.js');

let connected: Promise<Client> | undefined;
const connect = () =>
  (connected ??= (async () => {
    const client = new Client({ name: 'tanstack-ai-example', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [entry, 'stdio'], stderr: 'ignore' }));
    return client;
  })());

/** Every call that reached the server. */
export const log = { executions: [] as Array<{ toolName: string; at: number }> };

export const everything: McpToolClient = {
  listTools: async (params) => (await connect()).listTools(params),
  callTool: async (params, resultSchema, options) => {
    log.executions.push({ toolName: params.name, at: Date.now() });
    return (await connect()).callTool(params, resultSchema, options);
  },
};
