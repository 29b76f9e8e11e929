/**
 * react-mcp-annotations/langgraph — MCP tools for a LangChain agent
 * (`createAgent` from `langchain` 1.5, on LangGraph 1.7) behind the consent
 * gate (`./gate`), on the server. This file only translates the agent's
 * middleware hooks into the gate's verbs; the gate decides.
 *
 * Each MCP tool call passes `wrapToolCall`: a call the model made in this
 * run is decided by the gate (run, refused, or asked); a question is an
 * `interrupt()` whose value names the call, and the answer comes back as the
 * resume value for that interrupt, where it is checked against the call and
 * claimed once by the gate. The model reads its own view of each result
 * (`wrapModelCall`); the agent's state, and so everything streamed to the
 * browser, holds the person's view.
 *
 * ```ts
 * const mcp = await mcpAgentTools({ clients, servers, store, chatId });
 * const agent = createAgent({ model, tools: mcp.tools, middleware: [mcp.middleware], checkpointer });
 * const input = resumeFrom(body) ?? { messages: body.input.messages };
 * return agent.stream(input, { configurable: { thread_id: chatId }, streamMode: ['values', 'messages'], encoding: 'text/event-stream' });
 * ```
 */
import { ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { tool as langchainTool, type StructuredToolInterface } from '@langchain/core/tools';
import { Command, interrupt } from '@langchain/langgraph';
import { createMiddleware, type AgentMiddleware } from 'langchain';
import { filterForBrowser, listMcpTools, openMcpGate, type GateCall, type GateVerdict, type McpGateOptions, type McpToolClient, type McpToolWire } from '../gate/index.js';

/** Options for `mcpAgentTools`: the gate's, with the MCP clients and the chat. */
export interface McpAgentToolsOptions extends McpGateOptions {
  /** The MCP clients, keyed by server id: the key is the one `servers` gives trust to. */
  clients: Readonly<Record<string, McpToolClient>>;
  /** The conversation (use it as the thread id). It comes from the browser: check that the signed-in user owns it first. */
  chatId: string;
}

/** What `createAgent` takes for one request: the MCP tools and the middleware that gates them (pass both), and the way out to the browser. */
export interface McpAgentTools {
  tools: StructuredToolInterface[];
  middleware: AgentMiddleware;
  /**
   * The agent's stream (`agent.stream(input, { streamMode: [...] })`, not encoded) as the server-sent events
   * `useStream` reads, each event through the gate's filter (no block the person may not see), an error as
   * a code (never its message).
   */
  toBrowser(stream: AsyncIterable<unknown>): ReadableStream<Uint8Array>;
}

/** The question for one call, as the interrupt's value: the browser renders it as the call's card and answers it. */
export interface McpConsentInterrupt {
  kind: 'mcp-consent';
  toolCallId: string;
  /** The tool's server, name, title and annotations. */
  mcp: McpToolWire;
  arguments: unknown;
  /** Why the policy asks (wire form, for `formatReason`). */
  reasons: string;
}

/** The answer to one question, as the resume value for its interrupt id. */
export interface McpConsentAnswer {
  toolCallId: string;
  approved: boolean;
}

const INTERRUPT_ID = /^[0-9a-f]{32}$/;
/** Answers for other calls a question is asked past, at most; then the call is refused. */
const MAX_ASKS = 16;

/**
 * The answers in a browser's body (`{ command: { resume: { [interruptId]: { toolCallId, approved } } } }`,
 * what `useStream`'s `submit(undefined, { command: { resume } })` posts), as the only `Command` a browser
 * may send: a resume keyed by interrupt id, each answer reduced to its two fields. `undefined` when the
 * body carries none. Never pass the browser's own command on: its `update` and `goto` could add a tool
 * call the model never made.
 */
export function resumeFrom(body: unknown): Command | undefined {
  const command = body !== null && typeof body === 'object' ? Object.getOwnPropertyDescriptor(body, 'command')?.value : undefined;
  const resume = command !== null && typeof command === 'object' ? Object.getOwnPropertyDescriptor(command, 'resume')?.value : undefined;
  if (resume === null || typeof resume !== 'object' || Array.isArray(resume)) return undefined;
  const answers: Record<string, McpConsentAnswer> = {};
  for (const [id, answer] of Object.entries(resume as Record<string, unknown>).slice(0, 100)) {
    const toolCallId = (answer as { toolCallId?: unknown } | null)?.toolCallId;
    if (!INTERRUPT_ID.test(id) || typeof toolCallId !== 'string') continue;
    Object.defineProperty(answers, id, { value: { toolCallId, approved: (answer as { approved?: unknown }).approved === true }, enumerable: true });
  }
  return Object.keys(answers).length > 0 ? new Command({ resume: answers }) : undefined;
}

/**
 * The MCP tools of `clients` for `createAgent`, and the middleware that gates
 * them: one request's worth (call it per request).
 */
export async function mcpAgentTools(options: McpAgentToolsOptions): Promise<McpAgentTools> {
  if (!options || typeof options !== 'object' || !options.clients || typeof options.chatId !== 'string' || !options.store) {
    throw new TypeError('mcpAgentTools needs { clients, chatId, store }: MCP clients by server id, the chat id you authorized, createMcpChatStore().');
  }
  const gate = await openMcpGate({ ...options, tools: await listMcpTools(options.clients, options) });
  const made = new Set<string>();

  const message = (call: GateCall, body: Record<string, unknown>, ran: boolean) =>
    new ToolMessage({ content: JSON.stringify(body), tool_call_id: call.callId, name: call.name, artifact: { mcp: gate.tools.get(call.name)?.wire }, ...(ran ? {} : { status: 'error' as const }) });
  const settle = async (call: GateCall, verdict: GateVerdict) => (verdict.type === 'run' ? message(call, await gate.execute(call), true) : message(call, gate.resultOf(verdict), false));

  const tools = [...gate.tools.values()].map((entry) =>
    // Reached only past the middleware (a host that left it out): the gate runs nothing it did not decide.
    langchainTool(async (args: unknown, config?: { toolCall?: { id?: string } }) => JSON.stringify(await gate.execute({ name: entry.name, args, callId: String(config?.toolCall?.id) })), {
      name: entry.name,
      description: entry.tool.description ?? '',
      schema: entry.schema(),
    }) as StructuredToolInterface,
  );

  const middleware = createMiddleware({
    name: 'react-mcp-annotations',
    // Calls the model made in this run: only these are decided here, or asked about.
    afterModel: (state) => {
      const last = state.messages.at(-1) as { tool_calls?: Array<{ id?: string }> } | undefined;
      for (const { id } of last?.tool_calls ?? []) {
        if (typeof id !== 'string') continue;
        made.add(id);
        gate.made(id);
      }
      return undefined;
    },
    // The model reads its own view of each result; the state keeps the person's.
    wrapModelCall: async (request, handler) => {
      const messages: BaseMessage[] = [];
      for (const item of request.messages) {
        const text = ToolMessage.isInstance(item) ? await gate.modelText(item.tool_call_id) : undefined;
        messages.push(text === undefined ? item : new ToolMessage({ content: text, tool_call_id: (item as ToolMessage).tool_call_id, name: item.name }));
      }
      return handler({ ...request, messages });
    },
    wrapToolCall: async (request, handler) => {
      const { id, name, args } = request.toolCall;
      const entry = gate.tools.get(name);
      if (!entry) return handler(request);
      const call: GateCall = { name, args, callId: String(id) };
      let verdict: GateVerdict = { type: 'ask', reasons: [] };
      // A call the model made in this run is decided now. Any other reaches here again on a resume (LangGraph
      // runs the task anew), to take its answer: an answer only the gate's claim can turn into a run.
      if (made.has(call.callId) && (verdict = await gate.decide(call)).type !== 'ask') return settle(call, verdict);
      const question: McpConsentInterrupt = { kind: 'mcp-consent', toolCallId: call.callId, mcp: entry.wire, arguments: args, reasons: String(gate.resultOf(verdict).reasons) };
      // Without an answer for it this throws, and the run ends with the question. An answer for another call
      // (LangGraph matches answers to questions by order) is passed over: the question is asked again.
      for (let asked = 0; asked < MAX_ASKS; asked++) {
        const answer = interrupt(question) as { toolCallId?: unknown; approved?: unknown } | null;
        if (answer?.toolCallId === call.callId) return settle(call, await gate.answer(call, { approved: answer.approved === true }));
      }
      return settle(call, gate.refuse(call, 'approval-not-asked'));
    },
    // The run is over: a gate kept past it runs nothing.
    afterAgent: () => {
      gate.close();
      return undefined;
    },
  });
  const toBrowser = (stream: AsyncIterable<unknown>) => {
    const encoder = new TextEncoder();
    const send = (controller: ReadableStreamDefaultController<Uint8Array>, event: string, data: unknown) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(filterForBrowser(JSON.parse(asDicts(data))))}\n\n`));
    return new ReadableStream<Uint8Array>({
      async start(controller) {
        try {
          for await (const chunk of stream) {
            const [mode, data] = Array.isArray(chunk) && chunk.length === 2 && typeof chunk[0] === 'string' ? chunk : ['values', chunk];
            send(controller, mode, data);
          }
        } catch {
          // The message may carry a server's or a store's words: the browser gets a code.
          send(controller, 'error', { error: 'Error', message: String(gate.resultOf({ type: 'refused', reasons: [{ code: 'chat-failed' }] }).reasons) });
        }
        controller.close();
      },
    });
  };
  return { tools, middleware: middleware as AgentMiddleware, toBrowser };
}

/** JSON with LangChain's messages as their dicts (what LangGraph's own event stream sends). */
function asDicts(value: unknown): string {
  return JSON.stringify(value ?? null, function (this: Record<string, unknown>, key, item: unknown) {
    const raw = this[key] as { toDict?: () => { type: string; data: object } } | null | undefined;
    if (raw !== null && typeof raw === 'object' && typeof raw.toDict === 'function') {
      const { type, data } = raw.toDict();
      return { ...data, type };
    }
    return item;
  });
}
