'use client';
/**
 * react-mcp-annotations/copilotkit/react — this library's card for every
 * tool call in a CopilotKit chat (`@copilotkit/react-core` 1.74, `/v2`):
 * badges from the annotations `mcpAgentMiddleware` sends, the confirmation
 * when the gate asks (an AG-UI interrupt, answered through `useInterrupt`),
 * and the person's view of the result.
 *
 * `useRenderTool({ name: '*' })` gives a renderer only the call's name,
 * arguments, status and result, so the annotations come from the gate's
 * CUSTOM event, its interrupt, and its result message, kept here per call.
 */
import { useAgent, useInterrupt, useRenderTool } from '@copilotkit/react-core/v2';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { McpToolPart, type McpToolPartLike, type McpToolPartProps } from '../gate/react.js';
import { ownData } from '../core/shared/read.js';
import { ASK, MCP_EVENT, readGateResult } from './wire.js';

/** Props of {@link McpToolUI}. */
export interface McpToolUIProps extends Pick<McpToolPartProps, 'headingLevel' | 'resultProps' | 'approvalUI' | 'labels' | 'className' | 'onAnnotationIssue'> {
  /** The agent whose tool calls this renders (CopilotKit's default agent when left out). */
  agentId?: string | undefined;
}

type CardProps = Omit<McpToolUIProps, 'agentId'>;
type Resolve = (payload: unknown, interruptId?: string) => unknown;

interface Asked {
  interruptId: string;
  resolve: Resolve;
}

/** What the gate told the browser about each call: its tool (server, annotations) and the open question. */
function createCalls(initial: CardProps) {
  let cardProps = initial;
  const tools = new Map<string, unknown>();
  const asked = new Map<string, Asked>();
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = () => {
    version++;
    listeners.forEach((listener) => listener());
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    version: () => version,
    cardProps: () => cardProps,
    style(next: CardProps) {
      cardProps = next;
      changed();
    },
    tool: (toolCallId: string) => tools.get(toolCallId),
    asked: (toolCallId: string) => asked.get(toolCallId),
    describe(toolCallId: unknown, mcp: unknown) {
      if (typeof toolCallId !== 'string' || mcp === undefined) return;
      tools.set(toolCallId, mcp);
      changed();
    },
    ask(interrupts: readonly unknown[], resolve: Resolve) {
      asked.clear();
      for (const interrupt of interrupts) {
        const interruptId = ownData(interrupt, 'id');
        const toolCallId = ownData(interrupt, 'toolCallId');
        if (typeof interruptId !== 'string' || !interruptId.startsWith(ASK) || typeof toolCallId !== 'string') continue;
        const mcp = ownData(ownData(interrupt, 'metadata'), 'mcp');
        if (mcp !== undefined) tools.set(toolCallId, mcp);
        asked.set(toolCallId, { interruptId, resolve });
      }
      changed();
    },
    /** One question answered, or (no id) every one. */
    settle(toolCallId?: string) {
      if (toolCallId === undefined ? (asked.clear(), true) : asked.delete(toolCallId)) changed();
    },
  };
}
type Calls = ReturnType<typeof createCalls>;

const isOurs = (interrupt: unknown) => String(ownData(interrupt, 'id')).startsWith(ASK);

/** The render props CopilotKit gives a `useRenderTool` renderer. */
interface RenderProps {
  name: string;
  toolCallId: string;
  args?: unknown;
  parameters?: unknown;
  status: string;
  result?: unknown;
}

/** The call in the AI SDK's terms, which the card already reads; no metadata reads as an unknown tool (the worst case). */
function asPart(props: RenderProps, mcp: unknown, asked: Asked | undefined): McpToolPartLike {
  const gate = props.result === undefined ? undefined : readGateResult(props.result);
  const known = gate?.mcp ?? mcp;
  const serverId = ownData(known, 'serverId');
  const toolName = ownData(known, 'toolName');
  const part: McpToolPartLike = { type: 'dynamic-tool', toolName: typeof toolName === 'string' ? toolName : String(props.name), toolCallId: String(props.toolCallId), state: 'input-streaming', input: props.args ?? props.parameters };
  if (typeof serverId === 'string') part.toolMetadata = { ...(known as object), clientName: serverId };
  if (gate) {
    if (gate.kind === 'denied') return { ...part, state: 'output-denied', approval: { id: '', approved: false } };
    if (gate.kind === 'refused') return { ...part, state: 'output-denied', approval: { id: '', approved: true, reason: gate.reasons } };
    return { ...part, state: 'output-available', output: gate.output };
  }
  if (asked) return { ...part, state: 'approval-requested', approval: { id: asked.interruptId } };
  return props.status === 'inProgress' ? part : { ...part, state: 'input-available' };
}

function McpCall({ calls, props }: { calls: Calls; props: RenderProps }) {
  useSyncExternalStore(calls.subscribe, calls.version, calls.version);
  const asked = calls.asked(props.toolCallId);
  const part = asPart(props, calls.tool(props.toolCallId), asked);
  const respond = useCallback(
    ({ approved }: { id: string; approved: boolean }) => {
      // Read now, not from the render: a second click before the next render answers nothing.
      const open = calls.asked(props.toolCallId);
      if (!open) return;
      calls.settle(props.toolCallId);
      void Promise.resolve(open.resolve({ approved }, open.interruptId)).catch(() => undefined);
    },
    [calls, props.toolCallId],
  );
  return <McpToolPart part={part} addToolApprovalResponse={respond} {...calls.cardProps()} />;
}

/**
 * Renders every tool call of a CopilotKit chat as a `ToolCallCard`, inside
 * a `ConsentProvider` and `<CopilotKit>`: while the gate waits for an
 * answer the person is asked, and the answer resumes the run (the server
 * claims and decides it again). Renders nothing itself: place it once, in
 * the chat's tree. A tool with its own `useRenderTool` keeps its renderer.
 *
 * @example
 * <CopilotKit runtimeUrl="/api/copilotkit">
 *   <ConsentProvider servers={servers}>
 *     <McpToolUI />
 *     <CopilotChat />
 *   </ConsentProvider>
 * </CopilotKit>
 */
export function McpToolUI({ agentId, ...cardProps }: McpToolUIProps) {
  const [calls] = useState(() => createCalls(cardProps));
  // Only the agent itself: its messages re-render the chat, not this.
  const { agent } = useAgent({ ...(agentId === undefined ? {} : { agentId }), updates: [] });
  useEffect(() => {
    const subscription = agent.subscribe({
      onCustomEvent: ({ event }: { event: { name?: string; value?: unknown } }) => {
        if (event.name === MCP_EVENT) calls.describe(ownData(event.value, 'toolCallId'), ownData(event.value, 'mcp'));
      },
      // A new run answers (or drops) every open question; so does a failed one.
      onRunStartedEvent: () => calls.settle(),
      onRunFailed: () => calls.settle(),
    });
    return () => subscription.unsubscribe();
  }, [agent, calls]);
  useInterrupt({
    ...(agentId === undefined ? {} : { agentId }),
    renderInChat: false,
    enabled: ({ value }: { value?: unknown }) => isOurs(value),
    handler: ({ interrupts, resolve }: { interrupts: unknown[]; resolve: Resolve }) => calls.ask(interrupts.filter(isOurs), resolve),
    // Asked inline, on the card of the call: nothing of its own to show.
    render: () => <></>,
  });
  // The card's props go through the store: a new props object must not register the renderer again.
  useEffect(() => calls.style(cardProps));
  const render = useMemo(() => {
    const Render = (props: RenderProps) => <McpCall calls={calls} props={props} />;
    return Render;
  }, [calls]);
  useRenderTool({ name: '*', render, ...(agentId === undefined ? {} : { agentId }) }, [render]);
  return null;
}
McpToolUI.displayName = 'McpToolUI';
