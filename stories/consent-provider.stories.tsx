// Stories for src/components/consent-provider: tool calls, and a kind of the host's own plugged in.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ConsentProvider, toolKind, useConsentController, usePendingCount, useTaintState, useToolApproval, type ConsentRecord, type ToolKindTypes } from '../src/index.js';
import type { ConsentProviderOptionsProps } from '../src/components/consent-provider/consent-provider.js';
import type { PolicyMode } from '../src/core/shared/policy.js';
import { ResourceDialog } from '../test/fixtures/resource-dialog.js';
import { resourceKind, type ResourceKindTypes } from '../test/fixtures/resource-kind.js';
import type { Tool } from '../src/core/shared/types.js';
import { createEntitiesTool, deleteEntitiesTool, fetchTool, readFileTool } from '../test/fixtures/tools.js';
import styles from './stories.module.css';

const TEST = ['!dev', '!autodocs'];

function Requests({ calls }: { calls: Array<{ label: string; serverId: string; tool: Tool }> }) {
  const { requestApproval, resetTaint } = useToolApproval();
  const pending = usePendingCount();
  const tainted = useTaintState();
  const [log, setLog] = useState<string[]>([]);
  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        {calls.map((call) => (
          <button
            key={call.label}
            type="button"
            onClick={async () => {
              const result = await requestApproval({ serverId: call.serverId, tool: call.tool, args: { example: true } });
              setLog((lines) => [...lines, `${call.label}: ${result.outcome} (${result.decidedBy})`]);
            }}
          >
            {call.label}
          </button>
        ))}
      </div>
      <p>
        Waiting: {pending} · Outside content in the conversation: {tainted ? 'yes' : 'no'}{' '}
        <button type="button" onClick={resetTaint} disabled={!tainted}>
          Reset
        </button>
      </p>
      <ol aria-label="Decisions">
        {log.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ol>
    </div>
  );
}

const CALLS = [
  { label: 'Read a file (trusted)', serverId: 'files', tool: readFileTool },
  { label: 'Fetch a web page (trusted)', serverId: 'files', tool: fetchTool },
  { label: 'Create entities (trusted)', serverId: 'files', tool: createEntitiesTool },
  { label: 'Create entities (untrusted)', serverId: 'memory', tool: createEntitiesTool },
  { label: 'Delete entities (untrusted)', serverId: 'memory', tool: deleteEntitiesTool },
];

const meta = {
  title: 'Components/ConsentProvider',
  component: ConsentProvider,
  args: { servers: { files: { trust: 'trusted', name: 'Files' }, memory: { trust: 'untrusted', name: 'Memory' } }, mode: 'default', taintGuard: false },
  argTypes: { mode: { control: 'inline-radio', options: ['default', 'always-confirm', 'read-only', 'offline'] satisfies PolicyMode[] } },
  render: (args) => (
    <ConsentProvider {...(args as ConsentProviderOptionsProps)} onDecision={(record: ConsentRecord) => console.info('decision', record)}>
      <Requests calls={CALLS} />
    </ConsentProvider>
  ),
  parameters: {
    docs: {
      description: {
        component:
          'Decides requests by policy and asks one prompt at a time, in order, each with the component of its kind (`components[prompt.kind]`; tool confirmations by default) — a thin React layer over `createConsentController`. Its context never changes while requests come and go: read the count with `usePendingCount()`. With `taintGuard`, once an open-world result entered the conversation, writes and further open-world calls ask, even for trusted servers, until reset.',
      },
    },
  },
} satisfies Meta<typeof ConsentProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const ReadOnlyMode: Story = { args: { mode: 'read-only' } };
export const AlwaysConfirm: Story = { args: { mode: 'always-confirm' } };
/** Fetch a web page first; afterwards the trusted write asks, and says why. */
export const TaintGuard: Story = { args: { taintGuard: true } };

// Interaction tests ----------------------------------------------------------

export const TrustedReadRunsTest: Story = {
  tags: TEST,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Read a file (trusted)' }));
    await expect(await canvas.findByText('Read a file (trusted): run (policy)')).toBeVisible();
  },
};

/** Two confirmations queue; the second appears after the first is answered. */
export const QueuedConfirmationsTest: Story = {
  tags: TEST,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create entities (untrusted)' }));
    const first = await screen.findByRole('alertdialog', { name: 'Allow create_entities?' });
    await expect(first).toBeVisible();
    // The dialog is modal: the host's buttons are unreachable, so queue the second call by code.
    canvas.getByRole('button', { name: 'Delete entities (untrusted)', hidden: true }).click();
    await waitFor(() => expect(canvas.getByText(/Waiting: 2/, { ignore: 'button' })).toBeInTheDocument());
    await expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await userEvent.keyboard('{Escape}');
    await expect(await screen.findByRole('alertdialog', { name: 'Allow Delete entities?' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByRole('list', { name: 'Decisions' })).toHaveTextContent('Create entities (untrusted): denied (user)Delete entities (untrusted): denied (user)');
  },
};

export const TaintGuardTest: Story = {
  ...TaintGuard,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Fetch a web page (trusted)' }));
    await expect(await canvas.findByText('Fetch a web page (trusted): run (policy)')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Create entities (trusted)' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('Content from outside this app has entered the conversation');
    await expect(within(dialog).getByRole('button', { name: 'Deny' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Reset' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Read a file (trusted)' }));
    await expect(await canvas.findByText('Read a file (trusted): run (policy)')).toBeVisible();
  },
};

/** A request with no card (no `callId`) from a button that goes away once it asks, as a menu item does. */
function VanishingOpener() {
  const { requestApproval } = useToolApproval();
  const [asked, setAsked] = useState(false);
  return (
    <div className={styles.stack}>
      <label>
        Message <input />
      </label>
      {!asked && (
        <button
          type="button"
          onClick={() => {
            setAsked(true);
            void requestApproval({ serverId: 'memory', tool: deleteEntitiesTool, args: { entityNames: ['Alice'] } });
          }}
        >
          Delete Alice
        </button>
      )}
    </div>
  );
}

/** No card and the opener gone: focus returns to the element focused before the dialog, never to <body>. */
export const NoCardNoOpenerTest: Story = {
  tags: TEST,
  render: () => (
    <ConsentProvider servers={{ memory: { trust: 'untrusted', name: 'Memory' } }}>
      <VanishingOpener />
    </ConsentProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Message' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Alice' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveFocus());
  },
};

/** Nothing focused before either: the host's `fallbackFocus` takes it. */
export const FallbackFocusTest: Story = {
  tags: TEST,
  render: () => (
    <ConsentProvider servers={{ memory: { trust: 'untrusted', name: 'Memory' } }} fallbackFocus={() => document.getElementById('fallback-heading')}>
      <h2 id="fallback-heading" tabIndex={-1}>
        Conversation
      </h2>
      <VanishingOpener />
    </ConsentProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Pointer down on a button focuses it; it is the only element focused before the dialog, and it goes away.
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Alice' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Conversation' })).toHaveFocus());
    await expect(dialog.isConnected).toBe(false);
  },
};

function ResourceRequests() {
  const consent = useConsentController<ToolKindTypes | ResourceKindTypes>();
  const [log, setLog] = useState<string[]>([]);
  const read = async (uri: string) => {
    const { outcome } = await consent.readResource({ serverId: 'files', uri });
    setLog((lines) => [...lines, `${uri}: ${outcome}`]);
  };
  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        <button type="button" onClick={() => void read('file:///notes.txt')}>
          Read notes
        </button>
        <button type="button" onClick={() => void read('https://example.com/report')}>
          Read a web report
        </button>
      </div>
      <ol aria-label="Reads">
        {log.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ol>
    </div>
  );
}

/**
 * A kind the library does not ship — "let the model read a resource the
 * server offers" (`test/fixtures/resource-kind.ts`, written against the
 * public API only) — plugged in with `kinds` and shown with the host's own
 * component in `components`. Nothing under `src/` knows it.
 */
export const KindOfYourOwn: Story = {
  render: () => (
    <ConsentProvider kinds={[toolKind(), resourceKind()]} servers={{ files: { trust: 'untrusted', name: 'Files' } }} components={{ resource: ResourceDialog }}>
      <ResourceRequests />
    </ConsentProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Read notes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Read file:///notes.txt?' });
    await expect(within(dialog).getByRole('button', { name: 'Refuse' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Allow reading' }));
    await waitFor(() => expect(canvas.getByRole('list', { name: 'Reads' })).toHaveTextContent('file:///notes.txt: read'));
    await userEvent.click(canvas.getByRole('button', { name: 'Read a web report' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.getByRole('list', { name: 'Reads' })).toHaveTextContent('https://example.com/report: refused'));
  },
};
