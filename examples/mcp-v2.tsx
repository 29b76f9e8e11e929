// The same host on the MCP SDK v2 (`@modelcontextprotocol/client` 2.x), in
// both protocol eras: every question a server asks during a call names that
// call, Stop takes its questions with it, and the tool list stays fresh.
// Beside the package (see the README's Install): npm install @modelcontextprotocol/client@^2.4
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ConsentProvider, ElicitationDialog, ToolCallCard, ToolSummary, elicitationKind, starterArguments, toolKind, toolCallStatusFromApproval, toolCallStatusFromError, toolCallStatusFromResult, useToolApproval, type Tool, type ToolCallStatus } from 'react-mcp-annotations';
import { callMcpTool, mcpClientCapabilities, useMcpRequestHandlers, useMcpTools } from 'react-mcp-annotations/mcp/v2/react';
import 'react-mcp-annotations/styles.css';

const SERVER_ID = 'notes';

interface Call {
  id: string;
  tool: Tool;
  args: Record<string, unknown>;
  status: ToolCallStatus;
}

const kinds = [toolKind(), elicitationKind()];

export function App({ serverUrl }: { serverUrl: string }) {
  return (
    <ConsentProvider servers={{ [SERVER_ID]: { trust: 'untrusted', name: 'Notes' } }} kinds={kinds} components={{ elicitation: ElicitationDialog }} onDecision={(record) => console.info('[decision]', record)}>
      <Notes serverUrl={serverUrl} />
    </ConsentProvider>
  );
}

/** Connects once the handlers are on, so no server question arrives unanswered. */
function useNotesClient(serverUrl: string) {
  // `auto` speaks 2026-07-28 where the server offers it, else 2025-11-25. Capabilities cannot change after connect.
  const [client] = useState(() => new Client({ name: 'my-host', version: '1.0.0' }, { capabilities: mcpClientCapabilities(), versionNegotiation: { mode: 'auto' } }));
  // Elicitation opens the provider's dialog, in both eras. (Sampling: pass your model as `sample` here and to mcpClientCapabilities.)
  const ready = useMcpRequestHandlers(client, SERVER_ID);
  const [connected, setConnected] = useState<Client | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!ready) return;
    let closed = false;
    client.connect(new StreamableHTTPClientTransport(new URL(serverUrl))).then(
      () => !closed && setConnected(client),
      (failure: unknown) => !closed && setError(String(failure)),
    );
    return () => {
      closed = true;
      setConnected(undefined);
      void client.close();
    };
  }, [client, ready, serverUrl]);
  return { client: connected, error };
}

function Notes({ serverUrl }: { serverUrl: string }) {
  const { client, error } = useNotesClient(serverUrl);
  // Refetched on ttlMs and on list changes; a tool that changed since it was allowed asks again.
  const { tools } = useMcpTools(client, SERVER_ID);
  const { requestApproval } = useToolApproval();
  const [calls, setCalls] = useState<Call[]>([]);
  const stops = useRef(new Map<string, AbortController>());
  const setStatus = useCallback((id: string, status: ToolCallStatus) => setCalls((list) => list.map((call) => (call.id === id ? { ...call, status } : call))), []);

  const run = useCallback(
    async (tool: Tool, args: Record<string, unknown>) => {
      if (!client) return;
      const call: Call = { id: crypto.randomUUID(), tool, args, status: { type: 'awaiting-approval' } };
      setCalls((list) => [...list, call]);
      const refused = toolCallStatusFromApproval(await requestApproval({ serverId: SERVER_ID, tool, args, callId: call.id }));
      if (refused) return setStatus(call.id, refused);
      const stop = new AbortController();
      stops.current.set(call.id, stop);
      setStatus(call.id, { type: 'running' });
      try {
        // Questions during the call name it and return focus to its card; Stop closes them.
        setStatus(call.id, toolCallStatusFromResult(await callMcpTool(client, { name: tool.name, arguments: args }, { callId: call.id, signal: stop.signal })));
      } catch (failure) {
        setStatus(call.id, toolCallStatusFromError(failure));
      } finally {
        stops.current.delete(call.id);
      }
    },
    [client, requestApproval, setStatus],
  );

  if (error) return <p role="alert">Could not connect: {error}</p>;
  return (
    <>
      <ul aria-label="Tools">
        {tools.map((tool) => (
          <ToolRow key={tool.name} tool={tool} onCall={(args) => void run(tool, args)} />
        ))}
      </ul>
      {calls.map((call) => (
        <ToolCallCard key={call.id} callId={call.id} serverId={SERVER_ID} tool={call.tool} args={call.args} status={call.status} onCancel={(id) => id && stops.current.get(id)?.abort()} />
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
