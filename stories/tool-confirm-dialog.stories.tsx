// Stories for src/components/tool-confirm.
// Display stories are inert: they show the dialog and leave it open. Interaction
// tests are separate stories tagged '!dev' (they run as tests, not in the sidebar).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { LabelsProvider, ToolConfirm, ToolConfirmDialog, decideToolCall, type Trust } from '../src/index.js';
import type { ToolConfirmPrompt } from '../src/components/tool-confirm/tool-confirm-parts.js';
import type { DecisionInput } from '../src/core/tool/decide.js';
import type { Tool } from '../src/core/shared/types.js';
import { bareTool, createEntitiesTool, deleteEntitiesTool, disguisedTool, fetchTool, readFileTool, rtlTool } from '../test/fixtures/tools.js';
import styles from './stories.module.css';
import { de } from '../src/locales/de.js';

const request = (tool: Tool | undefined, trust: Trust = 'untrusted', extra: Partial<ToolConfirmPrompt> = {}, policy: Partial<DecisionInput> = {}): ToolConfirmPrompt => ({
  serverId: 'memory',
  serverName: 'Knowledge graph (memory)',
  tool,
  args: { entityNames: ['Alice', 'Bob'] },
  decision: decideToolCall({ tool, trust, ...policy }),
  ...extra,
});

const TEST = ['!dev', '!autodocs'];

const meta = {
  title: 'Components/ToolConfirmDialog',
  component: ToolConfirmDialog,
  args: { prompt: request(deleteEntitiesTool), onRespond: fn() },
  parameters: {
    layout: 'fullscreen',
    docs: {
      story: { inline: false, iframeHeight: 620 },
      description: {
        component:
          'An alert dialog for one tool call: it must be answered, clicking outside does nothing, Escape denies, and focus starts on Deny unless a trusted server declares the call read-only. The real tool name and the server (with its trust) are always shown next to any title. Approve fires once; closing or unmounting undecided is a deny. Parts: `ToolConfirm.Root`, `.Content`, `.Title`, `.Description`, `.Badges`, `.Reasons`, `.Arguments`, `.Remember`, `.Cancel`, `.Action`.',
      },
    },
  },
} satisfies Meta<typeof ToolConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An untrusted server wants to run a destructive tool: danger treatment, focus on Deny. */
export const DestructiveUntrusted: Story = {};
export const DestructiveTrusted: Story = { args: { prompt: request(deleteEntitiesTool, 'trusted') } };
export const WriteTrustedWithRemember: Story = { args: { prompt: request(createEntitiesTool, 'trusted', { canRemember: true }) } };
/** An untrusted server's read-only claim is only a claim: focus stays on Deny. */
export const ReadOnlyUntrusted: Story = { args: { prompt: request(readFileTool, 'untrusted', { args: { path: '/home/me/notes.txt' } }) } };
/** The one case that starts on Allow: a trusted server's declared read-only call, asked only because the host always confirms. */
export const ReadOnlyTrustedAlwaysConfirm: Story = { args: { prompt: request(readFileTool, 'trusted', { args: { path: '/home/me/notes.txt' } }, { mode: 'always-confirm' }) } };
/** The taint guard asks even a trusted server, and says why. */
export const TaintGuard: Story = { args: { prompt: request(fetchTool, 'trusted', { args: { url: 'https://example.com/' } }, { tainted: true }) } };
export const NothingDeclared: Story = { args: { prompt: request(bareTool, 'trusted', { args: { script: 'rm -rf /tmp/cache' } }) } };
export const UnknownTool: Story = { args: { prompt: request(undefined, 'trusted', { toolName: 'mystery_tool' }) } };
export const DisguisedTitle: Story = { args: { prompt: request(disguisedTool, 'untrusted', { serverName: 'Helper\u202E (official)' }) } };
export const ChangedSinceAllowed: Story = { args: { prompt: request(createEntitiesTool, 'trusted', {}, { annotationsChanged: ['title', 'description'] }) } };
/** Another server offers a tool of the same name (shadowing): a trusted read-only call asks, names the other server, and cannot be remembered. */
export const ShadowedName: Story = { args: { prompt: request(readFileTool, 'trusted', { args: { path: '/home/me/notes.txt' } }, { shadowedBy: ['Copycat files'] }) } };
/** The server calls itself by a look-alike of a configured server's name (squatting). */
export const LookAlikeServer: Story = { args: { prompt: request(createEntitiesTool, 'trusted', { serverName: 'Gіthub' }, { lookAlikeOf: 'GitHub' }) } };
export const HugeArguments: Story = {
  args: {
    prompt: request(createEntitiesTool, 'untrusted', {
      args: { path: '/var/www/index.html', content: '<html>'.padEnd(5000, ' lorem ipsum'), hidden: 'invoice\u202Efdp.exe', nested: { depth: { more: Array.from({ length: 30 }, (_, i) => i) } } },
    }),
  },
};
export const RightToLeft: Story = {
  args: { prompt: request(rtlTool, 'untrusted', { serverName: 'خادم الترجمة', args: { text: 'مرحبا' } }) },
  decorators: [
    (Story) => (
      <div dir="rtl" lang="ar">
        <Story />
      </div>
    ),
  ],
};

/** In German: the whole table (`react-mcp-annotations/locales/de`) and the locale, given once; reasons and their "oder" lists follow it. */
export const German: Story = {
  args: { prompt: request(bareTool, 'untrusted', { serverName: 'Speicher', args: { script: 'rm -rf /tmp/cache' } }) },
  decorators: [
    (Story) => (
      <LabelsProvider labels={de} locale="de">
        <div lang="de">
          <Story />
        </div>
      </LabelsProvider>
    ),
  ],
};

export const GermanTest: Story = {
  ...German,
  tags: TEST,
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'run_script erlauben?' });
    await expect(dialog).toHaveAttribute('lang', 'de');
    await expect(within(dialog).getByRole('list', { name: 'Warum Sie gefragt werden' })).toHaveTextContent(/ob es nur liest, ob es Daten löschen oder überschreiben kann oder ob es nach außerhalb dieser App greift/);
    await expect(within(dialog).getByRole('button', { name: 'Ablehnen' })).toHaveFocus();
  },
};

/** Composed from parts: a host's own buttons through `asChild`, its own layout. */
export const ComposedFromParts: Story = {
  render: (args) => (
    <ToolConfirm.Root prompt={args.prompt!} onRespond={args.onRespond}>
      <ToolConfirm.Content>
        <ToolConfirm.Title />
        <ToolConfirm.Description />
        <ToolConfirm.Reasons />
        <div className={styles.row}>
          <ToolConfirm.Cancel asChild>
            <button type="button" className={styles.hostButton}>
              Not now
            </button>
          </ToolConfirm.Cancel>
          <ToolConfirm.Action asChild>
            <button type="button" className={styles.hostButton}>
              Yes, delete
            </button>
          </ToolConfirm.Action>
        </div>
      </ToolConfirm.Content>
    </ToolConfirm.Root>
  ),
};

/** A host opens the dialog from its own button. */
export const OpenedByHost: Story = {
  render: (args) => {
    const [open, setOpen] = useState(false);
    return (
      <div className={styles.pad}>
        <button type="button" onClick={() => setOpen(true)}>
          Run delete_entities
        </button>
        {open && (
          <ToolConfirmDialog
            prompt={args.prompt!}
            onRespond={(answer) => {
              args.onRespond?.(answer);
              setOpen(false);
            }}
          />
        )}
      </div>
    );
  },
};

// Interaction tests ----------------------------------------------------------

export const EscapeDeniesTest: Story = {
  tags: TEST,
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Allow Delete entities?' });
    await expect(dialog).toHaveAttribute('data-risk', 'destructive');
    await expect(screen.getByRole('button', { name: 'Deny' })).toHaveFocus();
    await userEvent.click(document.querySelector('[data-slot="consent-overlay"]')!);
    await expect(args.onRespond).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'deny' });
  },
};

export const RememberByKeyboardTest: Story = {
  ...WriteTrustedWithRemember,
  tags: TEST,
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Remember for this conversation' }));
    await userEvent.tab();
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Allow' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'approve', remember: true });
  },
};

export const FocusStartsRightTest: Story = {
  ...ReadOnlyUntrusted,
  tags: TEST,
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Deny' })).toHaveFocus();
  },
};

export const FocusOnAllowForTrustedReadOnlyTest: Story = {
  ...ReadOnlyTrustedAlwaysConfirm,
  tags: TEST,
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Allow' })).toHaveFocus();
  },
};

export const DisguisedTitleTest: Story = {
  ...DisguisedTitle,
  tags: TEST,
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByText('wipe_disk')).toBeVisible();
    await expect(dialog.textContent).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  },
};

export const ShowAllArgumentsTest: Story = {
  ...HugeArguments,
  tags: TEST,
  play: async () => {
    const pre = document.querySelector('[data-slot="tool-confirm-json"]')!;
    await expect(pre.textContent).toContain('\\u202E');
    const toggle = await screen.findByRole('button', { name: 'Show all' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAccessibleName('Show all');
    // The arguments grew above the focused toggle: it is still in view, inside the dialog's scroll box.
    const box = toggle.closest('[role="alertdialog"]')!.getBoundingClientRect();
    const rect = toggle.getBoundingClientRect();
    await expect(rect.bottom <= Math.min(box.bottom, window.innerHeight) + 1 && rect.top >= box.top - 1).toBe(true);
  },
};

export const DoubleClickApprovesOnceTest: Story = {
  args: { prompt: request(createEntitiesTool, 'trusted') },
  tags: TEST,
  play: async ({ args }) => {
    await userEvent.dblClick(await screen.findByRole('button', { name: 'Allow' }));
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'approve', remember: false });
  },
};

export const FocusReturnsToOpenerTest: Story = {
  ...OpenedByHost,
  tags: TEST,
  play: async () => {
    const trigger = screen.getByRole('button', { name: 'Run delete_entities' });
    await userEvent.click(trigger);
    await expect(await screen.findByRole('button', { name: 'Deny' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};
