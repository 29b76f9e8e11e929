import { Client as ClientV2, StreamableHTTPClientTransport as StreamableHTTPClientTransportV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ConsentProvider,
  ElicitationDialog,
  SamplingDialog,
  ToolCallCard,
  ToolSummary,
  nextProgress,
  toolCallStatusFromApproval,
  toolCallStatusFromError,
  toolCallStatusFromResult,
  toolCallStatusFromTask,
  elicitationKind,
  samplingKind,
  toolKind,
  useConsentController,
  useToolApproval,
  type ApprovalUI,
  type ConsentRecord,
  type ElicitationKindTypes,
  type SamplingKindTypes,
  type ToolKindTypes,
  type ToolCallStatus,
  type Trust,
} from 'react-mcp-annotations';
import { elicitationsFromError } from 'react-mcp-annotations/mcp';
import { callMcpTool, mcpClientCapabilities, relatedTaskId, useMcpRequestHandlers, type McpCallOptions } from 'react-mcp-annotations/mcp/react';
import * as v2 from 'react-mcp-annotations/mcp/v2/react';

const SERVER_ID = 'everything';

interface Call {
  id: string;
  tool: Tool;
  args: Record<string, unknown>;
  status: ToolCallStatus;
}

/** Which MCP SDK line the host runs on: `@modelcontextprotocol/sdk` 1.x or `@modelcontextprotocol/client` 2.x. */
export type SdkLine = 'v1' | 'v2';

/** What the chat needs from a connection, whichever SDK line made it. */
interface McpLine {
  sdk: SdkLine;
  tools: Tool[];
  /** One call; questions the server asks meanwhile name it and close with it. */
  call(name: string, args: Record<string, unknown>, options: McpCallOptions): Promise<CallToolResult>;
  /** Tasks need the 1.x task client; 2.x has none. */
  tasks?: Client['experimental']['tasks'] | undefined;
  /** Which call started a task, for the questions it asks. */
  taskCalls: Map<string, string>;
}

type Connection = { state: 'connecting' } | { state: 'ready'; line: McpLine } | { state: 'failed'; message: string };

/** A client for as long as the component is mounted (StrictMode's second mount gets a fresh one). */
function useClient<C extends { close(): Promise<void> }>(create: () => C): C | undefined {
  const [client, setClient] = useState<C | undefined>(undefined);
  useEffect(() => {
    const next = create();
    // Made here, not during render: a closed client cannot be reused, and StrictMode remounts.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setClient(next);
    return () => {
      setClient(undefined);
      void next.close();
    };
  }, [create]);
  return client;
}

type Listed = { state: 'connecting' } | { state: 'ready'; tools: Tool[] } | { state: 'failed'; message: string };
// One connection per client, however often an effect runs.
const connections = new WeakMap<object, Promise<Tool[]>>();

/** Connects once the request handlers are on (so no question arrives unanswered) and lists the tools. */
function useConnection<C extends object>(client: C | undefined, ready: boolean, connect: (client: C) => Promise<Tool[]>): Listed {
  const [listed, setListed] = useState<Listed>({ state: 'connecting' });
  useEffect(() => {
    if (!client || !ready) return;
    let current = true;
    let pending = connections.get(client);
    if (!pending) connections.set(client, (pending = connect(client)));
    pending.then(
      (tools) => current && setListed({ state: 'ready', tools }),
      (error: unknown) => current && setListed({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [client, ready, connect]);
  return listed;
}

function handlerOptions(taskCalls: Map<string, string>, setNotice: (notice: string) => void) {
  return {
    sample: scriptedModel,
    callIdFor: (request: { params: unknown }) => taskCalls.get(relatedTaskId(request) ?? ''),
    onElicitationComplete: () => setNotice('The server says the link flow is complete.'),
  };
}

// Capabilities must be declared before connect: form and URL elicitation, and sampling because this host has a model.
const createV1 = () => new Client({ name: 'react-mcp-annotations-example', version: '0.3.0' }, { capabilities: mcpClientCapabilities({ sample: scriptedModel }) });
// SDK 2.x negotiates the protocol era: 2026-07-28 where the server offers it, else 2025-11-25.
const createV2 = () => new ClientV2({ name: 'react-mcp-annotations-example', version: '0.3.0' }, { capabilities: v2.mcpClientCapabilities({ sample: scriptedModel }), versionNegotiation: { mode: 'auto' } });

/** SDK 1.x over streamable HTTP. */
function useMcpV1(serverUrl: string, setNotice: (notice: string) => void): Connection {
  const client = useClient(createV1);
  const [taskCalls] = useState(() => new Map<string, string>());
  // Elicitation and sampling requests from the server go through the provider's queue.
  const ready = useMcpRequestHandlers(client, SERVER_ID, {
    ...handlerOptions(taskCalls, setNotice),
    // A task's question offers "Stop task" (its dialog covers the card's Cancel).
    onStop: ({ taskId }) => void client?.experimental.tasks.cancelTask(taskId).catch(() => {}),
  });
  const connect = useCallback(
    async (c: Client) => {
      await c.connect(new StreamableHTTPClientTransport(new URL(serverUrl)));
      return (await c.listTools()).tools;
    },
    [serverUrl],
  );
  const listed = useConnection(client, ready, connect);
  return useMemo((): Connection => {
    if (listed.state !== 'ready' || !client) return listed.state === 'ready' ? { state: 'connecting' } : listed;
    const call: McpLine['call'] = async (name, args, options) => (await callMcpTool(client, { name, arguments: args }, options)) as CallToolResult;
    return { state: 'ready', line: { sdk: 'v1', tools: listed.tools, taskCalls, tasks: client.experimental.tasks, call } };
  }, [listed, client, taskCalls]);
}

/** SDK 2.x over streamable HTTP. */
function useMcpV2(serverUrl: string, setNotice: (notice: string) => void): Connection {
  const client = useClient(createV2);
  const [taskCalls] = useState(() => new Map<string, string>());
  const ready = v2.useMcpRequestHandlers(client, SERVER_ID, handlerOptions(taskCalls, setNotice));
  const connect = useCallback(
    async (c: ClientV2) => {
      await c.connect(new StreamableHTTPClientTransportV2(new URL(serverUrl)));
      return (await c.listTools()).tools as Tool[];
    },
    [serverUrl],
  );
  const listed = useConnection(client, ready, connect);
  return useMemo((): Connection => {
    if (listed.state !== 'ready' || !client) return listed.state === 'ready' ? { state: 'connecting' } : listed;
    const call: McpLine['call'] = async (name, args, options) => (await v2.callMcpTool(client, { name, arguments: args }, options)) as CallToolResult;
    return { state: 'ready', line: { sdk: 'v2', tools: listed.tools, taskCalls, call } };
  }, [listed, client, taskCalls]);
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

function Chat({ line, notice }: { line: McpLine; notice: string }) {
  const { tools, tasks, taskCalls } = line;
  const { requestApproval } = useToolApproval();
  const controller = useConsentController<ToolKindTypes | ElicitationKindTypes | SamplingKindTypes>();
  const [calls, setCalls] = useState<Call[]>([]);
  const [toolName, setToolName] = useState('get-annotated-message');
  const [argsText, setArgsText] = useState('{ "messageType": "debug", "includeImage": true }');
  const [argsError, setArgsError] = useState('');
  const nextId = useRef(1);
  // Running calls: how to stop each one (a task is cancelled on the server; a plain call is abandoned).
  const running = useRef(new Map<string, { abort: AbortController; taskId?: string }>());

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
        // SDK 2.x has no task client: such a call fails with UNSUPPORTED_RESULT_TYPE, shown as an error.
        if (tasks && (taskSupport === 'required' || taskSupport === 'optional')) {
          // A task: follow its status; its questions arrive tagged with its id.
          let status: ToolCallStatus = { type: 'running' };
          const stream = tasks.callToolStream({ name: call.tool.name, arguments: call.args }, undefined, { ...LONG, signal: abort.signal });
          for await (const message of stream) {
            if (message.type === 'taskCreated') {
              entry.taskId = message.task.taskId;
              taskCalls.set(message.task.taskId, call.id);
            }
            if (message.type === 'taskCreated' || message.type === 'taskStatus') update(call.id, (status = toolCallStatusFromTask(message.task, status)));
            if (message.type === 'result') update(call.id, toolCallStatusFromResult(message.result));
            if (message.type === 'error') throw message.error;
          }
          return;
        }
        // callMcpTool: a question the server asks during the call names it, returns focus to its card, and closes with it.
        const result = await line.call(call.tool.name, call.args, {
          ...LONG,
          callId: call.id,
          signal: abort.signal,
          onprogress: (progress) => update(call.id, (previous) => ({ type: 'running', progress: nextProgress(previous.type === 'running' ? previous.progress : undefined, progress) })),
        });
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
    [line, tasks, taskCalls, controller, update],
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
      if (entry.taskId) void tasks?.cancelTask(entry.taskId).catch(() => {});
      entry.abort.abort();
    },
    [tasks],
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

/** The conversation and the tool list of one connection. */
function Connected({ connection, notice }: { connection: Connection; notice: string }) {
  if (connection.state === 'connecting') return <p role="status">Connecting…</p>;
  if (connection.state === 'failed') return <p role="alert">Could not connect: {connection.message}</p>;
  const { line } = connection;
  return (
    <div className="layout">
      <main>
        <h2>Conversation</h2>
        <Chat line={line} notice={notice} />
      </main>
      <aside aria-label="Tools">
        <h2>Tools ({line.tools.length})</h2>
        {line.tools.map((tool) => (
          <ToolSummary key={tool.name} tool={tool} serverId={SERVER_ID} />
        ))}
      </aside>
    </div>
  );
}

// One component per SDK line: each calls its own hooks (the line is fixed for the page's life).
function HostV1({ serverUrl }: { serverUrl: string }) {
  const [notice, setNotice] = useState('');
  return <Connected connection={useMcpV1(serverUrl, setNotice)} notice={notice} />;
}
function HostV2({ serverUrl }: { serverUrl: string }) {
  const [notice, setNotice] = useState('');
  return <Connected connection={useMcpV2(serverUrl, setNotice)} notice={notice} />;
}

// Every kind this host asks about, and the dialog of each kind besides tool calls (whose dialog is the default).
const kinds = [toolKind(), elicitationKind(), samplingKind()];
const dialogs = { elicitation: ElicitationDialog, sampling: SamplingDialog };

export function App({ serverUrl, sdk = 'v1' }: { serverUrl: string; sdk?: SdkLine }) {
  const [trust, setTrust] = useState<Trust>('untrusted');
  const [approvalUI, setApprovalUI] = useState<ApprovalUI>('dialog');
  return (
    <ConsentProvider
      servers={{ [SERVER_ID]: { trust, name: 'server-everything' } }}
      kinds={kinds}
      components={dialogs}
      approvalUI={approvalUI}
      onDecision={(record: ConsentRecord) => console.info('[decision]', record)}
    >
      <header className="header">
        <h1>MCP chat host example</h1>
        <p>
          Server: <code>{serverUrl}</code>
        </p>
        <label>
          MCP SDK{' '}
          <select
            value={sdk}
            onChange={(event) => {
              // A new line is a new client: reload with it.
              const url = new URL(location.href);
              url.searchParams.set('sdk', event.currentTarget.value);
              location.assign(url);
            }}
          >
            <option value="v1">1.x (@modelcontextprotocol/sdk)</option>
            <option value="v2">2.x (@modelcontextprotocol/client)</option>
          </select>
        </label>
        <label>
          <input type="checkbox" checked={trust === 'trusted'} onChange={(event) => setTrust(event.currentTarget.checked ? 'trusted' : 'untrusted')} /> Trust this server
        </label>
        <label>
          <input type="checkbox" checked={approvalUI === 'inline'} onChange={(event) => setApprovalUI(event.currentTarget.checked ? 'inline' : 'dialog')} /> Approve in the card
        </label>
      </header>
      {sdk === 'v2' ? <HostV2 serverUrl={serverUrl} /> : <HostV1 serverUrl={serverUrl} />}
    </ConsentProvider>
  );
}
