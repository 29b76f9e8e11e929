'use client';
// The consent layer in front of @assistant-ui/react-mcp, as your own code.
// react-mcp registers each connected server's tools as frontend tools named
// `<serverId>__<tool>` whose `execute` calls the server at once, and keeps
// only a tool's name, description and input schema. Here react-mcp lives in
// a scope with a model context of its own, which nothing reads, so its tools
// never reach the runtime; `McpGateTools` gives the runtime the same tools
// with an `execute` that decides first (trust, and the annotations listed
// again through `annotatedTools`; none found is the worst case) and calls
// react-mcp's `callTool` only when the call is allowed. Without the gate
// there are no MCP tools, never unguarded ones. Mount it once.
import { AuiConfig, AuiProvider, ModelContextClient, useAui, useAuiState, type ToolCallMessagePartProps } from '@assistant-ui/react';
import type { MCPServerState, McpManagerResource } from '@assistant-ui/react-mcp';
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ToolCallCard, toolCallStatusFromApproval, toolCallStatusFromError, toolCallStatusFromResult, useToolApproval, type CallToolResult, type Tool, type ToolCallStatus } from 'react-mcp-annotations';

/** A server's tools with their annotations, which react-mcp drops. Rejects when they cannot be read now. */
export type AnnotatedTools = (server: MCPServerState, signal: AbortSignal) => Promise<readonly Tool[]>;

type ModelContext = ReturnType<typeof useAui>['modelContext'];
type Gated = NonNullable<ReturnType<Parameters<ModelContext['register']>[0]['getModelContext']>['tools']>;
type Execute = NonNullable<Gated[string]['execute']>;
type Call = { serverId: string; tool: Tool | undefined; toolName: string; args: Record<string, unknown>; status: ToolCallStatus };

/** Each call the gate has seen, for its card. */
function createCalls() {
  const calls = new Map<string, Call>();
  const listeners = new Set<() => void>();
  return {
    get: (callId: string) => calls.get(callId),
    set(callId: string, call: Call) {
      calls.set(callId, call);
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
type Gate = { calls: ReturnType<typeof createCalls>; runtime: ModelContext; annotatedTools: AnnotatedTools };
const GateContext = createContext<Gate | null>(null);

/** What the model reads when a call did not run. */
const notRun = (why: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: `Not run: ${why}` }] });

/** Trust and remembered answers are keyed by this: your connectors by their id, a server a person added never by one of those. */
const trustKey = (server: MCPServerState) => (server.kind === 'connector' ? server.id : `custom:${server.id}`);

/** Inside the runtime and a `ConsentProvider`, around your thread and `McpServers`. */
export function McpGate({ annotatedTools, children }: { annotatedTools: AnnotatedTools; children: ReactNode }) {
  const runtime = useAui().modelContext;
  const [calls] = useState(createCalls);
  return <GateContext.Provider value={{ calls, runtime, annotatedTools }}>{children}</GateContext.Provider>;
}

/** react-mcp's manager in a scope whose model context nobody reads, with the gate's tools for the runtime; `children` are react-mcp's own UI. */
export function McpServers({ manager, children }: { manager: ReturnType<typeof McpManagerResource>; children?: ReactNode }) {
  const aui = useAui();
  return (
    <AuiProvider extends={aui} config={AuiConfig({ mcp: manager, modelContext: ModelContextClient() })}>
      <McpGateTools />
      {children}
    </AuiProvider>
  );
}

function McpGateTools() {
  const gate = useContext(GateContext);
  if (!gate) throw new Error('McpServers needs an McpGate around it.');
  const aui = useAui();
  const { requestApproval } = useToolApproval();
  const latest = useRef({ requestApproval, annotatedTools: gate.annotatedTools });
  useEffect(() => {
    latest.current = { requestApproval, annotatedTools: gate.annotatedTools };
  });
  // Whoever read the tools reads them again when react-mcp's servers change.
  const [listeners] = useState(() => new Set<() => void>());
  const servers = useAuiState((state) => state.mcp.servers);
  useEffect(() => {
    for (const listener of listeners) listener();
  }, [servers, listeners]);
  const { calls, runtime } = gate;
  useEffect(() => {
    const run = async (server: MCPServerState, name: string, args: Record<string, unknown>, callId: string, signal: AbortSignal): Promise<unknown> => {
      const { requestApproval, annotatedTools } = latest.current;
      const serverId = trustKey(server);
      const set = (tool: Tool | undefined, status: ToolCallStatus) => calls.set(callId, { serverId, toolName: name, args, tool, status });
      set(undefined, { type: 'awaiting-approval' });
      let tool: Tool | undefined;
      try {
        // Listed at each call, so the person is asked with the server's current annotations; none read is the worst case.
        tool = (await annotatedTools(server, signal).catch(() => [])).find((each) => each.name === name);
        set(tool, { type: 'awaiting-approval' });
        const approval = await requestApproval({ serverId, tool, toolName: name, args, callId, signal });
        if (signal.aborted) {
          // Stopped while asked, or after the answer (react-mcp's callTool takes no signal): not started.
          set(tool, { type: 'cancelled' });
          return notRun('the run was stopped.');
        }
        const refused = toolCallStatusFromApproval(approval);
        if (refused) {
          set(tool, refused);
          return notRun(approval.decidedBy === 'user' ? 'the person denied this call.' : 'the consent policy refused this call.');
        }
        // Allowed for this server as it was when asked: not for another address under the same id.
        const now = aui.mcp.getState().servers.find((each) => each.id === server.id);
        if (now?.connectionState !== 'connected' || now.url !== server.url) {
          set(tool, { type: 'error', message: 'The server changed while you were asked.' });
          return notRun('the server changed while the person was asked.');
        }
        set(tool, { type: 'running' });
        const result = await aui.mcp.server({ id: server.id }).callTool(name, args);
        // The model gets the whole result; the card shows only what the person may see.
        set(tool, toolCallStatusFromResult(result));
        return result;
      } catch (error) {
        // Whatever failed (the question, or the call), the card says so instead of waiting.
        set(tool, toolCallStatusFromError(error));
        throw error;
      }
    };
    return runtime.register({
      getModelContext: () => {
        const tools: Gated = {};
        for (const server of aui.mcp.getState().servers) {
          if (server.connectionState !== 'connected') continue;
          for (const tool of server.tools) {
            const execute: Execute = (args, context) => run(server, tool.name, args, context.toolCallId, context.abortSignal);
            tools[`${server.id}__${tool.name}`] = { type: 'frontend', description: tool.description, parameters: tool.inputSchema as Gated[string]['parameters'] & object, execute };
          }
        }
        return { tools };
      },
      subscribe: (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    });
  }, [aui, calls, runtime, listeners]);
  return null;
}

const noCalls = { get: () => undefined, subscribe: () => () => {} };

/** A tool UI for the thread: the gate's call as this library's card, or, for a call it has not seen, the props alone. */
export function McpCallCard({ toolCallId, toolName, args, result, status: partStatus }: ToolCallMessagePartProps) {
  const calls = useContext(GateContext)?.calls ?? noCalls;
  const call = useSyncExternalStore(calls.subscribe, () => calls.get(toolCallId));
  if (call) return <ToolCallCard serverId={call.serverId} callId={toolCallId} tool={call.tool} toolName={call.toolName} args={call.args} status={call.status} headingLevel={3} />;
  // Not seen by the gate (not yet, or from an earlier page): an unknown tool, its result filtered as any other.
  const status: ToolCallStatus =
    result !== undefined ? toolCallStatusFromResult(result) : partStatus.type === 'running' || partStatus.type === 'requires-action' ? { type: 'awaiting-approval' } : { type: 'cancelled' };
  return <ToolCallCard tool={undefined} toolName={toolName} args={args} status={status} headingLevel={3} />;
}
