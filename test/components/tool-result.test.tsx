// Tests for src/components/tool-result.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToolResult } from '../../src/index.js';
import type { CallToolResult } from '../../src/core/types.js';
import { axe } from '../axe.js';
import { errorResult, mixedAudience, structuredResult } from '../fixtures/content.js';
import { hasSpecFixtures, specExamples } from '../spec-fixtures.js';

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

  describe.skipIf(!hasSpecFixtures)('MCP spec examples render with no issue reported', () => {
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
      expect(container.querySelector('[data-slot="content-resource-link"]')).not.toBeNull();
    });

    it.each(specExamples('CallToolResult'))('%s', (_file, result) => {
      const onAnnotationIssue = vi.fn();
      const { container } = render(<ToolResult result={result as CallToolResult} onAnnotationIssue={onAnnotationIssue} />);
      expect(onAnnotationIssue).not.toHaveBeenCalled();
      const expected = (result as CallToolResult).content[0] as { text: string };
      expect(container.querySelector('[data-slot="content-text"]')!.textContent).toBe(expected.text);
      expect(container.firstElementChild).toHaveAttribute('data-state', (result as CallToolResult).isError ? 'error' : 'success');
    });
  });
});
