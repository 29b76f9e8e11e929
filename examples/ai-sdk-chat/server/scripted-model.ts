// A scripted language model (the AI SDK's own MockLanguageModelV4), so the
// example runs offline and the same way every time. It reads the last user
// message and calls one MCP tool; after the tool result it says what it did,
// without repeating what the tool returned.
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';

/** Which tool each keyword calls. */
const SCRIPT: Array<[RegExp, string, Record<string, unknown>]> = [
  [/\berror\b/i, 'get-annotated-message', { messageType: 'error', includeImage: false }],
  [/\bdebug\b/i, 'get-annotated-message', { messageType: 'debug', includeImage: false }],
  [/\benv/i, 'get-env', {}],
  [/\blog/i, 'toggle-simulated-logging', {}],
];

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } };

function textOf(message: LanguageModelV4CallOptions['prompt'][number] | undefined): string {
  if (!message || !Array.isArray(message.content)) return typeof message?.content === 'string' ? message.content : '';
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
}

function reply(prompt: LanguageModelV4CallOptions['prompt']): LanguageModelV4StreamPart[] {
  const last = prompt.at(-1);
  const text = (value: string): LanguageModelV4StreamPart[] => [
    { type: 'text-start', id: 't1' },
    { type: 'text-delta', id: 't1', delta: value },
    { type: 'text-end', id: 't1' },
  ];
  if (last?.role === 'tool') {
    const results = last.content.filter((part) => part.type === 'tool-result');
    const said = results.map((part) => {
      const output = part.output as { type: string; reason?: string; value?: unknown };
      if (output.type === 'execution-denied') return `${part.toolName} was not run${output.reason ? ` (${output.reason})` : ''}.`;
      const count = output.type === 'content' && Array.isArray(output.value) ? output.value.length : 1;
      return `${part.toolName} answered with ${count} block${count === 1 ? '' : 's'} for me.`;
    });
    return [...text(`Done. ${said.join(' ')}`), { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage }];
  }
  const asked = textOf(last);
  const match = SCRIPT.find(([pattern]) => pattern.test(asked));
  if (!match) return [...text('Ask me for a "debug" or "error" message, the "env", or to toggle "logging".'), { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage }];
  const [, toolName, input] = match;
  return [
    { type: 'tool-call', toolCallId: `call-${Math.random().toString(36).slice(2, 10)}`, toolName, input: JSON.stringify(input) },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
  ];
}

/** The scripted model, and every prompt it received (for tests). */
export function createScriptedModel() {
  const prompts: LanguageModelV4CallOptions['prompt'][] = [];
  const model = new MockLanguageModelV4({
    modelId: 'scripted',
    doStream: async (options) => {
      prompts.push(options.prompt);
      return { stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([{ type: 'stream-start', warnings: [] }, ...reply(options.prompt)]) };
    },
  });
  return { model, prompts };
}
