/**
 * TanStack AI's real `chat()` with a scripted model, for the adapter's tests:
 * a user message `call <tool> <json>` makes the model call that tool; after a
 * tool result the model says "done". What the model was shown is kept, so a
 * test can see the model's view; the chunks are what the browser receives.
 */
import { chat, type StreamChunk } from '@tanstack/ai';
import type { McpChatTools } from 'react-mcp-annotations/tanstack-ai';

export interface Script {
  /** Every message list the model was given, in order. */
  seen: unknown[][];
  adapter: Parameters<typeof chat>[0]['adapter'];
}

/** `callId`: a provider that reuses one call id for every call (some do, across turns). */
export function scriptedModel({ callId }: { callId?: string } = {}): Script {
  const seen: unknown[][] = [];
  let calls = 0;
  const adapter = {
    kind: 'text' as const,
    name: 'scripted',
    model: 'scripted',
    '~types': {} as never,
    async *chatStream(options: { messages: unknown[]; threadId?: string }) {
      seen.push(structuredClone(options.messages));
      const last = options.messages.at(-1) as { role?: string; content?: unknown } | undefined;
      const at = { timestamp: Date.now(), model: 'scripted' };
      const runId = `model-run-${++calls}`;
      const threadId = options.threadId ?? 'thread';
      yield { type: 'RUN_STARTED', runId, threadId, ...at };
      const asked = last?.role === 'user' && typeof last.content === 'string' ? /^call (\S+) (.*)$/.exec(last.content) : null;
      if (asked) {
        const toolCallId = callId ?? `call-${calls}`;
        yield { type: 'TOOL_CALL_START', toolCallId, toolCallName: asked[1], toolName: asked[1], index: 0, ...at };
        yield { type: 'TOOL_CALL_ARGS', toolCallId, delta: asked[2], ...at };
        yield { type: 'TOOL_CALL_END', toolCallId, toolCallName: asked[1], toolName: asked[1], input: JSON.parse(asked[2]!), ...at };
        yield { type: 'RUN_FINISHED', runId, threadId, finishReason: 'tool_calls', ...at };
        return;
      }
      yield { type: 'TEXT_MESSAGE_START', messageId: `m-${calls}`, role: 'assistant', ...at };
      yield { type: 'TEXT_MESSAGE_CONTENT', messageId: `m-${calls}`, delta: 'done', ...at };
      yield { type: 'TEXT_MESSAGE_END', messageId: `m-${calls}`, ...at };
      yield { type: 'RUN_FINISHED', runId, threadId, finishReason: 'stop', ...at };
    },
    async structuredOutput(): Promise<never> {
      throw new Error('not scripted');
    },
  };
  return { seen, adapter: adapter as unknown as Script['adapter'] };
}

/** One request: what the route gives `chat()` from the parsed body. */
export interface Body {
  messages: unknown[];
  threadId?: string;
  runId?: string;
  parentRunId?: string;
  resume?: unknown[];
}

/** Runs one request to the end and returns every chunk the browser would receive. */
export async function request(script: Script, mcp: McpChatTools, body: Body): Promise<StreamChunk[]> {
  const chunks: StreamChunk[] = [];
  const stream = chat({
    adapter: script.adapter,
    messages: body.messages as never,
    tools: mcp.tools,
    middleware: [mcp.middleware],
    threadId: body.threadId ?? 'thread',
    runId: body.runId ?? `run-${Math.random()}`,
    ...(body.parentRunId !== undefined ? { parentRunId: body.parentRunId } : {}),
    ...(body.resume !== undefined ? { resume: body.resume as never } : {}),
  } as never) as AsyncIterable<StreamChunk>;
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** The approval the first request asked for, as the browser would answer it in the next request's body. */
export function answer(first: StreamChunk[], approved: boolean, runId = 'run-answer'): Body {
  const finished = first.findLast((chunk) => chunk.type === 'RUN_FINISHED') as { runId: string; outcome?: { type: string; interrupts?: Array<{ id: string; toolCallId: string }> } } | undefined;
  const snapshot = first.findLast((chunk) => chunk.type === 'MESSAGES_SNAPSHOT') as { messages: Array<{ role: string; toolCalls?: Array<{ id: string }> }> } | undefined;
  const interrupts = finished?.outcome?.interrupts ?? [];
  if (!snapshot || interrupts.length === 0) throw new Error('the first request asked nothing');
  const pending = interrupts.map((interrupt) => ({ id: `tool-${interrupt.toolCallId}`, role: 'tool', toolCallId: interrupt.toolCallId, content: JSON.stringify({ approved, pendingExecution: true, message: approved ? 'User approved this action' : 'User declined' }) }));
  return {
    messages: [...snapshot.messages, ...pending],
    runId,
    parentRunId: finished!.runId,
    resume: interrupts.map((interrupt) => ({ interruptId: interrupt.id, status: 'resolved', payload: { approved } })),
  };
}

/** Every tool result the browser received, by call id. */
export function results(chunks: StreamChunk[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const chunk of chunks) if (chunk.type === 'TOOL_CALL_RESULT') out[chunk.toolCallId] = JSON.parse(chunk.content);
  return out;
}
