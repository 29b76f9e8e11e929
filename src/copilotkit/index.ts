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
import { toolCallBinding } from '../core/consent/index.js';
import { isRecord } from '../core/shared/issues.js';
import { ownData } from '../core/shared/read.js';
import type { DecisionReason } from '../core/text/reasons.js';
import { reasonsToWire } from '../ai-sdk/reasons.js';
import { listClientTools, type ClientTool } from '../ai-sdk/clients.js';
import { createChatSession, type McpCall } from '../ai-sdk/session.js';
import { McpChatStoreError } from '../ai-sdk/store.js';
import { McpToolNameConflictError } from '../ai-sdk/tools.js';
import { splitMcpResult } from '../ai-sdk/views.js';
import type { McpChatToolsOptions, McpToolClient } from '../tanstack-ai/index.js';
import { ASK, MCP_EVENT, modelText, type AgUiEvent, type AgUiMessage, type AgUiToolCall, type RunInput } from './wire.js';

export { createMcpChatStore, createMemoryChatStorage, createRedisChatStorage, McpChatStoreError, type McpChatStorage, type McpChatStore, type RedisLikeClient } from '../ai-sdk/store.js';
export { McpToolNameConflictError } from '../ai-sdk/tools.js';
export type { McpChatToolsOptions, McpToolClient } from '../tanstack-ai/index.js';

type Entry = ClientTool<McpToolClient>;

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

/**
 * An AG-UI middleware that gates the MCP tools of `clients` for a CopilotKit
 * agent: pass it to `agent.use()`. Lists each server's tools once per
 * middleware (build it in the runtime's `agents` factory to list per
 * request). `chatId(threadId)` names the chat in `store`: the thread id
 * comes from the browser, so check there that the signed-in user owns it
 * (throw to refuse the run).
 */
export function mcpAgentMiddleware(options: Omit<McpChatToolsOptions, 'chatId'> & { chatId: (threadId: string) => string | Promise<string> }): <Event = AgUiEvent>(input: RunInput, next: NextAgent) => Observable<Event> {
  if (!isRecord(options) || !isRecord(options.clients) || typeof options.chatId !== 'function' || !options.store) {
    throw new TypeError('mcpAgentMiddleware needs { clients, chatId, store }: MCP clients by server id, (threadId) => the chat id you authorized, createMcpChatStore().');
  }
  const { store } = options;
  let listing: Promise<Map<string, Entry>> | undefined;
  const list = (): Promise<Map<string, Entry>> => listClientTools(options.clients, options);

  // Generic in the event type, so `agent.use()` takes it as AG-UI's own (this reads events as data).
  return <Event = AgUiEvent>(input: RunInput, next: NextAgent) =>
    new Observable<AgUiEvent>((subscriber) => {
      const abort = new AbortController();
      let inner: { unsubscribe(): void } | undefined;
      const emit = (event: AgUiEvent) => {
        if (!abort.signal.aborted) subscriber.next(event);
      };

      const run = async () => {
        const chatId = await options.chatId(String(input.threadId));
        if (typeof chatId !== 'string' || chatId === '') throw new TypeError('mcpAgentMiddleware: chatId(threadId) must return a non-empty string.');
        // A failed listing is not kept: the next run lists again.
        // The browser gets a run error's message: a server's or a store's own words stay in `cause`, for the host's log.
        const entries = await (listing ??= list().catch((error: unknown) => {
          listing = undefined;
          throw error instanceof McpToolNameConflictError ? error : new Error('The MCP tools could not be listed.', { cause: error });
        }));
        const session = createChatSession({ chatId, store, servers: options.servers, mode: options.mode, taintGuard: options.taintGuard, onDecision: options.onDecision });
        const opened = await session.open().catch((error: unknown) => {
          throw new Error('This chat’s consent state could not be read.', { cause: error });
        });
        const views = new Map<string, unknown>();

        const callOf = (entry: Entry, args: unknown, callId: string): McpCall => ({ serverId: entry.serverId, tool: entry.tool, toolName: entry.tool.name, args, callId });
        const bindingOf = (call: McpCall) => toolCallBinding(call) ?? `unreadable:${id()}`;
        /** Keeps the model's view of a call for this request and the next ones. */
        const keep = async (toolCallId: string, view: unknown) => {
          views.set(toolCallId, view);
          try {
            await store.setModelView(chatId, toolCallId, view);
          } catch (error) {
            store.reportError(McpChatStoreError.isInstance(error) ? error : new McpChatStoreError('keep a result', error));
          }
        };
        /** The call's tool message: the browser's content carries the tool's server and annotations, which the model does not need. */
        const result = (toolCallId: string, body: Record<string, unknown>, entry: Entry): AgUiMessage => ({ id: id(), role: 'tool', toolCallId, content: JSON.stringify({ mcp: entry.wire, ...body }) });
        const refused = async (toolCallId: string, body: Record<string, unknown>, entry: Entry) => {
          await keep(toolCallId, body);
          return result(toolCallId, body, entry);
        };
        const refusal = (toolCallId: string, reasons: readonly DecisionReason[], entry: Entry) => refused(toolCallId, { error: 'Refused by the consent policy.', reasons: reasonsToWire(reasons) }, entry);
        /** An answer refused (used, never asked): for this request only, never saved over what the call became. */
        const refusedAnswer = (toolCallId: string, reasons: readonly DecisionReason[], entry: Entry) => {
          const body = { error: 'Refused by the consent policy.', reasons: reasonsToWire(reasons) };
          views.set(toolCallId, body);
          return result(toolCallId, body, entry);
        };

        /** Runs a call the policy let run: the person's view for the browser, the model's kept for the model. */
        const execute = async (entry: Entry, call: McpCall): Promise<AgUiMessage> => {
          // The server's error text may carry what the person must not see: the tool failed, nothing more.
          let output: unknown = { content: [{ type: 'text', text: 'The tool call failed.' }], isError: true };
          try {
            // An input that could not be read (cut off mid-stream) is never run as another one.
            if (isRecord(call.args)) output = await entry.client.callTool({ name: entry.tool.name, arguments: call.args }, undefined, { signal: abort.signal });
          } catch {
            // As above.
          }
          const split = splitMcpResult(output, options);
          await keep(call.callId, split.assistant);
          return result(call.callId, split.user, entry);
        };

        /**
         * Settles a decision into the call's tool message. The chat's state is saved first and the call runs
         * only then: a decision that could not be saved is a refusal (`store-unavailable`), and nothing runs.
         */
        const settle = async (entry: Entry, call: McpCall, decide: () => Promise<{ outcome: string; record: { reasons: readonly DecisionReason[] } }>, records?: ReturnType<typeof session.hold>) => {
          const verdict = await session.settle(
            call,
            async () => {
              const { outcome, record } = await decide();
              return { outcome, reasons: record.reasons };
            },
            (reason) => ({ outcome: 'blocked', reasons: [reason] as readonly DecisionReason[] }),
            records,
          );
          if (verdict.outcome === 'run') return execute(entry, call);
          return verdict.outcome === 'denied' ? refused(call.callId, { approved: false }, entry) : refusal(call.callId, verdict.reasons, entry);
        };

        const calls = new Map<string, AgUiToolCall>();
        for (const message of input.messages) for (const call of message.toolCalls ?? []) calls.set(call.id, call);

        // 1. Answers to questions this middleware asked: claimed once, decided again, run or refused.
        const answered: AgUiMessage[] = [];
        const rest = (input.resume ?? []).filter((entry) => !String(entry.interruptId).startsWith(ASK));
        for (const resume of input.resume ?? []) {
          if (!String(resume.interruptId).startsWith(ASK)) continue;
          const toolCallId = String(resume.interruptId).slice(ASK.length);
          const made = calls.get(toolCallId);
          const entry = made ? entries.get(made.function.name) : undefined;
          // One answer per call: a second in the same body is not read.
          if (!made || !entry || answered.some((message) => message.toolCallId === toolCallId)) continue;
          const call = callOf(entry, parseArgs(made.function.arguments), toolCallId);
          const approved = resume.status === 'resolved' && ownData(resume.payload, 'approved') === true;
          let claim;
          try {
            claim = await store.claimApproval(chatId, toolCallId, bindingOf(call));
          } catch (error) {
            answered.push(refusedAnswer(toolCallId, [session.unavailable(error, call)], entry));
            continue;
          }
          if (claim !== 'ok') {
            answered.push(refusedAnswer(toolCallId, [session.refuse(claim === 'replayed' ? 'approval-replayed' : 'approval-not-asked', call)], entry));
            continue;
          }
          answered.push(await settle(entry, call, () => opened.controller.answer('tool', call, { action: approved ? 'approve' : 'deny' })));
        }

        // A call of the gate's with no result and no answer here never ran (a question left open, a history
        // edited): the model is told so, or the agent would fail on every later message of the chat.
        const settled = new Set([...input.messages.map((message) => (message.role === 'tool' ? message.toolCallId : undefined)), ...answered.map((message) => message.toolCallId)]);
        for (const [toolCallId, made] of calls) {
          const entry = entries.get(made.function.name);
          if (settled.has(toolCallId) || !entry) continue;
          const call = callOf(entry, parseArgs(made.function.arguments), toolCallId);
          // Used up, so a late answer to it (another tab, a crafted body) runs nothing either.
          await store.claimApproval(chatId, toolCallId, bindingOf(call)).catch(() => undefined);
          answered.push(await refusal(toolCallId, [session.refuse('approval-not-asked', call)], entry));
        }

        // The model reads its own view of each result; a result from the browser for a call answered here is replaced.
        const replaced = new Set(answered.map((message) => message.toolCallId));
        const modelMessages = async (messages: readonly AgUiMessage[]) => {
          const out: AgUiMessage[] = [];
          for (const message of messages) {
            if (message.role !== 'tool' || typeof message.toolCallId !== 'string') {
              out.push(message);
              continue;
            }
            if (!views.has(message.toolCallId)) views.set(message.toolCallId, await store.modelView(chatId, message.toolCallId).catch((error: unknown) => store.reportError(McpChatStoreError.isInstance(error) ? error : new McpChatStoreError('read a result', error))));
            const view = views.get(message.toolCallId);
            out.push(view === undefined ? message : { ...message, content: modelText(view) });
          }
          return out;
        };
        let messages = withResults(
          input.messages.filter((message) => !(message.role === 'tool' && replaced.has(message.toolCallId ?? ''))),
          answered,
        );
        const tools = [...(input.tools ?? []).filter((tool) => !entries.has(tool.name)), ...[...entries].map(([name, entry]) => ({ name, description: entry.tool.description ?? '', parameters: isRecord(entry.tool.inputSchema) ? entry.tool.inputSchema : { type: 'object', properties: {} } }))];
        const { resume: _resume, ...base } = input;
        void _resume;

        let toClient: AgUiEvent[] = answered.map((message) => ({ type: 'TOOL_CALL_RESULT', messageId: message.id, toolCallId: message.toolCallId, content: message.content, role: 'tool' }));
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
                    if (!started) emit(event);
                    started = true;
                    // Results of answers follow the run's start, as AG-UI requires.
                    toClient.splice(0).forEach(emit);
                    return;
                  case 'RUN_FINISHED':
                    finished = event;
                    return;
                  case 'RUN_ERROR':
                    failed = true;
                    emit(event);
                    return;
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
                    const parent = assistant(String(event.parentMessageId ?? `${call.id}:message`));
                    (parent.toolCalls ??= []).push(call);
                    emit(event);
                    const entry = entries.get(call.function.name);
                    // The card reads the tool's annotations from this, as soon as the call starts.
                    if (entry) emit({ type: 'CUSTOM', name: MCP_EVENT, value: { toolCallId: call.id, mcp: entry.wire } });
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
          const mcpCalls = made.filter((call) => entries.has(call.function.name) && ended.has(call.id));
          const interrupts: unknown[] = [];
          for (const toolCall of mcpCalls) {
            const entry = entries.get(toolCall.function.name)!;
            const call = callOf(entry, parseArgs(toolCall.function.arguments), toolCall.id);
            const records = session.hold(toolCall.id);
            const { outcome } = opened.controller.decide('tool', call);
            if (outcome) {
              const message = await settle(entry, call, () => outcome, records);
              messages = [...messages, message];
              emit({ type: 'TOOL_CALL_RESULT', messageId: message.id, toolCallId: message.toolCallId, content: message.content, role: 'tool' });
              continue;
            }
            session.release(toolCall.id);
            try {
              // Bound where it is asked: the answer must come back for this chat, server, tool, input and call.
              await store.markAsked(chatId, toolCall.id, bindingOf(call));
            } catch (error) {
              const message = await refusal(toolCall.id, [session.unavailable(error, call)], entry);
              messages = [...messages, message];
              emit({ type: 'TOOL_CALL_RESULT', messageId: message.id, toolCallId: message.toolCallId, content: message.content, role: 'tool' });
              continue;
            }
            interrupts.push({ id: `${ASK}${toolCall.id}`, reason: 'mcp_tool_approval', toolCallId: toolCall.id, metadata: { mcp: entry.wire, arguments: toolCall.function.arguments } });
          }
          const end: AgUiEvent = finished;
          // The agent's own questions are asked after the gate's (one set: CopilotKit resumes when all are answered).
          const own = ownData(ownData(end, 'outcome'), 'interrupts');
          if (Array.isArray(own)) interrupts.push(...own);
          // Ask, or hand calls to the browser's own tools, or end: the model goes on only when every call has its result.
          if (interrupts.length > 0) return emit({ ...end, outcome: { type: 'interrupt', interrupts } });
          if (mcpCalls.length === 0 || mcpCalls.length < made.length || step === MAX_STEPS - 1) return emit(end);
          toClient = [];
        }
      };

      run().then(
        () => subscriber.complete(),
        (error: unknown) => subscriber.error(error),
      );
      return () => {
        abort.abort();
        inner?.unsubscribe();
      };
    }) as unknown as Observable<Event>;
}
