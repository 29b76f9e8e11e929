// Tests for ConsentProvider (only the dialogs a host passes) and ToolApprovalProvider's `components`.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  ConsentProvider,
  ToolApprovalProvider,
  ToolConfirmDialog,
  createApprovalController,
  useApprovalController,
  type ConsentControllerCore,
  type ElicitationKindTypes,
  type ConsentRecord,
  type SamplingReviewProps,
} from '../../src/index.js';
import { everythingElicitation, everythingSampling } from '../fixtures/server-requests.js';
import { deleteEntitiesTool } from '../fixtures/tools.js';

let api: ReturnType<typeof useApprovalController> | null = null;
function Grab() {
  const controller = useApprovalController();
  useEffect(() => {
    api = controller;
  }, [controller]);
  return null;
}

describe('ConsentProvider', () => {
  it('shows the tool confirmation by default, and its controller handles tool calls only: another kind is a clear error, not a silent prompt', async () => {
    const user = userEvent.setup();
    const onDecision = vi.fn<(record: ConsentRecord) => void>();
    render(
      <ConsentProvider servers={{ memory: { name: 'Memory', trust: 'untrusted' } }} onDecision={onDecision}>
        <Grab />
      </ConsentProvider>,
    );
    expect(api!.kinds).toEqual(['tool']);
    expect(api!.has('elicitation')).toBe(false);
    expect(() => (api! as unknown as ConsentControllerCore<ElicitationKindTypes>).request('elicitation', { serverId: 'memory', params: everythingElicitation })).toThrow(/built without the "elicitation" kind/);
    expect(onDecision).not.toHaveBeenCalled();
    let outcome: Promise<{ outcome: string }> | undefined;
    act(() => {
      outcome = api!.requestApproval({ serverId: 'memory', tool: deleteEntitiesTool, args: {} });
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('delete_entities')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await expect(outcome).resolves.toMatchObject({ outcome: 'denied' });
    expect(onDecision).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'tool', outcome: 'denied', decidedBy: 'user' }));
  });

  it('with the tool component left out (null), a confirmation waits for the host\'s own UI instead of a dialog', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <ConsentProvider servers={{ memory: { trust: 'untrusted' } }} components={{ tool: null }}>
        <Grab />
      </ConsentProvider>,
    );
    act(() => {
      void api!.requestApproval({ serverId: 'memory', tool: deleteEntitiesTool, args: {} });
    });
    await waitFor(() => expect(api!.getSnapshot().queue).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('ToolApprovalProvider components', () => {
  it('replaces one dialog with the host\'s, which gets the prompt and answers through the controller', async () => {
    const user = userEvent.setup();
    function MySampling({ prompt, onRespond }: SamplingReviewProps) {
      return (
        <div role="dialog" aria-label={`Model use by ${prompt.serverName}`}>
          <button type="button" onClick={() => onRespond({ action: 'deny' })}>
            Refuse
          </button>
        </div>
      );
    }
    const controller = createApprovalController({ servers: { everything: { name: 'Everything', trust: 'untrusted' } } });
    render(<ToolApprovalProvider controller={controller} components={{ sampling: MySampling }} />);
    let outcome: Promise<{ outcome: string }> | undefined;
    act(() => {
      outcome = controller.requestSampling({ serverId: 'everything', params: everythingSampling, sample: async () => ({ role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' }) });
    });
    await user.click(within(await screen.findByRole('dialog', { name: 'Model use by Everything' })).getByRole('button', { name: 'Refuse' }));
    await expect(outcome).resolves.toMatchObject({ outcome: 'denied' });
  });

  it('tells the developer, once per kind, when a request waits with no component to show it (absent, not null), and stays quiet for null', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const controller = createApprovalController({ servers: { everything: { name: 'Everything', trust: 'untrusted' } } });
    const { rerender } = render(<ConsentProvider controller={controller} components={{ tool: ToolConfirmDialog, sampling: null }} />);
    act(() => {
      void controller.requestSampling({ serverId: 'everything', params: everythingSampling, sample: async () => ({ role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' }) });
    });
    await waitFor(() => expect(controller.getSnapshot().current?.kind).toBe('sampling'));
    expect(warn).not.toHaveBeenCalled();
    act(() => {
      controller.respond(controller.getSnapshot().current!.id, { action: 'deny' });
      void controller.requestElicitation({ serverId: 'everything', params: everythingElicitation });
      void controller.requestElicitation({ serverId: 'everything', params: everythingElicitation });
    });
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(warn).toHaveBeenCalledWith(
      '[react-mcp-annotations] a elicitation request from Everything is waiting, but the provider has no component for it, so every later request waits too. Pass components={{ elicitation: … }}, or elicitation: null when your own UI answers it.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      controller.respond(controller.getSnapshot().current!.id, { action: 'decline' });
    });
    rerender(<ConsentProvider controller={controller} components={{ tool: ToolConfirmDialog, sampling: null }} />);
    await waitFor(() => expect(controller.getSnapshot().current?.kind).toBe('elicitation'));
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('leaves one out with null: its request waits for the host\'s UI, the others keep their dialogs', async () => {
    const controller = createApprovalController({ servers: { everything: { name: 'Everything', trust: 'untrusted' } } });
    render(<ToolApprovalProvider controller={controller} components={{ elicitation: null }} />);
    act(() => {
      void controller.requestElicitation({ serverId: 'everything', params: everythingElicitation });
    });
    await waitFor(() => expect(controller.getSnapshot().current?.kind).toBe('elicitation'));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      controller.respond(controller.getSnapshot().current!.id, { action: 'decline' });
    });
    act(() => {
      void controller.requestApproval({ serverId: 'everything', tool: deleteEntitiesTool, args: {} });
    });
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
  });
});
