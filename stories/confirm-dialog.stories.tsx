// Stories for src/components/confirm-dialog.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { ToolConfirmDialog, decideToolCall, type ConfirmRequest, type Trust } from '../src/index.js';
import type { Tool } from '../src/core/types.js';
import { bareTool, createEntitiesTool, deleteEntitiesTool, disguisedTool, readFileTool } from '../test/fixtures/tools.js';

const request = (tool: Tool | undefined, trust: Trust = 'untrusted', extra: Partial<ConfirmRequest> = {}): ConfirmRequest => ({
  serverId: 'memory',
  serverName: 'Knowledge graph (memory)',
  tool,
  args: { entityNames: ['Alice', 'Bob'] },
  decision: decideToolCall({ tool, trust }),
  ...extra,
});

const meta = {
  title: 'Components/ToolConfirmDialog',
  component: ToolConfirmDialog,
  args: { request: request(deleteEntitiesTool), onApprove: fn(), onDeny: fn() },
  parameters: {
    layout: 'fullscreen',
    docs: {
      story: { inline: false, iframeHeight: 560 },
      description: {
        component:
          'Alert-dialog semantics on Radix Dialog: must be answered, outside clicks do nothing, Escape denies, focus starts on Deny unless the call only reads. Approve fires once; closing or unmounting undecided is a deny.',
      },
    },
  },
} satisfies Meta<typeof ToolConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DestructiveUntrusted: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Allow Delete entities?' });
    await expect(dialog).toHaveAttribute('data-risk', 'destructive');
    await expect(screen.getByRole('button', { name: 'Deny' })).toHaveFocus();
    await userEvent.click(document.querySelector('[data-slot="confirm-dialog-overlay"]')!);
    await expect(args.onDeny).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onDeny).toHaveBeenCalledTimes(1);
  },
};

export const DestructiveTrusted: Story = { args: { request: request(deleteEntitiesTool, 'trusted') } };

export const WriteTrustedWithRemember: Story = {
  args: { request: request(createEntitiesTool, 'trusted', { canRemember: true }) },
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Remember for this conversation' }));
    await userEvent.tab();
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Allow' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onApprove).toHaveBeenCalledTimes(1);
    await expect(args.onApprove).toHaveBeenCalledWith({ remember: true });
  },
};

export const ReadOnlyUntrusted: Story = {
  args: { request: request(readFileTool, 'untrusted', { args: { path: '/home/me/notes.txt' } }) },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Allow' })).toHaveFocus();
  },
};

export const NothingDeclared: Story = { args: { request: request(bareTool, 'trusted', { args: { script: 'rm -rf /tmp/cache' } }) } };
export const UnknownTool: Story = { args: { request: request(undefined, 'trusted', { toolName: 'mystery_tool' }) } };

export const DisguisedTitle: Story = {
  args: { request: request(disguisedTool) },
  play: async () => {
    await expect(await screen.findByText('wipe_disk')).toBeVisible();
  },
};

export const HugeArguments: Story = {
  args: {
    request: request(createEntitiesTool, 'untrusted', {
      args: { path: '/var/www/index.html', content: '<html>'.padEnd(5000, ' lorem ipsum'), nested: { depth: { more: Array.from({ length: 30 }, (_, i) => i) } } },
    }),
  },
  play: async () => {
    const toggle = await screen.findByRole('button', { name: 'Show all' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  },
};

export const DoubleClickApprovesOnce: Story = {
  args: { request: request(createEntitiesTool, 'trusted') },
  play: async ({ args }) => {
    await userEvent.dblClick(await screen.findByRole('button', { name: 'Allow' }));
    await expect(args.onApprove).toHaveBeenCalledTimes(1);
    await expect(args.onDeny).not.toHaveBeenCalled();
  },
};

/** A host opens the dialog from its own button; focus returns there afterwards. */
export const OpenedByHost: Story = {
  render: (args) => {
    const [open, setOpen] = useState(false);
    return (
      <div style={{ padding: '1rem' }}>
        <button type="button" onClick={() => setOpen(true)}>
          Run delete_entities
        </button>
        {open && (
          <ToolConfirmDialog
            {...args}
            onApprove={(details) => {
              args.onApprove(details);
              setOpen(false);
            }}
            onDeny={() => {
              args.onDeny();
              setOpen(false);
            }}
          />
        )}
      </div>
    );
  },
  play: async () => {
    const trigger = screen.getByRole('button', { name: 'Run delete_entities' });
    await userEvent.click(trigger);
    await expect(await screen.findByRole('button', { name: 'Deny' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};
