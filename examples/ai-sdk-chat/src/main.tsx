import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-mcp-annotations/styles.css';
import type { ConsentRecord } from 'react-mcp-annotations';
import { Chat } from './chat.js';
import './app.css';

interface Log {
  decisions: ConsentRecord[];
  executions: Array<{ toolName: string; at: number }>;
}

/** The page: the chat, and what the server decided and ran. */
function App() {
  const [log, setLog] = useState<Log>({ decisions: [], executions: [] });
  const refresh = useCallback(() => {
    void fetch('/api/log')
      .then((response) => response.json() as Promise<Log>)
      .then(setLog);
  }, []);
  useEffect(refresh, [refresh]);
  return (
    <>
      <header className="header">
        <h1>AI SDK chat with MCP annotations</h1>
        <p>
          <code>useChat</code> → <code>streamText</code> with the tools of server-everything (<code>@ai-sdk/mcp</code>), a scripted model, and react-mcp-annotations deciding
          approvals and what each side sees. Try <kbd>debug</kbd>, <kbd>error</kbd>, <kbd>env</kbd> or <kbd>logging</kbd>.
        </p>
      </header>
      <div className="layout">
        <main>
          <h2>Conversation</h2>
          <Chat onResponse={refresh} />
        </main>
        <aside aria-label="Server log">
          <h2>Server log</h2>
          <h3>Decisions</h3>
          <ul className="log" aria-label="Decisions">
            {log.decisions.map((record, i) => (
              <li key={i}>
                <code>{record.kind === 'tool' ? `${record.toolName}: ${record.outcome} by ${record.decidedBy}${record.reasons[0] ? ` (${record.reasons[0].code})` : ''}` : `${record.kind}: ${record.outcome}`}</code>
              </li>
            ))}
          </ul>
          <h3>Calls that reached the MCP server</h3>
          <ul className="log" aria-label="Executions">
            {log.executions.map((execution, i) => (
              <li key={i}>
                <code>{execution.toolName}</code>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
