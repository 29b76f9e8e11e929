// Tests for src/components/tool-call-card.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ToolApprovalProvider, ToolCallCard, decideToolCall, type ToolCallStatus } from '../../src/index.js';
import { axe } from '../axe.js';
import { errorResult, mixedAudience } from '../fixtures/content.js';
import { createEntitiesTool, deleteEntitiesTool, readFileTool } from '../fixtures/tools.js';
import { toolCallState } from '../../src/core/tool-status.js';
import type * as ToolStatusModule from '../../src/core/tool-status.js';

// Every card render derives its data-state once: counting the calls counts renders.
vi.mock('../../src/core/tool-status.js', async (importOriginal) => {
  const actual = await importOriginal<typeof ToolStatusModule>();
  return { ...actual, toolCallState: vi.fn(actual.toolCallState) };
});

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
    expect(screen.getByRole('status')).toHaveTextContent(text);
  });

  it('shows determinate and indeterminate MCP progress, with a cancel the host wires', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const { rerender } = render(card({ type: 'running', progress: { progress: 3, total: 4, message: 'Deleting Bob' } }, { onCancel }));
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('value', '0.75');
    expect(screen.getByText('Deleting Bob')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(card({ type: 'running', progress: { progress: 3 } }, { onCancel }));
    expect(screen.getByRole('progressbar', { name: 'Progress' })).not.toHaveAttribute('value');
  });

  it('renders the result for the user: assistant-only blocks stay out', () => {
    const { container } = render(card({ type: 'success', result: { content: mixedAudience } }));
    expect(container).toHaveTextContent('Your changes were saved as a draft.');
    expect(container).not.toHaveTextContent('DEBUG');
  });

  it('retries an idempotent tool of a trusted server without asking', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(card({ type: 'error', result: errorResult }, { onRetry }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('asks again before retrying a non-idempotent tool, and retries only if approved', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(
      <ToolApprovalProvider servers={{ memory: { trust: 'trusted' } }}>
        {card({ type: 'error', message: 'boom' }, { tool: createEntitiesTool, trust: undefined, onRetry })}
      </ToolApprovalProvider>,
    );
    expect(screen.getByRole('article')).toHaveAttribute('data-trust', 'trusted');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    expect(onRetry).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(await screen.findByRole('button', { name: 'Allow' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no retry it cannot decide: untrusted server without a provider', () => {
    render(card({ type: 'error', message: 'boom' }, { trust: 'untrusted', onRetry: () => {} }));
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says when the annotations changed since approval', () => {
    render(card({ type: 'awaiting-approval' }, { annotationsChanged: true }));
    expect(screen.getByRole('note')).toHaveTextContent('This tool changed its annotations since you approved it.');
  });

  it('shows the call name for an unknown tool', () => {
    render(<ToolCallCard tool={undefined} toolName="mystery_tool" status={{ type: 'awaiting-approval' }} />);
    expect(screen.getByRole('article', { name: 'mystery_tool' })).toHaveAttribute('data-risk', 'destructive');
  });

  it('re-renders only the card whose call changed', () => {
    const tools = [readFileTool, createEntitiesTool, deleteEntitiesTool];
    const statuses: ToolCallStatus[] = tools.map(() => ({ type: 'running' }));
    const view = (list: ToolCallStatus[]) => (
      <>
        {list.map((status, i) => (
          <ToolCallCard key={i} tool={tools[i]} trust="trusted" status={status} />
        ))}
      </>
    );
    const { rerender } = render(view(statuses));
    const spy = vi.mocked(toolCallState);
    spy.mockClear();
    const next = [...statuses];
    next[1] = { type: 'success', result: { content: [] } };
    act(() => rerender(view(next)));
    expect(spy.mock.calls.map(([status]) => status)).toEqual([next[1]]);
  });

  it('renders on the server', () => {
    expect(renderToString(card({ type: 'running', progress: { progress: 1, total: 2 } }))).toContain('data-state="running"');
  });

  it('has no axe violations', async () => {
    const { container } = render(card({ type: 'error', result: errorResult }, { onRetry: () => {}, annotationsChanged: true }));
    expect(await axe(container)).toHaveNoViolations();
  });
});
