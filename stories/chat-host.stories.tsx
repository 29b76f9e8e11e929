import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ChatHost } from './showcase/chat-host.js';

const meta = {
  title: 'Showcase/Chat host',
  component: ChatHost,
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'A composed chat host on built-in data: a trusted files server and an untrusted notes server, badges, a confirmation for a destructive call, results with mixed audiences, priorities and dates, folded low-priority output, and a user/assistant view toggle.',
      },
    },
  },
} satisfies Meta<typeof ChatHost>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Conversation: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('the user view hides assistant-only blocks', async () => {
      await expect(canvas.queryByText(/DEBUG fs.read/)).toBeNull();
      await expect(canvas.getByText('The README was last edited three hours ago.')).toBeVisible();
    });
    await step('the debug view shows what the model sees', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Assistant (debug) view' }));
      const readCard = within(canvas.getByRole('article', { name: 'Read text file' }));
      // Low-priority blocks are folded: open the disclosure to see them.
      await userEvent.click(readCard.getByRole('button', { name: '3 more' }));
      await expect(readCard.getByText(/DEBUG fs.read/)).toBeVisible();
      await expect(canvas.queryByText('The README was last edited three hours ago.')).toBeNull();
      await userEvent.click(canvas.getByRole('radio', { name: 'User view' }));
    });
    await step('a destructive call from an untrusted server asks, with the danger treatment', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Review the pending tool call' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Allow Tidy up notes?' });
      await expect(dialog).toHaveAttribute('data-risk', 'destructive');
      await expect(within(dialog).getByText('delete_notes')).toBeVisible();
      await expect(within(dialog).getByRole('button', { name: 'Deny' })).toHaveFocus();
    });
    await step('approve by keyboard; the card runs, then shows its result', async () => {
      await userEvent.tab();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(canvas.getByText('Deleted 2 notes.')).toBeVisible(), { timeout: 4000 });
      await expect(canvas.getByText('Decision log (1)')).toBeInTheDocument();
    });
  },
};
