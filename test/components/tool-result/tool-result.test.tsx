// Tests for src/components/tool-result.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToolResult } from '../../../src/index.js';
import type { CallToolResult } from '../../../src/core/shared/types.js';
import { axe } from '../../axe.js';
import { errorResult, mixedAudience, structuredResult } from '../../fixtures/content.js';
import { describeSpec, specExamples } from '../../spec-fixtures.js';

describe('ToolResult', () => {
  it('renders content for the user with audience filtering', () => {
    const { container } = render(<ToolResult result={{ content: mixedAudience }} />);
    expect(container).toHaveTextContent('Your changes were saved as a draft.');
    expect(container).not.toHaveTextContent('DEBUG');
    expect(container.firstElementChild).toHaveAttribute('data-state', 'success');
  });

  it('shows an error state for isError in words', () => {
    const { container } = render(<ToolResult result={errorResult} />);
    expect(container.firstElementChild).toHaveAttribute('data-state', 'error');
    expect(screen.getByText('The tool reported an error')).toBeInTheDocument();
    expect(container).toHaveTextContent('Invalid departure date');
  });

  it('shows structuredContent only in the assistant view unless the host opts in', () => {
    const { rerender, container } = render(<ToolResult result={structuredResult} />);
    expect(container).not.toHaveTextContent('humidity');
    rerender(<ToolResult result={structuredResult} viewer="assistant" />);
    expect(screen.getByText('Structured content')).toBeInTheDocument();
    expect(container).toHaveTextContent('"humidity": 65');
    rerender(<ToolResult result={structuredResult} showStructuredContent />);
    expect(container).toHaveTextContent('"humidity": 65');
    rerender(<ToolResult result={structuredResult} viewer="assistant" showStructuredContent={false} />);
    expect(container).not.toHaveTextContent('humidity');
  });

  it('puts unknown props and className on its root, and content options on the content', () => {
    const { container } = render(<ToolResult result={{ content: mixedAudience }} className="host-result" data-host="r" id="result-1" viewer="assistant" order="priority" />);
    const root = container.firstElementChild!;
    expect(root).toHaveAttribute('class', 'host-result');
    expect(root).toHaveAttribute('data-host', 'r');
    expect(root).toHaveAttribute('id', 'result-1');
    expect(root.querySelector('[data-slot="content-blocks"]')).toHaveAttribute('data-order', 'priority');
    expect(root.querySelector('[data-slot="content-blocks"]')).not.toHaveAttribute('data-host');
  });

  it('an empty result and an all-hidden one look the same', () => {
    const { container: a } = render(<ToolResult result={{ content: [] }} />);
    const { container: b } = render(<ToolResult result={{ content: [{ type: 'text', text: 'x', annotations: { audience: ['assistant'] } }] }} />);
    expect(a.innerHTML).toBe(b.innerHTML);
    expect(a).toHaveTextContent('No content to show');
  });

  it('a malformed result shows a placeholder, not an empty box', () => {
    const { container } = render(<ToolResult result={'oops' as unknown as CallToolResult} />);
    expect(container).toHaveTextContent('The tool returned a result that could not be shown');
    expect(container.firstElementChild).toHaveAttribute('data-state', 'error');
  });

  it('survives malformed results and reports them', () => {
    const onAnnotationIssue = vi.fn();
    for (const result of ['oops', 42, { content: 'x' }, null, undefined, { content: [{ type: 'text' }] }]) {
      render(<ToolResult result={result as unknown as CallToolResult} onAnnotationIssue={onAnnotationIssue} />);
    }
    expect(onAnnotationIssue.mock.calls.map(([i]) => i.code)).toEqual(['block-invalid', 'block-invalid', 'block-invalid', 'block-invalid']);
  });

  it('has no axe violations', async () => {
    const { container } = render(<ToolResult result={structuredResult} viewer="assistant" />);
    expect(await axe(container)).toHaveNoViolations();
  });

  describeSpec('MCP spec examples render with no issue reported', () => {
    const blocks = ['TextContent', 'ImageContent', 'AudioContent', 'EmbeddedResource', 'ResourceLink'].flatMap((type) => specExamples(type));
    it.each(blocks)('%s', (_file, block) => {
      const onAnnotationIssue = vi.fn();
      const { container } = render(<ToolResult result={{ content: [block] } as CallToolResult} onAnnotationIssue={onAnnotationIssue} />);
      expect(onAnnotationIssue).not.toHaveBeenCalled();
      expect(container.querySelector('[data-slot="content-placeholder"]')).toBeNull();
    });

    // A Resource is what a resource_link points at: it renders as one.
    it.each(specExamples('Resource'))('%s as a resource link', (_file, resource) => {
      const onAnnotationIssue = vi.fn();
      const { container } = render(<ToolResult result={{ content: [{ ...(resource as object), type: 'resource_link' }] } as unknown as CallToolResult} onAnnotationIssue={onAnnotationIssue} />);
      expect(onAnnotationIssue).not.toHaveBeenCalled();
      expect(container.querySelector('[data-slot="content-block"][data-kind="resource_link"] > [data-slot="content-resource-name"]')).toHaveTextContent((resource as { title?: string; name: string }).title ?? (resource as { name: string }).name);
    });

    it.each(specExamples('CallToolResult'))('%s', (_file, result) => {
      const onAnnotationIssue = vi.fn();
      const { container } = render(<ToolResult result={result as CallToolResult} onAnnotationIssue={onAnnotationIssue} />);
      expect(onAnnotationIssue).not.toHaveBeenCalled();
      const expected = (result as CallToolResult).content[0] as { text: string };
      // Short plain text is the block's own text; JSON and long text have a box of their own.
      const block = container.querySelector('[data-slot="content-block"][data-kind="text"]')!;
      const shown = block.querySelector('[data-slot="content-text"]') ?? block;
      // JSON text is shown indented; anything else exactly as sent.
      expect(shown.textContent).toBe(shown.getAttribute('data-format') === 'json' ? JSON.stringify(JSON.parse(expected.text), null, 2) : expected.text);
      expect(container.firstElementChild).toHaveAttribute('data-state', (result as CallToolResult).isError ? 'error' : 'success');
    });
  });
});
