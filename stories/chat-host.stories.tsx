// Stories for the composed showcase (stories/showcase): a chat host on built-in data.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ChatHost } from './showcase/chat-host.js';

const meta = {
  title: 'Examples/Chat host',
  component: ChatHost,
  // No docs page: Storybook's root opens the first entry, which must be the conversation.
  tags: ['!autodocs'],
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'A composed chat host on built-in data: a trusted files server and an untrusted notes server, badges that agree everywhere, a destructive call waiting for approval (in a dialog or in its card), results with mixed audiences, priorities and dates, folded low-priority output, a user/assistant view toggle, host modes and the taint guard. Nothing happens until you act.',
      },
    },
  },
} satisfies Meta<typeof ChatHost>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page a person opens with `npm start`: nothing runs by itself. */
export const Conversation: Story = {};

// Interaction test: runs in the test runner only, never on the page a person opens.
export const ConversationTest: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('the user view hides assistant-only blocks', async () => {
      await expect(canvas.queryByText(/DEBUG fs.read/)).toBeNull();
      await expect(canvas.getByText('The README was last edited three hours ago.')).toBeVisible();
    });
    await step('the sidebar and the cards agree on trust', async () => {
      const sidebar = within(canvas.getByRole('complementary', { name: 'Connected servers' }));
      await expect(sidebar.getAllByText('Unverified').length).toBeGreaterThan(0);
      await expect(sidebar.queryByText(/Claims/)).toBeNull();
    });
    await step('the debug view shows what the model sees', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Assistant (debug) view' }));
      const readCard = within(canvas.getByRole('article', { name: 'Read text file' }));
      await userEvent.click(readCard.getByRole('button', { name: '3 more blocks, lower priority' }));
      await expect(readCard.getByText(/DEBUG fs.read/)).toBeVisible();
      await expect(canvas.queryByText('The README was last edited three hours ago.')).toBeNull();
      await userEvent.click(canvas.getByRole('radio', { name: 'User view' }));
    });
    await step('a destructive call from an untrusted server asks, with the danger treatment', async () => {
      await expect(canvas.getByRole('article', { name: 'Tidy up notes' })).toHaveAttribute('data-state', 'awaiting-approval');
      await userEvent.click(canvas.getByRole('button', { name: 'Review the pending tool call' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Allow Tidy up notes?' });
      await expect(dialog).toHaveAttribute('data-risk', 'destructive');
      await expect(within(dialog).getByText('delete_notes')).toBeVisible();
      await expect(within(dialog).getByRole('button', { name: 'Deny' })).toHaveFocus();
    });
    await step('approve by keyboard; the card runs, shows its result, and focus is not lost', async () => {
      await userEvent.tab();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(canvas.getByText('Deleted 2 notes.')).toBeVisible(), { timeout: 4000 });
      await expect(canvas.getByText('Decision log (1)')).toBeInTheDocument();
      await expect(document.activeElement).not.toBe(document.body);
    });
  },
};

export const InlineApprovalTest: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Approvals' }), 'inline');
    const card = within(canvas.getByRole('article', { name: 'Tidy up notes' }));
    const region = await card.findByRole('region', { name: 'Needs your approval' });
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(within(region).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(card.getByRole('status')).toHaveTextContent('Denied'));
  },
};
