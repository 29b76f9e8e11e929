/**
 * Type-level proof that data typed with @modelcontextprotocol/sdk (v1) and
 * @modelcontextprotocol/client (v2) flows into
 * the library without casts. `npm run typecheck` fails if any line here needs
 * one; the runtime assertions keep the test honest.
 */
import type { CallToolResult as SdkCallToolResult, ContentBlock as SdkContentBlock, ListToolsResult as SdkListToolsResult, Tool as SdkTool } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult as V2CallToolResult, ContentBlock as V2ContentBlock, ListToolsResult as V2ListToolsResult, Tool as V2Tool } from '@modelcontextprotocol/client';
import { render, screen } from '@testing-library/react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ToolBadges,
  ToolResult,
  decideToolCall,
  diffToolAnnotations,
  resolveToolHints,
  selectForViewer,
  toolDisplayName,
  type CallToolResult,
  type ContentBlock,
  type Tool,
} from '../../src/index.js';
import { prepareContent } from '../../src/core/content/content.js';

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

// SDK v2 (`@modelcontextprotocol/client`, protocol 2026-07-28).
describe('compatibility with @modelcontextprotocol/client (SDK v2) types', () => {
  const v2Tool: V2Tool = {
    name: 'delete_entities',
    title: 'Delete entities',
    inputSchema: { type: 'object', properties: { names: { type: 'array' } } },
    annotations: { destructiveHint: true, idempotentHint: true },
    execution: { taskSupport: 'optional' },
  };
  const v2Blocks: V2ContentBlock[] = [
    { type: 'text', text: 'for you', annotations: { audience: ['user'], priority: 1, lastModified: '2026-11-30T09:00:00Z' } },
    { type: 'text', text: 'for the model', annotations: { audience: ['assistant'] } },
    { type: 'resource', resource: { uri: 'file:///a.txt', text: 'a' } },
  ];
  const v2Result: V2CallToolResult = { content: v2Blocks, structuredContent: { ok: true } };
  const v2List: V2ListToolsResult = { tools: [v2Tool] };

  it('accepts v2 types where the library types are expected', () => {
    expectTypeOf<V2Tool>().toExtend<Tool>();
    expectTypeOf<V2ContentBlock>().toExtend<ContentBlock>();
    expectTypeOf<V2CallToolResult>().toExtend<CallToolResult>();
  });

  it('passes v2-typed objects to core functions and components without casts', () => {
    expect(decideToolCall({ tool: v2Tool, trust: 'trusted' }).risk).toBe('destructive');
    expect(selectForViewer(v2Result.content, 'user')).toHaveLength(2);
    expect(diffToolAnnotations(v2List, v2List)).toEqual([]);
    render(<ToolResult result={v2Result} />);
    expect(screen.getByText('for you')).toBeInTheDocument();
    expect(screen.queryByText('for the model')).toBeNull();
  });
});
