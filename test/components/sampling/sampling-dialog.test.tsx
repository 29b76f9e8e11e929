// Tests for src/components/sampling (standalone, and through the provider's queue).
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Sampling, SamplingDialog } from '../../../src/index.js';
import type { SamplingPrompt } from '../../../src/components/sampling/sampling-dialog.js';
import { decideServerRequest } from '../../../src/core/requests/decide.js';
import type { SamplingOutcome } from '../../../src/core/consent/kinds/sampling.js';
import { parseSamplingRequest, parseSamplingResult } from '../../../src/core/requests/sampling.js';
import { axe } from '../../axe.js';
import { everythingSampling, richSampling } from '../../fixtures/server-requests.js';
import { BuiltInProvider, createBuiltInController } from '../../helpers/kinds.js';

const promptFor = (params: unknown, stage: SamplingPrompt['stage'] = 'request', result?: unknown): SamplingPrompt => {
  const view = parseSamplingRequest(params);
  return {
    serverId: 'everything',
    serverName: 'Everything server',
    trust: 'untrusted',
    stage,
    view,
    ...(result !== undefined ? { result: parseSamplingResult(result) } : {}),
    decision: decideServerRequest({ kind: 'sampling', trust: 'untrusted', sampling: view }),
  };
};

const rich = richSampling;

describe('SamplingDialog — the request', () => {
  it('shows who asks, the system prompt, the messages through ContentBlocks (audience applies), preferences, maxTokens and tools', () => {
    render(<SamplingDialog prompt={promptFor(rich)} onRespond={() => true} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Everything server wants to use your model' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Everything server (not trusted)'));
    expect(within(dialog).getByText('You summarise financial reports in three bullet points.')).toBeInTheDocument();
    const messages = within(dialog).getAllByRole('listitem').filter((item) => item.closest('[data-slot="sampling-messages"]'));
    expect(messages.map((item) => item.textContent)).toEqual([expect.stringContaining('Summarise the quarterly report.'), expect.stringContaining('Which quarter?'), expect.stringContaining('The <b>Q3</b> one.')]);
    // Assistant-only blocks are for the model, not this view; server text is never HTML.
    expect(dialog).not.toHaveTextContent('INTERNAL');
    expect(dialog.querySelector('b')).toBeNull();
    for (const fact of ['400', '0.2', 'END', 'claude-3-sonnet', 'intelligence 0.8', 'Max tokens', 'Include context', 'from this server']) expect(dialog).toHaveTextContent(fact);
    // A protocol value is worded from the table, never shown raw.
    expect(dialog).not.toHaveTextContent('thisServer');
    expect(within(dialog).getByText('search')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deny' })).toHaveFocus();
  });

  it('approve as is, approve with edits, deny, and Escape (deny) give exact answers', async () => {
    const user = userEvent.setup();
    const approve = vi.fn(() => true);
    const first = render(<SamplingDialog prompt={promptFor(everythingSampling)} onRespond={approve} />);
    await user.click(screen.getByRole('button', { name: 'Send to model' }));
    expect(approve).toHaveBeenCalledExactlyOnceWith({ action: 'approve' });
    first.unmount();

    const edited = vi.fn(() => true);
    const second = render(<SamplingDialog prompt={promptFor(everythingSampling)} onRespond={edited} />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveAttribute('aria-pressed', 'true');
    await user.clear(screen.getByRole('textbox', { name: 'System prompt' }));
    await user.type(screen.getByRole('textbox', { name: 'System prompt' }), 'Be brief.');
    await user.clear(screen.getByRole('textbox', { name: 'Message 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Message 1' }), 'Say hello');
    await user.click(screen.getByRole('button', { name: 'Send to model' }));
    expect(edited).toHaveBeenCalledExactlyOnceWith({ action: 'approve', edits: { systemPrompt: 'Be brief.', texts: { '0:0': 'Say hello' } } });
    second.unmount();

    // Opening the editor and putting the text back is no edit.
    const untouched = vi.fn(() => true);
    const unchanged = render(<SamplingDialog prompt={promptFor(everythingSampling)} onRespond={untouched} />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Message 1' }), 'x');
    await user.type(screen.getByRole('textbox', { name: 'Message 1' }), '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Send to model' }));
    expect(untouched).toHaveBeenCalledExactlyOnceWith({ action: 'approve' });
    unchanged.unmount();

    const deny = vi.fn(() => true);
    const third = render(<SamplingDialog prompt={promptFor(everythingSampling)} onRespond={deny} />);
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    expect(deny).toHaveBeenCalledExactlyOnceWith({ action: 'deny' });
    third.unmount();

    const escape = vi.fn(() => true);
    render(<SamplingDialog prompt={promptFor(everythingSampling)} onRespond={escape} />);
    await user.keyboard('{Escape}');
    expect(escape).toHaveBeenCalledExactlyOnceWith({ action: 'deny' });
  });

  it('a message with two text blocks gets two boxes named apart; each edit reaches its own block', async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn(() => true);
    const twoParts = { messages: [{ role: 'user', content: [{ type: 'text', text: 'First part.' }, { type: 'text', text: 'Second part.' }] }], maxTokens: 100 };
    render(<SamplingDialog prompt={promptFor(twoParts)} onRespond={onRespond} />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByRole('textbox', { name: 'Message 1' })).toBeNull();
    await user.clear(screen.getByRole('textbox', { name: 'Message 1, part 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Message 1, part 2' }), 'Changed.');
    expect(screen.getByRole('textbox', { name: 'Message 1, part 1' })).toHaveValue('First part.');
    await user.click(screen.getByRole('button', { name: 'Send to model' }));
    expect(onRespond).toHaveBeenCalledExactlyOnceWith({ action: 'approve', edits: { texts: { '0:1': 'Changed.' } } });
  });

  it('a malformed request can only be denied', () => {
    render(<SamplingDialog prompt={promptFor({ messages: 'nope' })} onRespond={() => true} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Deny']);
  });

  it('has no axe violations in every stage', async () => {
    const { rerender } = render(<SamplingDialog prompt={promptFor(rich)} onRespond={() => true} />);
    expect(await axe(document.body)).toHaveNoViolations();
    rerender(<SamplingDialog prompt={promptFor(rich, 'generating')} onRespond={() => true} />);
    expect(screen.getByRole('status')).toHaveTextContent('The model is answering…');
    expect(await axe(document.body)).toHaveNoViolations();
    rerender(<SamplingDialog prompt={promptFor(rich, 'result', { role: 'assistant', content: { type: 'text', text: 'Q3 was good.' }, model: 'm' })} onRespond={() => true} />);
    expect(await axe(document.body)).toHaveNoViolations();
  });
});

describe('SamplingDialog — the answer', () => {
  it('the person reads and may edit the answer before it goes back', async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn(() => true);
    render(<SamplingDialog prompt={promptFor(everythingSampling, 'result', { role: 'assistant', content: { type: 'text', text: 'Hello!' }, model: 'scripted' })} onRespond={onRespond} />);
    expect(screen.getByRole('alertdialog', { name: 'Send the model’s answer to Everything server?' })).toHaveTextContent('scripted');
    const answer = screen.getByRole('textbox', { name: 'The model’s answer' });
    expect(answer).toHaveValue('Hello!');
    await user.type(answer, ' Bye.');
    await user.click(screen.getByRole('button', { name: 'Send to server' }));
    expect(onRespond).toHaveBeenCalledExactlyOnceWith({ action: 'approve', text: 'Hello! Bye.' });
  });
});

describe('sampling in the provider\'s queue', () => {
  it('request → model → answer → server, one dialog throughout, recorded with kind sampling', async () => {
    const user = userEvent.setup();
    const onDecision = vi.fn();
    const controller = createBuiltInController({ onDecision, servers: { everything: { name: 'Everything server' } } });
    let finish!: (value: unknown) => void;
    const sample = vi.fn((_params: Record<string, unknown>) => new Promise((resolve) => (finish = resolve)));
    render(
      <BuiltInProvider controller={controller}>
        <p>chat</p>
      </BuiltInProvider>,
    );
    let outcome!: Promise<SamplingOutcome>;
    act(() => {
      outcome = controller.requestSampling({ serverId: 'everything', params: everythingSampling, sample });
    });
    await user.click(await screen.findByRole('button', { name: 'Send to model' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The model is answering…');
    expect(sample).toHaveBeenCalledOnce();
    expect(sample.mock.calls[0]![0]).toMatchObject({ systemPrompt: 'You are a helpful test server.', maxTokens: 100 });
    act(() => finish({ role: 'assistant', content: { type: 'text', text: 'Hi from the model' }, model: 'scripted', stopReason: 'endTurn' }));
    expect(await screen.findByRole('textbox', { name: 'The model’s answer' })).toHaveValue('Hi from the model');
    await user.click(screen.getByRole('button', { name: 'Send to server' }));
    await expect(outcome).resolves.toMatchObject({ outcome: 'approved', result: { content: { type: 'text', text: 'Hi from the model' }, model: 'scripted' } });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onDecision).toHaveBeenCalledWith(expect.objectContaining({ kind: 'sampling', outcome: 'approved', decidedBy: 'user', edited: false }));
  });

  it('a denied request never reaches the model', async () => {
    const user = userEvent.setup();
    const controller = createBuiltInController();
    const sample = vi.fn();
    render(<BuiltInProvider controller={controller}>{null}</BuiltInProvider>);
    let outcome!: Promise<SamplingOutcome>;
    act(() => {
      outcome = controller.requestSampling({ serverId: 's', params: everythingSampling, sample });
    });
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    await expect(outcome).resolves.toMatchObject({ outcome: 'denied' });
    expect(sample).not.toHaveBeenCalled();
  });

  it('composes from parts', () => {
    render(
      <Sampling.Root prompt={promptFor(everythingSampling)} onRespond={() => true}>
        <Sampling.Content>
          <Sampling.Title>Use the model?</Sampling.Title>
          <Sampling.Request />
          <Sampling.Actions />
        </Sampling.Content>
      </Sampling.Root>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Use the model?' })).toBeInTheDocument();
    expect(Sampling.Actions.displayName).toBe('Sampling.Actions');
  });
});
