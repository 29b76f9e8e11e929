'use client';
/**
 * react-mcp-annotations/assistant-ui/react-mcp — the consent gate in front of
 * `@assistant-ui/react-mcp` (0.1), which connects MCP servers from the browser.
 *
 * react-mcp registers each connected server's tools as frontend tools named
 * `<serverId>__<tool>` whose `execute` calls the server at once, and keeps
 * only a tool's name, description and input schema. `McpServers` puts
 * react-mcp's manager in a scope with a model context of its own, which
 * nothing reads, so its tools never reach the runtime; the runtime gets the
 * same tools from the gate, whose `execute` asks the `ConsentProvider` first
 * (trust, and the annotations listed again through `annotatedTools`; none
 * found is the worst case) and calls react-mcp's `callTool` only when the
 * call is allowed. Without the gate there are no MCP tools, never unguarded
 * ones. Nothing here is imported from react-mcp at run time: its types only.
 */
import { AuiConfig, AuiProvider, ModelContextClient, useAui, useAuiState, type ToolCallMessagePartProps } from '@assistant-ui/react';
import type { MCPServerState, McpManagerResource } from '@assistant-ui/react-mcp';
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useToolApproval } from '../components/consent-provider/approval-context.js';
import { ToolCallCard, type ToolCallCardProps } from '../components/tool-call/tool-call-card.js';
import { toolCallStatusFromApproval, toolCallStatusFromError, toolCallStatusFromResult, type ToolCallStatus } from '../core/tool/tool-status.js';
import type { CallToolResult, Tool } from '../core/shared/types.js';
import { gatedTools, ownInput, trustKey } from './react-mcp-tools.js';

/**
 * A server's tools with their annotations, which react-mcp drops: listed by a
 * client of your own, at each call. Reject (or resolve without the tool) when
 * they cannot be read now: the tool is then unknown, the worst case, and asked.
 */
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

/** Props of {@link McpToolGate}. */
export interface McpToolGateProps {
  /** Lists a server's tools with their annotations, at each call. */
  annotatedTools: AnnotatedTools;
  /** `McpServers` and your thread. */
  children: ReactNode;
}

/**
 * The gate's state for the cards: inside assistant-ui's runtime and a
 * `ConsentProvider`, around `McpServers` and the thread. Mount it once.
 *
 * @example
 * <McpToolGate annotatedTools={annotatedTools}>
 *   <McpServers manager={McpManagerResource({ connectors })} />
 *   <Thread tools={{ Fallback: McpCallCard }} />
 * </McpToolGate>
 */
export function McpToolGate({ annotatedTools, children }: McpToolGateProps) {
  const runtime = useAui().modelContext;
  const [calls] = useState(createCalls);
  return <GateContext.Provider value={{ calls, runtime, annotatedTools }}>{children}</GateContext.Provider>;
}
McpToolGate.displayName = 'McpToolGate';

/** Props of {@link McpServers}. */
export interface McpServersProps {
  /** react-mcp's manager: `McpManagerResource({ connectors, storage })`. */
  manager: ReturnType<typeof McpManagerResource>;
  /** react-mcp's own UI (server list, add form): it reads this manager. */
  children?: ReactNode;
}

/** react-mcp's manager in a scope whose model context nobody reads, with the gate's tools for the runtime. Inside `McpToolGate`. */
export function McpServers({ manager, children }: McpServersProps) {
  const aui = useAui();
  return (
    <AuiProvider extends={aui} config={AuiConfig({ mcp: manager, modelContext: ModelContextClient() })}>
      <McpGateTools />
      {children}
    </AuiProvider>
  );
}
McpServers.displayName = 'McpServers';

function McpGateTools() {
  const gate = useContext(GateContext);
  if (!gate) throw new Error('McpServers needs an McpToolGate around it.');
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
    const run = async (server: MCPServerState, name: string, input: unknown, callId: string, signal: AbortSignal): Promise<unknown> => {
      const { requestApproval, annotatedTools } = latest.current;
      const serverId = trustKey(server);
      let tool: Tool | undefined;
      let args: Record<string, unknown> = {};
      const set = (status: ToolCallStatus) => calls.set(callId, { serverId, toolName: name, args, tool, status });
      try {
        args = ownInput(input);
        set({ type: 'awaiting-approval' });
        // Listed at each call, so the person is asked with the server's current annotations; none read is the worst case.
        const listed = await Promise.resolve()
          .then(() => annotatedTools(server, signal))
          .catch(() => []);
        tool = Array.isArray(listed) ? (listed as readonly Tool[]).find((each) => each?.name === name) : undefined;
        set({ type: 'awaiting-approval' });
        const approval = await requestApproval({ serverId, tool, toolName: name, args, callId, signal });
        if (signal.aborted) {
          // Stopped while asked, or after the answer (react-mcp's callTool takes no signal): not started.
          set({ type: 'cancelled' });
          return notRun('the run was stopped.');
        }
        const refused = toolCallStatusFromApproval(approval);
        if (refused) {
          set(refused);
          return notRun(approval.decidedBy === 'user' ? 'the person denied this call.' : 'the consent policy refused this call.');
        }
        // Allowed for this server as it was when asked: not for another address under the same id.
        const now = aui.mcp.getState().servers.find((each) => each.id === server.id);
        if (now?.connectionState !== 'connected' || now.url !== server.url || now.kind !== server.kind) {
          set({ type: 'error', message: 'The server changed while you were asked.' });
          return notRun('the server changed while the person was asked.');
        }
        set({ type: 'running' });
        const result = await aui.mcp.server({ id: server.id }).callTool(name, args);
        // The model gets the whole result; the card shows only what the person may see.
        set(toolCallStatusFromResult(result));
        return result;
      } catch (error) {
        // Whatever failed (the input, the question, or the call), the card says so instead of waiting.
        set(toolCallStatusFromError(error));
        throw error;
      }
    };
    return runtime.register({
      getModelContext: () => ({ tools: gatedTools(aui.mcp.getState().servers, (server, name): Execute => (args, context) => run(server, name, args, context.toolCallId, context.abortSignal)) as Gated }),
      subscribe: (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    });
  }, [aui, calls, runtime, listeners]);
  return null;
}

const noCalls = { get: () => undefined, subscribe: () => () => {} };

/** Props of {@link McpCallCard}: what assistant-ui passes a tool UI, and the card's options. */
export interface McpCallCardProps extends ToolCallMessagePartProps, Pick<ToolCallCardProps, 'headingLevel' | 'resultProps' | 'labels' | 'className' | 'onAnnotationIssue'> {}

/**
 * A tool UI for the thread: the gate's call as `ToolCallCard`, with what the
 * gate decided; a call it has not seen (not yet, or from an earlier page) is
 * an unknown tool, the worst case, its result filtered as any other.
 *
 * @example
 * <MessagePrimitive.Parts components={{ tools: { Fallback: McpCallCard } }} />
 */
export function McpCallCard(props: McpCallCardProps) {
  // assistant-ui's props are read, never spread: none of them becomes an attribute of the card.
  const { toolCallId, toolName, args, result, status: partStatus, headingLevel = 3, resultProps, labels, className, onAnnotationIssue } = props;
  const calls = useContext(GateContext)?.calls ?? noCalls;
  const call = useSyncExternalStore(calls.subscribe, () => calls.get(toolCallId), () => calls.get(toolCallId));
  const cardProps = { headingLevel, resultProps, labels, className, onAnnotationIssue };
  if (call) return <ToolCallCard {...cardProps} serverId={call.serverId} callId={toolCallId} tool={call.tool} toolName={call.toolName} args={call.args} status={call.status} />;
  const status: ToolCallStatus =
    result !== undefined ? toolCallStatusFromResult(result) : partStatus.type === 'running' || partStatus.type === 'requires-action' ? { type: 'awaiting-approval' } : { type: 'cancelled' };
  return <ToolCallCard {...cardProps} tool={undefined} toolName={toolName} args={args} status={status} />;
}
McpCallCard.displayName = 'McpCallCard';
