'use client';
// A client component: in Next.js App Router this file needs the directive.
import { fetchServerSentEvents, useChat } from '@tanstack/ai-react';
import { useState } from 'react';
import { ConsentProvider } from 'react-mcp-annotations';
import { McpToolCall } from 'react-mcp-annotations/tanstack-ai/react';

export function Chat() {
  const chat = useChat({ connection: fetchServerSentEvents('/api/chat') });
  const [input, setInput] = useState('');
  return (
    // The same trust as the route's `servers`, keyed by the same server id.
    <ConsentProvider servers={{ everything: { trust: 'untrusted', name: 'server-everything' } }}>
      <ul className="messages" aria-label="Messages">
        {chat.messages.map((message) => (
          <li key={message.id} className="message" data-role={message.role}>
            {message.parts.map((part, i) =>
              // Every tool call renders as the card: badges, the confirmation, the person's view of the result.
              part.type === 'tool-call' ? <McpToolCall key={part.id} part={part} chat={chat} headingLevel={3} /> : part.type === 'text' ? <p key={i}>{part.content}</p> : null,
            )}
          </li>
        ))}
      </ul>
      {chat.error && <p role="alert">The chat failed. Try again.</p>}
      <form
        className="composer"
        onSubmit={(event) => {
          event.preventDefault();
          if (!input.trim()) return;
          void chat.sendMessage(input);
          setInput('');
        }}
      >
        <input aria-label="Message" value={input} onChange={(event) => setInput(event.currentTarget.value)} placeholder="Write a message" autoComplete="off" />
        {/* While a question is open, TanStack AI takes no new message: answer it first. */}
        <button type="submit" disabled={chat.isLoading || chat.interrupts.length > 0}>
          Send
        </button>
      </form>
    </ConsentProvider>
  );
}
