// A host's message table is host input of any shape (issue 33, class 6): an entry whose getter throws, a value
// that is not a string, a table that cannot be read at all. The page renders; what cannot be read keeps its
// English default, and every string entry still counts.
import { cleanup, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentBlocks, Freshness, LabelsProvider, ToolBadges } from '../../src/index.js';

afterEach(cleanup);

const block = { type: 'text', text: 'hello' };
const tool = { name: 'wipe', annotations: { destructiveHint: true } };
const now = Date.parse('2026-12-03T12:00:00Z');

function hostile(): Record<string, unknown> {
  const table: Record<string, unknown> = { copy: 'Kopieren', readOnly: 42, destructive: { text: 'x' } };
  Object.defineProperty(table, 'stale', { enumerable: true, get: () => { throw new Error('boom'); } });
  return table;
}

function Page({ labels }: { labels: unknown }) {
  return (
    <LabelsProvider labels={labels as never}>
      <ContentBlocks blocks={[block]} copyable />
      <ToolBadges tool={tool} labels={labels as never} />
      <Freshness lastModified="2026-01-01T00:00:00Z" now={now} staleAfterMs={1000} labels={labels as never} />
    </LabelsProvider>
  );
}

describe('message tables of any shape', () => {
  it('a table with a throwing getter and non-string values renders with the English defaults', () => {
    render(<Page labels={hostile()} />);
    expect(screen.getByText('hello')).toBeInTheDocument();
    // The whole table could not be read as data (a getter threw): every default shows.
    expect(screen.getByRole('button', { name: 'Copy text', hidden: true })).toBeInTheDocument();
    expect(screen.getByText('Destructive')).toBeInTheDocument();
    expect(screen.getByText(/stale/)).toBeInTheDocument();
  });

  it('string entries count and anything else keeps its default; a revoked proxy is no table', () => {
    render(<Page labels={{ copy: 'Kopieren', destructive: 7, stale: 'veraltet' }} />);
    expect(screen.getByRole('button', { name: 'Kopieren', hidden: true })).toBeInTheDocument();
    expect(screen.getByText('Destructive')).toBeInTheDocument();
    expect(screen.getByText(/veraltet/)).toBeInTheDocument();
    cleanup();
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    render(<Page labels={proxy} />);
    expect(screen.getByRole('button', { name: 'Copy text', hidden: true })).toBeInTheDocument();
  });

  it('property: any value as a table renders, never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.dictionary(fc.constantFrom('copy', 'destructive', 'stale', '__proto__', 'moreBlocks', 'noContent'), fc.anything())), (labels) => {
        const { unmount } = render(<Page labels={labels} />);
        expect(screen.getByText('hello')).toBeInTheDocument();
        unmount();
      }),
      { numRuns: 100 },
    );
  });
});
