// Tests for ConsentProvider (only the dialogs a host passes) and BuiltInProvider's `components`.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConsentProvider, ToolConfirmDialog, createConsentController, toolKind, useConsentController, type ConsentController, type ToolKindTypes, type ConsentControllerCore, type ElicitationKindTypes, type ConsentRecord, type SamplingDialogProps } from '../../../src/index.js';
import { everythingElicitation, everythingSampling } from '../../fixtures/server-requests.js';
import { deleteEntitiesTool } from '../../fixtures/tools.js';
import { ResourceDialog } from '../../fixtures/resource-dialog.js';
import { resourceKind, type ResourceKindTypes } from '../../fixtures/resource-kind.js';
import { BuiltInProvider, createBuiltInController, useBuiltInController } from '../../helpers/kinds.js';

let api: ReturnType<typeof useBuiltInController> | null = null;
function Grab() {
  const controller = useBuiltInController();
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

describe('BuiltInProvider components', () => {
  it('replaces one dialog with the host\'s, which gets the prompt and answers through the controller', async () => {
    const user = userEvent.setup();
    function MySampling({ prompt, onRespond }: SamplingDialogProps) {
      return (
        <div role="dialog" aria-label={`Model use by ${prompt.serverName}`}>
          <button type="button" onClick={() => onRespond({ action: 'deny' })}>
            Refuse
          </button>
        </div>
      );
    }
    const controller = createBuiltInController({ servers: { everything: { name: 'Everything', trust: 'untrusted' } } });
    render(<BuiltInProvider controller={controller} components={{ sampling: MySampling }} />);
    let outcome: Promise<{ outcome: string }> | undefined;
    act(() => {
      outcome = controller.requestSampling({ serverId: 'everything', params: everythingSampling, sample: async () => ({ role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' }) });
    });
    await user.click(within(await screen.findByRole('dialog', { name: 'Model use by Everything' })).getByRole('button', { name: 'Refuse' }));
    await expect(outcome).resolves.toMatchObject({ outcome: 'denied' });
  });

  it('tells the developer, once per kind, when a request waits with no component to show it (absent, not null), and stays quiet for null', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const controller = createBuiltInController({ servers: { everything: { name: 'Everything', trust: 'untrusted' } } });
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
      '[react-mcp-annotations] Everything asks (elicitation), but the provider has no component for it, so every later request waits too. Pass components={{ elicitation: … }}, or elicitation: null when your own UI answers it.',
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
    const controller = createBuiltInController({ servers: { everything: { name: 'Everything', trust: 'untrusted' } } });
    render(<BuiltInProvider controller={controller} components={{ elicitation: null }} />);
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

describe('ConsentProvider with a kind of the host\'s own', () => {
  it('renders components[prompt.kind]: the host\'s dialog for its kind, the default one for tool calls, both through one controller', async () => {
    const user = userEvent.setup();
    const onDecision = vi.fn();
    let consent: ConsentController<ToolKindTypes | ResourceKindTypes> | undefined;
    function Grab() {
      const controller = useConsentController<ToolKindTypes | ResourceKindTypes>();
      useEffect(() => {
        consent = controller;
      }, [controller]);
      return null;
    }
    render(
      <ConsentProvider kinds={[toolKind(), resourceKind()]} servers={{ files: { name: 'Files', trust: 'untrusted' } }} components={{ resource: ResourceDialog }} onDecision={onDecision}>
        <Grab />
      </ConsentProvider>,
    );
    let read: Promise<{ outcome: string }> | undefined;
    act(() => void (read = consent!.readResource({ serverId: 'files', uri: 'file:///notes.txt' })));
    const dialog = await screen.findByRole('alertdialog', { name: 'Read file:///notes.txt?' });
    expect(dialog).toHaveAccessibleDescription('Files: The model wants to read this resource.');
    expect(within(dialog).getByRole('button', { name: 'Refuse' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Allow reading' }));
    await expect(read).resolves.toMatchObject({ outcome: 'read' });
    expect(onDecision).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'resource', outcome: 'read', decidedBy: 'user', uri: 'file:///notes.txt' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // A tool call through the same provider still gets the built-in confirmation.
    let call: Promise<{ outcome: string }> | undefined;
    act(() => void (call = consent!.requestApproval({ serverId: 'files', tool: deleteEntitiesTool, args: {} })));
    const confirm = await screen.findByRole('alertdialog', { name: /delete_entities|Delete/ });
    await user.click(within(confirm).getByRole('button', { name: 'Deny' }));
    await expect(call).resolves.toMatchObject({ outcome: 'denied' });
  });

  it('a kind with no component waits and the developer is told once which component to pass', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const consent = createConsentController({ kinds: [resourceKind()], servers: { files: { name: 'Files' } } });
    render(<ConsentProvider controller={consent} />);
    act(() => void consent.readResource({ serverId: 'files', uri: 'file:///a' }));
    act(() => void consent.readResource({ serverId: 'files', uri: 'file:///b' }));
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(warn.mock.calls[0]![0]).toContain('components={{ resource: … }}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
