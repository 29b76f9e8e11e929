/**
 * One driver per server adapter, through its real framework (TanStack AI's
 * `chat()`, CopilotKit's runtime with its built-in agent, the AI SDK's
 * `streamText` behind `createMcpChatRoute`, LangChain's `createAgent` on
 * LangGraph), for the shared
 * attack suite: ask a question, build the body a browser would send back
 * (honest, or tampered with), send any body, and read what the browser got.
 * MCP clients are in-memory fakes that count every `tools/call`.
 */
import { BuiltInAgent, CopilotRuntime, createCopilotRuntimeHandler } from '@copilotkit/runtime/v2';
import type { StreamChunk } from '@tanstack/ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { dynamicTool, jsonSchema, readUIMessageStream, type ToolSet, type UIMessage } from 'ai';
import { createMcpChatRoute } from 'react-mcp-annotations/ai-sdk';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { mcpAgentTools, resumeFrom } from 'react-mcp-annotations/langgraph';
import { mcpAgentMiddleware } from 'react-mcp-annotations/copilotkit';
import type { DecisionRecord } from '../../src/core/consent/index.js';
import type { McpChatStore, McpToolClient } from 'react-mcp-annotations/gate';
import { mcpChatTools } from 'react-mcp-annotations/tanstack-ai';
import type { Observable } from 'rxjs';
import { body as agUiBody, eventsOf, scriptedModel as copilotModel } from '../copilotkit/harness.js';
import { request, scriptedModel as tanstackModel } from '../tanstack-ai/harness.js';

process.env.COPILOTKIT_TELEMETRY_DISABLED = 'true';

/** What every driver is built on. */
export interface World {
  clients: Record<string, McpToolClient>;
  servers: Record<string, { trust: 'trusted' | 'untrusted' }>;
  store: McpChatStore;
  records: DecisionRecord[];
  namespace?: boolean;
  taintGuard?: boolean;
  /** A provider that reuses this one call id for every call the model makes. */
  callId?: string;
  /** The agent behind the gate (CopilotKit), as a middleware after the gate's: one that reports its input, or emits under the gate's names. */
  agent?: (input: unknown, next: { run(input: unknown): Observable<unknown> }) => Observable<unknown>;
}

/** A body's tampering: other arguments in the history, another call id, decoys (a copy of the call's question, a second answer). */
export interface Tamper {
  args?: unknown;
  callId?: string;
  decoy?: boolean;
}

/** One question the model's call raised (or not: `asked` is false when the call ran or was refused at once). */
export interface Turn {
  chat: string;
  callId: string;
  asked: boolean;
  /** What the browser received. */
  events: unknown[];
  /** The body a browser sends with the person's answer (`'cancel'`: the question dismissed). */
  answer(answer: boolean | 'cancel', tamper?: Tamper): unknown;
  /** The body of the next request after the call ran, with its result left out of the history. */
  withoutResult(): unknown;
  /** The same, honest: the result where it belongs. */
  withResult(): unknown;
}

export interface Driver {
  /** The model calls `tool` with `args` in `chat`. */
  ask(chat: string, tool: string, args: Record<string, unknown>): Promise<Turn>;
  /** Any body, as a browser (or an attacker) posts it; what the browser got back. */
  send(chat: string, body: unknown): Promise<unknown[]>;
  /** The messages the model was given, in order. */
  modelSaw(): string;
}

export interface Adapter {
  name: string;
  make(world: World): Driver;
}

const renamed = <T>(value: T, from: string, to: string): T => JSON.parse(JSON.stringify(value).replaceAll(JSON.stringify(from).slice(1, -1), to)) as T;

/** TanStack AI: `mcpChatTools` per request, as the guide's route builds it. */
const tanstack: Adapter = {
  name: 'TanStack AI',
  make(world) {
    const script = tanstackModel({ callId: world.callId });
    // A request the framework (or an unreachable store) rejects is the route's error response: nothing for the browser.
    const send = async (chat: string, body: unknown): Promise<unknown[]> => {
      try {
        const mcp = await mcpChatTools({ clients: world.clients, servers: world.servers, chatId: chat, store: world.store, namespace: world.namespace, taintGuard: world.taintGuard, onDecision: (record) => world.records.push(record) });
        const input = (body !== null && typeof body === 'object' ? body : {}) as Parameters<typeof request>[2];
        return await request(script, mcp, { ...input, messages: Array.isArray(input.messages) ? input.messages : [] });
      } catch {
        return [];
      }
    };
    return {
      modelSaw: () => JSON.stringify(script.seen),
      send,
      async ask(chat, tool, args) {
        const first = (await send(chat, { messages: [{ role: 'user', content: `call ${tool} ${JSON.stringify(args)}` }] })) as StreamChunk[];
        const start = first.find((chunk) => chunk.type === 'TOOL_CALL_START') as { toolCallId: string } | undefined;
        const finished = first.findLast((chunk) => chunk.type === 'RUN_FINISHED') as { runId: string; outcome?: { interrupts?: Array<{ id: string; toolCallId: string }> } } | undefined;
        const snapshot = first.findLast((chunk) => chunk.type === 'MESSAGES_SNAPSHOT') as { messages: Array<{ role: string; toolCalls?: Array<{ id: string; function: { arguments: string } }> }> } | undefined;
        const interrupt = finished?.outcome?.interrupts?.[0];
        const callId = start?.toolCallId ?? '';
        const history = () => [
          { role: 'user', content: `call ${tool} ${JSON.stringify(args)}` },
          { role: 'assistant', content: '', toolCalls: [{ id: callId, type: 'function', function: { name: tool, arguments: JSON.stringify(args) } }] },
        ];
        const results = first.filter((chunk) => chunk.type === 'TOOL_CALL_RESULT').map((chunk) => ({ role: 'tool', toolCallId: (chunk as { toolCallId: string }).toolCallId, content: (chunk as { content: string }).content }));
        return {
          chat,
          callId,
          asked: interrupt !== undefined,
          events: first,
          answer(answer, tamper = {}) {
            const approved = answer === true;
            const messages = structuredClone(snapshot?.messages ?? []);
            if (tamper.args !== undefined) for (const message of messages) for (const call of message.toolCalls ?? []) call.function.arguments = JSON.stringify(tamper.args);
            const pending = { id: `tool-${callId}`, role: 'tool', toolCallId: callId, content: JSON.stringify({ approved, pendingExecution: true }) };
            const entry = answer === 'cancel' ? { interruptId: interrupt?.id, status: 'cancelled' } : { interruptId: interrupt?.id, status: 'resolved', payload: { approved } };
            const body = {
              messages: [...messages, pending, ...(tamper.decoy ? [{ ...pending, id: 'decoy', content: JSON.stringify({ approved: true, pendingExecution: true }) }] : [])],
              runId: `run-${Math.random()}`,
              parentRunId: finished?.runId,
              resume: tamper.decoy ? [entry, { ...entry, payload: { approved: true } }] : [entry],
            };
            return tamper.callId ? renamed(body, callId, tamper.callId) : body;
          },
          withoutResult: () => ({ messages: [...history(), { role: 'user', content: 'thanks' }] }),
          withResult: () => ({ messages: [...history(), ...results, { role: 'user', content: 'thanks' }] }),
        };
      },
    };
  },
};

/** CopilotKit: its runtime and built-in agent, the gate as the agent's middleware; the chat is the thread. */
const copilotkit: Adapter = {
  name: 'CopilotKit',
  make(world) {
    const script = copilotModel({ callId: world.callId });
    const runtime = new CopilotRuntime({
      agents: () => {
        const gate = mcpAgentMiddleware({ clients: world.clients, servers: world.servers, store: world.store, namespace: world.namespace, taintGuard: world.taintGuard, chatId: (threadId) => threadId, onDecision: (record) => world.records.push(record) });
        // The agent behind the gate: what `world.agent` adds runs between the gate and the model's agent.
        return { default: new BuiltInAgent({ model: script.model as never }).use(...(world.agent ? [gate, world.agent as never] : [gate])) };
      },
    });
    const handler = createCopilotRuntimeHandler({ runtime, basePath: '/api/copilotkit' });
    const send = async (chat: string, input: unknown) => {
      const fields = (input !== null && typeof input === 'object' ? input : {}) as Record<string, unknown>;
      const payload = { ...agUiBody(chat, []), ...fields, threadId: chat };
      const response = await handler(new Request('http://app.test/api/copilotkit/agent/default/run', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify(payload) }));
      return eventsOf(response).catch(() => []);
    };
    return {
      modelSaw: () => JSON.stringify(script.seen),
      send,
      async ask(chat, tool, args) {
        const history = [{ id: 'u1', role: 'user', content: `call ${tool} ${JSON.stringify(args)}` }];
        const events = await send(chat, { messages: history });
        const start = events.find((event) => event.type === 'TOOL_CALL_START') as { toolCallId: string } | undefined;
        const finished = events.find((event) => event.type === 'RUN_FINISHED') as { outcome?: { interrupts?: Array<{ id: string; toolCallId: string }> } } | undefined;
        const interrupt = finished?.outcome?.interrupts?.[0];
        const callId = start?.toolCallId ?? '';
        const made = (input: unknown) => ({ id: 'a1', role: 'assistant', toolCalls: [{ id: callId, type: 'function', function: { name: tool, arguments: JSON.stringify(input) } }] });
        const results = events.filter((event) => event.type === 'TOOL_CALL_RESULT').map((event) => ({ id: `r-${String(event.toolCallId)}`, role: 'tool', toolCallId: event.toolCallId, content: event.content }));
        return {
          chat,
          callId,
          asked: interrupt !== undefined,
          events,
          answer(answer, tamper = {}) {
            const resume = [answer === 'cancel' ? { interruptId: interrupt?.id ?? `mcp-consent:${callId}`, status: 'cancelled' } : { interruptId: interrupt?.id ?? `mcp-consent:${callId}`, status: 'resolved', payload: { approved: answer } }];
            if (tamper.decoy) resume.push({ interruptId: interrupt?.id ?? `mcp-consent:${callId}`, status: 'resolved', payload: { approved: true } });
            const body = { messages: [...history, made(tamper.args ?? args)], resume };
            return tamper.callId ? renamed(body, callId, tamper.callId) : body;
          },
          withoutResult: () => ({ messages: [...history, made(args), ...results.filter((result) => result.toolCallId !== callId), { id: 'u2', role: 'user', content: 'thanks' }] }),
          withResult: () => ({ messages: [...history, made(args), ...results, { id: 'u2', role: 'user', content: 'thanks' }] }),
        };
      },
    };
  },
};

/** Every server adapter the attack suite runs against. */
export const adapters: Adapter[] = [tanstack, copilotkit];

/** A scripted AI SDK model: `call <tool> <json>` calls the tool; after a tool result it says "done". */
function aiSdkModel(callId?: string) {
  const prompts: unknown[] = [];
  let step = 0;
  const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
  const model = new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      prompts.push(prompt);
      step++;
      const last = prompt.at(-1) as { role: string; content: unknown } | undefined;
      const said = last?.role === 'user' && Array.isArray(last.content) ? last.content.map((part: { text?: string }) => part.text ?? '').join('') : '';
      const asked = /^call (\S+) (.*)$/.exec(said);
      const parts: unknown[] = [{ type: 'stream-start', warnings: [] }];
      if (asked) parts.push({ type: 'tool-call', toolCallId: callId ?? `call-${step}`, toolName: asked[1], input: asked[2] }, { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage });
      else parts.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'done' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage });
      return { stream: convertArrayToReadableStream(parts as never[]) };
    },
  });
  return { model, prompts };
}

/** The AI SDK: `createMcpChatRoute`, tools as `@ai-sdk/mcp` gives them (metadata with the client name and annotations), listed per request. */
const aiSdk: Adapter = {
  name: 'AI SDK',
  make(world) {
    const { model, prompts } = aiSdkModel(world.callId);
    const toolSets = async (): Promise<ToolSet[]> =>
      Promise.all(
        Object.entries(world.clients).map(async ([serverId, client]) => {
          const { tools } = (await client.listTools()) as { tools: Array<{ name: string; description?: string; inputSchema?: unknown; annotations?: unknown }> };
          return Object.fromEntries(
            tools.map((listed) => [
              listed.name,
              {
                ...dynamicTool({ description: listed.description ?? '', inputSchema: jsonSchema(structuredClone(listed.inputSchema ?? { type: 'object' }) as never), execute: (input) => client.callTool({ name: listed.name, arguments: input as Record<string, unknown> }) }),
                metadata: { clientName: serverId, toolName: listed.name, annotations: structuredClone(listed.annotations) },
              },
            ]),
          ) as ToolSet;
        }),
      );
    const route = createMcpChatRoute({ model, tools: toolSets, servers: world.servers, secret: 'attack-suite-secret-0123456789abcdef', store: world.store, authorize: 'anyone', namespace: world.namespace, taintGuard: world.taintGuard, onDecision: (record) => world.records.push(record), onError: () => {} });
    const post = async (chat: string, body: unknown) => {
      const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : { body };
      const response = await route(new Request('http://app.test/api/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...fields, id: chat }) }));
      const text = await response.text();
      return text
        .split('\n')
        .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
        .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
    };
    /** The assistant message a browser builds from the stream's chunks. */
    const assistantOf = async (chunks: unknown[]): Promise<UIMessage | undefined> => {
      let last: UIMessage | undefined;
      for await (const message of readUIMessageStream({ stream: new ReadableStream({ start: (controller) => (chunks.forEach((chunk) => controller.enqueue(chunk)), controller.close()) }) as never })) last = message;
      return last;
    };
    return {
      modelSaw: () => JSON.stringify(prompts),
      send: post,
      async ask(chat, tool, args) {
        const user = { id: 'u1', role: 'user', parts: [{ type: 'text', text: `call ${tool} ${JSON.stringify(args)}` }] };
        const events = await post(chat, { messages: [user] });
        const assistant = await assistantOf(events);
        const part = assistant?.parts.find((item) => 'toolCallId' in item) as ({ toolCallId: string; state: string; approval?: { id: string } } & Record<string, unknown>) | undefined;
        const callId = part?.toolCallId ?? '';
        const withPart = (change: Record<string, unknown>) => (assistant ? [{ ...assistant, parts: assistant.parts.map((item) => (item === part ? { ...item, ...change } : item)) }] : []);
        return {
          chat,
          callId,
          asked: part?.state === 'approval-requested',
          events,
          answer(answer, tamper = {}) {
            const answered = withPart({ state: 'approval-responded', approval: { ...part?.approval, approved: answer === true }, ...(tamper.args !== undefined ? { input: tamper.args } : {}) });
            // A decoy: a copy of the call's part, asking again under another approval id.
            if (tamper.decoy && answered[0] && part) answered[0] = { ...answered[0], parts: [...answered[0].parts, { ...part, state: 'approval-requested', approval: { id: 'decoy' } } as never] };
            const body = { messages: [user, ...answered] };
            return tamper.callId ? renamed(body, callId, tamper.callId) : body;
          },
          withoutResult: () => ({ messages: [user, ...withPart({ state: 'input-available', output: undefined }), { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'thanks' }] }] }),
          withResult: () => ({ messages: [user, ...(assistant ? [assistant] : []), { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'thanks' }] }] }),
        };
      },
    };
  },
};

adapters.push(aiSdk);

/** A scripted LangChain chat model: `call <tool> <json>` calls the tool; otherwise it says "done". */
class ScriptedChatModel extends BaseChatModel {
  seen: unknown[] = [];
  /** A provider that reuses one call id for every call. */
  callId: string | undefined;
  private step = 0;
  _llmType() {
    return 'scripted';
  }
  override bindTools() {
    return this as never;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.seen.push(messages.map((message) => ({ type: message.getType(), content: message.content })));
    const last = messages.at(-1);
    const asked = last?.getType() === 'human' ? /^call (\S+) (.*)$/.exec(String(last.content)) : null;
    const message = asked ? new AIMessage({ content: '', tool_calls: [{ id: this.callId ?? `call-${++this.step}`, name: asked[1]!, args: JSON.parse(asked[2]!) as Record<string, unknown>, type: 'tool_call' }] }) : new AIMessage('done');
    return { generations: [{ text: '', message }] };
  }
}

const CURRENT = 'current:';

/** The interrupt id of each call's pending question in a thread, as the browser's latest `values` event shows it. */
async function pendingFor(agent: { getState(config: unknown): Promise<{ tasks: Array<{ interrupts?: Array<{ id?: string; value?: unknown }> }> }> }, chat: string): Promise<Record<string, string>> {
  const state = await agent.getState({ configurable: { thread_id: chat } });
  const out: Record<string, string> = {};
  for (const interrupt of state.tasks.flatMap((task) => task.interrupts ?? [])) {
    const toolCallId = (interrupt.value as { toolCallId?: unknown } | undefined)?.toolCallId;
    if (typeof toolCallId === 'string' && interrupt.id) out[toolCallId] = interrupt.id;
  }
  return out;
}

/** LangGraph: `createAgent` with the gate's tools and middleware per request, one checkpointer (the thread is the chat), through the adapter's own event stream. */
const langgraph: Adapter = {
  name: 'LangGraph',
  make(world) {
    const model = Object.assign(new ScriptedChatModel({}), { callId: world.callId });
    const checkpointer = new MemorySaver();
    const send = async (chat: string, body: unknown): Promise<unknown[]> => {
      try {
        const mcp = await mcpAgentTools({ clients: world.clients, servers: world.servers, chatId: chat, store: world.store, namespace: world.namespace, taintGuard: world.taintGuard, onDecision: (record) => world.records.push(record) });
        const agent = createAgent({ model, tools: mcp.tools, middleware: [mcp.middleware], checkpointer });
        const messages = (body as { input?: { messages?: unknown } } | null)?.input?.messages;
        // The route as the guide writes it: the answers (and nothing else of a command), or new messages; else 400.
        // A browser answers the question on its screen: `CURRENT` stands for the call's pending interrupt, if any.
        const current = JSON.stringify(body ?? null).includes(CURRENT) ? await pendingFor(agent, chat) : {};
        const input = resumeFrom(JSON.parse(JSON.stringify(body ?? null).replace(/"current:([^"]*)"/g, (_, callId: string) => JSON.stringify(current[callId] ?? 'none')))) ?? (Array.isArray(messages) ? { messages } : undefined);
        if (!input) return [];
        const stream = await agent.stream(input as never, { configurable: { thread_id: chat }, streamMode: ['values', 'updates', 'messages'] });
        const text = await new Response(mcp.toBrowser(stream as AsyncIterable<unknown>)).text();
        return text
          .split('\n\n')
          .filter(Boolean)
          .map((frame) => ({ event: /^event: (.*)$/m.exec(frame)?.[1], data: JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? 'null') as unknown }));
      } catch {
        return [];
      }
    };
    return {
      modelSaw: () => JSON.stringify(model.seen),
      send,
      async ask(chat, tool, args) {
        const events = (await send(chat, { input: { messages: [{ type: 'human', content: `call ${tool} ${JSON.stringify(args)}` }] } })) as Array<{ event: string; data: { __interrupt__?: Array<{ id: string; value: { toolCallId: string } }>; messages?: Array<{ tool_calls?: Array<{ id: string }> }> } }>;
        const values = events.filter((event) => event.event === 'values').map((event) => event.data);
        const interrupt = values.flatMap((value) => value.__interrupt__ ?? []).at(-1);
        const callId = values.flatMap((value) => value.messages ?? []).flatMap((message) => message.tool_calls ?? []).at(-1)?.id ?? '';
        const thanks = { input: { messages: [{ type: 'human', content: 'thanks' }] } };
        return {
          chat,
          callId,
          asked: interrupt !== undefined,
          events,
          answer(answer, tamper = {}) {
            // The arguments live in the server's state: a browser can only try to rewrite them with `update` and `goto`.
            if (tamper.args !== undefined) return { command: { update: { messages: [{ type: 'ai', content: '', tool_calls: [{ id: callId, name: tool, args: tamper.args }] }] }, goto: 'tools' } };
            const answerOf = { toolCallId: tamper.callId ?? callId, approved: answer === true };
            return { command: { resume: { [`${CURRENT}${callId}`]: answerOf, ...(tamper.decoy ? { ['f'.repeat(32)]: { toolCallId: callId, approved: true } } : {}) } } };
          },
          withoutResult: () => thanks,
          withResult: () => thanks,
        };
      },
    };
  },
};

adapters.push(langgraph);
