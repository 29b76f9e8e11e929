import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-mcp-annotations/styles.css';
import { Chat } from './chat';
// The assistant-ui example's thread styles: the two threads are the same.
import '../../assistant-ui-chat/src/app.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <header className="header">
      <h1>assistant-ui, react-mcp and MCP annotations</h1>
      <p>
        An assistant-ui thread whose MCP tools come from <code>@assistant-ui/react-mcp</code> in the browser, each call asked first, and a scripted model. Try <kbd>debug</kbd>,{' '}
        <kbd>error</kbd>, <kbd>env</kbd> or <kbd>logging</kbd>.
      </p>
    </header>
    <main>
      <h2>Conversation</h2>
      <Chat />
    </main>
  </StrictMode>,
);
