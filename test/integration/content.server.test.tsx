// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentBlocks, ToolResult, selectForViewer } from '../../src/index.js';
import { prepareContent } from '../../src/core/content/content.js';
import type { AnnotationIssue } from '../../src/core/shared/issues.js';
import { startServer, type RunningServer } from './mcp-servers.js';

describe('real server-everything results, rendered for the user', () => {
  let everything: RunningServer;
  const call = async (name: string, args: Record<string, unknown>) => (await everything.client.callTool({ name, arguments: args })) as CallToolResult;

  beforeAll(async () => {
    everything = await startServer('everything');
  });
  afterAll(async () => {
    await everything?.close();
  });

  it.each(['debug', 'error', 'success'])('get-annotated-message %s: assistant-only debug text never shows; user and shared blocks do', async (messageType) => {
    const result = await call('get-annotated-message', { messageType, includeImage: true });
    const issues: AnnotationIssue[] = [];
    const { container } = render(<ToolResult result={result} order="priority" onAnnotationIssue={(issue) => issues.push(issue)} />);
    expect(issues).toEqual([]);
    expect(container.textContent).not.toContain('Debug: Cache hit ratio');
    expect(renderToString(<ToolResult result={result} />)).not.toContain('Cache hit ratio');
    // The user-only image is present in every case.
    expect(container.querySelector('img[src^="data:image/png;base64,"]')).not.toBeNull();
    if (messageType === 'error') expect(container.textContent).toContain('Error: Operation failed');
    if (messageType === 'success') expect(container.textContent).toContain('Operation completed successfully');
    if (messageType === 'debug') {
      // The model still gets its debug block, and not the user-only image.
      const forModel = selectForViewer(result.content, 'assistant');
      expect(forModel.map((b) => b.type)).toEqual(['text']);
      expect(forModel[0]).toMatchObject({ text: expect.stringContaining('Cache hit ratio') });
    }
  });

  it('priorities from the server order the user view: error (1) before image (0.5)', async () => {
    const result = await call('get-annotated-message', { messageType: 'error', includeImage: true });
    expect(prepareContent(result.content, { order: 'priority' }).shown.map((b) => b.view.kind)).toEqual(['text', 'image']);
  });

  it('renders get-resource-links, get-resource-reference (Text and Blob) and gzip-file-as-resource without error', async () => {
    const results = [
      await call('get-resource-links', { count: 3 }),
      await call('get-resource-reference', { resourceType: 'Text', resourceId: 1 }),
      await call('get-resource-reference', { resourceType: 'Blob', resourceId: 2 }),
      await call('gzip-file-as-resource', { name: 'hello.txt.gz', data: 'data:text/plain;base64,aGVsbG8gd29ybGQ=', outputType: 'resource' }),
      await call('gzip-file-as-resource', { name: 'hello.txt.gz', data: 'data:text/plain;base64,aGVsbG8gd29ybGQ=', outputType: 'resourceLink' }),
      await call('get-tiny-image', {}),
    ];
    for (const result of results) {
      expect(result.isError ?? false).toBe(false);
      const issues: AnnotationIssue[] = [];
      const { container, unmount } = render(<ContentBlocks blocks={result.content} onAnnotationIssue={(issue) => issues.push(issue)} />);
      expect(issues).toEqual([]);
      expect(container.querySelector('[data-slot="content-placeholder"]')).toBeNull();
      unmount();
    }
    const kinds = results.flatMap((result) => prepareContent(result.content).shown.map((b) => b.view.kind));
    expect(kinds).toEqual(expect.arrayContaining(['resource_link', 'resource_text', 'resource_blob', 'image', 'text']));
  });
});
