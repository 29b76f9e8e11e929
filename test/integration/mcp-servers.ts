import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const require = createRequire(import.meta.url);

/** Path of a real MCP server's entry point installed from npm. */
export function serverEntry(name: 'everything' | 'filesystem' | 'memory'): string {
  return join(dirname(require.resolve(`@modelcontextprotocol/server-${name}/package.json`)), 'dist/index.js');
}

/** A connected SDK client for a real server over stdio, and how to stop it. */
export interface RunningServer {
  client: Client;
  close(): Promise<void>;
}

/** Starts a real MCP server from npm over stdio, offline, in a throwaway folder. */
export async function startServer(name: 'everything' | 'filesystem' | 'memory', clientOptions?: ClientOptions): Promise<RunningServer> {
  const sandbox = mkdtempSync(join(tmpdir(), `mcp-${name}-`));
  const args = [serverEntry(name)];
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
  if (name === 'everything') args.push('stdio');
  if (name === 'filesystem') args.push(sandbox);
  if (name === 'memory') env.MEMORY_FILE_PATH = join(sandbox, 'memory.jsonl');
  const transport = new StdioClientTransport({ command: process.execPath, args, env, stderr: 'ignore', cwd: sandbox });
  const client = new Client({ name: 'react-mcp-annotations-tests', version: '0.0.0' }, clientOptions);
  await client.connect(transport);
  return {
    client,
    async close() {
      await client.close();
      rmSync(sandbox, { recursive: true, force: true });
    },
  };
}
