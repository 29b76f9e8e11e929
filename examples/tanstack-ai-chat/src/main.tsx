import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-mcp-annotations/styles.css';
import { Chat } from './chat';
import './app.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <header className="header">
      <h1>TanStack AI with MCP annotations</h1>
      <p>
        A TanStack AI chat (<code>useChat</code>) against a <code>chat()</code> route with the MCP tools of server-everything through <code>mcpChatTools</code>, and a scripted model. Try <kbd>debug</kbd>,{' '}
        <kbd>error</kbd>, <kbd>env</kbd> or <kbd>logging</kbd>.
      </p>
    </header>
    <main>
      <h2>Conversation</h2>
      <Chat />
    </main>
  </StrictMode>,
);
