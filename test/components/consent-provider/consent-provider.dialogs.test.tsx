// Tests for src/components/consent-provider.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { usePendingCount, useToolApproval, type ApprovalRequest, type ApprovalResult, type ConsentRecord, type ServerConfig } from '../../../src/index.js';
import type { Tool } from '../../../src/core/shared/types.js';
import { createEntitiesTool, deleteEntitiesTool, readFileTool } from '../../fixtures/tools.js';
import { BuiltInProvider, createBuiltInController } from '../../helpers/kinds.js';

type Api = ReturnType<typeof useToolApproval>;

function setup(props: { servers?: Record<string, ServerConfig>; mode?: 'default' | 'always-confirm' | 'read-only' | 'offline'; onDecision?: (r: ConsentRecord) => void; toolLists?: Record<string, unknown> } = {}) {
  const ref: { api?: Api } = {};
  function Capture() {
    ref.api = useToolApproval();
    return <p>host</p>;
  }
  const view = render(
    <BuiltInProvider now={() => 1000} {...props}>
      <Capture />
    </BuiltInProvider>,
  );
  const ask = (request: ApprovalRequest) => {
    let promise!: Promise<ApprovalResult>;
    act(() => {
      promise = ref.api!.requestApproval(request);
    });
    return promise;
  };
  return { ...view, ask, api: () => ref.api! };
}

describe('BuiltInProvider', () => {
  it('runs read-only calls of trusted servers at once and reports the decision', async () => {
    const onDecision = vi.fn();
    const { ask } = setup({ servers: { files: { trust: 'trusted' } }, onDecision });
    const result = await ask({ serverId: 'files', tool: readFileTool, args: { path: 'a' } });
    expect(result).toMatchObject({ outcome: 'run', decidedBy: 'policy', remembered: false });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onDecision).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ serverId: 'files', toolName: 'read_text_file', trust: 'trusted', mode: 'default', outcome: 'run', decidedBy: 'policy', timestamp: 1000, annotations: readFileTool.annotations }),
    );
  });

  it('asks for every call of an untrusted (or unknown) server', async () => {
    const user = userEvent.setup();
    const { ask } = setup();
    const pending = ask({ serverId: 'nobody', tool: readFileTool });
    expect(await screen.findByRole('alertdialog', { name: 'Allow Read text file?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await expect(pending).resolves.toMatchObject({ outcome: 'run', decidedBy: 'user' });
  });

  it('a tool name another server also offers asks even when trusted and read-only, says which server, and offers no "remember"', async () => {
    const user = userEvent.setup();
    const onDecision = vi.fn();
    const { ask } = setup({ servers: { files: { trust: 'trusted', name: 'Files' }, copycat: { trust: 'trusted', name: 'Copycat' } }, toolLists: { files: [readFileTool], copycat: [{ name: readFileTool.name }] }, onDecision });
    const pending = ask({ serverId: 'files', tool: readFileTool });
    const dialog = await screen.findByRole('alertdialog', { name: 'Allow Read text file?' });
    expect(dialog).toHaveTextContent('Another server offers a tool with this name, or one that looks the same (Copycat)');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    await expect(pending).resolves.toMatchObject({ outcome: 'denied' });
    expect(onDecision).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'denied', reasons: expect.arrayContaining([expect.objectContaining({ code: 'tool-shadowed' })]) }));
  });

  it('blocks in read-only mode without asking', async () => {
    const { ask } = setup({ servers: { memory: { trust: 'trusted' } }, mode: 'read-only' });
    await expect(ask({ serverId: 'memory', tool: createEntitiesTool })).resolves.toMatchObject({ outcome: 'blocked', decidedBy: 'policy' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('queues confirmations one at a time, in order', async () => {
    const user = userEvent.setup();
    const { ask } = setup();
    const first = ask({ serverId: 'a', tool: createEntitiesTool });
    const second = ask({ serverId: 'b', tool: deleteEntitiesTool });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByRole('alertdialog', { name: 'Allow create_entities?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    await expect(first).resolves.toMatchObject({ outcome: 'denied', decidedBy: 'user' });
    expect(await screen.findByRole('alertdialog', { name: 'Allow Delete entities?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await expect(second).resolves.toMatchObject({ outcome: 'denied' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('remembers a trusted approval, and asks again when the annotations change', async () => {
    const user = userEvent.setup();
    const onDecision = vi.fn();
    const { ask } = setup({ servers: { memory: { trust: 'trusted', name: 'Memory' } }, onDecision });
    const first = ask({ serverId: 'memory', tool: createEntitiesTool });
    await user.click(await screen.findByRole('checkbox', { name: 'Remember for this conversation' }));
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await expect(first).resolves.toMatchObject({ outcome: 'run', decidedBy: 'user', remembered: true });
    await expect(ask({ serverId: 'memory', tool: createEntitiesTool })).resolves.toMatchObject({ outcome: 'run', decidedBy: 'remembered' });
    const changed: Tool = { ...createEntitiesTool, annotations: { ...createEntitiesTool.annotations, destructiveHint: true } };
    const third = ask({ serverId: 'memory', tool: changed });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('This tool changed since you allowed it (its hints).');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    await expect(third).resolves.toMatchObject({ outcome: 'denied' });
    expect(onDecision.mock.calls.map(([r]) => [r.outcome, r.decidedBy])).toEqual([
      ['run', 'user'],
      ['run', 'remembered'],
      ['denied', 'user'],
    ]);
  });

  it('never offers to remember for untrusted servers or destructive tools', async () => {
    const user = userEvent.setup();
    const { ask } = setup({ servers: { memory: { trust: 'trusted' } } });
    const a = ask({ serverId: 'other', tool: createEntitiesTool });
    await screen.findByRole('alertdialog');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    await a;
    const b = ask({ serverId: 'memory', tool: deleteEntitiesTool });
    await screen.findByRole('alertdialog');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    await b;
  });

  it('settles every pending promise with a deny when it unmounts', async () => {
    vi.useFakeTimers();
    const onDecision = vi.fn();
    const { ask, unmount } = setup({ onDecision });
    const first = ask({ serverId: 'x', tool: createEntitiesTool });
    const second = ask({ serverId: 'x', tool: deleteEntitiesTool });
    unmount();
    act(() => vi.runAllTimers());
    vi.useRealTimers();
    await expect(first).resolves.toMatchObject({ outcome: 'denied', decidedBy: 'policy' });
    await expect(second).resolves.toMatchObject({ outcome: 'denied', decidedBy: 'policy' });
    expect(onDecision).toHaveBeenCalledTimes(2);
  });

  it('uses the latest server config for new requests', async () => {
    const ref: { api?: Api; trust?: (t: boolean) => void } = {};
    function Host() {
      const [trusted, setTrusted] = useState(false);
      ref.trust = setTrusted;
      return (
        <BuiltInProvider servers={{ files: { trust: trusted ? 'trusted' : 'untrusted' } }}>
          <Capture />
        </BuiltInProvider>
      );
    }
    function Capture() {
      ref.api = useToolApproval();
      return null;
    }
    render(<Host />);
    expect(ref.api!.previewDecision({ serverId: 'files', tool: readFileTool }).action).toBe('confirm');
    act(() => ref.trust!(true));
    expect(ref.api!.previewDecision({ serverId: 'files', tool: readFileTool }).action).toBe('run');
  });

  it('a request made in an effect of the same commit sees the new mode', async () => {
    const results: string[] = [];
    function Child({ mode }: { mode: string }) {
      const { requestApproval } = useToolApproval();
      useEffect(() => {
        if (mode === 'read-only') void requestApproval({ serverId: 'memory', tool: createEntitiesTool }).then((r) => results.push(r.outcome));
      }, [mode, requestApproval]);
      return null;
    }
    function Host() {
      const [mode, setMode] = useState<'default' | 'read-only'>('default');
      return (
        <BuiltInProvider servers={{ memory: { trust: 'trusted' } }} mode={mode}>
          <button type="button" onClick={() => setMode('read-only')}>
            Lock down
          </button>
          <Child mode={mode} />
        </BuiltInProvider>
      );
    }
    render(<Host />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Lock down' }));
    await waitFor(() => expect(results).toEqual(['blocked']));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the same API object when the host re-renders with equal inline config', () => {
    const apis: unknown[] = [];
    function Capture() {
      apis.push(useToolApproval());
      return null;
    }
    const { rerender } = render(
      <BuiltInProvider servers={{ files: { trust: 'trusted' } }}>
        <Capture />
      </BuiltInProvider>,
    );
    rerender(
      <BuiltInProvider servers={{ files: { trust: 'trusted' } }}>
        <Capture />
      </BuiltInProvider>,
    );
    expect(apis[apis.length - 1]).toBe(apis[0]);
  });

  it('the API object never changes while requests come and go, and pending is read through its own hook', async () => {
    const user = userEvent.setup();
    const apis: unknown[] = [];
    const counts: number[] = [];
    function Capture() {
      apis.push(useToolApproval());
      return null;
    }
    function Count() {
      counts.push(usePendingCount());
      return null;
    }
    let api!: Api;
    function Grab() {
      api = useToolApproval();
      return null;
    }
    render(
      <BuiltInProvider>
        <Capture />
        <Count />
        <Grab />
      </BuiltInProvider>,
    );
    let first!: Promise<ApprovalResult>;
    act(() => {
      first = api.requestApproval({ serverId: 'x', tool: createEntitiesTool });
    });
    expect(api.controller.getSnapshot().queue).toHaveLength(1);
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    await first;
    expect(apis).toHaveLength(1);
    expect(counts).toEqual([0, 1, 0]);
  });

  it('unknown servers show an unknown tool\'s sanitised call name and a sanitised server name', async () => {
    const { ask } = setup({ servers: { s: { name: 'Files\u202Eexe', trust: 'untrusted' } } });
    void ask({ serverId: 's', tool: undefined, toolName: 'wipe\u202Etxt' });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).not.toContain('\u202E');
    expect(dialog).toHaveTextContent('Files exe');
  });

  it('throws a clear error outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Bad() {
      useToolApproval();
      return null;
    }
    expect(() => render(<Bad />)).toThrow('useToolApproval() must be used inside <ConsentProvider>.');
  });
});

describe('BuiltInProvider routes the links its dialogs open', () => {
  it('an accepted URL elicitation goes to the host’s openUrl (never window.open), the latest one given', async () => {
    const { urlElicitation } = await import('../../fixtures/server-requests.js');
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const first = vi.fn();
    const latest = vi.fn();
    const controller = createBuiltInController({ servers: { everything: { name: 'Everything' } } });
    const view = render(<BuiltInProvider controller={controller} openUrl={first} />);
    view.rerender(<BuiltInProvider controller={controller} openUrl={latest} />);
    let outcome!: Promise<unknown>;
    act(() => {
      outcome = controller.requestElicitation({ serverId: 'everything', params: urlElicitation });
    });
    await user.click(await screen.findByRole('button', { name: 'Open link' }));
    await expect(outcome).resolves.toMatchObject({ result: { action: 'accept' } });
    expect(latest).toHaveBeenCalledExactlyOnceWith(urlElicitation.url);
    expect(first).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    controller.dispose();
  });
});

describe('BuiltInProvider fallbackFocus', () => {
  it('a fallback that throws or returns junk never keeps the dialog from closing, raises nothing, and the answer still counts', async () => {
    const user = userEvent.setup();
    const reported: unknown[] = [];
    const onError = (event: ErrorEvent) => reported.push(event.error);
    window.addEventListener('error', onError);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const fallbackFocus of [() => { throw new Error('host bug'); }, () => 'not an element' as unknown as HTMLElement]) {
      const records: ConsentRecord[] = [];
      function Ask() {
        const { requestApproval } = useToolApproval();
        const [asked, setAsked] = useState(false);
        return asked ? null : (
          <button type="button" onClick={() => (setAsked(true), void requestApproval({ serverId: 'memory', tool: deleteEntitiesTool, args: {} }))}>
            Ask
          </button>
        );
      }
      const view = render(
        <BuiltInProvider servers={{ memory: { trust: 'untrusted' } }} onDecision={(record) => records.push(record)} fallbackFocus={fallbackFocus}>
          <Ask />
        </BuiltInProvider>,
      );
      await user.click(screen.getByRole('button', { name: 'Ask' }));
      await user.click(await screen.findByRole('button', { name: 'Deny' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(records).toEqual([expect.objectContaining({ kind: 'tool', outcome: 'denied', decidedBy: 'user' })]);
      view.unmount();
    }
    window.removeEventListener('error', onError);
    expect(reported).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('without a fallback, and with no card, opener or earlier focus left, focus goes to the provider\'s place, never to <body> (issue 33, class 7)', async () => {
    const user = userEvent.setup();
    function Ask() {
      const { requestApproval } = useToolApproval();
      const [asked, setAsked] = useState(false);
      return asked ? null : (
        <button type="button" onClick={() => (setAsked(true), void requestApproval({ serverId: 'memory', tool: deleteEntitiesTool, args: {} }))}>
          Ask
        </button>
      );
    }
    render(
      <BuiltInProvider servers={{ memory: { trust: 'untrusted' } }}>
        <Ask />
        <input aria-label="Message" />
      </BuiltInProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement).toHaveAttribute('data-slot', 'consent-focus');
    // It is not a tab stop; the next Tab goes on into the chat.
    expect(document.activeElement).toHaveAttribute('tabindex', '-1');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });
});
