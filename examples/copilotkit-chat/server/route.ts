// The CopilotKit runtime (every route under /api/copilotkit): its built-in
// agent, with the MCP tools of server-everything through mcpAgentMiddleware,
// which decides each call with the policy and asks through an interrupt.
import { BuiltInAgent, CopilotRuntime, createCopilotRuntimeHandler } from '@copilotkit/runtime/v2';
import { mcpAgentMiddleware } from 'react-mcp-annotations/copilotkit';
import { createMcpChatStore } from 'react-mcp-annotations/gate';
import { everything } from './mcp';
import { scriptedModel } from './scripted-model';

// One store per server process; several instances: createMcpChatStore({ storage: createRedisChatStorage(redis) }).
const store = createMcpChatStore();

const runtime = new CopilotRuntime({
  // Built per request, so the gate knows whose request it is.
  agents: ({ request }) => ({
    default: new BuiltInAgent({ model: scriptedModel }).use(
      mcpAgentMiddleware({
        clients: { everything },
        servers: { everything: { trust: 'untrusted', name: 'server-everything' } },
        store,
        // The thread id comes from the browser and keys this chat's approvals: check that the signed-in user owns it.
        chatId: (threadId) => {
          if (!ownsChat(request)) throw new Error('This chat is not yours.');
          return threadId;
        },
      }),
    ),
  }),
});

export const handleChat = createCopilotRuntimeHandler({ runtime, basePath: '/api/copilotkit' });

// The example has no accounts: only its own pages may use a chat (the browser marks them).
// Yours, once the app has sign-in: does this session's user own the thread?
const ownsChat = (request: Request) => request.headers.get('sec-fetch-site') === 'same-origin';
