// Tests for src/components/content-blocks, src/components/freshness and src/components/tool-call: server HTML hydrates without mismatches.
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ContentBlocks, ToolBadges, ToolCallCard } from '../../src/index.js';
import { FIXED_NOW, dated, mixedAudience } from '../fixtures/content.js';
import { deleteEntitiesTool } from '../fixtures/tools.js';

describe('server rendering and hydration', () => {
  it('hydrates server HTML with freshness labels, badges and a card without a mismatch', async () => {
    // The page's clock is three days after the server's `now`.
    vi.useFakeTimers({ now: FIXED_NOW + 3 * 86_400_000, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const app = (
      <div>
        <ContentBlocks blocks={[...dated, ...mixedAudience]} order="priority" collapseBelow={0.4} now={FIXED_NOW} locale="en-US" timeZone="UTC" />
        <ToolBadges tool={deleteEntitiesTool} />
        <ToolCallCard tool={deleteEntitiesTool} trust="trusted" status={{ type: 'running', progress: { progress: 1, total: 4 } }} />
      </div>
    );
    const html = renderToString(app);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable: unknown[] = [];
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, app, { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(html).toContain('1 minute ago');
    expect(container.textContent).not.toContain('DEBUG');
    // After hydration the labels follow the page's shared clock, not the server's `now`.
    expect(html).toContain('>Last modified 1 minute ago<');
    expect(container.querySelector('[data-slot="freshness"]')!.firstChild!.textContent).toBe('Last modified 3 days ago');
    act(() => root.unmount());
    container.remove();
    vi.useRealTimers();
  });
});
