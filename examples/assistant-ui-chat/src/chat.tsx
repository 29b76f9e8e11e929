'use client';
// A client component: in Next.js App Router this file needs the directive.
import { AssistantRuntimeProvider, type ToolCallMessagePartComponent } from '@assistant-ui/react';
import { useChatRuntime } from '@assistant-ui/react-ai-sdk';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import { useCallback } from 'react';
import { ConsentProvider } from 'react-mcp-annotations';
import { useRememberedApprovals } from 'react-mcp-annotations/ai-sdk/react';
import { McpToolUI } from 'react-mcp-annotations/assistant-ui';
import { Thread } from './thread';

export function Chat() {
  const remembered = useRememberedApprovals();
  const runtime = useChatRuntime({
    // The route is createMcpChatRoute's; "remember" travels in the body and the route checks it again.
    transport: new DefaultChatTransport({ api: '/api/chat', body: remembered.body }),
    // Once every approval in the last message is answered, send them.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  // Every tool call without a tool UI of its own renders as our card.
  const McpTool = useCallback<ToolCallMessagePartComponent>((part) => <McpToolUI {...part} onRemember={remembered.add} headingLevel={3} />, [remembered]);
  return (
    // The same trust as the route's `servers`, keyed by the MCP client name.
    <ConsentProvider servers={{ everything: { trust: 'untrusted', name: 'server-everything' } }}>
      <AssistantRuntimeProvider runtime={runtime}>
        <Thread tools={{ Fallback: McpTool }} />
      </AssistantRuntimeProvider>
    </ConsentProvider>
  );
}
