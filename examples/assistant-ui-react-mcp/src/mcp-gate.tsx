'use client';
// The consent layer in front of @assistant-ui/react-mcp, as your own code.
// react-mcp registers each connected server's tools as frontend tools named
// `<serverId>__<tool>` whose `execute` calls the server at once, and keeps
// only a tool's name, description and input schema. `McpGate` registers the
// same names one priority higher, which assistant-ui's merge lets win: every
// call is decided by the consent policy first (trust, and the annotations
// listed again through `annotatedTools`; none found is the worst case), and
// only an allowed one reaches `callTool`. A name react-mcp offered and no
// longer offers stays hidden from the model and refused.
import { useAui, useAuiState, type ToolCallMessagePartProps } from '@assistant-ui/react';
import type { MCPServerState } from '@assistant-ui/react-mcp';
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ToolCallCard, toolCallStatusFromApproval, toolCallStatusFromError, toolCallStatusFromResult, useToolApproval, type CallToolResult, type Tool, type ToolCallStatus } from 'react-mcp-annotations';

/** A server's tools with their annotations, which react-mcp drops. */
export type AnnotatedTools = (server: MCPServerState) => Promise<readonly Tool[]>;

type Call = { serverId: string; tool: Tool | undefined; toolName: string; args: Record<string, unknown>; status: ToolCallStatus };
type Gated = NonNullable<ReturnType<Parameters<ReturnType<typeof useAui>['modelContext']['register']>[0]['getModelContext']>['tools']>;
type Execute = NonNullable<Gated[string]['execute']>;

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
const Calls = createContext<ReturnType<typeof createCalls> | null>(null);

/** What the model reads when a call did not run. */
const notRun = (why: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: `Not run: ${why}` }] });

/** Mount inside the `AuiProvider` that holds react-mcp's `McpManagerResource`, and inside a `ConsentProvider`. */
export function McpGate({ annotatedTools, children }: { annotatedTools: AnnotatedTools; children: ReactNode }) {
  const aui = useAui();
  const { requestApproval } = useToolApproval();
  const [calls] = useState(createCalls);
  // Every name react-mcp has offered while this gate was mounted: one it drops stays refused.
  const [offered] = useState(() => new Set<string>());
  // Recorded at each commit too, not only when the model asks: react-mcp registers its tools from the same state.
  const servers = useAuiState((state) => state.mcp.servers);
  useEffect(() => {
    for (const name of liveNames(servers).keys()) offered.add(name);
  }, [servers, offered]);
  const latest = useRef({ requestApproval, annotatedTools });
  useEffect(() => {
    latest.current = { requestApproval, annotatedTools };
  });
  useEffect(() => {
    const run = async (server: MCPServerState, name: string, args: Record<string, unknown>, callId: string, signal: AbortSignal): Promise<unknown> => {
      const { requestApproval, annotatedTools } = latest.current;
      const set = (tool: Tool | undefined, status: ToolCallStatus) => calls.set(callId, { serverId: server.id, toolName: name, args, tool, status });
      set(undefined, { type: 'awaiting-approval' });
      let tool: Tool | undefined;
      try {
        // Listed at each call, so the person is asked with the server's current annotations; none found is the worst case.
        tool = (await annotatedTools(server).catch(() => [])).find((each) => each.name === name);
        set(tool, { type: 'awaiting-approval' });
        const refused = toolCallStatusFromApproval(await requestApproval({ serverId: server.id, tool, toolName: name, args, callId, signal }));
        if (refused) {
          set(tool, refused);
          return notRun(refused.type === 'denied' ? 'the person denied this call.' : 'the consent policy refused this call.');
        }
        // Stopped after the answer: react-mcp's callTool takes no signal, so it is not started.
        if (signal.aborted) {
          set(tool, { type: 'cancelled' });
          return notRun('the run was stopped.');
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
    return aui.modelContext.register({
      getModelContext: () => {
        const tools: Gated = {};
        const live = liveNames(aui.mcp.getState().servers);
        for (const [name, { server, tool }] of live) {
          const execute: Execute = (args, context) => run(server, tool.name, args, context.toolCallId, context.abortSignal);
          offered.add(name);
          tools[name] = { type: 'frontend', description: tool.description, parameters: tool.inputSchema as Gated[string]['parameters'] & object, execute };
        }
        for (const name of offered) if (!live.has(name)) tools[name] = { type: 'frontend', parameters: { type: 'object' }, disabled: true, execute: () => notRun('this server no longer offers the tool.') };
        return { priority: 1, tools };
      },
    });
  }, [aui, calls, offered]);
  return <Calls.Provider value={calls}>{children}</Calls.Provider>;
}

/** The tools react-mcp registers, by the name it gives them. */
function liveNames(servers: readonly MCPServerState[]) {
  const live = new Map<string, { server: MCPServerState; tool: MCPServerState['tools'][number] }>();
  for (const server of servers) if (server.connectionState === 'connected') for (const tool of server.tools) live.set(`${server.id}__${tool.name}`, { server, tool });
  return live;
}

const noCalls = { get: () => undefined, subscribe: () => () => {} };

/** A tool UI for the thread: the gate's call as this library's card, or, for a call it has not seen, the props alone. */
export function McpCallCard({ toolCallId, toolName, args, result, status: partStatus }: ToolCallMessagePartProps) {
  const calls = useContext(Calls) ?? noCalls;
  const call = useSyncExternalStore(calls.subscribe, () => calls.get(toolCallId));
  if (call) return <ToolCallCard serverId={call.serverId} callId={toolCallId} tool={call.tool} toolName={call.toolName} args={call.args} status={call.status} headingLevel={3} />;
  // Not decided here yet (or from an earlier page): an unknown tool, its result filtered as any other.
  const status: ToolCallStatus = result !== undefined ? toolCallStatusFromResult(result) : partStatus.type === 'incomplete' ? { type: 'cancelled' } : { type: 'awaiting-approval' };
  return <ToolCallCard tool={undefined} toolName={toolName} args={args} status={status} headingLevel={3} />;
}
