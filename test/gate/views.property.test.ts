// Promise 1 at the network boundary (src/ai-sdk): for any tool result, the
// value a wrapped MCP tool returns (what the UI message stream and persisted
// messages carry) never holds an assistant-only block, and the model's output
// never holds a user-only one — also after the chat store forgot the result.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annotateMcpTools } from '../../src/ai-sdk/index.js';
import { createMcpChatStore } from '../../src/gate/index.js';
import { splitMcpResult } from '../../src/gate/views.js';
import { transcript } from '../fixtures/transcripts.js';

const metadata = { clientName: 'everything', toolName: 'fake', annotations: { readOnlyHint: true } };

async function run(output: unknown, forget: boolean) {
  const store = createMcpChatStore();
  const tools = annotateMcpTools({ fake: { description: 'd', metadata, execute: async () => output } } as never, { chatId: 'c', store });
  const fake = (tools as Record<string, { execute: (input: unknown, options: { toolCallId: string }) => Promise<unknown>; toModelOutput: (options: unknown) => Promise<unknown> | unknown }>).fake!;
  const forUser = await fake.execute({}, { toolCallId: 't1' });
  // What the next request rebuilds the model's view from: the stored view, or (forgotten) only the user view.
  const modelStore = forget ? createMcpChatStore() : store;
  const again = annotateMcpTools({ fake: { description: 'd', metadata, execute: async () => output } } as never, { chatId: 'c', store: modelStore }) as typeof tools;
  const forModel = await (again as unknown as Record<string, typeof fake>).fake!.toModelOutput({ toolCallId: 't1', input: {}, output: JSON.parse(JSON.stringify(forUser)) });
  return { forUser: JSON.stringify(forUser), forModel: JSON.stringify(forModel) };
}

describe('annotated MCP tools: what crosses the wire', () => {
  it('property: the browser never gets SECRET; the model never gets USERONLY; structuredContent stays out of the user view', async () => {
    await fc.assert(
      fc.asyncProperty(transcript, fc.boolean(), fc.boolean(), async ({ blocks }, isError, forget) => {
        const output = { content: blocks, isError, structuredContent: { note: 'SECRETxstructured' }, _meta: { debug: 'SECRETxmeta' } };
        const { forUser, forModel } = await run(output, forget);
        expect(forUser).not.toContain('SECRET');
        expect(forModel).not.toContain('USERONLY');
        // Everything the model may see is there when the store kept it.
        if (!forget) for (const block of blocks) if (JSON.stringify(block).includes('publicx') && typeof (block as { text?: unknown }).text === 'string') expect(forModel).toContain('publicx');
      }),
      { numRuns: 1000 },
    );
  });

  it('property: any output at all is split without throwing, and the user view is always a CallToolResult', () => {
    fc.assert(
      fc.property(fc.anything(), (output) => {
        const views = splitMcpResult(output);
        expect(Array.isArray(views.user.content)).toBe(true);
        expect(views.user).not.toHaveProperty('structuredContent');
      }),
      { numRuns: 2000 },
    );
  });

  it('structured output without content has no audience: hidden from the user unless the host opts in', () => {
    expect(splitMcpResult({ temperature: 21 })).toEqual({ user: { content: [] }, assistant: { temperature: 21 } });
    expect(splitMcpResult({ temperature: 21 }, { includeStructuredContent: true }).user).toEqual({ content: [], structuredContent: { temperature: 21 } });
  });

  it('a structuredContent-only result as @ai-sdk/mcp delivers it (its JSON as one text block) follows the structuredContent rule', () => {
    const structuredContent = { secret: 'SECRETxstructured', n: 1 };
    const output = { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent, isError: false };
    const views = splitMcpResult(output);
    expect(views.user).toEqual({ content: [] });
    expect(JSON.stringify(views.user)).not.toContain('SECRET');
    expect(views.assistant).toEqual({ content: output.content, structuredContent });
    expect(splitMcpResult(output, { includeStructuredContent: true }).user).toEqual({ content: output.content, structuredContent });
    // A text block that says something else is content for everyone, as before.
    expect(splitMcpResult({ content: [{ type: 'text', text: 'The answer is 1.' }], structuredContent }).user).toEqual({ content: [{ type: 'text', text: 'The answer is 1.' }] });
  });
});
