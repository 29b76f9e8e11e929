// The states a host's page can put the components in: right to left, forced
// colours, reduced motion, a dialog taller than the screen. Forced colours and
// reduced motion are media features a story cannot switch: view them with
// Chromium's DevTools (Rendering → Emulate CSS media feature); the browser
// tests for them are test/e2e/host-fit.e2e.test.ts (emulated media).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { ContentBlocks, ConsentProvider, ToolBadges, ToolCallCard, useToolApproval } from '../src/index.js';
import { deleteEntitiesTool, rtlTool } from '../test/fixtures/tools.js';
import styles from './stories.module.css';

const TEST = ['!dev', '!autodocs'];

function AskToDelete() {
  const { requestApproval } = useToolApproval();
  return (
    <button type="button" onClick={() => void requestApproval({ serverId: 'memory', tool: deleteEntitiesTool, args: { entityNames: ['Alice', 'Bob'] }, callId: 'rtl-1' })}>
      احذف
    </button>
  );
}

/** A page in Arabic, right to left: text follows it, while JSON, code, URLs and tool names stay left to right, and the dialog opens in the page's direction and language. */
function RightToLeftPage() {
  return (
    <div dir="rtl" lang="ar" className={styles.stack}>
      <ConsentProvider servers={{ memory: { trust: 'untrusted', name: 'ذاكرة' } }}>
        <ToolBadges tool={rtlTool} trust="untrusted" />
        <ToolCallCard serverId="memory" callId="rtl-1" tool={deleteEntitiesTool} args={{ entityNames: ['Alice', 'Bob'] }} status={{ type: 'awaiting-approval' }} />
        <ContentBlocks blocks={[{ type: 'text', text: 'تم حفظ الملاحظة.' }, { type: 'resource', resource: { uri: 'file:///notes/a.json', mimeType: 'application/json', text: '{ "entityNames": ["Alice"] }' } }]} />
        <AskToDelete />
      </ConsentProvider>
    </div>
  );
}

/** A call that runs: its spinner turns, except under `prefers-reduced-motion: reduce`, where nothing animates. */
function RunningCall() {
  return <ToolCallCard serverId="memory" trust="trusted" tool={deleteEntitiesTool} args={{ entityNames: ['Alice'] }} status={{ type: 'running' }} />;
}

/** Every risk treatment at once: under `forced-colors: active` every label and badge stays readable, the primary and danger buttons become plain buttons with heavier borders. */
function ForcedColoursPage() {
  return (
    <ConsentProvider servers={{ memory: { trust: 'untrusted', name: 'Memory' } }}>
      <div className={styles.stack}>
        <ToolBadges tool={deleteEntitiesTool} trust="untrusted" />
        <ToolCallCard serverId="memory" callId="fc-1" tool={deleteEntitiesTool} args={{ entityNames: ['Alice'] }} status={{ type: 'error', message: 'Connection reset' }} onRetry={() => {}} />
        <AskToDelete />
      </div>
    </ConsentProvider>
  );
}

const meta = {
  title: 'Examples/Host states',
  parameters: {
    docs: {
      description: {
        component:
          'The components inside the states a host page can be in. Forced colours and reduced motion are media features: switch them in Chromium DevTools (Rendering → Emulate CSS media feature); `test/e2e/host-fit.e2e.test.ts` checks them in emulated Chromium. Long dialogs: see `ElicitationDialog` › Long form and `ToolConfirmDialog` › Huge arguments.',
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const RightToLeft: Story = { render: () => <RightToLeftPage /> };
export const ForcedColours: Story = { render: () => <ForcedColoursPage /> };
export const ReducedMotion: Story = { render: () => <RunningCall /> };

/** The dialog opened from a right-to-left page is right to left and Arabic; its JSON is isolated left to right. */
export const RightToLeftDialogTest: Story = {
  ...RightToLeft,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'احذف' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveAttribute('dir', 'rtl');
    await expect(dialog).toHaveAttribute('lang', 'ar');
    const json = dialog.querySelector('[data-slot="tool-confirm-json"]')!;
    await expect(getComputedStyle(json).direction).toBe('ltr');
    await expect(getComputedStyle(canvasElement.querySelector('[data-slot="content-resource-pre"]')!).direction).toBe('ltr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
  },
};
