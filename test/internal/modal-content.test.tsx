// Dialogs are portalled to <body>, away from the host's dir and lang: they take
// them from where they were opened, or from the provider.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToolConfirmDialog, decideToolCall, useToolApproval } from '../../src/index.js';
import { deleteEntitiesTool } from '../fixtures/tools.js';
import { BuiltInProvider } from '../helpers/kinds.js';

function Opener() {
  const { requestApproval } = useToolApproval();
  return (
    <button type="button" onClick={() => void requestApproval({ serverId: 'm', tool: deleteEntitiesTool, args: { entityNames: ['a'] } })}>
      حذف
    </button>
  );
}

describe('dialog direction and language', () => {
  it('a dialog opened from a right-to-left, Arabic part of the page is right to left and Arabic', async () => {
    const user = userEvent.setup();
    render(
      <BuiltInProvider servers={{ m: { name: 'Memory' } }}>
        <main dir="ltr" lang="en">
          <p>English page</p>
          <section dir="rtl" lang="ar">
            <Opener />
          </section>
        </main>
      </BuiltInProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'حذف' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAttribute('dir', 'rtl');
    expect(dialog).toHaveAttribute('lang', 'ar');
  });

  it("the provider's dir and lang win over the page's", async () => {
    const user = userEvent.setup();
    render(
      <BuiltInProvider servers={{ m: { name: 'Memory' } }} dir="ltr" lang="de">
        <section dir="rtl" lang="ar">
          <Opener />
        </section>
      </BuiltInProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'حذف' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAttribute('dir', 'ltr');
    expect(dialog).toHaveAttribute('lang', 'de');
  });

  it('opened by code with nothing focused, a dialog takes the dir and lang of its place in the tree; with none, it sets none', () => {
    const request = { serverId: 'm', tool: deleteEntitiesTool, args: {}, decision: decideToolCall({ tool: deleteEntitiesTool }) };
    const { unmount } = render(
      <div dir="rtl" lang="he">
        <ToolConfirmDialog prompt={request} onRespond={vi.fn()} />
      </div>,
    );
    expect(screen.getByRole('alertdialog')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('alertdialog')).toHaveAttribute('lang', 'he');
    unmount();
    render(<ToolConfirmDialog prompt={request} onRespond={vi.fn()} />);
    expect(screen.getByRole('alertdialog')).not.toHaveAttribute('dir');
    expect(screen.getByRole('alertdialog')).not.toHaveAttribute('lang');
  });
});
