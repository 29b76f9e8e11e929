import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ToolApprovalProvider,
  ToolCallCard,
  ToolSummary,
  toolCallStatusFromApproval,
  toolCallStatusFromError,
  toolCallStatusFromResult,
  useToolApproval,
  type ApprovalUI,
  type ConsentRecord,
  type ToolCallStatus,
  type Trust,
} from 'react-mcp-annotations';

const SERVER_ID = 'everything';

interface Call {
  id: string;
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
    const client = new Client({ name: 'react-mcp-annotations-example', version: '0.2.0' });
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

function Chat({ client, tools }: { client: Client; tools: Tool[] }) {
  const { requestApproval } = useToolApproval();
  const [calls, setCalls] = useState<Call[]>([]);
  const [toolName, setToolName] = useState('get-annotated-message');
  const [argsText, setArgsText] = useState('{ "messageType": "debug", "includeImage": true }');
  const [argsError, setArgsError] = useState('');
  const nextId = useRef(1);

  const update = useCallback((id: string, status: ToolCallStatus) => setCalls((list) => list.map((call) => (call.id === id ? { ...call, status } : call))), []);

  // Runs a call that was approved. It never asks: the question was asked before
  // (a first call below, a retry by the card through the provider).
  const execute = useCallback(
    async (call: Pick<Call, 'id' | 'tool' | 'args'>) => {
      update(call.id, { type: 'running' });
      try {
        const result = await client.callTool({ name: call.tool.name, arguments: call.args }, undefined, {
          onprogress: (progress) => update(call.id, { type: 'running', progress }),
        });
        update(call.id, toolCallStatusFromResult(result));
      } catch (error) {
        update(call.id, toolCallStatusFromError(error));
      }
    },
    [client, update],
  );

  const submit = async (event: React.FormEvent) => {
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
    const call: Call = { id: `call-${nextId.current++}`, tool, args, status: { type: 'awaiting-approval' } };
    setCalls((list) => [...list, call]);
    const approval = await requestApproval({ serverId: SERVER_ID, tool, args, callId: call.id });
    const refused = toolCallStatusFromApproval(approval);
    if (refused) update(call.id, refused);
    else await execute(call);
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
              callId={call.id}
              serverId={SERVER_ID}
              tool={call.tool}
              args={call.args}
              status={call.status}
              onRetry={() => void execute(call)}
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
  const [approvalUI, setApprovalUI] = useState<ApprovalUI>('dialog');
  return (
    <ToolApprovalProvider
      servers={{ [SERVER_ID]: { trust, name: 'server-everything' } }}
      approvalUI={approvalUI}
      onDecision={(record: ConsentRecord) => console.info('[decision]', record)}
    >
      <header className="header">
        <h1>MCP chat host example</h1>
        <p>
          Server: <code>{serverUrl}</code>
        </p>
        <label>
          <input type="checkbox" checked={trust === 'trusted'} onChange={(event) => setTrust(event.currentTarget.checked ? 'trusted' : 'untrusted')} /> Trust this server
        </label>
        <label>
          <input type="checkbox" checked={approvalUI === 'inline'} onChange={(event) => setApprovalUI(event.currentTarget.checked ? 'inline' : 'dialog')} /> Approve in the card
        </label>
      </header>
      {connection.state === 'connecting' && <p role="status">Connecting…</p>}
      {connection.state === 'failed' && <p role="alert">Could not connect: {connection.message}</p>}
      {connection.state === 'ready' && (
        <div className="layout">
          <main>
            <h2>Conversation</h2>
            <Chat client={connection.client} tools={connection.tools} />
          </main>
          <aside aria-label="Tools">
            <h2>Tools ({connection.tools.length})</h2>
            {connection.tools.map((tool) => (
              <ToolSummary key={tool.name} tool={tool} serverId={SERVER_ID} />
            ))}
          </aside>
        </div>
      )}
    </ToolApprovalProvider>
  );
}
