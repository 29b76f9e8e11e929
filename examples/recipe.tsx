// A complete host in one file: connect, list tools, fill each tool's arguments
// from its schema, ask before each call, answer the server's questions, run
// it with progress, handle errors, render results for the user.
// Beside the package (see the README's Install): npm install @modelcontextprotocol/sdk@^1.32
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { useCallback, useEffect, useId, useState } from 'react';
import {
  ConsentProvider,
  ElicitationDialog,
  ToolCallCard,
  ToolSummary,
  starterArguments,
  toolCallStatusFromApproval,
  toolCallStatusFromError,
  toolCallStatusFromResult,
  elicitationKind,
  toolKind,
  useToolApproval,
  type ConsentRecord,
  type Tool,
  type ToolCallStatus,
} from 'react-mcp-annotations';
import { callMcpTool, mcpClientCapabilities, useMcpRequestHandlers } from 'react-mcp-annotations/mcp/react';
import 'react-mcp-annotations/styles.css'; // import before your own stylesheet

const SERVER_ID = 'everything';

interface Call {
  id: string;
  tool: Tool;
  args: Record<string, unknown>;
  status: ToolCallStatus;
}

// The kinds of consent this host asks about: tool calls, and the questions servers ask (elicitation).
const kinds = [toolKind(), elicitationKind()];

/** 1. Say which servers you trust (unknown servers are untrusted), what to ask about, and log every decision. */
export function App({ serverUrl }: { serverUrl: string }) {
  return (
    <ConsentProvider
      servers={{ [SERVER_ID]: { trust: 'untrusted', name: 'Everything server' } }}
      kinds={kinds}
      components={{ elicitation: ElicitationDialog }}
      onDecision={(record: ConsentRecord) => console.info('[decision]', record)}
    >
      <Chat serverUrl={serverUrl} />
    </ConsentProvider>
  );
}

/**
 * 2. Connect with the MCP SDK and list the server's tools. Capabilities are
 * declared before connect: elicitation, so the server's questions open the
 * provider's dialog (sampling only if you pass your model: `{ sample }`).
 */
function useMcp(serverUrl: string) {
  const [client] = useState(() => new Client({ name: 'my-host', version: '1.0.0' }, { capabilities: mcpClientCapabilities() }));
  const ready = useMcpRequestHandlers(client, SERVER_ID); // connect once the handlers are on
  const [state, setState] = useState<{ client?: Client; tools: Tool[]; error?: string }>({ tools: [] });
  useEffect(() => {
    if (!ready) return;
    let closed = false;
    client
      .connect(new StreamableHTTPClientTransport(new URL(serverUrl)))
      .then(() => client.listTools())
      .then(({ tools }) => !closed && setState({ client, tools }))
      .catch((error: unknown) => !closed && setState({ tools: [], error: String(error) }));
    return () => {
      closed = true;
      void client.close();
    };
  }, [client, ready, serverUrl]);
  return state;
}

function Chat({ serverUrl }: { serverUrl: string }) {
  const { client, tools, error } = useMcp(serverUrl);
  const { requestApproval } = useToolApproval();
  const [calls, setCalls] = useState<Call[]>([]);
  const setStatus = useCallback((id: string, status: ToolCallStatus) => setCalls((list) => list.map((call) => (call.id === id ? { ...call, status } : call))), []);

  /** 4. Run an approved call, with MCP progress, and turn whatever happens into a status. */
  const execute = useCallback(
    async (call: Call) => {
      if (!client) return;
      setStatus(call.id, { type: 'running' });
      try {
        // A question the server asks during the call names it and returns focus to its card.
        const result = await callMcpTool(client, { name: call.tool.name, arguments: call.args }, {
          callId: call.id,
          onprogress: (progress) => setStatus(call.id, { type: 'running', progress }),
        });
        setStatus(call.id, toolCallStatusFromResult(result));
      } catch (failure) {
        setStatus(call.id, toolCallStatusFromError(failure));
      }
    },
    [client, setStatus],
  );

  /** 3. Ask before every call: the provider decides, shows the dialog if it must, and always answers. */
  const callTool = useCallback(
    async (tool: Tool, args: Record<string, unknown>) => {
      const call: Call = { id: crypto.randomUUID(), tool, args, status: { type: 'awaiting-approval' } };
      setCalls((list) => [...list, call]);
      const approval = await requestApproval({ serverId: SERVER_ID, tool, args, callId: call.id });
      const refused = toolCallStatusFromApproval(approval);
      if (refused) setStatus(call.id, refused);
      else await execute(call);
    },
    [requestApproval, execute, setStatus],
  );

  if (error) return <p role="alert">Could not connect: {error}</p>;
  return (
    <>
      <ul aria-label="Tools">
        {tools.map((tool) => (
          <ToolRow key={tool.name} tool={tool} onCall={(args) => void callTool(tool, args)} />
        ))}
      </ul>
      {/* 5. Render each call: status, progress, result for the user (assistant-only blocks never render). */}
      {calls.map((call) => (
        <ToolCallCard
          key={call.id}
          callId={call.id}
          serverId={SERVER_ID}
          tool={call.tool}
          args={call.args}
          status={call.status}
          // Retry is decided by the provider (it asks if it must); onRetry runs only when allowed.
          onRetry={() => void execute(call)}
          resultProps={{ order: 'priority', collapseBelow: 0.4, staleAfterMs: 7 * 86_400_000 }}
        />
      ))}
    </>
  );
}

/** One tool: its badges and an arguments box filled from its input schema (defaults, then required fields). */
function ToolRow({ tool, onCall }: { tool: Tool; onCall: (args: Record<string, unknown>) => void }) {
  const [text, setText] = useState(() => JSON.stringify(starterArguments(tool), null, 2));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const id = useId();
  const call = () => {
    try {
      const args: unknown = JSON.parse(text);
      if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new Error('Arguments must be a JSON object.');
      setProblem(undefined);
      onCall(args as Record<string, unknown>);
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <li>
      <ToolSummary tool={tool} serverId={SERVER_ID} />
      <label htmlFor={`${id}-args`}>Arguments for {tool.name} (JSON)</label>
      <textarea id={`${id}-args`} value={text} onChange={(event) => setText(event.target.value)} rows={4} spellCheck={false} aria-invalid={problem !== undefined} aria-describedby={problem ? `${id}-problem` : undefined} />
      {problem && <p id={`${id}-problem`}>{problem}</p>}
      <button type="button" onClick={call}>
        Call {tool.name}
      </button>
    </li>
  );
}
