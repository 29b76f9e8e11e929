// Tests for src/components/tool-summary.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToolSummary } from '../../../src/index.js';
import type { Tool } from '../../../src/core/shared/types.js';
import { axe } from '../../axe.js';
import { PNG_1X1, disguisedTool, iconTool, longTitleTool, readFileTool } from '../../fixtures/tools.js';
import { describeSpec, specExamples } from '../../spec-fixtures.js';

describe('ToolSummary', () => {
  it('shows the title, the real machine name beside it, badges and the description as text', () => {
    render(<ToolSummary tool={readFileTool} trust="trusted" />);
    expect(screen.getByText('Read text file')).toBeInTheDocument();
    expect(screen.getByText('read_text_file').tagName).toBe('CODE');
    expect(screen.getByRole('list', { name: 'Tool hints' })).toHaveTextContent('Read-only');
    expect(screen.getByText('Read the complete contents of a file as text.')).toBeInTheDocument();
  });

  it('does not repeat the name when there is no title', () => {
    render(<ToolSummary tool={{ name: 'plain_tool' }} />);
    expect(screen.getAllByText('plain_tool')).toHaveLength(1);
  });

  it('cannot be disguised: bidi overrides are stripped and the machine name is shown', () => {
    const onAnnotationIssue = vi.fn();
    const { container } = render(<ToolSummary tool={disguisedTool} onAnnotationIssue={onAnnotationIssue} />);
    expect(container.textContent).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(screen.getByText('wipe_disk')).toBeInTheDocument();
    // readOnlyHint "true" (a string) is not a boolean: the tool stays destructive.
    expect(screen.getByRole('list', { name: 'Tool hints' })).toHaveTextContent(/^UnverifiedDestructive/);
    expect(onAnnotationIssue.mock.calls.map(([issue]) => issue.code).sort()).toEqual(['tool-hint-invalid', 'tool-title-sanitized']);
  });

  it('caps a huge title', () => {
    render(<ToolSummary tool={longTitleTool} />);
    const name = document.querySelector('[data-slot="tool-summary-name"]')!;
    expect(Array.from(name.textContent!).length).toBeLessThanOrEqual(80);
  });

  it('renders a tool without a name and says so', () => {
    const onAnnotationIssue = vi.fn();
    render(<ToolSummary tool={{ description: 'no name' } as Tool} onAnnotationIssue={onAnnotationIssue} />);
    expect(screen.getByText('Unnamed tool')).toBeInTheDocument();
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'tool-name-missing' }));
  });

  it('shows data: icons for the current theme and never loads remote icons unless the host allows it', () => {
    const { rerender } = render(<ToolSummary tool={iconTool} theme="dark" />);
    const img = () => document.querySelector('img');
    expect(img()).toHaveAttribute('src', `data:image/png;base64,${PNG_1X1}`);
    expect(img()).toHaveAttribute('alt', '');
    const remoteOnly: Tool = { name: 'r', icons: [{ src: 'https://icons.example.com/r.png' }] };
    rerender(<ToolSummary tool={remoteOnly} />);
    expect(img()).toBeNull();
    const allow = vi.fn((url: string) => url.startsWith('https://icons.example.com/'));
    rerender(<ToolSummary tool={remoteOnly} allowRemoteIcon={allow} />);
    expect(img()).toHaveAttribute('src', 'https://icons.example.com/r.png');
    expect(img()).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(allow).toHaveBeenCalledWith('https://icons.example.com/r.png');
  });

  it('rejects javascript:, svg and http icons', () => {
    const onAnnotationIssue = vi.fn();
    const tool: Tool = {
      name: 'x',
      icons: [{ src: 'javascript:alert(1)' }, { src: 'data:image/svg+xml;base64,PHN2Zz4=' }, { src: 'http://plain.example.com/a.png' }],
    };
    render(<ToolSummary tool={tool} allowRemoteIcon={() => true} onAnnotationIssue={onAnnotationIssue} />);
    expect(document.querySelector('img')).toBeNull();
    // Only the javascript: icon is a server problem; the others are the host's policy.
    expect(onAnnotationIssue).toHaveBeenCalledTimes(1);
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'tool-icon-rejected', path: 'tool.icons[0]' }));
  });

  it('has no axe violations', async () => {
    const { container } = render(<ToolSummary tool={iconTool} />);
    expect(await axe(container)).toHaveNoViolations();
  });

  describeSpec('every Tool example of the MCP spec', () => {
    it.each(specExamples('Tool'))('%s renders with no issue reported', (_file, tool) => {
      const onAnnotationIssue = vi.fn();
      render(<ToolSummary tool={tool as Tool} onAnnotationIssue={onAnnotationIssue} />);
      expect(screen.getByText((tool as Tool).title ?? (tool as Tool).name)).toBeInTheDocument();
      expect(onAnnotationIssue).not.toHaveBeenCalled();
    });
  });
});
