// Tests for src/components/tool-call. One file (~440 lines): every case renders the
// same card through one provider setup, and the cases read best side by side.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ToolCallCard, decideToolCall, useToolApproval, type ApprovalResult, type ServerConfig, type ToolCallStatus, toolCallStatusFromTask } from '../../../src/index.js';
import type { PolicyMode } from '../../../src/core/shared/policy.js';
import type { Tool } from '../../../src/core/shared/types.js';
import { axe } from '../../axe.js';
import { errorResult, mixedAudience } from '../../fixtures/content.js';
import { createEntitiesTool, deleteEntitiesTool, readFileTool } from '../../fixtures/tools.js';
import { BuiltInProvider, createBuiltInController } from '../../helpers/kinds.js';

const upsertTool: Tool = { name: 'upsert_note', title: 'Save note', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true } };

const card = (status: ToolCallStatus, extra: Partial<React.ComponentProps<typeof ToolCallCard>> = {}) => (
  <ToolCallCard serverId="memory" tool={deleteEntitiesTool} trust="trusted" args={{ entityNames: ['Alice'] }} status={status} {...extra} />
);

describe('ToolCallCard', () => {
  it.each<[ToolCallStatus, string, string]>([
    [{ type: 'awaiting-approval' }, 'awaiting-approval', 'Waiting for approval'],
    [{ type: 'running' }, 'running', 'Running'],
    [{ type: 'success', result: { content: [] } }, 'success', 'Done'],
    [{ type: 'success', result: errorResult }, 'error', 'Failed'],
    [{ type: 'error', message: 'Timed out' }, 'error', 'Failed'],
    [{ type: 'blocked', reasons: decideToolCall({ tool: deleteEntitiesTool, trust: 'trusted', mode: 'read-only' }).reasons }, 'blocked', 'Blocked'],
    [{ type: 'denied' }, 'denied', 'Denied'],
    [{ type: 'cancelled' }, 'cancelled', 'Cancelled'],
  ])('%j → data-state %s with a status in words', (status, state, text) => {
    render(card(status));
    const article = screen.getByRole('article', { name: 'Delete entities' });
    expect(article).toHaveAttribute('data-state', state);
    expect(within(article).getByRole('status')).toHaveTextContent(text);
  });

  it('shows determinate and indeterminate MCP progress, with a cancel the host wires', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const { rerender } = render(card({ type: 'running', progress: { progress: 3, total: 4, message: 'Deleting Bob' } }, { onCancel, callId: 'c7' }));
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('value', '0.75');
    expect(screen.getByText('Deleting Bob')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledExactlyOnceWith('c7');
    rerender(card({ type: 'running', progress: { progress: 3 } }, { onCancel }));
    expect(screen.getByRole('progressbar', { name: 'Progress' })).not.toHaveAttribute('value');
  });

  it('renders the result for the user: assistant-only blocks stay out', () => {
    const { container } = render(card({ type: 'success', result: { content: mixedAudience } }));
    expect(container).toHaveTextContent('Your changes were saved as a draft.');
    expect(container).not.toHaveTextContent('DEBUG');
  });

  it('says when the annotations changed since approval', () => {
    render(card({ type: 'awaiting-approval' }, { annotationsChanged: true }));
    expect(screen.getByRole('note')).toHaveTextContent('This tool changed since you approved it.');
  });

  it('shows the sanitised call name for an unknown tool, as the worst case', () => {
    render(<ToolCallCard tool={undefined} toolName={'mystery\u202Etxt.exe'} status={{ type: 'awaiting-approval' }} />);
    const article = screen.getByRole('article', { name: 'mystery txt.exe' });
    expect(article).toHaveAttribute('data-risk', 'destructive');
    expect(article.textContent).not.toContain('\u202E');
  });

  it('colours a waiting destructive call as dangerous on the whole card', () => {
    render(card({ type: 'awaiting-approval' }));
    expect(screen.getByRole('article')).toHaveAttribute('data-state', 'awaiting-approval');
    expect(screen.getByRole('article')).toHaveAttribute('data-risk', 'destructive');
  });

  it('renders on the server', () => {
    expect(renderToString(card({ type: 'running', progress: { progress: 1, total: 2 } }))).toContain('data-state="running"');
  });

  it('has no axe violations', async () => {
    const { container } = render(card({ type: 'error', result: errorResult }, { onRetry: () => {}, annotationsChanged: true }));
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('ToolCallCard task lifecycle', () => {
  const researchTool: Tool = { name: 'simulate-research-query', title: 'Research', annotations: { readOnlyHint: true, openWorldHint: false }, execution: { taskSupport: 'required' } } as Tool;
  const taskCard = (status: ToolCallStatus, onCancel?: (callId: string | undefined) => void) => (
    <ToolCallCard serverId="everything" callId="t1" tool={researchTool} trust="trusted" args={{ topic: 'python' }} status={status} onCancel={onCancel} />
  );

  it('working → input_required → working → completed, with the server\'s words, and Cancel mapped to the host', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    let status = toolCallStatusFromTask({ taskId: 'k1', status: 'working', statusMessage: 'Gathering sources...' });
    const { rerender } = render(taskCard(status, onCancel));
    const article = screen.getByRole('article', { name: 'Research' });
    expect(article).toHaveAttribute('data-state', 'running');
    expect(article.querySelector('[data-task]')).toHaveAttribute('data-task', 'working');
    expect(article).toHaveTextContent('Gathering sources...');
    await user.click(within(article).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledExactlyOnceWith('t1');

    status = toolCallStatusFromTask({ taskId: 'k1', status: 'input_required', statusMessage: 'Found multiple interpretations. Requesting clarification...' }, status);
    rerender(taskCard(status, onCancel));
    expect(article).toHaveAttribute('data-state', 'input-required');
    expect(within(article).getByRole('status')).toHaveTextContent('Needs your input');
    expect(article).toHaveTextContent('Requesting clarification...');
    // Still cancellable while it waits.
    expect(within(article).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    status = toolCallStatusFromTask({ taskId: 'k1', status: 'completed' }, status);
    rerender(taskCard(status, onCancel));
    // A completed task is not a result yet: the card runs until tasks/result arrives.
    expect(article).toHaveAttribute('data-state', 'running');
    rerender(taskCard({ type: 'success', result: { content: [{ type: 'text', text: '# Research Report: python' }] } }, onCancel));
    expect(article).toHaveAttribute('data-state', 'success');
    expect(article).toHaveTextContent('# Research Report: python');
    expect(within(article).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('says politely what the status line does not: task messages and why it failed, on changes only', () => {
    const said = () => Array.from(document.querySelector('[data-slot="consent-live-region"]')?.children ?? [], (node) => node.textContent);
    document.querySelector('[data-slot="consent-live-region"]')?.replaceChildren();
    // A transcript's old failure is not read out when it loads.
    const old = render(taskCard(toolCallStatusFromTask({ taskId: 'k', status: 'failed', statusMessage: 'Old failure' })));
    expect(said()).toEqual([]);
    old.unmount();
    let status = toolCallStatusFromTask({ taskId: 'k1', status: 'working' });
    const { rerender } = render(taskCard(status));
    status = toolCallStatusFromTask({ taskId: 'k1', status: 'working', statusMessage: 'Gathering sources...' }, status);
    rerender(taskCard(status));
    rerender(taskCard(status));
    status = toolCallStatusFromTask({ taskId: 'k1', status: 'failed', statusMessage: 'Upstream timed out' }, status);
    rerender(taskCard(status));
    expect(said()).toEqual(['Research: Gathering sources...', 'Research: Upstream timed out']);
    expect(document.querySelector('[data-slot="consent-live-region"]')).toHaveAttribute('role', 'status');
  });

  it('failed and cancelled tasks say so, with the server\'s message', () => {
    const { rerender } = render(taskCard(toolCallStatusFromTask({ taskId: 'k', status: 'failed', statusMessage: 'Upstream timed out' })));
    const article = screen.getByRole('article', { name: 'Research' });
    expect(article).toHaveAttribute('data-state', 'error');
    expect(article).toHaveTextContent('Upstream timed out');
    rerender(taskCard(toolCallStatusFromTask({ taskId: 'k', status: 'cancelled', statusMessage: 'Cancelled by user' })));
    expect(article).toHaveAttribute('data-state', 'cancelled');
    expect(article).toHaveTextContent('Cancelled by user');
    rerender(taskCard(toolCallStatusFromTask({ taskId: 42, status: 'working' })));
    expect(article).toHaveAttribute('data-state', 'error');
  });

  it('a tool that must run as a task carries a quiet "Background" badge', () => {
    render(taskCard({ type: 'running' }));
    const badge = screen.getByText('Background').closest('[data-slot="tool-badge"]');
    expect(badge).toHaveAttribute('data-kind', 'background');
    expect(badge).toHaveAttribute('data-tier', 'detail');
  });

  it('has no axe violations while waiting for input', async () => {
    const { container } = render(taskCard(toolCallStatusFromTask({ taskId: 'k', status: 'input_required', statusMessage: 'Clarify' }), () => {}));
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('ToolCallCard retry: a new decision with one owner', () => {
  function setup(servers: Record<string, ServerConfig>, mode: PolicyMode = 'default', tool: Tool = upsertTool) {
    const onRetry = vi.fn<(approval: ApprovalResult, callId: string | undefined) => void>();
    const onDecision = vi.fn();
    render(
      <BuiltInProvider servers={servers} mode={mode} onDecision={onDecision}>
        <ToolCallCard serverId="notes" callId="call-1" tool={tool} args={{ text: 'hi' }} status={{ type: 'error', message: 'boom' }} onRetry={onRetry} />
      </BuiltInProvider>,
    );
    return { onRetry, onDecision, user: userEvent.setup() };
  }

  it.each<[string, Record<string, ServerConfig>, PolicyMode, 'blocked' | 'asked']>([
    ['offline mode', { notes: { trust: 'trusted' } }, 'offline', 'blocked'],
    ['read-only mode', { notes: { trust: 'trusted' } }, 'read-only', 'blocked'],
    ['a deny override', { notes: { trust: 'trusted', overrides: { upsert_note: 'deny' } } }, 'default', 'blocked'],
    ['always-confirm mode', { notes: { trust: 'trusted' } }, 'always-confirm', 'asked'],
    ['an untrusted server', { notes: { trust: 'untrusted' } }, 'default', 'asked'],
  ])('a trusted idempotent tool under %s does not simply run', async (_name, servers, mode, outcome) => {
    const { onRetry, onDecision, user } = setup(servers, mode);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    if (outcome === 'blocked') {
      expect(await screen.findByText(/^Retry blocked:/)).toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).toBeNull();
    } else {
      expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
      await user.keyboard('{Escape}');
      expect(await screen.findByText('Retry denied.')).toBeInTheDocument();
    }
    expect(onRetry).not.toHaveBeenCalled();
    expect(onDecision).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ retry: true, callId: 'call-1', outcome: outcome === 'blocked' ? 'blocked' : 'denied' }));
  });

  it('runs at once only when the provider says so, and hands the approval to the host (one decision, no second dialog)', async () => {
    const { onRetry, onDecision, user } = setup({ notes: { trust: 'trusted' } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(onRetry).toHaveBeenCalledTimes(1));
    expect(onRetry.mock.calls[0]![0]).toMatchObject({ outcome: 'run', decidedBy: 'policy', decision: { reasons: [{ code: 'retry-idempotent' }] } });
    expect(onRetry.mock.calls[0]![1]).toBe('call-1');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onDecision).toHaveBeenCalledTimes(1);
  });

  it('asks once for a non-idempotent tool, and calls onRetry only when allowed', async () => {
    const { onRetry, onDecision, user } = setup({ notes: { trust: 'trusted' } }, 'default', createEntitiesTool);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(await screen.findByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(onRetry).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onDecision).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ outcome: 'run', decidedBy: 'user', retry: true }));
  });

  it('offers no retry it cannot decide: no provider', () => {
    render(card({ type: 'error', message: 'boom' }, { onRetry: () => {} }));
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('ToolCallCard inline approval', () => {
  function Host({ calls, servers = { memory: { trust: 'trusted' } } }: { calls: Array<{ id: string; tool: Tool }>; servers?: Record<string, ServerConfig> }) {
    return (
      <BuiltInProvider servers={servers} approvalUI="inline">
        <Requester calls={calls} />
      </BuiltInProvider>
    );
  }
  const results: Record<string, ApprovalResult> = {};
  function Requester({ calls }: { calls: Array<{ id: string; tool: Tool }> }) {
    const { requestApproval } = useToolApproval();
    const [started, setStarted] = useState(false);
    return (
      <>
        <button
          type="button"
          onClick={() => {
            setStarted(true);
            for (const call of calls) void requestApproval({ serverId: 'memory', tool: call.tool, args: { n: 1 }, callId: call.id }).then((result) => (results[call.id] = result));
          }}
        >
          Start
        </button>
        {started && calls.map((call) => <ToolCallCard key={call.id} callId={call.id} serverId="memory" tool={call.tool} args={{ n: 1 }} status={{ type: 'awaiting-approval' }} />)}
      </>
    );
  }

  it('several cards wait at once, each with its own controls; nothing steals focus; Deny comes first', async () => {
    const user = userEvent.setup();
    render(<Host calls={[{ id: 'a', tool: createEntitiesTool }, { id: 'b', tool: deleteEntitiesTool }]} />);
    const start = screen.getByRole('button', { name: 'Start' });
    await user.click(start);
    const cards = await screen.findAllByRole('article');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const regions = cards.map((c) => within(c).getByRole('region', { name: 'Needs your approval' }));
    expect(regions).toHaveLength(2);
    expect(start).toHaveFocus();
    for (const region of regions) {
      const buttons = within(region).getAllByRole('button');
      expect(buttons.map((b) => b.textContent)).toEqual(['Deny', expect.stringMatching(/^Allow/)]);
    }
    expect(cards[1]).toHaveAttribute('data-risk', 'destructive');
    expect(within(regions[1]!).getByRole('button', { name: 'Allow destructive action' })).toBeInTheDocument();
    await user.click(within(regions[1]!).getByRole('button', { name: 'Allow destructive action' }));
    await waitFor(() => expect(results.b).toMatchObject({ outcome: 'run', decidedBy: 'user' }));
    // Focus moved to the card's heading, not to <body>.
    expect(within(cards[1]!).getByRole('heading')).toHaveFocus();
    await user.click(within(cards[0]!).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(results.a).toMatchObject({ outcome: 'denied' }));
  });

  it('follows the same policy as the dialog: remember only where allowed, decided again at settle time', async () => {
    const user = userEvent.setup();
    const controller = createBuiltInController({ servers: { memory: { trust: 'trusted' } } });
    let result: ApprovalResult | undefined;
    render(
      <BuiltInProvider controller={controller} approvalUI="inline">
        <ToolCallCard callId="x" serverId="memory" tool={createEntitiesTool} status={{ type: 'awaiting-approval' }} />
      </BuiltInProvider>,
    );
    act(() => void controller.requestApproval({ serverId: 'memory', tool: createEntitiesTool, callId: 'x' }).then((r) => (result = r)));
    const region = await screen.findByRole('region', { name: 'Needs your approval' });
    expect(within(region).getByRole('checkbox', { name: 'Remember for this conversation' })).toBeInTheDocument();
    act(() => controller.setPolicy({ servers: { memory: { trust: 'trusted' } }, mode: 'read-only' }));
    await user.click(within(region).getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(result).toMatchObject({ outcome: 'blocked' }));
  });

  it('a request asked again (trust changed while it waited) can be answered inline: it never stays pending', async () => {
    const user = userEvent.setup();
    const controller = createBuiltInController({ servers: { memory: { trust: 'trusted' } } });
    let result: ApprovalResult | undefined;
    const host = () => (
      <BuiltInProvider controller={controller} approvalUI="inline">
        <ToolCallCard callId="x" serverId="memory" tool={createEntitiesTool} status={{ type: 'awaiting-approval' }} />
      </BuiltInProvider>
    );
    render(host());
    act(() => void controller.requestApproval({ serverId: 'memory', tool: createEntitiesTool, callId: 'x' }).then((r) => (result = r)));
    const region = await screen.findByRole('region', { name: 'Needs your approval' });
    const firstId = controller.getSnapshot().queue[0]!.id;
    act(() => controller.setPolicy({ servers: { memory: { trust: 'untrusted' } } }));
    await user.click(within(region).getByRole('button', { name: 'Allow' }));
    // The controller asked again (a new question); the card shows it and takes the answer.
    await waitFor(() => expect(controller.getSnapshot().queue[0]?.id).not.toBe(firstId));
    await user.click(within(screen.getByRole('region', { name: 'Needs your approval' })).getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(result).toMatchObject({ outcome: 'run', decidedBy: 'user', decision: { trust: 'untrusted' } }));
    expect(controller.getSnapshot().queue).toHaveLength(0);
  });

  it('a request that names this card’s call but another tool or other arguments is not answered inline: the dialog shows its own', async () => {
    const servers = { memory: { trust: 'untrusted' as const, name: 'Memory' } };
    const controller = createBuiltInController({ servers });
    const deleteAll: Tool = { name: 'delete_all', annotations: { destructiveHint: true } };
    const readNotes: Tool = { name: 'read_notes', annotations: { readOnlyHint: true } };
    render(
      <BuiltInProvider controller={controller} approvalUI="inline">
        <ToolCallCard callId="x" serverId="memory" tool={readNotes} args={{ id: 1 }} status={{ type: 'awaiting-approval' }} />
        <ToolCallCard callId="y" serverId="memory" tool={readNotes} args={{ id: 1 }} status={{ type: 'awaiting-approval' }} />
      </BuiltInProvider>,
    );
    act(() => void controller.requestApproval({ serverId: 'memory', tool: deleteAll, args: { id: 1 }, callId: 'x' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('delete_all')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Needs your approval' })).toBeNull();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Deny' }));
    // Same tool, other arguments: the dialog again, with the request's arguments.
    act(() => void controller.requestApproval({ serverId: 'memory', tool: readNotes, args: { id: 2 }, callId: 'y' }));
    const second = await screen.findByRole('alertdialog');
    expect(second).toHaveTextContent('"id": 2');
    expect(screen.queryByRole('region', { name: 'Needs your approval' })).toBeNull();
  });

  it('a request whose arguments differ from the card\'s only after the 160th character (or whose server differs) is not the card\'s call: the dialog asks', async () => {
    const servers = { memory: { trust: 'untrusted' as const, name: 'Memory' }, other: { trust: 'untrusted' as const, name: 'Other' } };
    const controller = createBuiltInController({ servers });
    const prefix = 'x'.repeat(200);
    const shown = { path: `${prefix}/notes.txt` };
    const asked = { path: `${prefix}/secrets.txt` };
    // The same text up to (and well past) a folded preview's 160-character cut.
    expect(JSON.stringify(shown).slice(0, 200)).toBe(JSON.stringify(asked).slice(0, 200));
    render(
      <BuiltInProvider controller={controller} approvalUI="inline">
        <ToolCallCard callId="long" serverId="memory" tool={createEntitiesTool} args={shown} status={{ type: 'awaiting-approval' }} />
      </BuiltInProvider>,
    );
    let first: Promise<ApprovalResult> | undefined;
    act(() => void (first = controller.requestApproval({ serverId: 'memory', tool: createEntitiesTool, args: asked, callId: 'long' })));
    const dialog = await screen.findByRole('alertdialog');
    expect(screen.queryByRole('region', { name: 'Needs your approval' })).toBeNull();
    // The dialog shows the request's own arguments: in full, the part after the cut is there.
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Show all' }));
    expect(dialog).toHaveTextContent('secrets.txt');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Deny' }));
    await expect(first).resolves.toMatchObject({ outcome: 'denied' });
    // The same tool and arguments from another server is not this card's call either.
    act(() => void controller.requestApproval({ serverId: 'other', tool: createEntitiesTool, args: shown, callId: 'long' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Other');
    expect(screen.queryByRole('region', { name: 'Needs your approval' })).toBeNull();
    await userEvent.setup().click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Deny' }));
    // The card's own call, with its arguments in another key order, is answered inline.
    act(() => void controller.requestApproval({ serverId: 'memory', tool: createEntitiesTool, args: { ...shown }, callId: 'long' }));
    expect(await screen.findByRole('region', { name: 'Needs your approval' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a request whose card is not mounted still gets the dialog', async () => {
    const controller = createBuiltInController({ servers: { memory: { trust: 'trusted' } } });
    render(
      <BuiltInProvider controller={controller} approvalUI="inline">
        <p>no cards</p>
      </BuiltInProvider>,
    );
    act(() => void controller.requestApproval({ serverId: 'memory', tool: createEntitiesTool, callId: 'orphan' }));
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
  });

  it('has no axe violations while waiting', async () => {
    const user = userEvent.setup();
    const { container } = render(<Host calls={[{ id: 'q', tool: createEntitiesTool }]} />);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('region', { name: 'Needs your approval' });
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('ToolCallCard re-renders (counted with React Profiler)', () => {
  function counted(id: string, node: ReactNode, renders: Record<string, number>) {
    return (
      <Profiler key={id} id={id} onRender={(profilerId) => (renders[profilerId] = (renders[profilerId] ?? 0) + 1)}>
        {node}
      </Profiler>
    );
  }

  it('only the card whose call changed re-renders', () => {
    const tools = [readFileTool, createEntitiesTool, deleteEntitiesTool];
    const renders: Record<string, number> = {};
    // As a host keeps its transcript: an unchanged call keeps its element, so only the changed subtree renders.
    const elements = new Map<ToolCallStatus, ReactNode>();
    const element = (status: ToolCallStatus, i: number) => {
      if (!elements.has(status)) elements.set(status, counted(`card-${i}`, <ToolCallCard tool={tools[i]} trust="trusted" status={status} />, renders));
      return elements.get(status);
    };
    const view = (list: ToolCallStatus[]) => <>{list.map(element)}</>;
    const statuses: ToolCallStatus[] = tools.map(() => ({ type: 'running' }));
    const { rerender } = render(view(statuses));
    for (const key of Object.keys(renders)) renders[key] = 0;
    const next = [...statuses];
    next[1] = { type: 'success', result: { content: [] } };
    act(() => rerender(view(next)));
    expect(renders).toEqual({ 'card-0': 0, 'card-1': 1, 'card-2': 0 });
    // Hosts that rebuild every element still skip unchanged cards: the card is memoised.
    expect((ToolCallCard as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.memo'));
  });

  it('approvals coming and going re-render only the affected card', async () => {
    const controller = createBuiltInController({ servers: { memory: { trust: 'untrusted' } } });
    const renders: Record<string, number> = {};
    render(
      <BuiltInProvider controller={controller} approvalUI="inline">
        {Array.from({ length: 20 }, (_, i) => counted(`card-${i}`, <ToolCallCard callId={`c${i}`} serverId="memory" tool={createEntitiesTool} status={{ type: 'running' }} />, renders))}
      </BuiltInProvider>,
    );
    for (const key of Object.keys(renders)) renders[key] = 0;
    let pending!: Promise<ApprovalResult>;
    act(() => {
      pending = controller.requestApproval({ serverId: 'memory', tool: createEntitiesTool, callId: 'c7' });
    });
    const changed = Object.entries(renders).filter(([, n]) => n > 0).map(([id]) => id);
    expect(changed).toEqual(['card-7']);
    for (const key of Object.keys(renders)) renders[key] = 0;
    const id = controller.getSnapshot().queue[0]!.id;
    act(() => void controller.respond(id, { action: 'deny' }));
    await pending;
    expect(Object.entries(renders).filter(([, n]) => n > 0).map(([key]) => key)).toEqual(['card-7']);
  });
});
