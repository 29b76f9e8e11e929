// The chat route (POST /api/chat): TanStack AI's chat() with the MCP tools of
// mcpChatTools, which decides each call with the policy and gates approvals.
import { chat, chatParamsFromRequest, toServerSentEventsResponse } from '@tanstack/ai';
import { mcpChatTools } from 'react-mcp-annotations/tanstack-ai';
import { createMcpChatStore } from 'react-mcp-annotations/gate';
import { everything } from './mcp';
import { scriptedAdapter } from './scripted-adapter';

// One store per server process; several instances: createMcpChatStore({ storage: createRedisChatStorage(redis) }).
const store = createMcpChatStore();

export async function POST(request: Request): Promise<Response> {
  let params: Awaited<ReturnType<typeof chatParamsFromRequest>>;
  try {
    params = await chatParamsFromRequest(request);
  } catch (error) {
    // A body TanStack AI cannot read is a 400 it builds itself.
    if (error instanceof Response) return error;
    throw error;
  }
  // The thread id comes from the browser and keys this chat's approvals: check that the signed-in user owns it.
  if (!ownsChat(request)) return new Response('This chat is not yours.', { status: 403 });
  const mcp = await mcpChatTools({
    clients: { everything },
    servers: { everything: { trust: 'untrusted', name: 'server-everything' } },
    chatId: params.threadId,
    store,
  });
  const stream = chat({
    adapter: scriptedAdapter,
    messages: params.messages,
    tools: mcp.tools,
    middleware: [mcp.middleware],
    // All four, as the body has them: the approval continues the run it interrupted.
    threadId: params.threadId,
    runId: params.runId,
    parentRunId: params.parentRunId,
    resume: params.resume,
  });
  return toServerSentEventsResponse(stream);
}

// The example has no accounts: only its own pages may use a chat (the browser marks them).
// Yours, once the app has sign-in: does this session's user own params.threadId?
const ownsChat = (request: Request) => request.headers.get('sec-fetch-site') === 'same-origin';
