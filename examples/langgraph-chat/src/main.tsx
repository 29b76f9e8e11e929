import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-mcp-annotations/styles.css';
import { Chat } from './chat';
// The TanStack AI example's page styles, shared by the examples.
import '../../tanstack-ai-chat/src/app.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <header className="header">
      <h1>LangGraph with MCP annotations</h1>
      <p>
        A LangGraph chat (<code>useStream</code>) against a LangChain agent whose MCP tools, from server-everything, pass the consent gate of <code>mcpAgentTools</code>, with a scripted model. Try <kbd>debug</kbd> or{' '}
        <kbd>env</kbd>.
      </p>
    </header>
    <main>
      <h2>Conversation</h2>
      <Chat />
    </main>
  </StrictMode>,
);
