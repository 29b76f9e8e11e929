import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ToolApprovalProvider,
  ToolCallCard,
  ToolSummary,
  nextProgress,
  toolCallStatusFromApproval,
  toolCallStatusFromError,
  toolCallStatusFromResult,
  toolCallStatusFromTask,
  useApprovalController,
  useToolApproval,
  type ApprovalUI,
  type ConsentRecord,
  type ToolCallStatus,
  type Trust,
} from 'react-mcp-annotations';
import { elicitationsFromError } from 'react-mcp-annotations/mcp';
import { mcpClientCapabilities, relatedTaskId, useMcpRequestHandlers } from 'react-mcp-annotations/mcp/react';

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
    // Capabilities must be declared before connect: form and URL elicitation, sampling.
    const client = new Client({ name: 'react-mcp-annotations-example', version: '0.2.0' }, { capabilities: mcpClientCapabilities() });
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

/**
 * Sampling without a model: a scripted answer, so the example works offline.
 * A real host calls its model here with the (reviewed, maybe edited) request.
 */
async function scriptedModel(params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const messages = Array.isArray(params.messages) ? (params.messages as Array<{ content?: { type?: string; text?: string } }>) : [];
  const last = messages.at(-1)?.content;
  const said = last?.type === 'text' && typeof last.text === 'string' ? last.text : 'something that is not text';
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { role: 'assistant', content: { type: 'text', text: `(scripted model) You asked: “${said}”. Here is a short answer.` }, model: 'scripted-example-model', stopReason: 'endTurn' };
}

/** Calls that may prompt a person wait as long as the person needs. */
const LONG = { timeout: 10 * 60_000, resetTimeoutOnProgress: true } as const;

function Chat({ client, tools }: { client: Client; tools: Tool[] }) {
  const { requestApproval } = useToolApproval();
  const controller = useApprovalController();
  const [calls, setCalls] = useState<Call[]>([]);
  const [toolName, setToolName] = useState('get-annotated-message');
  const [argsText, setArgsText] = useState('{ "messageType": "debug", "includeImage": true }');
  const [argsError, setArgsError] = useState('');
  const [notice, setNotice] = useState('');
  const nextId = useRef(1);
  // Running calls: how to stop each one (a task is cancelled on the server; a plain call is abandoned).
  const running = useRef(new Map<string, { abort: AbortController; taskId?: string }>());
  const taskCalls = useRef(new Map<string, string>());

  // Elicitation and sampling requests from the server go through the provider's queue.
  useMcpRequestHandlers(client, SERVER_ID, {
    sample: scriptedModel,
    callIdFor: (request) => taskCalls.current.get(relatedTaskId(request) ?? ''),
    onElicitationComplete: () => setNotice('The server says the link flow is complete.'),
  });

  const update = useCallback((id: string, next: ToolCallStatus | ((previous: ToolCallStatus) => ToolCallStatus)) => {
    setCalls((list) => list.map((call) => (call.id === id ? { ...call, status: typeof next === 'function' ? next(call.status) : next } : call)));
  }, []);

  // Runs one attempt of a call; 'retry' when the server asked for a link first and the person opened it.
  const attempt = useCallback(
    async (call: Pick<Call, 'id' | 'tool' | 'args'>): Promise<'retry' | void> => {
      const abort = new AbortController();
      const entry: { abort: AbortController; taskId?: string } = { abort };
      running.current.set(call.id, entry);
      update(call.id, { type: 'running' });
      try {
        const taskSupport = (call.tool as { execution?: { taskSupport?: string } }).execution?.taskSupport;
        if (taskSupport === 'required' || taskSupport === 'optional') {
          // A task: follow its status; its questions arrive tagged with its id.
          let status: ToolCallStatus = { type: 'running' };
          const stream = client.experimental.tasks.callToolStream({ name: call.tool.name, arguments: call.args }, undefined, { ...LONG, signal: abort.signal });
          for await (const message of stream) {
            if (message.type === 'taskCreated') {
              entry.taskId = message.task.taskId;
              taskCalls.current.set(message.task.taskId, call.id);
            }
            if (message.type === 'taskCreated' || message.type === 'taskStatus') update(call.id, (status = toolCallStatusFromTask(message.task, status)));
            if (message.type === 'result') update(call.id, toolCallStatusFromResult(message.result));
            if (message.type === 'error') throw message.error;
          }
          return;
        }
        const result = (await client.callTool({ name: call.tool.name, arguments: call.args }, undefined, {
          ...LONG,
          signal: abort.signal,
          onprogress: (progress) => update(call.id, (previous) => ({ type: 'running', progress: nextProgress(previous.type === 'running' ? previous.progress : undefined, progress) })),
        })) as CallToolResult;
        update(call.id, toolCallStatusFromResult(result));
      } catch (error) {
        // After a cancel, any error is the cancellation.
        if (abort.signal.aborted) return update(call.id, { type: 'cancelled' });
        // The server needs the person to open a link first (-32042): the same consent as a request, then retry.
        const links = elicitationsFromError(error);
        if (links.length === 0) return update(call.id, toolCallStatusFromError(error));
        update(call.id, { type: 'input-required', message: 'The server asks you to open a link first.' });
        for (const params of links) {
          const { result } = await controller.requestElicitation({ serverId: SERVER_ID, params, callId: call.id, blocking: true });
          if (result.action !== 'accept') return update(call.id, { type: 'cancelled', message: 'You did not open the link, so the call stopped.' });
        }
        return 'retry';
      } finally {
        if (running.current.get(call.id) === entry) running.current.delete(call.id);
      }
    },
    [client, controller, update],
  );

  // Runs a call that was approved. It never asks: the question was asked before
  // (a first call below, a retry by the card through the provider).
  const execute = useCallback(
    async (call: Pick<Call, 'id' | 'tool' | 'args'>): Promise<void> => {
      // One retry after a link the server asked for; a server that asks again gets an error, not a loop.
      if ((await attempt(call)) === 'retry' && (await attempt(call)) === 'retry') update(call.id, { type: 'error', message: 'The server asked for a link again.' });
    },
    [attempt, update],
  );

  const cancel = useCallback(
    (callId: string | undefined) => {
      const entry = callId ? running.current.get(callId) : undefined;
      if (!entry) return;
      if (entry.taskId) void client.experimental.tasks.cancelTask(entry.taskId).catch(() => {});
      entry.abort.abort();
    },
    [client],
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
      <p role="status" className="notice">
        {notice}
      </p>
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
              onCancel={cancel}
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
