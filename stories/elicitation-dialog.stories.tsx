// Stories for src/components/elicitation.
// Display stories are inert: they show the dialog and leave it open. Interaction
// tests are separate stories tagged '!dev' (they run as tests, not in the sidebar).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { Elicitation, ElicitationDialog, type Trust } from '../src/index.js';
import type { ElicitationPrompt } from '../src/components/elicitation/elicitation-dialog.js';
import { decideServerRequest } from '../src/core/requests/decide.js';
import { parseElicitationRequest } from '../src/core/requests/elicitation.js';
import { everythingElicitation, researchClarification, sensitiveElicitation, urlElicitation } from '../test/fixtures/server-requests.js';
import styles from './stories.module.css';

const prompt = (params: unknown, trust: Trust = 'untrusted', serverName = 'Everything server'): ElicitationPrompt => {
  const view = parseElicitationRequest(params);
  return { serverId: 'everything', serverName, trust, view, decision: decideServerRequest({ kind: 'elicitation', trust, elicitation: view }) };
};

const TEST = ['!dev', '!autodocs'];

const meta = {
  title: 'Components/ElicitationDialog',
  component: ElicitationDialog,
  args: { prompt: prompt(everythingElicitation), onRespond: fn(() => true), openUrl: fn() },
  parameters: {
    layout: 'fullscreen',
    docs: {
      story: { inline: false, iframeHeight: 720 },
      description: {
        component:
          'A server asks the person for information (`elicitation/create`). **Form mode** renders the flat `requestedSchema` — string (email, uri, date, date-time, lengths), number and integer (bounds), boolean, single and multiple choice (plain, titled `oneOf`, legacy `enumNames`) — pre-filled from `default`s, validated natively and by the schema, then **reviewed**: the person sees exactly what will be sent before Send. **URL mode** shows the full address with the site emphasised and opens it only after consent, in a new tab without an opener. Decline (an explicit no) and Cancel (dismissed, Escape) are distinct answers. Fields that look like secrets are flagged, masked and need an extra confirmation. Parts: `Elicitation.Root`, `.Content`, `.Title`, `.Description`, `.Body`, `.Actions`.',
      },
    },
  },
} satisfies Meta<typeof ElicitationDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** server-everything's `trigger-elicitation-request`: 13 fields, 8 defaults, from an untrusted server. */
export const FormEveryFieldType: Story = {};
/** The same form from a trusted server. */
export const FormTrusted: Story = { args: { prompt: prompt(everythingElicitation, 'trusted') } };
/** A task's `input_required`: one required choice. */
export const FormTaskClarification: Story = { args: { prompt: prompt(researchClarification) } };
/** Asked during a call (`callMcpTool`, or a task's `callIdFor`): the dialog names the call's tool, and focus returns to its card. */
export const FormDuringCall: Story = { args: { prompt: { ...prompt(researchClarification), callId: 'call-1', callName: 'simulate-research-query' } } };
/** A task's question (`input_required`) when the host can stop tasks: "Stop task" stops it from here, since the modal covers the card's Cancel. */
export const FormTaskStoppable: Story = { args: { prompt: { ...prompt(researchClarification), callId: 'call-1', callName: 'simulate-research-query', stop: 'task' } } };
/** The review step: exactly the values to be sent. */
export const FormReview: Story = {
  args: { prompt: prompt(researchClarification) },
  play: async () => {
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: /Clarification/ }), 'snake');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
  },
};
/** Field errors from the schema's own rules (here: more choices than `maxItems`). */
export const FormInvalid: Story = {
  play: async () => {
    await userEvent.type(await screen.findByRole('textbox', { name: /^String \(required\)/ }), 'Ada');
    for (const name of ['Piano', 'Violin', 'Drums']) await userEvent.click(screen.getByRole('checkbox', { name }));
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
  },
};
/** Fields that look like secrets: flagged and masked. */
export const FormSensitive: Story = { args: { prompt: prompt(sensitiveElicitation) } };
/** Their review: values hidden until shown, and an extra confirmation before Send. */
export const FormSensitiveReview: Story = {
  args: { prompt: prompt(sensitiveElicitation) },
  play: async () => {
    await userEvent.type(await screen.findByRole('textbox', { name: /^User name/ }), 'ada');
    await userEvent.type(screen.getByLabelText(/^Password/), 'hunter2');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
  },
};
/** An integer PIN: masked in the form too, with a number keyboard, and the extra acknowledgement at Review. */
export const FormIntegerPin: Story = { args: { prompt: prompt({ message: 'Unlock the vault.', requestedSchema: { type: 'object', properties: { pin: { type: 'integer', title: 'PIN' } }, required: ['pin'] } }) } };
/** A negated mention ("do not give us your PIN") is not a request for a secret: no banner, no gate. */
export const FormNegatedMention: Story = {
  args: { prompt: prompt({ message: 'One question.', requestedSchema: { type: 'object', properties: { favorite: { type: 'integer', title: 'Favorite integer', description: 'Your favorite integer (do not give us your phone number, pin, or other sensitive info)' } } } }) },
};
/** Secrets a hostile server disguises: digits, camel case, an invisible character, a Cyrillic letter, other languages. */
export const FormDisguisedSecrets: Story = {
  args: {
    prompt: prompt({
      message: 'Finish setting up.',
      requestedSchema: { type: 'object', properties: { newPassword1: { type: 'string' }, 'Pass\u200Bword': { type: 'string' }, 'P\u0430ssword': { type: 'string' }, passwort: { type: 'string', title: 'Passwort' }, seedPhrase: { type: 'string', title: 'Seed phrase' } } },
    }),
  },
};
/** Review is the truth: a choice whose label says one thing and whose value another shows both. */
export const FormReviewLabelDiffers: Story = {
  args: { prompt: prompt({ message: 'Choose a plan.', requestedSchema: { type: 'object', properties: { plan: { type: 'string', title: 'Plan', enum: ['delete_all', 'keep'], enumNames: ['Keep my data', 'Delete everything'], default: 'delete_all' } } } }) },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Review' }));
  },
};
/** Server text with direction overrides and invisible characters: shown as visible escapes, never reordered. */
export const FormTrojanSourceMessage: Story = {
  args: { prompt: prompt({ message: 'Approve \u202Eesaeler\u202C the refund\u200B now.', requestedSchema: { type: 'object', properties: { note: { type: 'string', title: '\u200B\u200D', description: 'Why \u2066this\u2069?' } } } }) },
};
/** Fields named `__proto__`, `constructor` and `toString` are ordinary fields. */
export const FormHostileFieldNames: Story = {
  args: { prompt: prompt({ message: 'Three fields.', requestedSchema: { type: 'object', properties: JSON.parse('{"__proto__": {"type": "string", "title": "Proto"}, "constructor": {"type": "string", "title": "Ctor"}, "toString": {"type": "string", "title": "Str"}}') as Record<string, unknown> } }) },
};
/** A schema the form cannot render (nested object, unknown type): a clear error, and only Decline. */
export const FormMalformed: Story = { args: { prompt: prompt({ message: 'Where do you live?', requestedSchema: { type: 'object', properties: { address: { type: 'object' }, when: { type: 'timestamp' } } } }) } };
/** URL mode: the full address, the site in bold, opened only after consent. */
export const Url: Story = { args: { prompt: prompt(urlElicitation) } };
/** A look-alike host (Cyrillic "а" in "apple"): punycode and mixed-script warnings. */
export const UrlLookAlike: Story = { args: { prompt: prompt({ mode: 'url', url: 'https://аpple.com/login', message: 'Sign in to continue.', elicitationId: 'e1' }) } };
/** Credentials before the host: only the parsed host (`l.com`) is emphasised, with a warning. */
export const UrlWithCredentials: Story = { args: { prompt: prompt({ mode: 'url', url: 'https://paypal.com@l.com/', message: 'Confirm your payment.', elicitationId: 'e3' }) } };
/** Not https: refused, only Decline. */
export const UrlNotHttps: Story = { args: { prompt: prompt({ mode: 'url', url: 'http://login.example.com/', message: 'Sign in.', elicitationId: 'e2' }) } };
/** The host's own registrable-domain function (Public Suffix List) decides what is emphasised. */
export const UrlRegistrableDomain: Story = {
  args: { prompt: { ...prompt(urlElicitation), view: parseElicitationRequest(urlElicitation, { registrableDomain: (host) => host.split('.').slice(-2).join('.') }) } },
};
/** A long, right-to-left server name and message stay readable and isolated. */
export const RightToLeft: Story = {
  args: { prompt: prompt({ message: 'ما اسمك؟', requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'الاسم' } }, required: ['name'] } }, 'untrusted', 'خادم الترجمة') },
  decorators: [
    (Story) => (
      <div dir="rtl" lang="ar">
        <Story />
      </div>
    ),
  ],
};
/** Composed from parts, with a host's own title. */
export const ComposedFromParts: Story = {
  args: { prompt: prompt(researchClarification) },
  render: (args) => (
    <Elicitation.Root prompt={args.prompt} onRespond={args.onRespond}>
      <Elicitation.Content>
        <Elicitation.Title>Help the research along</Elicitation.Title>
        <div className={styles.row}>
          <Elicitation.Body />
        </div>
        <Elicitation.Actions />
      </Elicitation.Content>
    </Elicitation.Root>
  ),
};

// Interaction tests ----------------------------------------------------------

export const AcceptWithDefaultsAndAnEditTest: Story = {
  tags: TEST,
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Everything server asks for information' });
    const name = within(dialog).getByRole('textbox', { name: /^String \(required\)/ });
    await expect(name).toHaveFocus();
    await userEvent.type(name, 'Ada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    // A negated mention of a PIN in a description is no request for a secret: no extra gate.
    await expect(within(dialog).queryByRole('checkbox', { name: /I understand/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(args.onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: {
        name: 'Ada',
        check: false,
        firstLine: 'It was a dark and stormy night.',
        integer: 42,
        number: 3.14,
        untitledSingleSelectEnum: 'Monica',
        untitledMultipleSelectEnum: ['Guitar'],
        titledSingleSelectEnum: 'hero-1',
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-1',
      },
    });
  },
};

export const NamesTheCallTest: Story = {
  tags: TEST,
  args: { prompt: { ...prompt(researchClarification), callId: 'call-1', callName: 'simulate-research-query' } },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    const term = within(dialog).getByText('Asked during');
    await expect(term.tagName).toBe('DT');
    await expect(term.nextElementSibling).toHaveTextContent('simulate-research-query');
    await expect(within(dialog).getByText('simulate-research-query')).toHaveAttribute('translate', 'no');
  },
};

export const StopTaskTest: Story = {
  tags: TEST,
  args: { prompt: { ...prompt(researchClarification), stop: 'task' } },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog');
    const buttons = within(dialog).getAllByRole('button').map((button) => button.textContent);
    // Apart from the answers, first; never where focus starts.
    await expect(buttons).toEqual(['Stop task', 'Cancel', 'Decline', 'Review']);
    await expect(within(dialog).getByRole('button', { name: 'Stop task' })).not.toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop task' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'cancel', stop: true });
  },
};

export const WithoutCallNoCallRowTest: Story = {
  tags: TEST,
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).queryByText('Asked during')).toBeNull();
    await expect(within(dialog).queryByRole('button', { name: /^Stop/ })).toBeNull();
  },
};

export const DeclineTest: Story = {
  tags: TEST,
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'decline' });
  },
};

export const EscapeCancelsTest: Story = {
  tags: TEST,
  play: async ({ args }) => {
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'cancel' });
  },
};

export const UrlOpensOnlyAfterConsentTest: Story = {
  ...Url,
  tags: TEST,
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Everything server asks you to open a link' });
    await expect(dialog.querySelector('a, link[rel="prefetch"], link[rel="preconnect"]')).toBeNull();
    await expect(screen.getByRole('button', { name: 'Decline' })).toHaveFocus();
    await expect(args.openUrl).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Open link' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept' });
    await expect(args.openUrl).toHaveBeenCalledTimes(1);
    await expect(args.openUrl).toHaveBeenCalledWith(urlElicitation.url);
  },
};

export const HostileFieldNamesTest: Story = {
  tags: TEST,
  args: { prompt: FormHostileFieldNames.args!.prompt },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog');
    const ctor = within(dialog).getByRole('textbox', { name: 'Ctor' });
    await expect(ctor).toHaveValue('');
    await userEvent.type(ctor, 'c');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    await expect(within(dialog).queryByText(/native code/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { constructor: 'c' } });
  },
};

const longForm = prompt({
  message: 'Tell us about every item.',
  requestedSchema: { type: 'object', properties: Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`item${i + 1}`, { type: 'string', title: `Item ${i + 1}` }])) },
});
/** A form taller than the screen: the dialog scrolls inside itself. */
export const LongForm: Story = { args: { prompt: longForm } };

/** Whether an element is inside the visible part of the dialog (its own scroll box). */
const inView = (element: Element) => {
  const box = element.closest('[role="dialog"], [role="alertdialog"]')!.getBoundingClientRect();
  const rect = element.getBoundingClientRect();
  return rect.top >= box.top - 1 && rect.bottom <= box.bottom + 1 && rect.bottom <= window.innerHeight + 1;
};

/** Tab wraps from the last control to the first and back: whatever has focus is scrolled into view. */
export const LongFormFocusInViewTest: Story = {
  ...LongForm,
  tags: TEST,
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    const first = within(dialog).getByRole('textbox', { name: 'Item 1' });
    first.focus();
    await userEvent.tab({ shift: true });
    const last = document.activeElement!;
    await expect(last).not.toBe(first);
    await expect(dialog.contains(last)).toBe(true);
    await expect(inView(last)).toBe(true);
    await userEvent.tab();
    await expect(first).toHaveFocus();
    await expect(inView(first)).toBe(true);
  },
};
