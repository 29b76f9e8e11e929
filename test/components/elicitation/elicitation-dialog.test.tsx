// Tests for src/components/elicitation (and its place in the provider's queue).
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Elicitation, ElicitationDialog } from '../../../src/index.js';
import type { ElicitationPrompt } from '../../../src/components/elicitation/elicitation-dialog.js';
import { decideServerRequest } from '../../../src/core/requests/decide.js';
import type { ElicitationOutcome } from '../../../src/core/consent/kinds/elicitation.js';
import { parseElicitationRequest } from '../../../src/core/requests/elicitation.js';
import { axe } from '../../axe.js';
import { everythingElicitation, researchClarification, urlElicitation } from '../../fixtures/server-requests.js';
import { BuiltInProvider, createBuiltInController } from '../../helpers/kinds.js';

const promptFor = (params: unknown, trust: 'trusted' | 'untrusted' = 'untrusted'): ElicitationPrompt => {
  const view = parseElicitationRequest(params);
  return { serverId: 'everything', serverName: 'Everything server', trust, view, decision: decideServerRequest({ kind: 'elicitation', trust, elicitation: view }) };
};

describe('ElicitationDialog — form mode', () => {
  it('shows which server asks and how far it is trusted, with every field labelled, described and pre-filled', () => {
    render(<ElicitationDialog prompt={promptFor(everythingElicitation)} onRespond={() => true} />);
    const dialog = screen.getByRole('dialog', { name: 'Everything server asks for information' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Everything server (not trusted)'));
    expect(within(dialog).getByText('Please provide inputs for the following fields:')).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /^String \(required\)/ });
    expect(name).toBeRequired();
    expect(name).toHaveAccessibleDescription('Your full, legal name');
    expect(name).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'String with default' })).toHaveValue('It was a dark and stormy night.');
    expect(within(dialog).getByRole('spinbutton', { name: /^Integer/ })).toHaveValue(42);
    expect(within(dialog).getByRole('spinbutton', { name: /^Integer/ })).toHaveAttribute('max', '100');
    expect(within(dialog).getByRole('combobox', { name: 'Titled Single Select Enum' })).toHaveDisplayValue('Superman');
    expect(within(dialog).getByRole('group', { name: 'Titled Multiple Select Enum' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Tuna' })).toBeChecked();
    expect(within(dialog).getByLabelText('String with email format')).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('String with date format')).toHaveAttribute('type', 'date');
  });

  it('accept: edit a field, review exactly what will be sent, then send', async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn(() => true);
    render(<ElicitationDialog prompt={promptFor(researchClarification)} onRespond={onRespond} />);
    await user.selectOptions(screen.getByRole('combobox', { name: /Clarification/ }), 'Python snake species');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const review = screen.getByText(/Exactly this will be sent to Everything server/i).closest('[data-slot="elicitation-review"]') as HTMLElement;
    expect(within(review).getByText('Clarification').nextElementSibling).toHaveTextContent('Python snake species');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onRespond).toHaveBeenCalledExactlyOnceWith({ action: 'accept', content: { interpretation: 'snake' } });
  });

  it('Back returns to the form with the values kept; invalid values stay in the form with their message', async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn(() => true);
    render(<ElicitationDialog prompt={promptFor(everythingElicitation)} onRespond={onRespond} />);
    await user.type(screen.getByRole('textbox', { name: /^String \(required\)/ }), 'Ada');
    // Guitar is the default; four instruments break maxItems: the schema's own rule (native validation cannot say it).
    for (const name of ['Piano', 'Violin', 'Drums']) await user.click(screen.getByRole('checkbox', { name }));
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at most 3.');
    expect(screen.getByRole('group', { name: /Untitled Multiple Select Enum/ })).toHaveAttribute('aria-invalid', 'true');
    // The failed Review says where: focus is on the first invalid field.
    expect(screen.getByRole('group', { name: /Untitled Multiple Select Enum/ })).toContainElement(document.activeElement as HTMLElement);
    await user.click(screen.getByRole('checkbox', { name: 'Drums' }));
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('textbox', { name: /^String \(required\)/ })).toHaveValue('Ada');
    expect(onRespond).not.toHaveBeenCalled();
  });

  it('accept sends typed values, only the form\'s fields, and leaves empty optional fields out', async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn(() => true);
    render(<ElicitationDialog prompt={promptFor(everythingElicitation)} onRespond={onRespond} />);
    await user.type(screen.getByRole('textbox', { name: /^String \(required\)/ }), 'Ada');
    await user.clear(screen.getByRole('spinbutton', { name: /^Integer/ }));
    await user.type(screen.getByRole('spinbutton', { name: /^Integer/ }), '7');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    // "(do not give us your phone number, pin…)" is a negated mention, not a request for a secret: no gate.
    expect(screen.queryByRole('checkbox', { name: /I understand/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onRespond).toHaveBeenCalledExactlyOnceWith({
      action: 'accept',
      content: {
        name: 'Ada',
        check: false,
        firstLine: 'It was a dark and stormy night.',
        integer: 7,
        number: 3.14,
        untitledSingleSelectEnum: 'Monica',
        untitledMultipleSelectEnum: ['Guitar'],
        titledSingleSelectEnum: 'hero-1',
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-1',
      },
    });
  });

  it('Decline and Cancel (button or Escape) are distinct answers', async () => {
    const user = userEvent.setup();
    const onDecline = vi.fn(() => true);
    const { unmount } = render(<ElicitationDialog prompt={promptFor(researchClarification)} onRespond={onDecline} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onDecline).toHaveBeenCalledExactlyOnceWith({ action: 'decline' });
    unmount();
    const onEscape = vi.fn(() => true);
    render(<ElicitationDialog prompt={promptFor(researchClarification)} onRespond={onEscape} />);
    await user.keyboard('{Escape}');
    expect(onEscape).toHaveBeenCalledExactlyOnceWith({ action: 'cancel' });
  });

  it('a field that looks like a secret is flagged, masked, and needs an extra confirmation', async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn(() => true);
    const params = { message: 'Log in', requestedSchema: { type: 'object', properties: { user: { type: 'string', title: 'User' }, pw: { type: 'string', title: 'Password' } }, required: ['user', 'pw'] } };
    render(<ElicitationDialog prompt={promptFor(params)} onRespond={onRespond} />);
    expect(screen.getByRole('dialog')).toHaveTextContent('looks like a secret');
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.type(screen.getByRole('textbox', { name: /^User/ }), 'ada');
    await user.type(password, 'hunter2');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.queryByText('hunter2')).toBeNull();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    const reveal = screen.getByRole('button', { name: 'Show values' });
    expect(reveal).toHaveAttribute('aria-pressed', 'false');
    await user.click(reveal);
    expect(screen.getByText('hunter2')).toBeInTheDocument();
    expect(reveal).toHaveAttribute('aria-pressed', 'true');
    expect(reveal).toHaveAccessibleName('Show values');
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }));
    await user.click(send);
    expect(onRespond).toHaveBeenCalledExactlyOnceWith({ action: 'accept', content: expect.objectContaining({ user: 'ada', pw: 'hunter2' }), acknowledged: true });
  });

  it('fields named __proto__, constructor and toString render, start empty and valid, and are sent as keys', async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn((_answer: unknown) => true);
    const properties = JSON.parse('{"__proto__": {"type": "string", "title": "Proto"}, "constructor": {"type": "string", "title": "Ctor"}, "toString": {"type": "string", "title": "Str"}}') as Record<string, unknown>;
    render(<ElicitationDialog prompt={promptFor({ message: 'm', requestedSchema: { type: 'object', properties } })} onRespond={onRespond} />);
    const ctor = screen.getByRole('textbox', { name: 'Ctor' });
    expect(ctor).toHaveValue('');
    expect(ctor).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByRole('textbox', { name: 'Proto' }), 'p');
    await user.type(ctor, 'c');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.queryByText(/native code/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(JSON.stringify(onRespond.mock.calls[0]![0])).toBe('{"action":"accept","content":{"__proto__":"p","constructor":"c"}}');
  });

  it('Review shows the value that is sent when a choice’s label says something else', async () => {
    const user = userEvent.setup();
    render(<ElicitationDialog prompt={promptFor({ message: 'm', requestedSchema: { type: 'object', properties: { plan: { type: 'string', title: 'Plan', enum: ['delete_all'], enumNames: ['Keep my data'] } }, required: ['plan'] } })} onRespond={() => true} />);
    await user.selectOptions(screen.getByRole('combobox', { name: /Plan/ }), 'delete_all');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText('Keep my data (delete_all)')).toBeInTheDocument();
  });

  it('the acknowledgement for a secret is asked again after Back and a changed value; an integer PIN is masked in the form', async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn(() => true);
    render(<ElicitationDialog prompt={promptFor({ message: 'm', requestedSchema: { type: 'object', properties: { pin: { type: 'integer', title: 'PIN' } }, required: ['pin'] } })} onRespond={onRespond} />);
    const pin = screen.getByLabelText(/^PIN/);
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    await user.type(pin, '1234');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.type(screen.getByLabelText(/^PIN/), '5');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByRole('checkbox', { name: /I understand/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onRespond).toHaveBeenCalledExactlyOnceWith({ action: 'accept', content: { pin: 12345 }, acknowledged: true });
  });

  it('a malformed schema shows a clear error and can only be declined', async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn(() => true);
    render(<ElicitationDialog prompt={promptFor({ requestedSchema: { type: 'object', properties: { address: { type: 'object' } } } })} onRespond={onRespond} />);
    expect(screen.getByText(/is nested, which a form cannot show/)).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Decline']);
    expect(screen.getByRole('button', { name: 'Decline' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onRespond).toHaveBeenCalledExactlyOnceWith({ action: 'decline' });
  });

  it('has no axe violations, in the form and in the review', async () => {
    const user = userEvent.setup();
    render(<ElicitationDialog prompt={promptFor(everythingElicitation)} onRespond={() => true} />);
    expect(await axe(document.body)).toHaveNoViolations();
    await user.type(screen.getByRole('textbox', { name: /^String \(required\)/ }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await axe(document.body)).toHaveNoViolations();
  });
});

describe('ElicitationDialog — URL mode', () => {
  it('shows the full URL with the host emphasised, opens it only after consent (new tab, no opener)', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const onRespond = vi.fn(() => true);
    render(<ElicitationDialog prompt={promptFor(urlElicitation)} onRespond={onRespond} />);
    const dialog = screen.getByRole('dialog', { name: 'Everything server asks you to open a link' });
    expect(dialog.querySelector('[data-slot="elicitation-url-host"]')).toHaveTextContent(/^login\.example\.com$/);
    expect(dialog).toHaveTextContent('https://login.example.com/oauth/authorize?client_id=everything&state=abc');
    // Nothing links or prefetches: the URL is text until the person consents.
    expect(dialog.querySelector('a')).toBeNull();
    expect(screen.getByRole('button', { name: 'Decline' })).toHaveFocus();
    expect(open).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Open link' }));
    expect(onRespond).toHaveBeenCalledExactlyOnceWith({ action: 'accept' });
    expect(open).toHaveBeenCalledExactlyOnceWith('https://login.example.com/oauth/authorize?client_id=everything&state=abc', '_blank', 'noopener,noreferrer');
  });

  it('refuses a URL that is not https, and warns about look-alike hosts', () => {
    render(<ElicitationDialog prompt={promptFor({ mode: 'url', url: 'http://example.com/', message: 'x', elicitationId: 'e' })} onRespond={() => true} />);
    expect(screen.queryByRole('button', { name: 'Open link' })).toBeNull();
    expect(screen.getByRole('dialog')).toHaveTextContent('will not be opened');
  });

  it('warns on punycode and mixed-script hosts', () => {
    render(<ElicitationDialog prompt={promptFor({ mode: 'url', url: 'https://аpple.com/login', message: 'x', elicitationId: 'e' })} onRespond={() => true} />);
    const warnings = document.querySelector('[data-slot="elicitation-url-warnings"]')!;
    expect(warnings).toHaveTextContent('encoded form (xn--)');
    expect(warnings).toHaveTextContent('different alphabets');
  });
});

describe('elicitation in the provider\'s queue', () => {
  it('the provider shows it, answers through the controller, and records it', async () => {
    const user = userEvent.setup();
    const onDecision = vi.fn();
    const controller = createBuiltInController({ onDecision, servers: { everything: { name: 'Everything server' } } });
    render(
      <BuiltInProvider controller={controller}>
        <p>chat</p>
      </BuiltInProvider>,
    );
    let outcome!: Promise<ElicitationOutcome>;
    act(() => {
      outcome = controller.requestElicitation({ serverId: 'everything', params: researchClarification, requestId: 3 });
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: /Clarification/ }), 'programming');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await expect(outcome).resolves.toMatchObject({ result: { action: 'accept', content: { interpretation: 'programming' } } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDecision).toHaveBeenCalledWith(expect.objectContaining({ kind: 'elicitation', outcome: 'accept', fields: ['interpretation'] }));
  });

  it('a request the server withdraws closes its prompt', async () => {
    const controller = createBuiltInController();
    render(<BuiltInProvider controller={controller}>{null}</BuiltInProvider>);
    const abort = new AbortController();
    let outcome!: Promise<ElicitationOutcome>;
    act(() => {
      outcome = controller.requestElicitation({ serverId: 's', params: researchClarification, signal: abort.signal });
    });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    act(() => abort.abort());
    await expect(outcome).resolves.toMatchObject({ result: { action: 'cancel' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('composes from parts', () => {
    render(
      <Elicitation.Root prompt={promptFor(researchClarification)} onRespond={() => true}>
        <Elicitation.Content>
          <Elicitation.Title>Clarify, please</Elicitation.Title>
          <Elicitation.Body />
          <Elicitation.Actions />
        </Elicitation.Content>
      </Elicitation.Root>,
    );
    expect(screen.getByRole('dialog', { name: 'Clarify, please' })).toBeInTheDocument();
    expect(Elicitation.Content.displayName).toBe('Elicitation.Content');
  });
});
