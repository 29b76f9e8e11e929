/**
 * Type-level proof that data typed with @modelcontextprotocol/sdk flows into
 * the library without casts. `npm run typecheck` fails if any line here needs
 * one; the runtime assertions keep the test honest.
 */
import type { CallToolResult as SdkCallToolResult, ContentBlock as SdkContentBlock, ListToolsResult as SdkListToolsResult, Tool as SdkTool } from '@modelcontextprotocol/sdk/types.js';
import { render, screen } from '@testing-library/react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ToolBadges,
  decideToolCall,
  diffToolAnnotations,
  prepareContent,
  resolveToolHints,
  selectForViewer,
  toolDisplayName,
  type CallToolResult,
  type ContentBlock,
  type Tool,
} from '../../src/index.js';

const sdkTool: SdkTool = {
  name: 'delete_entities',
  title: 'Delete entities',
  inputSchema: { type: 'object', properties: { names: { type: 'array' } } },
  annotations: { destructiveHint: true, idempotentHint: true },
  icons: [{ src: 'data:image/png;base64,AAAA', mimeType: 'image/png', theme: 'dark' }],
};
const sdkBlocks: SdkContentBlock[] = [
  { type: 'text', text: 'for you', annotations: { audience: ['user'], priority: 1 } },
  { type: 'text', text: 'for the model', annotations: { audience: ['assistant'] } },
  { type: 'resource_link', uri: 'https://example.com/a', name: 'a' },
  { type: 'resource', resource: { uri: 'file:///a.txt', text: 'a' } },
  { type: 'image', data: 'AAAA', mimeType: 'image/png' },
];
const sdkResult: SdkCallToolResult = { content: sdkBlocks, isError: false, structuredContent: { ok: true } };
const sdkList: SdkListToolsResult = { tools: [sdkTool] };

describe('compatibility with @modelcontextprotocol/sdk types', () => {
  it('accepts SDK types where the library types are expected', () => {
    expectTypeOf<SdkTool>().toExtend<Tool>();
    expectTypeOf<SdkContentBlock>().toExtend<ContentBlock>();
    expectTypeOf<SdkCallToolResult>().toExtend<CallToolResult>();
  });

  it('passes SDK-typed objects to core functions without casts', () => {
    expect(resolveToolHints(sdkTool).destructive).toBe(true);
    expect(toolDisplayName(sdkTool)).toBe('Delete entities');
    expect(selectForViewer(sdkResult.content, 'user')).toHaveLength(4);
    expect(prepareContent(sdkResult.content).shown.map((b) => b.view.kind)).toEqual(['text', 'resource_link', 'resource_text', 'image']);
    expect(decideToolCall({ tool: sdkTool, trust: 'trusted' }).action).toBe('confirm');
    expect(diffToolAnnotations(sdkList, sdkList)).toEqual([]);
  });

  it('passes SDK-typed objects to components without casts', () => {
    render(<ToolBadges tool={sdkTool} trust="trusted" />);
    expect(screen.getByRole('list', { name: 'Tool hints' })).toBeInTheDocument();
  });
});
