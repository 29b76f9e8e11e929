/**
 * A scripted model for CopilotKit's built-in agent (the AI SDK 6 inside
 * `@copilotkit/runtime`): a user message `call <tool> <json>` makes it call
 * that tool (several, separated by ` ; `); after tool results it says
 * "done". What it was shown is kept, so a test can see the model's view.
 */

type Prompt = Array<{ role: string; content: unknown }>;

export interface Script {
  /** Every prompt the model was given, in order. */
  seen: Prompt[];
  /** A `LanguageModelV3` (the AI SDK 6 provider spec), for `new BuiltInAgent({ model })`. */
  model: {
    specificationVersion: 'v3';
    provider: string;
    modelId: string;
    supportedUrls: Record<string, RegExp[]>;
    doGenerate(): Promise<never>;
    doStream(options: { prompt: Prompt }): Promise<{ stream: ReadableStream<unknown> }>;
  };
}

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

/** `callId`: a provider that reuses one call id for every call (some do, across turns). */
export function scriptedModel(options: { callId?: string } = {}): Script {
  const seen: Prompt[] = [];
  let step = 0;
  const model: Script['model'] = {
    specificationVersion: 'v3',
    provider: 'scripted',
    modelId: 'scripted',
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('the scripted model only streams')),
    async doStream({ prompt }) {
      seen.push(structuredClone(prompt));
      step++;
      const last = prompt.at(-1);
      const text = last?.role === 'user' && Array.isArray(last.content) ? last.content.map((part: { text?: string }) => part.text ?? '').join('') : '';
      // `say <words> call …` says the words before it calls.
      const asked = /^(?:say (\S+) )?call (.+)$/.exec(text);
      const parts: unknown[] = [{ type: 'stream-start', warnings: [] }];
      if (asked?.[1]) parts.push({ type: 'text-start', id: `said-${step}` }, { type: 'text-delta', id: `said-${step}`, delta: asked[1] }, { type: 'text-end', id: `said-${step}` });
      if (asked) {
        asked[2]!.split(' ; ').forEach((one, index) => {
          const [, toolName, input] = /^(\S+) (.*)$/.exec(one)!;
          parts.push({ type: 'tool-call', toolCallId: options.callId ?? `call-${step}-${index}`, toolName, input });
        });
        parts.push({ type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage });
      } else {
        parts.push({ type: 'text-start', id: `text-${step}` }, { type: 'text-delta', id: `text-${step}`, delta: 'done' }, { type: 'text-end', id: `text-${step}` });
        parts.push({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage });
      }
      return { stream: new ReadableStream({ start: (controller) => (parts.forEach((part) => controller.enqueue(part)), controller.close()) }) };
    },
  };
  return { seen, model };
}

/** AG-UI's events from an SSE response body (`data: {...}` frames). */
export async function eventsOf(response: Response): Promise<Array<{ type: string; [field: string]: unknown }>> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { type: string });
}

/** A `RunAgentInput` as a browser posts it; `messages` and `resume` are the parts a test changes. */
export function body(threadId: string, messages: unknown[], resume?: unknown[]) {
  return { threadId, runId: globalThis.crypto.randomUUID(), state: {}, messages, tools: [], context: [], forwardedProps: {}, ...(resume ? { resume } : {}) };
}
