// A scripted model (the AI SDK's LanguageModelV3, which CopilotKit's built-in
// agent runs), so the example runs offline and the same way every time. It
// reads the last user message and calls one MCP tool; after the tool result
// it says what happened, without repeating the result.
import type { BuiltInAgentModel } from '@copilotkit/runtime/v2';

/** Which tool each keyword calls. */
const SCRIPT: Array<[RegExp, string, Record<string, unknown>]> = [
  [/\berror\b/i, 'get-annotated-message', { messageType: 'error', includeImage: false }],
  [/\bdebug\b/i, 'get-annotated-message', { messageType: 'debug', includeImage: false }],
  [/\benv/i, 'get-env', {}],
  [/\blog/i, 'toggle-simulated-logging', {}],
];

type Prompt = Array<{ role: string; content: unknown }>;
type Part = { type: string; text?: string; output?: { value?: unknown } };

const partsOf = (message: Prompt[number] | undefined): Part[] => (Array.isArray(message?.content) ? (message.content as Part[]) : []);

/** What the model says after a tool result: whether it ran. */
function afterTool(message: Prompt[number]): string {
  try {
    const result = JSON.parse(String(partsOf(message)[0]?.output?.value)) as { error?: unknown; approved?: unknown };
    // Refused by the policy (`error`), or the person's no.
    if (typeof result?.error === 'string') return `The tool was not run (${result.error}).`;
    if (result?.approved === false) return 'The tool was not run (you declined).';
  } catch {
    // A plain text result: the tool ran.
  }
  return 'Done. The tool answered.';
}

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
let calls = 0;

export const scriptedModel = {
  specificationVersion: 'v3',
  provider: 'scripted',
  modelId: 'scripted',
  supportedUrls: {},
  doGenerate: () => Promise.reject(new Error('The scripted model only streams.')),
  async doStream({ prompt }: { prompt: Prompt }) {
    const id = `scripted-${++calls}`;
    const last = prompt.at(-1);
    const text = last?.role === 'user' ? partsOf(last).map((part) => part.text ?? '').join('') : '';
    const match = SCRIPT.find(([pattern]) => pattern.test(text));
    const parts: unknown[] = [{ type: 'stream-start', warnings: [] }];
    if (match) {
      const [, toolName, input] = match;
      parts.push({ type: 'tool-call', toolCallId: `call-${id}`, toolName, input: JSON.stringify(input) });
      parts.push({ type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage });
    } else {
      const said = last?.role === 'tool' ? afterTool(last) : 'Ask me for a "debug" or "error" message, the "env", or to toggle "logging".';
      parts.push({ type: 'text-start', id }, { type: 'text-delta', id, delta: said }, { type: 'text-end', id });
      parts.push({ type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage });
    }
    return { stream: new ReadableStream({ start: (controller) => (parts.forEach((part) => controller.enqueue(part)), controller.close()) }) };
  },
} as unknown as BuiltInAgentModel;
