/**
 * react-mcp-annotations/copilotkit — the consent gate for MCP tools in a
 * CopilotKit runtime (`@copilotkit/runtime` 1.75, v2): an AG-UI middleware
 * for `agent.use()`. Nothing from CopilotKit or AG-UI at run time (their
 * wire shapes only); `rxjs`, which every AG-UI agent already has, for the
 * Observable a middleware returns.
 *
 * CopilotKit has no gate for back-end MCP tools: its built-in agent runs
 * `mcpServers` tools as soon as the model calls them, and turns a resume
 * payload from the browser into the tool's result. So the MCP tools reach the
 * agent through this middleware instead, as tools without `execute` (the
 * agent stops at each call, as it does for a browser tool), and the
 * middleware decides each call: it runs, is refused, or is asked about as an
 * AG-UI interrupt (`useInterrupt` in the browser). The answer comes back as a
 * `resume` entry; it is claimed once for the call it was asked about (chat,
 * server, tool, input, call) and decided again before anything runs. The
 * browser gets the person's view of each result; the model gets its own.
 *
 * ```ts
 * agents: async ({ request }) => {
 *   const user = await signedInUser(request);
 *   return { default: new BuiltInAgent({ model }).use(mcpAgentMiddleware({ clients, servers, store, chatId: (threadId) => `${user.id}:${threadId}` })) };
 * }
 * ```
 */
import { Observable } from 'rxjs';
import { filterForBrowser, listMcpTools, McpChatStoreError, McpToolNameConflictError, openMcpGate, type GateCall, type GateVerdict, type McpGate, type McpGateOptions, type McpToolClient } from '../gate/index.js';
import { ASK, MCP_EVENT, type AgUiEvent, type AgUiMessage, type AgUiToolCall, type RunInput } from './wire.js';

/** The agent after this middleware, as AG-UI passes it. */
interface NextAgent {
  run(input: RunInput): Observable<AgUiEvent>;
}

/** Model steps one run takes at most while calls run unasked, so a model that calls tools forever ends. */
const MAX_STEPS = 20;

const id = () => globalThis.crypto.randomUUID();
const parseArgs = (text: unknown): unknown => {
  try {
    return typeof text === 'string' ? JSON.parse(text || '{}') : undefined;
  } catch {
    // Unreadable input is no input: the policy reads it as the worst case.
    return undefined;
  }
};

/** Each result placed after the assistant message that made its call (and the results already there), as models require. */
function withResults(messages: readonly AgUiMessage[], results: readonly AgUiMessage[]): AgUiMessage[] {
  const out = [...messages];
  for (const result of results) {
    let at = out.findIndex((message) => message.toolCalls?.some((call) => call.id === result.toolCallId));
    if (at === -1) at = out.length - 1;
    while (out[at + 1]?.role === 'tool') at++;
    out.splice(at + 1, 0, result);
  }
  return out;
}


/** Options for `mcpAgentMiddleware`: the gate's, with the MCP clients and how a thread names its chat. */
export interface McpAgentMiddlewareOptions extends McpGateOptions {
  /** The MCP clients, keyed by server id: the key is the one `servers` gives trust to. */
  clients: Readonly<Record<string, McpToolClient>>;
  /** The chat of a thread: the thread id comes from the browser, so check there that the signed-in user owns it (throw to refuse the run). */
  chatId: (threadId: string) => string | Promise<string>;
}

/** Copies of an event with each tool message of the gate's as the browser knows it, and no text of the model's view of a result anywhere. */
function asBrowserSees(event: AgUiEvent, browser: ReadonlyMap<string, unknown>, modelOnly: ReadonlySet<string>): AgUiEvent {
  const fix = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(fix);
    // The model's text of a result, echoed by the agent anywhere (state, custom events): never the person's to see.
    if (typeof value === 'string') return modelOnly.size > 0 && [...modelOnly].some((text) => value.includes(text)) ? '' : value;
    if (value === null || typeof value !== 'object') return value;
    const message = value as AgUiMessage;
    if (message.role === 'tool' && typeof message.toolCallId === 'string' && browser.has(message.toolCallId)) return { ...message, content: browser.get(message.toolCallId) };
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fix(item)]));
  };
  return fix(event) as AgUiEvent;
}

/**
 * An AG-UI middleware that gates the MCP tools of `clients` for a CopilotKit
 * agent: pass it to `agent.use()`. Each run opens the gate (lists the
 * tools, loads the chat), answers the gate's questions from `resume`, runs
 * the agent step by step with the model's view of each result, and decides
 * each MCP call the agent's model makes. Every event leaves through the
 * gate's filter.
 */
export function mcpAgentMiddleware(options: McpAgentMiddlewareOptions): <Event = AgUiEvent>(input: RunInput, next: NextAgent) => Observable<Event> {
  if (!options || typeof options !== 'object' || !options.clients || typeof options.chatId !== 'function' || !options.store) {
    throw new TypeError('mcpAgentMiddleware needs { clients, chatId, store }: MCP clients by server id, (threadId) => the chat id you authorized, createMcpChatStore().');
  }
  // Generic in the event type, so `agent.use()` takes it as AG-UI's own (this reads events as data).
  return <Event = AgUiEvent>(input: RunInput, next: NextAgent) =>
    new Observable<AgUiEvent>((subscriber) => {
      const abort = new AbortController();
      let inner: { unsubscribe(): void } | undefined;
      let gate: McpGate | undefined;
      // Each tool message of the gate's as the browser has it, by call id.
      const browser = new Map<string, unknown>();
      // The model's texts of results handed to the agent that the person's view does not hold.
      const modelOnly = new Set<string>();
      for (const message of input.messages ?? []) if (message.role === 'tool' && typeof message.toolCallId === 'string') browser.set(message.toolCallId, message.content);
      const emit = (event: AgUiEvent) => {
        if (!abort.signal.aborted && gate) subscriber.next(filterForBrowser(asBrowserSees(event, browser, modelOnly)));
      };

      const run = async () => {
        const chatId = await options.chatId(String(input.threadId));
        if (typeof chatId !== 'string' || chatId === '') throw new TypeError('mcpAgentMiddleware: chatId(threadId) must return a non-empty string.');
        // The browser gets a run error's message: a server's or a store's own words stay in `cause`, for the host's log.
        gate = await listMcpTools(options.clients, options).then((tools) => openMcpGate({ ...options, chatId, tools })).catch((error: unknown) => {
          if (error instanceof McpToolNameConflictError) throw error;
          throw new Error(McpChatStoreError.isInstance(error) ? 'This chat’s consent state could not be read.' : 'The MCP tools could not be listed.', { cause: error });
        });
        const open = gate;
        /** The call's tool message: the browser's content carries the tool's server and annotations. */
        const message = (call: GateCall, body: Record<string, unknown>): AgUiMessage => {
          const content = JSON.stringify({ mcp: open.tools.get(call.name)?.wire, ...body });
          browser.set(call.callId, content);
          return { id: id(), role: 'tool', toolCallId: call.callId, content };
        };
        /** What a verdict becomes: the call runs (the person's view back), or its refusal or denial. */
        const settle = async (call: GateCall, verdict: GateVerdict) => message(call, verdict.type === 'run' ? await open.execute(call, abort.signal) : open.resultOf(verdict));
        const resultEvent = (result: AgUiMessage): AgUiEvent => ({ type: 'TOOL_CALL_RESULT', messageId: result.id, toolCallId: result.toolCallId, content: result.content, role: 'tool' });

        const calls = new Map<string, AgUiToolCall>();
        for (const item of input.messages) for (const call of item.toolCalls ?? []) calls.set(call.id, call);
        const callOf = (toolCall: AgUiToolCall): GateCall => ({ name: toolCall.function.name, args: parseArgs(toolCall.function.arguments), callId: toolCall.id });

        // 1. Answers to the gate's questions: claimed once (a denial too), decided again, run or refused.
        const answered: AgUiMessage[] = [];
        const rest = (input.resume ?? []).filter((entry) => !String(entry.interruptId).startsWith(ASK));
        for (const resume of input.resume ?? []) {
          if (!String(resume.interruptId).startsWith(ASK)) continue;
          const made = calls.get(String(resume.interruptId).slice(ASK.length));
          // One answer per call: a second in the same body is not read.
          if (!made || !open.tools.has(made.function.name) || answered.some((item) => item.toolCallId === made.id)) continue;
          const approved = resume.status === 'resolved' && resume.payload !== null && typeof resume.payload === 'object' && (resume.payload as { approved?: unknown }).approved === true;
          answered.push(await settle(callOf(made), await open.answer(callOf(made), { approved })));
        }
        // 2. A call of the gate's with no result and no answer here never ran (a question left open, a history edited):
        // used up, and the model is told so for this request (what the call became, if anything, stays as it was).
        const settled = new Set([...input.messages.map((item) => (item.role === 'tool' ? item.toolCallId : undefined)), ...answered.map((item) => item.toolCallId)]);
        for (const [toolCallId, made] of calls) if (!settled.has(toolCallId) && open.tools.has(made.function.name)) answered.push(message(callOf(made), open.resultOf(await open.abandon(callOf(made)))));

        // The model reads its own view of each result; a result from the browser for a call answered here is replaced.
        const replaced = new Set(answered.map((item) => item.toolCallId));
        const modelMessages = async (messages: readonly AgUiMessage[]) => {
          const out: AgUiMessage[] = [];
          for (const item of messages) {
            const text = item.role === 'tool' && typeof item.toolCallId === 'string' ? await open.modelText(item.toolCallId) : undefined;
            if (text !== undefined && text !== '' && !String(browser.get(String(item.toolCallId)) ?? '').includes(JSON.stringify(text).slice(1, -1))) modelOnly.add(text);
            out.push(text === undefined ? item : { ...item, content: text });
          }
          return out;
        };
        let messages = withResults(
          input.messages.filter((item) => !(item.role === 'tool' && replaced.has(item.toolCallId ?? ''))),
          answered,
        );
        const tools = [...(input.tools ?? []).filter((tool) => !open.tools.has(tool.name)), ...[...open.tools.values()].map((tool) => ({ name: tool.name, description: tool.tool.description ?? '', parameters: tool.schema() }))];
        const { resume: _resume, ...base } = input;
        void _resume;

        let toClient: AgUiEvent[] = answered.map(resultEvent);
        let started = false;
        for (let step = 0; step < MAX_STEPS; step++) {
          // The agent's own answers are its for the first step only.
          const stepInput: RunInput = { ...base, ...(step === 0 && rest.length > 0 ? { resume: rest } : {}), messages: await modelMessages(messages), tools };
          const made: AgUiToolCall[] = [];
          const ended = new Set<unknown>();
          let text = '';
          const said = new Map<string, AgUiMessage>();
          const assistant = (messageId: string) => said.get(messageId) ?? said.set(messageId, { id: messageId, role: 'assistant', content: '' }).get(messageId)!;
          let finished: AgUiEvent | undefined;
          let failed = false;
          await new Promise<void>((resolve, reject) => {
            inner = next.run(stepInput).subscribe({
              next(event) {
                switch (event.type) {
                  case 'RUN_STARTED':
                    // The gate's run start, once: the agent's (with the model's view of the input) never leaves.
                    if (!started) emit({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
                    started = true;
                    // Results of answers follow the run's start, as AG-UI requires.
                    toClient.splice(0).forEach(emit);
                    return;
                  case 'RUN_FINISHED':
                    finished = event;
                    return;
                  case 'RUN_ERROR':
                    failed = true;
                    break;
                  case 'CUSTOM':
                    // The gate's own event name is the gate's alone.
                    if (event.name === MCP_EVENT) return;
                    break;
                  case 'TEXT_MESSAGE_CONTENT':
                  case 'TEXT_MESSAGE_CHUNK':
                    // A chunk may leave out its message id: it continues the last one.
                    text = String(event.messageId ?? text);
                    assistant(text).content += String(event.delta ?? '');
                    break;
                  case 'TOOL_CALL_END':
                    ended.add(event.toolCallId);
                    break;
                  case 'TOOL_CALL_START': {
                    const call = { id: String(event.toolCallId), type: 'function' as const, function: { name: String(event.toolCallName), arguments: '' } };
                    made.push(call);
                    open.made(call.id);
                    const parent = assistant(String(event.parentMessageId ?? `${call.id}:message`));
                    (parent.toolCalls ??= []).push(call);
                    emit(event);
                    const tool = open.tools.get(call.function.name);
                    // The card reads the tool's annotations from this, as soon as the call starts.
                    if (tool) emit({ type: 'CUSTOM', name: MCP_EVENT, value: { toolCallId: call.id, mcp: tool.wire } });
                    return;
                  }
                  case 'TOOL_CALL_ARGS': {
                    const call = made.find((candidate) => candidate.id === event.toolCallId);
                    if (call) call.function.arguments += String(event.delta ?? '');
                    break;
                  }
                }
                emit(event);
              },
              error: reject,
              complete: resolve,
            });
          });
          // Failed, or stopped (no RUN_FINISHED): nothing more is decided or run.
          if (failed || !finished || abort.signal.aborted) return;
          messages = [...messages, ...said.values()];
          // A call whose input never ended (the step was cut short) is not decided: it never ran.
          const mcpCalls = made.filter((call) => open.tools.has(call.function.name) && ended.has(call.id));
          const interrupts: unknown[] = [];
          for (const toolCall of mcpCalls) {
            const call = callOf(toolCall);
            const verdict = await open.decide(call);
            if (verdict.type === 'ask') {
              interrupts.push({ id: `${ASK}${toolCall.id}`, reason: 'mcp_tool_approval', toolCallId: toolCall.id, metadata: { mcp: open.tools.get(call.name)?.wire, arguments: toolCall.function.arguments } });
              continue;
            }
            const result = await settle(call, verdict);
            messages = [...messages, result];
            emit(resultEvent(result));
          }
          const end: AgUiEvent = finished;
          // The agent's own questions are asked after the gate's (one set: CopilotKit resumes when all are answered); none under the gate's id.
          const own = (end.outcome as { interrupts?: unknown } | undefined)?.interrupts;
          if (Array.isArray(own)) interrupts.push(...own.filter((interrupt) => !String((interrupt as { id?: unknown } | null)?.id).startsWith(ASK)));
          // Ask, or hand calls to the browser's own tools, or end: the model goes on only when every call has its result.
          if (interrupts.length > 0) return emit({ ...end, outcome: { type: 'interrupt', interrupts } });
          if (mcpCalls.length === 0 || mcpCalls.length < made.length || step === MAX_STEPS - 1) return emit(Array.isArray(own) ? { ...end, outcome: undefined } : end);
          toClient = [];
        }
      };

      run().then(
        () => {
          gate?.close();
          subscriber.complete();
        },
        (error: unknown) => {
          gate?.close();
          subscriber.error(error);
        },
      );
      return () => {
        abort.abort();
        gate?.close();
        inner?.unsubscribe();
      };
    }) as unknown as Observable<Event>;
}
