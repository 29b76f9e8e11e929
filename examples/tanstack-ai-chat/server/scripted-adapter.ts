// A scripted TanStack AI text adapter, so the example runs offline and the
// same way every time. It reads the last user message and calls one MCP tool;
// after the tool result it says what happened, without repeating the result.
import type { AnyTextAdapter, ModelMessage, StreamChunk } from '@tanstack/ai';

/** Which tool each keyword calls. */
const SCRIPT: Array<[RegExp, string, Record<string, unknown>]> = [
  [/\berror\b/i, 'get-annotated-message', { messageType: 'error', includeImage: false }],
  [/\bdebug\b/i, 'get-annotated-message', { messageType: 'debug', includeImage: false }],
  [/\benv/i, 'get-env', {}],
  [/\blog/i, 'toggle-simulated-logging', {}],
];

const textOf = (message: ModelMessage | undefined) => (typeof message?.content === 'string' ? message.content : '');

/** What the model says after a tool result: whether it ran. */
function afterTool(message: ModelMessage): string {
  try {
    const result = JSON.parse(textOf(message)) as { error?: unknown; approved?: unknown };
    // Refused (`error`), or the person's no as TanStack AI records it.
    if (typeof result?.error === 'string') return `The tool was not run (${result.error}).`;
    if (result?.approved === false) return 'The tool was not run (you declined).';
  } catch {
    // A plain text result: the tool ran.
  }
  return 'Done. The tool answered.';
}

let calls = 0;

export const scriptedAdapter = {
  kind: 'text',
  name: 'scripted',
  model: 'scripted',
  '~types': {} as never,
  async *chatStream(options: { messages: ModelMessage[]; threadId?: string }): AsyncIterable<StreamChunk> {
    const at = { timestamp: Date.now(), model: 'scripted' };
    const runId = `scripted-${++calls}`;
    const threadId = options.threadId ?? 'thread';
    const last = options.messages.at(-1);
    yield { type: 'RUN_STARTED', runId, threadId, ...at } as StreamChunk;
    const match = last?.role === 'user' ? SCRIPT.find(([pattern]) => pattern.test(textOf(last))) : undefined;
    if (match) {
      const [, toolName, input] = match;
      const toolCallId = `call-${Math.random().toString(36).slice(2, 10)}`;
      yield { type: 'TOOL_CALL_START', toolCallId, toolCallName: toolName, toolName, index: 0, ...at } as StreamChunk;
      yield { type: 'TOOL_CALL_ARGS', toolCallId, delta: JSON.stringify(input), ...at } as StreamChunk;
      yield { type: 'TOOL_CALL_END', toolCallId, toolCallName: toolName, toolName, input, ...at } as StreamChunk;
      yield { type: 'RUN_FINISHED', runId, threadId, finishReason: 'tool_calls', ...at } as StreamChunk;
      return;
    }
    const said = last?.role === 'tool' ? afterTool(last) : 'Ask me for a "debug" or "error" message, the "env", or to toggle "logging".';
    const messageId = `text-${calls}`;
    yield { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant', ...at } as StreamChunk;
    yield { type: 'TEXT_MESSAGE_CONTENT', messageId, delta: said, ...at } as StreamChunk;
    yield { type: 'TEXT_MESSAGE_END', messageId, ...at } as StreamChunk;
    yield { type: 'RUN_FINISHED', runId, threadId, finishReason: 'stop', ...at } as StreamChunk;
  },
  async structuredOutput(): Promise<never> {
    throw new Error('The scripted model has no structured output.');
  },
} as unknown as AnyTextAdapter;
