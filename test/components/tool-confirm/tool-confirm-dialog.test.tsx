// Tests for src/components/tool-confirm.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ToolConfirmDialog, ToolConfirm, decideToolCall } from '../../../src/index.js';
import type { ToolConfirmPrompt } from '../../../src/components/tool-confirm/tool-confirm-parts.js';
import { axe } from '../../axe.js';
import { deleteEntitiesTool, disguisedTool, fetchTool, readFileTool } from '../../fixtures/tools.js';

// The answer to the callbacks a test listens on: approve (with remember) or deny.
const answerTo = (onApprove: (details: { remember: boolean }) => void, onDeny: () => void) => (answer: { action: 'approve'; remember: boolean } | { action: 'deny' }) => (answer.action === 'approve' ? onApprove({ remember: answer.remember }) : onDeny());

const requestFor = (tool = deleteEntitiesTool, extra: Partial<ToolConfirmPrompt> = {}): ToolConfirmPrompt => ({
  serverId: 'memory',
  serverName: 'Memory server',
  tool,
  args: { entityNames: ['Alice', 'Bob'] },
  decision: decideToolCall({ tool, trust: 'untrusted' }),
  ...extra,
});

describe('ToolConfirmDialog', () => {
  it('is an alertdialog, labelled and described, showing name, machine name, server, badges, reasons and arguments', () => {
    render(<ToolConfirmDialog prompt={requestFor()} onRespond={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Allow Delete entities?' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Memory server wants to run this tool.'));
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Memory server (not trusted)'));
    // Why it asks is part of what a screen reader hears on open, not only what it shows.
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Why you are asked'));
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('This server is not trusted'));
    expect(dialog).toHaveAttribute('data-risk', 'destructive');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('delete_entities').tagName).toBe('CODE');
    expect(within(dialog).getByRole('list', { name: 'Tool hints' })).toHaveTextContent(/^UnverifiedDestructive/);
    expect(within(dialog).getByRole('list', { name: 'Why you are asked' })).toHaveTextContent('This server is not trusted');
    expect(within(dialog).getByText(/"Alice"/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Allow destructive action' })).toBeInTheDocument();
  });

  it('starts focus on Allow only for a trusted server\'s declared read-only call; on Deny for everything else', () => {
    const cases: Array<[ToolConfirmPrompt, string]> = [
      [requestFor(), 'Deny'],
      // An untrusted server's read-only claim is only a claim.
      [requestFor(readFileTool), 'Deny'],
      [requestFor(readFileTool, { decision: decideToolCall({ tool: readFileTool, trust: 'trusted', mode: 'always-confirm' }) }), 'Allow'],
      // Asked because of the taint guard: that is a reason to doubt the call.
      [requestFor(fetchTool, { decision: decideToolCall({ tool: fetchTool, trust: 'trusted', tainted: true }) }), 'Deny'],
    ];
    for (const [request, focused] of cases) {
      const { unmount } = render(<ToolConfirmDialog prompt={request} onRespond={() => {}} />);
      expect(screen.getByRole('button', { name: focused })).toHaveFocus();
      unmount();
    }
  });

  it('keeps Tab inside the dialog, and badges and the arguments are not tab stops', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">page button</button>
        <ToolConfirmDialog prompt={requestFor(readFileTool, { canRemember: true, decision: decideToolCall({ tool: readFileTool, trust: 'trusted', mode: 'always-confirm' }) })} onRespond={() => {}} />
      </>,
    );
    const visited: string[] = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      const active = document.activeElement as HTMLElement;
      visited.push(active.tagName === 'INPUT' ? active.closest('label')!.textContent! : active.textContent!);
    }
    expect(visited).toEqual(['Remember for this conversation', 'Deny', 'Allow', 'Remember for this conversation']);
    expect(screen.getByRole('button', { name: 'page button', hidden: true }).closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('approves by keyboard alone, exactly once', async () => {
    const user = userEvent.setup();
    const onApprove = vi.fn();
    const onDeny = vi.fn();
    render(<ToolConfirmDialog prompt={requestFor()} onRespond={answerTo(onApprove, onDeny)} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Allow destructive action' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onApprove).toHaveBeenCalledExactlyOnceWith({ remember: false });
    expect(onDeny).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('denies by keyboard: Enter on the focused Deny, or Escape', async () => {
    const user = userEvent.setup();
    const onDeny = vi.fn();
    const { unmount } = render(<ToolConfirmDialog prompt={requestFor()} onRespond={answerTo(() => {}, onDeny)} />);
    await user.keyboard('{Enter}');
    expect(onDeny).toHaveBeenCalledTimes(1);
    unmount();
    const onDeny2 = vi.fn();
    render(<ToolConfirmDialog prompt={requestFor()} onRespond={answerTo(() => {}, onDeny2)} />);
    await user.keyboard('{Escape}');
    expect(onDeny2).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('ignores clicks on the overlay', async () => {
    const user = userEvent.setup();
    const onDeny = vi.fn();
    const onApprove = vi.fn();
    render(<ToolConfirmDialog prompt={requestFor()} onRespond={answerTo(onApprove, onDeny)} />);
    await user.click(document.querySelector('[data-slot="consent-overlay"]')!);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onDeny).not.toHaveBeenCalled();
    expect(onApprove).not.toHaveBeenCalled();
  });

  it('fires approve once on a double click', async () => {
    const user = userEvent.setup();
    const onApprove = vi.fn();
    const onDeny = vi.fn();
    render(<ToolConfirmDialog prompt={requestFor()} onRespond={answerTo(onApprove, onDeny)} />);
    const approve = screen.getByRole('button', { name: 'Allow destructive action' });
    await user.dblClick(approve);
    act(() => approve.click());
    expect(onApprove).toHaveBeenCalledTimes(1);
    expect(onDeny).not.toHaveBeenCalled();
  });

  it('denies when unmounted without a choice, but not in StrictMode’s simulated unmount', async () => {
    vi.useFakeTimers();
    const onDeny = vi.fn();
    const { unmount } = render(
      <StrictMode>
        <ToolConfirmDialog prompt={requestFor()} onRespond={answerTo(() => {}, onDeny)} />
      </StrictMode>,
    );
    act(() => vi.runAllTimers());
    expect(onDeny).not.toHaveBeenCalled();
    unmount();
    act(() => vi.runAllTimers());
    expect(onDeny).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('returns focus to where it was', async () => {
    const user = userEvent.setup();
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Run tool
          </button>
          {open && <ToolConfirmDialog prompt={requestFor()} onRespond={answerTo(() => setOpen(false), () => setOpen(false))} />}
        </>
      );
    }
    render(<Host />);
    await user.click(screen.getByRole('button', { name: 'Run tool' }));
    expect(screen.getByRole('button', { name: 'Deny' })).toHaveFocus();
    await user.keyboard('{Escape}');
    // Radix restores focus one task after the dialog unmounts.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run tool' })).toHaveFocus());
  });

  it('returns focus to the call\'s card when the opener has unmounted, never to <body>', async () => {
    const user = userEvent.setup();
    function Host() {
      const [open, setOpen] = useState(false);
      const [card, setCard] = useState<HTMLElement | null>(null);
      return (
        <>
          <h3 tabIndex={-1} ref={setCard}>
            Delete entities
          </h3>
          {!open && (
            <button type="button" onClick={() => setOpen(true)}>
              Run tool
            </button>
          )}
          {open && <ToolConfirmDialog prompt={requestFor()} returnFocusTo={() => card} onRespond={answerTo(() => setOpen(false), () => setOpen(false))} />}
        </>
      );
    }
    render(<Host />);
    await user.click(screen.getByRole('button', { name: 'Run tool' }));
    // The opener is gone now.
    expect(screen.queryByRole('button', { name: 'Run tool' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Delete entities' })).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
  });

  it('offers "remember" only where policy allows, and passes the choice', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<ToolConfirmDialog prompt={requestFor()} onRespond={() => {}} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    unmount();
    const onApprove = vi.fn();
    const rememberRef = createRef<HTMLLabelElement>();
    render(
      <ToolConfirm.Root prompt={requestFor(readFileTool, { canRemember: true })} onRespond={answerTo(onApprove, () => {})}>
        <ToolConfirm.Content>
          <ToolConfirm.Title />
          <ToolConfirm.Remember ref={rememberRef} className="host-remember" data-host="r" />
          <ToolConfirm.Cancel />
          <ToolConfirm.Action />
        </ToolConfirm.Content>
      </ToolConfirm.Root>,
    );
    expect(rememberRef.current).toHaveAttribute('class', 'host-remember');
    expect(rememberRef.current).toHaveAttribute('data-host', 'r');
    await user.click(screen.getByRole('checkbox', { name: 'Remember for this conversation' }));
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    expect(onApprove).toHaveBeenCalledWith({ remember: true });
  });

  it('folds long argument values behind "Show all"', async () => {
    const user = userEvent.setup();
    render(<ToolConfirmDialog prompt={requestFor(deleteEntitiesTool, { args: { content: 'x'.repeat(1000), path: '/etc/hosts' } })} onRespond={() => {}} />);
    const pre = document.querySelector('[data-slot="tool-confirm-json"]')!;
    expect(pre).not.toHaveAttribute('tabindex');
    expect(pre.textContent).toContain('(+840 characters)');
    expect(pre.textContent).toContain('/etc/hosts');
    const toggle = screen.getByRole('button', { name: 'Show all' });
    expect(toggle).toHaveAttribute('aria-controls', pre.id);
    await user.click(toggle);
    expect(pre.textContent).toContain('x'.repeat(1000));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // A toggle keeps its one label: the state is aria-expanded's alone.
    expect(toggle).toHaveAccessibleName('Show all');
  });

  it('shows the real tool name next to a disguising title', () => {
    render(<ToolConfirmDialog prompt={requestFor(disguisedTool)} onRespond={() => {}} />);
    expect(screen.getByRole('alertdialog', { name: 'Allow Harmless helper evil?' })).toBeInTheDocument();
    expect(screen.getByText('wipe_disk')).toBeInTheDocument();
  });

  it('can be controlled and composed from parts', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const onDeny = vi.fn();
    render(
      <ToolConfirm.Root prompt={requestFor()} open onOpenChange={onOpenChange} onRespond={answerTo(() => {}, onDeny)}>
        <ToolConfirm.Content className="host-dialog" aria-describedby={undefined}>
          <ToolConfirm.Title>Custom title</ToolConfirm.Title>
          <ToolConfirm.Action>Yes</ToolConfirm.Action>
          <ToolConfirm.Cancel>No</ToolConfirm.Cancel>
        </ToolConfirm.Content>
      </ToolConfirm.Root>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Custom title' });
    expect(dialog).toHaveAttribute('class', 'host-dialog');
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(onDeny).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('Action and Cancel render the host\'s own element with asChild, keeping behaviour, refs and props', async () => {
    const user = userEvent.setup();
    const onApprove = vi.fn();
    const actionRef = createRef<HTMLButtonElement>();
    const badgesRef = createRef<HTMLUListElement>();
    render(
      <ToolConfirm.Root prompt={requestFor()} onRespond={answerTo(onApprove, () => {})}>
        <ToolConfirm.Content>
          <ToolConfirm.Title />
          <ToolConfirm.Badges ref={badgesRef} />
          <ToolConfirm.Cancel asChild>
            <button type="button" className="ds-button">
              Nope
            </button>
          </ToolConfirm.Cancel>
          <ToolConfirm.Action asChild ref={actionRef}>
            <button type="button" className="ds-button ds-danger" data-host="a">
              Do it
            </button>
          </ToolConfirm.Action>
        </ToolConfirm.Content>
      </ToolConfirm.Root>,
    );
    const action = screen.getByRole('button', { name: 'Do it' });
    expect(actionRef.current).toBe(action);
    expect(action).toHaveAttribute('class', 'ds-button ds-danger');
    expect(action).toHaveAttribute('data-slot', 'tool-confirm-action');
    expect(action).toHaveAttribute('data-slot', 'tool-confirm-action');
    expect(badgesRef.current).toBe(screen.getByRole('list', { name: 'Tool hints' }));
    expect(screen.getByRole('button', { name: 'Nope' })).toHaveFocus();
    await user.click(action);
    expect(onApprove).toHaveBeenCalledExactlyOnceWith({ remember: false });
  });

  it('names what a host can import in its errors', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ToolConfirm.Action />)).toThrow('<ToolConfirm.Action> must be rendered inside <ToolConfirm.Root> or <ToolConfirm.InlineRoot>.');
    expect(ToolConfirm.Content.displayName).toBe('ToolConfirm.Content');
  });

  it('has no axe violations', async () => {
    render(<ToolConfirmDialog prompt={requestFor(deleteEntitiesTool, { canRemember: true })} onRespond={() => {}} />);
    expect(await axe(document.body)).toHaveNoViolations();
  });
});
