// Server requests: elicitation and sampling open their dialogs through the provider's queue.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { generateText, type LanguageModel, type ModelMessage } from 'ai';
import type { ReactNode } from 'react';
import { ConsentProvider, ElicitationDialog, SamplingDialog, elicitationKind, samplingKind, toolKind } from 'react-mcp-annotations';
import { mcpClientCapabilities, relatedTaskId, useMcpRequestHandlers } from 'react-mcp-annotations/mcp/react';

declare const model: LanguageModel; // yours: the model the host already talks to

// Your model, run on a request the person approved (`sampling/createMessage` params in, a CreateMessageResult out).
// This one keeps the text of each message; give it images too if your model takes them.
async function sample(params: Record<string, unknown>, { signal }: { signal: AbortSignal }) {
  const list = Array.isArray(params.messages) ? (params.messages as Array<{ role: 'user' | 'assistant'; content: { type: string; text?: string } }>) : [];
  const messages: ModelMessage[] = list.map(({ role, content }) => ({ role, content: content.type === 'text' ? (content.text ?? '') : `[${content.type}]` }));
  const { text } = await generateText({
    model,
    system: typeof params.systemPrompt === 'string' ? params.systemPrompt : undefined,
    messages,
    maxOutputTokens: typeof params.maxTokens === 'number' ? params.maxTokens : 1024,
    abortSignal: signal,
  });
  return { role: 'assistant', content: { type: 'text', text }, model: 'my-model', stopReason: 'endTurn' };
}

// Capabilities cannot be added after connect: declare them here. Sampling is declared only when you
// pass your model; without one, a server's sampling request is refused unasked (`sampling-no-model`).
export const client = new Client({ name: 'my-host', version: '1.0.0' }, { capabilities: mcpClientCapabilities({ sample }) });

// The kinds this host asks about, and the dialog of each (a page ships only the dialogs it uses).
const kinds = [toolKind(), elicitationKind(), samplingKind()];
export const Consent = ({ children }: { children: ReactNode }) => (
  <ConsentProvider servers={{ everything: { trust: 'untrusted' } }} kinds={kinds} components={{ elicitation: ElicitationDialog, sampling: SamplingDialog }}>
    {children}
  </ConsentProvider>
);

// Task id → the id of the call (its card) that started the task; fill it when a task starts.
const taskCalls = new Map<string, string>();

export function Conversation({ children }: { children: ReactNode }) {
  // Inside <Consent>: elicitation/create and sampling/createMessage now open their dialogs.
  const ready = useMcpRequestHandlers(client, 'everything', {
    sample,
    callIdFor: (request) => taskCalls.get(relatedTaskId(request) ?? ''), // focus returns to that call's card
  });
  return ready ? children : null; // connect and call once the handlers are on
}
