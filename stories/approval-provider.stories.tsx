// Stories for src/components/approval-provider.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ToolApprovalProvider, useToolApproval, type DecisionRecord, type PolicyMode } from '../src/index.js';
import type { Tool } from '../src/core/types.js';
import { createEntitiesTool, deleteEntitiesTool, readFileTool } from '../test/fixtures/tools.js';

function Requests({ calls }: { calls: Array<{ label: string; serverId: string; tool: Tool }> }) {
  const { requestApproval, pending } = useToolApproval();
  const [log, setLog] = useState<string[]>([]);
  return (
    <div>
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
      <p>Waiting: {pending}</p>
      <ol aria-label="Decisions">
        {log.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ol>
    </div>
  );
}

const CALLS = [
  { label: 'Read a file (trusted server)', serverId: 'files', tool: readFileTool },
  { label: 'Create entities (untrusted server)', serverId: 'memory', tool: createEntitiesTool },
  { label: 'Delete entities (untrusted server)', serverId: 'memory', tool: deleteEntitiesTool },
];

const meta = {
  title: 'Components/ToolApprovalProvider',
  component: ToolApprovalProvider,
  args: { servers: { files: { trust: 'trusted', name: 'Files' }, memory: { trust: 'untrusted', name: 'Memory' } }, mode: 'default' },
  argTypes: { mode: { control: 'inline-radio', options: ['default', 'always-confirm', 'read-only', 'offline'] satisfies PolicyMode[] } },
  render: (args) => (
    <ToolApprovalProvider {...args} onDecision={(record: DecisionRecord) => console.info('decision', record)}>
      <Requests calls={CALLS} />
    </ToolApprovalProvider>
  ),
  parameters: { docs: { description: { component: 'Decides calls by policy and asks one confirmation at a time, in order.' } } },
} satisfies Meta<typeof ToolApprovalProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Read a file (trusted server)' }));
    await expect(await canvas.findByText('Read a file (trusted server): run (policy)')).toBeVisible();
  },
};

/** Two confirmations queue; the second appears after the first is answered. */
export const QueuedConfirmations: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create entities (untrusted server)' }));
    const first = await screen.findByRole('alertdialog', { name: 'Allow create_entities?' });
    await expect(first).toBeVisible();
    // The dialog is modal: the host's buttons are unreachable, so queue the second call by code.
    canvas.getByRole('button', { name: 'Delete entities (untrusted server)', hidden: true }).click();
    await expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await userEvent.keyboard('{Escape}');
    await expect(await screen.findByRole('alertdialog', { name: 'Allow Delete entities?' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByRole('list', { name: 'Decisions' })).toHaveTextContent('Create entities (untrusted server): denied (user)Delete entities (untrusted server): denied (user)');
  },
};

export const ReadOnlyMode: Story = { args: { mode: 'read-only' } };
export const AlwaysConfirm: Story = { args: { mode: 'always-confirm' } };
