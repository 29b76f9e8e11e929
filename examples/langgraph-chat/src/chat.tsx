'use client';
// A client component: in Next.js App Router this file needs the directive.
import { FetchStreamTransport, useStream } from '@langchain/langgraph-sdk/react';
import { useState, useSyncExternalStore } from 'react';
import { ConsentProvider } from 'react-mcp-annotations';
import { McpToolCall } from 'react-mcp-annotations/langgraph/react';

// The route (POST /api/chat) that runs the agent; the thread is the chat.
const transport = new FetchStreamTransport({ apiUrl: '/api/chat' });

// A new chat per page load, made in the browser: a server prerender has none (a random value there would be
// rendered once for everyone, and Next.js fails the build on it).
let thread: string | undefined;
const pageThread = () => (thread ??= crypto.randomUUID());
const noChanges = () => () => {};

export function Chat() {
  const threadId = useSyncExternalStore(noChanges, pageThread, () => undefined);
  const stream = useStream({ transport, threadId });
  const [input, setInput] = useState('');
  return (
    // The same trust as the route's `servers`, keyed by the same server id.
    <ConsentProvider servers={{ everything: { trust: 'untrusted', name: 'server-everything' } }}>
      <ul className="messages" aria-label="Messages">
        {stream.messages.map((message, i) =>
          // A tool message is its call's result: the call's card shows it.
          message.type === 'tool' ? null : (
            <li key={message.id ?? i} className="message" data-role={message.type === 'human' ? 'user' : 'assistant'}>
              {typeof message.content === 'string' && message.content !== '' && <p>{message.content}</p>}
              {/* Every tool call renders as the card: badges, the confirmation, the person's view of the result. */}
              {message.type === 'ai' && message.tool_calls?.map((call) => <McpToolCall key={call.id} toolCall={call} stream={stream} headingLevel={3} />)}
            </li>
          ),
        )}
      </ul>
      {stream.error !== undefined && <p role="alert">The chat failed. Try again.</p>}
      <form
        className="composer"
        onSubmit={(event) => {
          event.preventDefault();
          if (!input.trim()) return;
          void stream.submit({ messages: [{ type: 'human', content: input }] });
          setInput('');
        }}
      >
        <input aria-label="Message" value={input} onChange={(event) => setInput(event.currentTarget.value)} placeholder="Write a message" autoComplete="off" />
        {/* While a question is open, answer it first: a new message would leave it unanswered. */}
        <button type="submit" disabled={threadId === undefined || stream.isLoading || stream.interrupts.length > 0}>
          Send
        </button>
      </form>
    </ConsentProvider>
  );
}
