// A scripted model for assistant-ui's LocalRuntime, so the example runs
// offline and the same way every time. It reads the last user message, calls
// one of the MCP tools react-mcp registered, running it through the merged
// tool (`context.tools`, where the gate's `execute` wins) as assistant-ui's
// own runtimes do, and says what happened without repeating the result.
import type { ChatModelAdapter, ThreadMessage } from '@assistant-ui/react';

/** Which tool each keyword calls, on the server react-mcp knows as `everything`. */
const SCRIPT: Array<[RegExp, string, { [key: string]: string | boolean }]> = [
  [/\berror\b/i, 'get-annotated-message', { messageType: 'error', includeImage: false }],
  [/\bdebug\b/i, 'get-annotated-message', { messageType: 'debug', includeImage: false }],
  [/\benv/i, 'get-env', {}],
  [/\blog/i, 'toggle-simulated-logging', {}],
];

const textOf = (message: ThreadMessage | undefined) => (message?.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join(' ');

export const scriptedModel: ChatModelAdapter = {
  async *run({ messages, context, abortSignal }) {
    const match = SCRIPT.find(([pattern]) => pattern.test(textOf(messages.at(-1))));
    const toolName = match && `everything__${match[1]}`;
    const tool = toolName ? context.tools?.[toolName] : undefined;
    if (!match || !toolName || !tool?.execute || tool.disabled) {
      yield { content: [{ type: 'text', text: 'Ask me for a "debug" or "error" message, the "env", or to toggle "logging" (once server-everything is connected).' }] };
      return;
    }
    const args = match[2];
    const call = { type: 'tool-call', toolCallId: `call-${crypto.randomUUID()}`, toolName, args, argsText: JSON.stringify(args) } as const;
    yield { content: [call] };
    try {
      const result: unknown = await tool.execute(args, { toolCallId: call.toolCallId, abortSignal, human: () => Promise.reject(new Error('No human input in this example.')) });
      const { isError, content } = (result ?? {}) as { isError?: unknown; content?: Array<{ text?: unknown }> };
      // The gate's refusals start with "Not run:"; any other error is the tool's own.
      const said = isError !== true ? `Done. ${match[1]} answered.` : String(content?.[0]?.text).startsWith('Not run:') ? `${match[1]} was not run.` : `${match[1]} answered with an error.`;
      yield { content: [{ ...call, result, isError: isError === true }, { type: 'text', text: said }] };
    } catch (error) {
      yield { content: [{ ...call, result: { error: String(error) }, isError: true }, { type: 'text', text: `${match[1]} failed.` }] };
    }
  },
};
