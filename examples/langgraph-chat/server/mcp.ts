// The MCP client: server-everything over stdio (npx runs the installed copy,
// or fetches it the first time), connected on first use. Every call that
// reaches it is counted, for the example's log. Any object with `listTools`
// and `callTool` works; an MCP SDK `Client` has both.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { McpToolClient } from 'react-mcp-annotations/gate';

let connected: Promise<Client> | undefined;
const connect = () =>
  (connected ??= (async () => {
    const client = new Client({ name: 'langgraph-example', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything', 'stdio'] }));
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
