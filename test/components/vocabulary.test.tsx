// One vocabulary: the new names work, and every name they replace still works (deprecated).
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ContentBlocks, Freshness, SamplingDialog, ToolCallCard, ToolConfirmDialog, decideToolCall, usePendingCount, ConsentProvider, type ConsentComponentProps, type PendingToolApproval } from '../../src/index.js';
import type { ToolApprovalResponse } from '../../src/core/consent/kinds/tool.js';
import { createEntitiesTool, deleteEntitiesTool } from '../fixtures/tools.js';
import { BuiltInProvider, createBuiltInController } from '../helpers/kinds.js';

const prompt = (tool = createEntitiesTool) => ({ serverId: 'memory', serverName: 'Memory', tool, args: {}, canRemember: true, decision: decideToolCall({ tool, trust: 'trusted' }) });

describe('one vocabulary', () => {
  it('the confirmation takes `prompt` and answers through `onRespond`, the shape every consent family uses', async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn();
    render(<ToolConfirmDialog prompt={prompt()} onRespond={onRespond} />);
    await user.click(screen.getByRole('checkbox', { name: 'Remember for this conversation' }));
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    expect(onRespond).toHaveBeenCalledExactlyOnceWith({ action: 'approve', remember: true });
  });

  it('Escape is a deny through onRespond, once', async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn();
    const { unmount } = render(<ToolConfirmDialog prompt={prompt(deleteEntitiesTool)} onRespond={onRespond} />);
    await user.keyboard('{Escape}');
    unmount();
    expect(onRespond).toHaveBeenCalledExactlyOnceWith({ action: 'deny' });
  });

  it('Freshness takes `lastModified` (the annotation\'s name); `date` still works', () => {
    render(
      <>
        <Freshness lastModified="2026-11-29T12:00:00Z" now={Date.parse('2026-11-30T12:00:00Z')} live={false} locale="en" />
        <Freshness lastModified="2026-11-28T12:00:00Z" now={Date.parse('2026-11-30T12:00:00Z')} live={false} locale="en" />
      </>,
    );
    expect(screen.getByText('yesterday')).toHaveAttribute('datetime', '2026-11-29T12:00:00.000Z');
    expect(screen.getByText('2 days ago')).toHaveAttribute('datetime', '2026-11-28T12:00:00.000Z');
  });

  it('ContentBlocks takes `live` as Freshness does', () => {
    const clock = vi.spyOn(Date, 'now');
    const blocks = [{ type: 'text', text: 'x', annotations: { lastModified: '2026-11-29T12:00:00Z' } }];
    // Pinned to `now`: a day ago, whatever the real clock says.
    clock.mockReturnValue(Date.parse('2027-06-01T00:00:00Z'));
    render(<ContentBlocks blocks={blocks} now={Date.parse('2026-11-30T12:00:00Z')} live={false} locale="en" />);
    expect(screen.getByText('Last modified yesterday')).toBeInTheDocument();
  });

  it('usePendingCount counts what waits', async () => {
    const controller = createBuiltInController({ servers: { memory: { trust: 'untrusted' } } });
    function Counts() {
      return <p>{`${usePendingCount()}/${usePendingCount()}`}</p>;
    }
    render(
      <BuiltInProvider controller={controller} components={{ tool: null }}>
        <Counts />
      </BuiltInProvider>,
    );
    expect(screen.getByText('0/0')).toBeInTheDocument();
    act(() => {
      void controller.requestApproval({ serverId: 'memory', tool: createEntitiesTool, args: {} });
      void controller.requestApproval({ serverId: 'memory', tool: deleteEntitiesTool, args: {} });
    });
    expect(await screen.findByText('2/2')).toBeInTheDocument();
  });

  it('SamplingDialog is the sampling review, named like its namespace\'s other compositions', () => {
    expect(SamplingDialog.displayName).toBe('SamplingDialog');
  });

  it('a card takes `approvalUI` as the provider does', async () => {
    const controller = createBuiltInController({ servers: { memory: { trust: 'trusted' } } });
    render(
      <BuiltInProvider controller={controller}>
        <ToolCallCard callId="a" serverId="memory" tool={createEntitiesTool} status={{ type: 'awaiting-approval' }} approvalUI="inline" />
        <ToolCallCard callId="b" serverId="memory" tool={deleteEntitiesTool} status={{ type: 'awaiting-approval' }} approvalUI="inline" />
      </BuiltInProvider>,
    );
    act(() => {
      void controller.requestApproval({ serverId: 'memory', tool: createEntitiesTool, callId: 'a' });
      void controller.requestApproval({ serverId: 'memory', tool: deleteEntitiesTool, callId: 'b' });
    });
    await waitFor(() => expect(screen.getAllByRole('region', { name: 'Needs your approval' })).toHaveLength(2));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a host\'s tool dialog, given in components, gets the prompt and onRespond (the one shape for every kind), and its answer goes through', async () => {
    const user = userEvent.setup();
    const controller = createBuiltInController({ servers: { memory: { name: 'Memory', trust: 'untrusted' } } });
    const seen: string[] = [];
    function MyDialog(props: ConsentComponentProps<PendingToolApproval, ToolApprovalResponse>) {
      seen.push(Object.keys(props).sort().join(','));
      return (
        <div role="dialog" aria-label={`Mine ${props.prompt.serverName}`}>
          <button type="button" onClick={() => props.onRespond({ action: 'approve' })}>
            OK
          </button>
        </div>
      );
    }
    render(<ConsentProvider controller={controller} components={{ tool: MyDialog }} />);
    let outcome: Promise<{ outcome: string }> | undefined;
    act(() => {
      outcome = controller.requestApproval({ serverId: 'memory', tool: createEntitiesTool, args: {} });
    });
    await user.click(within(await screen.findByRole('dialog', { name: 'Mine Memory' })).getByRole('button', { name: 'OK' }));
    await expect(outcome).resolves.toMatchObject({ outcome: 'run', decidedBy: 'user' });
    expect(seen[0]).toBe('onRespond,openUrl,prompt,returnFocusTo');
  });
});

describe('one styling hook per part', () => {
  it('every dialog family is styled by data-slot alone: no element carries a class the host did not pass', async () => {
    const { ElicitationDialog, SamplingDialog: Sampling } = await import('../../src/index.js');
    const { decideServerRequest } = await import('../../src/core/requests/decide.js');
    const { parseElicitationRequest } = await import('../../src/core/requests/elicitation.js');
    const { parseSamplingRequest } = await import('../../src/core/requests/sampling.js');
    const { everythingElicitation, everythingSampling } = await import('../fixtures/server-requests.js');
    const elicitation = parseElicitationRequest(everythingElicitation);
    const sampling = parseSamplingRequest(everythingSampling);
    const base = { serverId: 'everything', serverName: 'Everything', trust: 'untrusted' as const };
    const families = [
      <ToolConfirmDialog key="t" prompt={prompt()} onRespond={() => {}} />,
      <ElicitationDialog key="e" prompt={{ ...base, view: elicitation, decision: decideServerRequest({ kind: 'elicitation', trust: 'untrusted', elicitation }) }} onRespond={() => true} />,
      <Sampling key="s" prompt={{ ...base, stage: 'request', view: sampling, decision: decideServerRequest({ kind: 'sampling', trust: 'untrusted', sampling }) }} onRespond={() => true} />,
    ];
    // Namespace, slot and class agree: ToolConfirm -> tool-confirm, Elicitation -> elicitation, Sampling -> sampling.
    const names = ['tool-confirm', 'elicitation', 'sampling'] as const;
    for (const [index, family] of families.entries()) {
      const slot = names[index]!;
      const { unmount } = render(family);
      const dialog = screen.queryByRole('alertdialog') ?? screen.getByRole('dialog');
      expect(dialog).toHaveAttribute('data-slot', slot);
      // 1.0: the class attribute is the host's; the stylesheet selects data-slot.
      expect(Array.from(document.body.querySelectorAll('[class]'), (el) => `${el.getAttribute('data-slot')}: ${el.className}`)).toEqual([]);
      const title = document.getElementById(dialog.getAttribute('aria-labelledby')!)!;
      expect(title).toHaveAttribute('data-slot', `${slot}-title`);
      // Every part slot inside a family dialog is the family's or the shared frame's.
      for (const part of dialog.querySelectorAll('[data-slot]')) {
        expect(part.getAttribute('data-slot')).toMatch(new RegExp(`^(${slot}|dialog|icon|tool-badges?|content|freshness|code|machine-name|details-summary)(-|$)`));
      }
      unmount();
    }
  });
});

describe('one name per family', () => {
  it('a tool call card is the ToolCall family: slot tool-call, its parts tool-call-*, and no class of ours', () => {
    render(<ToolCallCard serverId="memory" tool={createEntitiesTool} args={{}} status={{ type: 'running' }} />);
    const card = screen.getByRole('article');
    expect(card).toHaveAttribute('data-slot', 'tool-call');
    expect(card.parentElement!.querySelectorAll('[class]')).toHaveLength(0);
    const header = card.querySelector('header')!;
    expect(header).toHaveAttribute('data-slot', 'tool-call-header');
    for (const part of card.querySelectorAll('[data-slot]')) {
      expect(part.getAttribute('data-slot')).toMatch(/^(tool-call|icon|tool-badges?|content|freshness|code|machine-name|details-summary)(-|$)/);
    }
  });
});
