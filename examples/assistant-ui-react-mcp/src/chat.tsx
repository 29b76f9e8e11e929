'use client';
// A client component: in Next.js App Router this file needs the directive.
import { AssistantRuntimeProvider, unstable_useWebMcpProvider, useAuiState, useLocalRuntime } from '@assistant-ui/react';
import { McpManagerResource, McpMemoryStorage } from '@assistant-ui/react-mcp';
import { ConsentProvider } from 'react-mcp-annotations';
import { annotatedTools } from './annotated-tools';
import { McpCallCard, McpServers, McpToolGate } from 'react-mcp-annotations/assistant-ui/react-mcp';
import { scriptedModel } from './scripted-model';
import { Thread } from './thread';

// Your MCP server's endpoint, reached from the browser: yours is a URL such as http://localhost:3001/mcp.
// This example serves server-everything at /mcp of its own origin (`globalThis`: the module is also
// evaluated where there is no page). The trust below is keyed by the same id. react-mcp's elicitation is off: it would ask the person
// in react-mcp's own UI, past this library's consent.
const connectors = [{ id: 'everything', name: 'server-everything', url: `${globalThis.location?.origin}/mcp`, auth: { type: 'none' as const }, elicitation: false }];

export function Chat() {
  const runtime = useLocalRuntime(scriptedModel);
  return (
    <ConsentProvider servers={{ everything: { trust: 'untrusted', name: 'server-everything' } }}>
      <AssistantRuntimeProvider runtime={runtime}>
        <McpToolGate annotatedTools={annotatedTools}>
          {/* Memory storage: the example forgets servers a person added on reload (react-mcp's default keeps them in localStorage). */}
          <McpServers manager={McpManagerResource({ connectors, storage: McpMemoryStorage() })}>
            <Servers />
          </McpServers>
          <Thread tools={{ Fallback: McpCallCard }} />
          <WebMcp />
        </McpToolGate>
      </AssistantRuntimeProvider>
    </ConsentProvider>
  );
}

/** Each server's connection, as react-mcp reports it. */
function Servers() {
  const servers = useAuiState((state) => state.mcp.servers);
  return (
    <p role="status">
      {servers.map((server) => `${server.name}: ${server.connectionState}${server.lastError ? ` (${server.lastError.message})` : ''}`).join(', ')}
    </p>
  );
}

/** Where the browser offers WebMCP, its agent gets the runtime's tools too: the gated ones, as the model does. */
function WebMcp() {
  unstable_useWebMcpProvider();
  return null;
}
