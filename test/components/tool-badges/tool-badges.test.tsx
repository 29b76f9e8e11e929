// Tests for src/components/tool-badges.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LabelsProvider, ToolBadge, ToolBadges, ToolCallCard, ToolSummary } from '../../../src/index.js';
import type { Tool } from '../../../src/core/shared/types.js';
import { axe } from '../../axe.js';
import { bareTool, deleteEntitiesTool, readFileTool, researchTool } from '../../fixtures/tools.js';
import { BuiltInProvider } from '../../helpers/kinds.js';

const badges = () => document.querySelectorAll<HTMLElement>('[data-slot="tool-badge"]');
const badgeTexts = () => [...badges()].map((li) => li.querySelector('[data-slot="tool-badge-label"]')!.textContent + (li.querySelector('[data-slot="tool-badge-assumed"]')?.textContent ?? ''));

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

  it('defaults to untrusted: says once that the hints are unverified, not "Claims:" on every badge', () => {
    render(<ToolBadges tool={readFileTool} />);
    const list = screen.getByRole('list', { name: 'Tool hints' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/^Unverified$/);
    expect(badgeTexts()).toEqual(['Read-only', 'Local only']);
    expect(list.textContent).not.toContain('Claims');
    expect(badges()[0]).toHaveAttribute('data-status', 'claimed');
    expect(badges()[0]).toHaveAccessibleDescription(expect.stringContaining('not verified'));
  });

  it('a trusted server\'s declared hints are verified, with no note', () => {
    render(<ToolBadges tool={readFileTool} trust="trusted" />);
    expect(screen.queryByText('Unverified')).toBeNull();
    expect([...badges()].map((b) => b.dataset.status)).toEqual(['verified', 'verified']);
  });

  it('risk badges lead, details are quiet', () => {
    render(<ToolBadges tool={researchTool} trust="trusted" />);
    expect([...badges()].map((b) => [b.dataset.kind, b.dataset.tier])).toEqual([
      ['read-only', 'risk'],
      ['open-world', 'detail'],
      ['background', 'detail'],
    ]);
    expect(badgeTexts()).toEqual(['Read-only', 'Reaches outside', 'Background']);
  });

  it('marks assumed hints in text, not just by style', () => {
    render(<ToolBadges tool={bareTool} trust="trusted" />);
    expect(badgeTexts()).toEqual(['Destructive (assumed)', 'Reaches outside (assumed)']);
    for (const item of badges()) {
      expect(item).toHaveAttribute('data-declared', 'false');
      expect(item).toHaveAttribute('data-status', 'assumed');
      expect(item).toHaveAccessibleDescription(expect.stringContaining('cautious answer is assumed'));
      expect(item.querySelector('[data-slot="icon"]')).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('badges are not tab stops; explanations show on hover and are always the accessible description', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ToolBadges tool={readFileTool} trust="trusted" />
        <button type="button">next</button>
      </>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'next' })).toHaveFocus();
    for (const badge of badges()) expect(badge).not.toHaveAttribute('tabindex');
    expect(badges()[0]).toHaveAccessibleDescription('Does not change anything.');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(badges()[1]!);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Works only with local or closed data.');
    await user.unhover(badges()[1]!);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('inside a provider, trust comes from the provider for the badges\' server', () => {
    render(
      <BuiltInProvider servers={{ files: { trust: 'trusted' } }}>
        <ToolBadges tool={readFileTool} serverId="files" />
        <ToolBadges tool={readFileTool} serverId="files" trust="untrusted" />
        <ToolBadges tool={readFileTool} serverId="other" trust="trusted" />
      </BuiltInProvider>,
    );
    const lists = screen.getAllByRole('list', { name: 'Tool hints' });
    // The provider says trusted; a host's "untrusted" may only make it more cautious; an unknown server is untrusted.
    expect(lists.map((list) => list.dataset.trust)).toEqual(['trusted', 'untrusted', 'untrusted']);
  });

  it('never crashes on broken tools and reports them', () => {
    const onAnnotationIssue = vi.fn();
    const broken = [undefined, { name: 'x', annotations: null }, { name: 'x', annotations: { readOnlyHint: 'true' } }, {} as Tool] as Array<Tool | undefined>;
    for (const tool of broken) render(<ToolBadges tool={tool} onAnnotationIssue={onAnnotationIssue} />);
    expect(screen.getAllByRole('list')).toHaveLength(4);
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'tool-hint-invalid', value: 'true' }));
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'tool-annotations-invalid', value: null }));
  });

  it('lets a host reorder and restyle badges, passing props, refs, handlers and class names through', async () => {
    const user = userEvent.setup();
    const onMouseEnter = vi.fn((event: React.MouseEvent) => event.preventDefault());
    const rootRef = createRef<HTMLUListElement>();
    const itemRef = createRef<HTMLLIElement>();
    render(
      <ToolBadge.Root tool={deleteEntitiesTool} trust="trusted" ref={rootRef} className="host-list" data-testid="root">
        {(list) => [...list].reverse().map((badge, i) => <ToolBadge.Item key={badge.kind} ref={i === 0 ? itemRef : undefined} badge={badge} className="host-badge" data-host="x" onMouseEnter={onMouseEnter} />)}
      </ToolBadge.Root>,
    );
    expect(rootRef.current).toBe(screen.getByTestId('root'));
    expect(rootRef.current).toHaveAttribute('class', 'host-list');
    expect(rootRef.current).toHaveAttribute('data-slot', 'tool-badges');
    expect(itemRef.current).toBe(badges()[0]);
    expect(itemRef.current).toHaveAttribute('class', 'host-badge');
    expect(itemRef.current).toHaveAttribute('data-slot', 'tool-badge');
    expect(itemRef.current).toHaveAttribute('data-host', 'x');
    expect(badgeTexts()).toEqual(['Local only', 'Safe to retry', 'Destructive']);
    await user.hover(itemRef.current!);
    // The host prevented our handler, so no tooltip opens.
    expect(onMouseEnter).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('throws a clear error when a badge is used outside its root', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ToolBadge.Item badge={{ kind: 'write', hint: 'destructive', value: false, declared: true, status: 'verified', tier: 'risk' }} />)).toThrow(
      '<ToolBadge.Item> must be rendered inside <ToolBadge.Root>.',
    );
  });

  it('translates through LabelsProvider', () => {
    render(
      <LabelsProvider labels={{ readOnly: 'Nur lesen', unverified: 'Unbestätigt', closedWorld: 'Nur lokal', toolHints: 'Hinweise' }}>
        <ToolBadges tool={readFileTool} />
      </LabelsProvider>,
    );
    expect(screen.getByRole('list', { name: 'Hinweise' })).toBeInTheDocument();
    expect(screen.getByText('Unbestätigt')).toBeInTheDocument();
    expect(badgeTexts()).toEqual(['Nur lesen', 'Nur lokal']);
  });

  it('has no axe violations', async () => {
    const { container } = render(<ToolBadges tool={bareTool} />);
    expect(await axe(container)).toHaveNoViolations();
  });
  it('a tool name another server offers is flagged on the badges, the card and the summary, naming that server; it updates when the lists change', async () => {
    const sendEmail: Tool = { name: 'send_email', inputSchema: { type: 'object' }, annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true } };
    const servers = { mail: { name: 'Mail', trust: 'trusted' as const }, squat: { name: 'Notes helper' } };
    const view = (toolLists: Record<string, Tool[]>) => (
      <BuiltInProvider servers={servers} toolLists={toolLists}>
        <ToolBadges tool={sendEmail} serverId="mail" />
        <ToolSummary tool={sendEmail} serverId="squat" />
        <ToolCallCard tool={sendEmail} serverId="mail" callId="c1" status={{ type: 'running' }} />
      </BuiltInProvider>
    );
    const { container, rerender } = render(view({ mail: [sendEmail], squat: [sendEmail] }));
    const flags = () => [...document.querySelectorAll('[data-slot="tool-badges-shadowed"]')].map((li) => li.textContent);
    // Mail's tool names the other server, and the other server's names Mail.
    expect(flags()).toEqual(['Same name on Notes helper', 'Same name on Mail', 'Same name on Notes helper']);
    const flag = screen.getAllByRole('listitem').find((li) => li.dataset.slot === 'tool-badges-shadowed')!;
    expect(flag).toHaveAttribute('title', expect.stringContaining('never remembered'));
    expect(await axe(container)).toHaveNoViolations();
    // The other server drops the tool: Mail's flags go (a send_email shown for the other server still shares Mail's name).
    rerender(view({ mail: [sendEmail], squat: [] }));
    expect(flags()).toEqual(['Same name on Mail']);
    // Outside a provider nothing knows the other lists.
    rerender(<ToolBadges tool={sendEmail} serverId="mail" />);
    expect(flags()).toEqual([]);
  });
});
