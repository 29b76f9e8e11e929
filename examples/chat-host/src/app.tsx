import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ToolApprovalProvider, ToolCallCard, ToolSummary, useToolApproval, type ToolCallStatus, type Trust } from 'react-mcp-annotations';

const SERVER_ID = 'everything';

interface Call {
  id: number;
  tool: Tool;
  args: Record<string, unknown>;
  status: ToolCallStatus;
}

type Connection = { state: 'connecting' } | { state: 'ready'; client: Client; tools: Tool[] } | { state: 'failed'; message: string };

/** Connects to one MCP server over streamable HTTP and lists its tools. */
function useMcp(serverUrl: string): Connection {
  const [connection, setConnection] = useState<Connection>({ state: 'connecting' });
  useEffect(() => {
    let closed = false;
    const client = new Client({ name: 'react-mcp-annotations-example', version: '0.1.0' });
    (async () => {
      try {
        await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl)));
        const { tools } = await client.listTools();
        if (!closed) setConnection({ state: 'ready', client, tools });
      } catch (error) {
        if (!closed) setConnection({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      closed = true;
      void client.close();
    };
  }, [serverUrl]);
  return connection;
}

function Chat({ client, tools, trust }: { client: Client; tools: Tool[]; trust: Trust }) {
  const { requestApproval } = useToolApproval();
  const [calls, setCalls] = useState<Call[]>([]);
  const [toolName, setToolName] = useState('get-annotated-message');
  const [argsText, setArgsText] = useState('{ "messageType": "debug", "includeImage": true }');
  const [argsError, setArgsError] = useState('');
  const nextId = useRef(1);

  const update = useCallback((id: number, status: ToolCallStatus) => setCalls((list) => list.map((call) => (call.id === id ? { ...call, status } : call))), []);

  const run = useCallback(
    async (tool: Tool, args: Record<string, unknown>, id: number) => {
      const approval = await requestApproval({ serverId: SERVER_ID, tool, args });
      if (approval.outcome === 'blocked') return update(id, { type: 'blocked', reasons: approval.decision.reasons });
      if (approval.outcome === 'denied') return update(id, { type: 'denied' });
      update(id, { type: 'running' });
      try {
        const result = (await client.callTool(
          { name: tool.name, arguments: args },
          undefined,
          { onprogress: (progress) => update(id, { type: 'running', progress }) },
        )) as CallToolResult;
        update(id, result.isError ? { type: 'error', result } : { type: 'success', result });
      } catch (error) {
        update(id, { type: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    },
    [client, requestApproval, update],
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const tool = tools.find((t) => t.name === toolName);
    let args: Record<string, unknown>;
    try {
      args = JSON.parse(argsText || '{}') as Record<string, unknown>;
    } catch {
      setArgsError('The arguments are not valid JSON.');
      return;
    }
    setArgsError('');
    if (!tool) return;
    const id = nextId.current++;
    setCalls((list) => [...list, { id, tool, args, status: { type: 'awaiting-approval' } }]);
    void run(tool, args, id);
  };

  return (
    <>
      <form className="composer" onSubmit={submit}>
        <label htmlFor="tool-name">Tool</label>
        <select id="tool-name" value={toolName} onChange={(event) => setToolName(event.currentTarget.value)}>
          {tools.map((tool) => (
            <option key={tool.name} value={tool.name}>
              {tool.name}
            </option>
          ))}
        </select>
        <label htmlFor="tool-args">Arguments (JSON)</label>
        <textarea id="tool-args" value={argsText} onChange={(event) => setArgsText(event.currentTarget.value)} rows={3} aria-invalid={argsError !== ''} aria-describedby="args-error" />
        <p id="args-error" role="alert">
          {argsError}
        </p>
        <button type="submit">Call tool</button>
      </form>
      <ol className="calls" aria-label="Tool calls">
        {calls.map((call) => (
          <li key={call.id}>
            <ToolCallCard
              headingLevel={3}
              serverId={SERVER_ID}
              tool={call.tool}
              trust={trust}
              args={call.args}
              status={call.status}
              onRetry={() => void run(call.tool, call.args, call.id)}
              resultProps={{ order: 'priority' }}
            />
          </li>
        ))}
      </ol>
    </>
  );
}

export function App({ serverUrl }: { serverUrl: string }) {
  const connection = useMcp(serverUrl);
  const [trust, setTrust] = useState<Trust>('untrusted');
  return (
    <ToolApprovalProvider servers={{ [SERVER_ID]: { trust, name: 'server-everything' } }} onDecision={(record) => console.info('[decision]', record)}>
      <header className="header">
        <h1>MCP chat host example</h1>
        <p>
          Server: <code>{serverUrl}</code>
        </p>
        <label>
          <input type="checkbox" checked={trust === 'trusted'} onChange={(event) => setTrust(event.currentTarget.checked ? 'trusted' : 'untrusted')} /> Trust this server
        </label>
      </header>
      {connection.state === 'connecting' && <p role="status">Connecting…</p>}
      {connection.state === 'failed' && <p role="alert">Could not connect: {connection.message}</p>}
      {connection.state === 'ready' && (
        <div className="layout">
          <main>
            <h2>Conversation</h2>
            <Chat client={connection.client} tools={connection.tools} trust={trust} />
          </main>
          <aside aria-label="Tools">
            <h2>Tools ({connection.tools.length})</h2>
            {connection.tools.map((tool) => (
              <ToolSummary key={tool.name} tool={tool} trust={trust} />
            ))}
          </aside>
        </div>
      )}
    </ToolApprovalProvider>
  );
}
