// The example's server side, loaded by Vite (see vite.config.ts): one MCP
// client for server-everything over stdio, the scripted model (or a real one
// through the AI Gateway when AI_GATEWAY_MODEL is set), the per-chat store,
// and a log of decisions and executions the page shows.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { gateway, type LanguageModel, type ToolSet } from 'ai';
import type { ConsentRecord } from 'react-mcp-annotations/core';
import { chatRoute, chatStore } from './chat-route.js';
import { createScriptedModel } from './scripted-model.js';

const require = createRequire(import.meta.url);
const everythingEntry = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist/index.js');

let client: Promise<MCPClient> | undefined;
const connect = () => (client ??= createMCPClient({ transport: new StdioMCPTransport({ command: process.execPath, args: [everythingEntry, 'stdio'], stderr: 'ignore' }), clientName: 'everything' }));

/** What the page's log shows: every decision record, and every call that reached the MCP server. */
export const log = { decisions: [] as ConsentRecord[], executions: [] as Array<{ toolName: string; at: number }> };

async function tools(): Promise<ToolSet> {
  const set = await (await connect()).tools();
  // Count what really reaches the server (for the log, and the end-to-end test).
  return Object.fromEntries(
    Object.entries(set).map(([name, tool]) => [
      name,
      {
        ...tool,
        execute: (input: unknown, options: Parameters<typeof tool.execute>[1]) => {
          log.executions.push({ toolName: name, at: Date.now() });
          return tool.execute(input, options);
        },
      },
    ]),
  );
}

// A real model: AI_GATEWAY_MODEL=openai/gpt-5-mini with AI_GATEWAY_API_KEY set. Default: scripted, offline.
const model: LanguageModel = process.env.AI_GATEWAY_MODEL ? gateway(process.env.AI_GATEWAY_MODEL) : createScriptedModel().model;

// The example has no accounts: one demo user, who owns every chat it starts.
// A real app compares the session's user with the chat's owner in its database.
const owners = new Map<string, string>();
const demoOwnsChat = (chatId: string) => {
  const user = 'demo-user';
  if (!owners.has(chatId)) owners.set(chatId, user);
  return owners.get(chatId) === user;
};

const route = chatStore().then((store) =>
  chatRoute({
    model,
    tools,
    servers: { everything: { trust: 'untrusted', name: 'server-everything' } },
    store,
    ownsChat: demoOwnsChat,
    onDecision: (record) => log.decisions.push(record),
  }),
);

export const handleChat = async (request: Request) => (await route)(request);
