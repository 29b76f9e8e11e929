'use client';
// A client component: in Next.js App Router this file needs the directive.
import { AssistantRuntimeProvider, AuiConfig, AuiProvider, useAui, useAuiState, useLocalRuntime } from '@assistant-ui/react';
import { McpManagerResource, McpMemoryStorage } from '@assistant-ui/react-mcp';
import { ConsentProvider } from 'react-mcp-annotations';
import { Thread } from './thread';
import { annotatedTools } from './annotated-tools';
import { McpGate, McpCallCard } from './mcp-gate';
import { scriptedModel } from './scripted-model';

// Your MCP server's endpoint, reached from the browser (this example serves server-everything at /mcp
// of its own origin; `globalThis` because the module is also evaluated where there is no page).
// The trust below is keyed by the same id.
const connectors = [{ id: 'everything', name: 'server-everything', url: `${globalThis.location?.origin}/mcp`, auth: { type: 'none' as const } }];

export function Chat() {
  const runtime = useLocalRuntime(scriptedModel);
  return (
    <ConsentProvider servers={{ everything: { trust: 'untrusted', name: 'server-everything' } }}>
      <AssistantRuntimeProvider runtime={runtime}>
        <Mcp>
          <Thread tools={{ Fallback: McpCallCard }} />
        </Mcp>
      </AssistantRuntimeProvider>
    </ConsentProvider>
  );
}

function Mcp({ children }: { children: React.ReactNode }) {
  const aui = useAui();
  // Memory storage: the example forgets custom servers on reload (react-mcp's default keeps them in localStorage).
  const config = AuiConfig({ mcp: McpManagerResource({ connectors, storage: McpMemoryStorage() }) });
  return (
    <AuiProvider extends={aui} config={config}>
      <Servers />
      <McpGate annotatedTools={annotatedTools}>{children}</McpGate>
    </AuiProvider>
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
