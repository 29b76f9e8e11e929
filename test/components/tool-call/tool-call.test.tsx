// Tests for the ToolCall parts: ToolCallCard is their composition, and a host can recompose them.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToolCall, type ApprovalResult } from '../../../src/index.js';
import { errorResult } from '../../fixtures/content.js';
import { createEntitiesTool, deleteEntitiesTool } from '../../fixtures/tools.js';
import { BuiltInProvider, createBuiltInController } from '../../helpers/kinds.js';

describe('ToolCall parts', () => {
  it('recomposed: only the parts a host places render, in its order, inside the named article', () => {
    render(
      <ToolCall.Root serverId="memory" tool={deleteEntitiesTool} trust="trusted" args={{ entityNames: ['Alice'] }} status={{ type: 'error', result: errorResult, message: 'Timed out' }}>
        <ToolCall.Result />
        <ToolCall.Header headingLevel={2} />
      </ToolCall.Root>,
    );
    const article = screen.getByRole('article', { name: 'Delete entities' });
    expect(article).toHaveAttribute('data-state', 'error');
    expect(article).toHaveAttribute('data-risk', 'destructive');
    expect(within(article).getByRole('heading', { level: 2, name: 'Delete entities' })).toBeInTheDocument();
    expect(within(article).getByRole('status')).toHaveTextContent('Failed');
    // The result comes first, as placed; parts not placed (arguments, error message, badges) are absent.
    expect(article.firstElementChild).toHaveAttribute('data-slot', 'tool-result');
    expect(within(article).queryByText('Timed out')).toBeNull();
    expect(within(article).queryByText('Arguments')).toBeNull();
    expect(within(article).queryByRole('list', { name: 'Tool hints' })).toBeNull();
  });

  it('a part outside its root says which root it needs', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ToolCall.Header />)).toThrow('<ToolCall.Header> must be rendered inside <ToolCall.Root>.');
  });

  it('the inline approval is the confirmation\'s own parts: its facts, reasons, remember and buttons, answered once', async () => {
    const user = userEvent.setup();
    const controller = createBuiltInController({ servers: { memory: { name: 'Memory', trust: 'trusted' } } });
    const respond = vi.spyOn(controller, 'respond');
    let result: ApprovalResult | undefined;
    render(
      <BuiltInProvider controller={controller} approvalUI="inline">
        <ToolCall.Root callId="x" serverId="memory" tool={createEntitiesTool} args={{ a: 1 }} status={{ type: 'awaiting-approval' }}>
          <ToolCall.Header />
          <ToolCall.Approval />
        </ToolCall.Root>
      </BuiltInProvider>,
    );
    act(() => void controller.requestApproval({ serverId: 'memory', tool: createEntitiesTool, args: { a: 1 }, callId: 'x' }).then((r) => (result = r)));
    const region = await screen.findByRole('region', { name: 'Needs your approval' });
    // The same parts as the dialog: the machine name and server with trust, the reasons (which describe the region), remember.
    expect(within(region).getByText('create_entities').tagName).toBe('CODE');
    expect(within(region).getByText(/Memory/)).toHaveTextContent('Memory (trusted)');
    expect(within(region).getByRole('list', { name: 'Why you are asked' })).toBeInTheDocument();
    expect(region).toHaveAccessibleDescription(expect.stringContaining('This tool may change data.'));
    expect(within(region).getByRole('checkbox', { name: 'Remember for this conversation' })).toBeInTheDocument();
    const allow = within(region).getByRole('button', { name: 'Allow' });
    await user.click(allow);
    await user.click(allow).catch(() => {});
    await waitFor(() => expect(result).toMatchObject({ outcome: 'run', decidedBy: 'user' }));
    expect(respond).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { level: 3, name: 'create_entities' })).toHaveFocus();
  });

  it('Retry is a new decision; a host handler that prevents default keeps it from asking', async () => {
    const user = userEvent.setup();
    const controller = createBuiltInController({ servers: { memory: { trust: 'trusted' } } });
    const request = vi.spyOn(controller, 'requestApproval');
    const onRetry = vi.fn();
    render(
      <BuiltInProvider controller={controller}>
        <ToolCall.Root serverId="memory" tool={createEntitiesTool} status={{ type: 'error', message: 'Timed out' }} onRetry={onRetry}>
          <ToolCall.Error />
          <ToolCall.Retry onClick={(event) => event.preventDefault()} />
        </ToolCall.Root>
      </BuiltInProvider>,
    );
    expect(screen.getByText('Timed out')).toHaveAttribute('data-slot', 'tool-call-error');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(request).not.toHaveBeenCalled();
    expect(onRetry).not.toHaveBeenCalled();
  });
});
