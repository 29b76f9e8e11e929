'use client';
// A client component: in Next.js App Router this file needs the directive.
import { CopilotChat, CopilotKit } from '@copilotkit/react-core/v2';
import { ConsentProvider } from 'react-mcp-annotations';
import { McpToolUI } from 'react-mcp-annotations/copilotkit/react';

export function Chat() {
  return (
    // No Inspector: it fetches from copilotkit.ai, and this example runs offline.
    <CopilotKit runtimeUrl="/api/copilotkit" enableInspector={false}>
      {/* The same trust as the runtime's `servers`, keyed by the same server id. */}
      <ConsentProvider servers={{ everything: { trust: 'untrusted', name: 'server-everything' } }}>
        {/* Every tool call renders as the card: badges, the confirmation, the person's view of the result. */}
        <McpToolUI headingLevel={3} />
        <CopilotChat />
      </ConsentProvider>
    </CopilotKit>
  );
}
