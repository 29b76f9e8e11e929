// Tests for src/components/tool-badges.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LabelsProvider, ToolBadge, ToolBadges, ToolBadgesRoot } from '../../src/index.js';
import type { Tool } from '../../src/core/types.js';
import { axe } from '../axe.js';
import { bareTool, deleteEntitiesTool, readFileTool } from '../fixtures/tools.js';

const badgeTexts = () => screen.getAllByRole('listitem').map((li) => li.querySelector('[data-slot="tool-badge-label"]')!.textContent + (li.querySelector('[data-slot="tool-badge-assumed"]')?.textContent ?? ''));

describe('ToolBadges', () => {
  it('shows one badge per hint that matters, with data attributes for CSS', () => {
    render(<ToolBadges tool={deleteEntitiesTool} trust="trusted" />);
    const list = screen.getByRole('list', { name: 'Tool hints' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => [li.dataset.kind, li.dataset.hint, li.dataset.value, li.dataset.declared])).toEqual([
      ['destructive', 'destructive', 'true', 'true'],
      ['idempotent', 'idempotent', 'true', 'true'],
      ['closed-world', 'openWorld', 'false', 'true'],
    ]);
    expect(badgeTexts()).toEqual(['Destructive', 'Safe to retry', 'Local only']);
  });

  it('defaults to untrusted: declared hints read as the server’s claims', () => {
    render(<ToolBadges tool={readFileTool} />);
    expect(badgeTexts()).toEqual(['Claims: Read-only', 'Claims: Local only']);
    expect(screen.getAllByRole('listitem')[0]).toHaveAccessibleDescription(expect.stringContaining('not verified'));
  });

  it('marks assumed hints in text, not just by style', () => {
    render(<ToolBadges tool={bareTool} trust="trusted" />);
    expect(badgeTexts()).toEqual(['Destructive (assumed)', 'Reaches outside (assumed)']);
    for (const item of screen.getAllByRole('listitem')) {
      expect(item).toHaveAttribute('data-declared', 'false');
      expect(item).toHaveAccessibleDescription(expect.stringContaining('cautious answer is assumed'));
      expect(item.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('explains a badge on focus and hover, and Escape dismisses it', async () => {
    const user = userEvent.setup();
    render(<ToolBadges tool={readFileTool} trust="trusted" />);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    const first = screen.getAllByRole('listitem')[0]!;
    expect(first).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Does not change anything.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(screen.getAllByRole('listitem')[1]!);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Works only with local or closed data.');
    await user.unhover(screen.getAllByRole('listitem')[1]!);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('never crashes on broken tools and reports them', () => {
    const onAnnotationIssue = vi.fn();
    const broken = [undefined, { name: 'x', annotations: null }, { name: 'x', annotations: { readOnlyHint: 'true' } }, {} as Tool] as Array<Tool | undefined>;
    for (const tool of broken) render(<ToolBadges tool={tool} onAnnotationIssue={onAnnotationIssue} />);
    expect(screen.getAllByRole('list')).toHaveLength(4);
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'tool-hint-invalid', value: 'true' }));
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'tool-annotations-invalid', value: null }));
  });

  it('lets a host reorder and restyle badges, passing props, refs and class names through', async () => {
    const user = userEvent.setup();
    const onFocus = vi.fn((event: React.FocusEvent) => event.preventDefault());
    const rootRef = createRef<HTMLUListElement>();
    render(
      <ToolBadgesRoot tool={deleteEntitiesTool} trust="trusted" ref={rootRef} className="host-list" data-testid="root">
        {(badges) => [...badges].reverse().map((badge) => <ToolBadge key={badge.kind} badge={badge} className="host-badge" onFocus={onFocus} />)}
      </ToolBadgesRoot>,
    );
    expect(rootRef.current).toBe(screen.getByTestId('root'));
    expect(rootRef.current).toHaveClass('mcp-tool-badges', 'host-list');
    expect(badgeTexts()).toEqual(['Local only', 'Safe to retry', 'Destructive']);
    await user.tab();
    // The host prevented our focus handler, so no tooltip opens.
    expect(onFocus).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('throws a clear error when a badge is used outside its root', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ToolBadge badge={{ kind: 'write', hint: 'destructive', value: false, declared: true }} />)).toThrow(
      '<ToolBadges.Badge> must be rendered inside <ToolBadges.Root>.',
    );
  });

  it('translates through LabelsProvider', () => {
    render(
      <LabelsProvider labels={{ readOnly: 'Nur lesen', claimed: 'Behauptet: {label}', closedWorld: 'Nur lokal', toolHints: 'Hinweise' }}>
        <ToolBadges tool={readFileTool} />
      </LabelsProvider>,
    );
    expect(screen.getByRole('list', { name: 'Hinweise' })).toBeInTheDocument();
    expect(badgeTexts()).toEqual(['Behauptet: Nur lesen', 'Behauptet: Nur lokal']);
  });

  it('has no axe violations', async () => {
    const { container } = render(<ToolBadges tool={bareTool} />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
