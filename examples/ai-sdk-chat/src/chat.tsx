'use client';
// A client component: in Next.js App Router this file needs the directive (useChat is a hook).
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, isToolUIPart, lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import { useState } from 'react';
import { ConsentProvider } from 'react-mcp-annotations';
import { McpChatError, McpToolPart, useRememberedApprovals } from 'react-mcp-annotations/ai-sdk/react';

export function Chat({ onResponse }: { onResponse?: () => void }) {
  const remembered = useRememberedApprovals();
  // "Remember" travels in the body (the approval's reason would reach the model); the server checks it again.
  const [transport] = useState(() => new DefaultChatTransport({ api: '/api/chat', body: remembered.body }));
  const { messages, sendMessage, addToolApprovalResponse, status, error } = useChat({
    transport,
    // Once every approval in the last message is answered, send them.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    onFinish: () => onResponse?.(),
  });
  const [input, setInput] = useState('');
  return (
    // The same trust as the server's `servers`, keyed by the MCP client name.
    <ConsentProvider servers={{ everything: { trust: 'untrusted', name: 'server-everything' } }}>
      <ol className="messages" aria-label="Messages">
        {messages.map((message) => (
          <li key={message.id} data-role={message.role}>
            {message.parts.map((part, i) =>
              part.type === 'text' ? (
                <p key={i}>{part.text}</p>
              ) : isToolUIPart(part) ? (
                <McpToolPart key={part.toolCallId} part={part} addToolApprovalResponse={addToolApprovalResponse} onRemember={remembered.add} headingLevel={3} />
              ) : null,
            )}
          </li>
        ))}
      </ol>
      {/* The route's refusals (authorize said no) and errors, in your words; never the server's text. */}
      <McpChatError error={error} />
      <form
        className="composer"
        onSubmit={(event) => {
          event.preventDefault();
          if (!input.trim()) return;
          void sendMessage({ text: input });
          setInput('');
        }}
      >
        <label htmlFor="message">Message</label>
        <input id="message" value={input} onChange={(event) => setInput(event.currentTarget.value)} placeholder="debug, error, env or logging" autoComplete="off" />
        <button type="submit" disabled={status === 'submitted' || status === 'streaming'}>
          Send
        </button>
      </form>
    </ConsentProvider>
  );
}
