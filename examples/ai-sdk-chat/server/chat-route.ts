// The chat route: streamText with the MCP tools of server-everything, the
// approval policy and the audience rule of react-mcp-annotations. The two
// lines that matter are marked; the rest is what any AI SDK route has.
import { createUIMessageStreamResponse, stepCountIs, streamText, toUIMessageStream, validateUIMessages, type LanguageModel, type ToolSet, type UIMessage } from 'ai';
import { annotateMcpTools, mcpToolApproval, toModelMessages, type McpChatStore } from 'react-mcp-annotations/ai-sdk';
import type { ConsentRecord, ServerConfig } from 'react-mcp-annotations/core';

export interface ChatRouteOptions {
  model: LanguageModel;
  /** The MCP tools (`await mcpClient.tools()`), fetched per request. */
  tools: () => Promise<ToolSet>;
  /** Trust and names by MCP client name. */
  servers: Record<string, ServerConfig>;
  /** Signs approval requests; from the environment in a real app. */
  secret: string;
  store: McpChatStore;
  onDecision?: (record: ConsentRecord) => void;
}

/** Handles POST /api/chat from `useChat` (a `Request` in, a UI message stream `Response` out). */
export function createChatRoute(options: ChatRouteOptions) {
  return async (request: Request): Promise<Response> => {
    const body: unknown = await request.json().catch(() => null);
    const chatId = typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string' ? body.id : undefined;
    const raw = typeof body === 'object' && body !== null && 'messages' in body ? body.messages : undefined;
    const remember = typeof body === 'object' && body !== null && 'remember' in body && Array.isArray(body.remember) ? body.remember : [];
    let messages: UIMessage[];
    try {
      messages = await validateUIMessages({ messages: raw });
    } catch {
      return new Response('Bad request', { status: 400 });
    }
    if (chatId === undefined) return new Response('Bad request', { status: 400 });

    // 1. The MCP tools, so the browser gets the user view and the model its own.
    const tools = annotateMcpTools(await options.tools(), { chatId, store: options.store });
    // 2. The approval policy (with its signing secret), decided by the library's core.
    const approval = mcpToolApproval({ tools, servers: options.servers, secret: options.secret, chatId, store: options.store, remember, onDecision: options.onDecision });

    const result = streamText({
      model: options.model,
      tools,
      messages: await toModelMessages(messages, tools),
      stopWhen: stepCountIs(4),
      ...approval,
      onError: ({ error }) => console.warn(`[chat] ${error instanceof Error ? error.message : String(error)}`),
    });
    return createUIMessageStreamResponse({
      stream: toUIMessageStream({
        stream: result.stream,
        tools,
        originalMessages: messages,
        // Never send internals (or a forged request's details) to the browser.
        onError: (error) => (error instanceof Error && error.name === 'AI_InvalidToolApprovalSignatureError' ? 'This approval is not valid, so nothing ran.' : 'Something went wrong.'),
      }),
    });
  };
}
