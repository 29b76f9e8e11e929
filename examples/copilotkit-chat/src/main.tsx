import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@copilotkit/react-core/v2/styles.css';
import 'react-mcp-annotations/styles.css';
import { Chat } from './chat';
import './app.css';

// CopilotKit's chat turns dark under a `.dark` ancestor; the cards follow the same class. Both follow the system here.
const dark = matchMedia('(prefers-color-scheme: dark)');
const followSystem = () => document.documentElement.classList.toggle('dark', dark.matches);
followSystem();
dark.addEventListener('change', followSystem);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <header className="header">
      <h1>CopilotKit with MCP annotations</h1>
      <p>
        A CopilotKit chat (<code>CopilotChat</code>) against a <code>CopilotRuntime</code> whose built-in agent gets the MCP tools of server-everything through <code>mcpAgentMiddleware</code>, and a
        scripted model. Try <kbd>debug</kbd>, <kbd>error</kbd>, <kbd>env</kbd> or <kbd>logging</kbd>.
      </p>
    </header>
    <main>
      <h2>Conversation</h2>
      <Chat />
    </main>
  </StrictMode>,
);
