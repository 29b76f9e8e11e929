// The chat route (POST /api/chat) for LangGraph's useStream: a LangChain agent
// (createAgent) whose MCP tools pass the consent gate of mcpAgentTools. The
// browser may send new messages, or answers to the gate's questions; nothing
// else of a command reaches the agent.
import { MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { createMcpChatStore } from 'react-mcp-annotations/gate';
import { mcpAgentTools, resumeFrom } from 'react-mcp-annotations/langgraph';
import { everything } from './mcp';
import { scriptedModel } from './scripted-model';

// One store and one checkpointer per server process; several instances share both
// (createMcpChatStore({ storage: createRedisChatStorage(redis) }) and a LangGraph checkpointer on a database).
const store = createMcpChatStore();
const checkpointer = new MemorySaver();

export async function POST(request: Request): Promise<Response> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return new Response('The body is not JSON.', { status: 400 });
  }
  // The thread id comes from the browser and keys this chat's approvals: check that the signed-in user owns it.
  const threadId = (body as { config?: { configurable?: { thread_id?: unknown } } }).config?.configurable?.thread_id;
  if (typeof threadId !== 'string' || threadId === '' || !ownsChat(request)) return new Response('This chat is not yours.', { status: 403 });
  const messages = (body as { input?: { messages?: unknown } }).input?.messages;
  // The person's answers, or new messages: never the browser's own command (its update and goto could add a call).
  const input = resumeFrom(body) ?? (Array.isArray(messages) ? { messages } : undefined);
  if (!input) return new Response('Send messages or answers.', { status: 400 });

  const mcp = await mcpAgentTools({
    clients: { everything },
    servers: { everything: { trust: 'untrusted', name: 'server-everything' } },
    chatId: threadId,
    store,
  });
  const agent = createAgent({ model: scriptedModel, tools: mcp.tools, middleware: [mcp.middleware], checkpointer });
  const stream = await agent.stream(input, { configurable: { thread_id: threadId }, streamMode: ['values', 'messages'] });
  return new Response(mcp.toBrowser(stream), { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
}

// The example has no accounts: only its own pages may use a chat (the browser marks them).
// Yours, once the app has sign-in: does this session's user own the thread?
const ownsChat = (request: Request) => request.headers.get('sec-fetch-site') === 'same-origin';
