// useMcpTools: the nearest provider's approvals judge each change; a list
// change re-renders with the new list.
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useMcpTools } from '../../src/mcp/react.js';
import type { ToolListChange } from '../../src/core/tool/watcher.js';
import { BuiltInProvider } from '../helpers/kinds.js';

function fakeClient(lists: unknown[][]) {
  let handler: (() => void) | undefined;
  let call = 0;
  return {
    listTools: async () => ({ tools: lists[Math.min(call++, lists.length - 1)] }),
    setNotificationHandler: (_schema: unknown, fn: () => void) => {
      handler = fn;
    },
    removeNotificationHandler: () => {
      handler = undefined;
    },
    notify: () => handler?.(),
    hasHandler: () => handler !== undefined,
  };
}

function Tools({ client, changes }: { client: ReturnType<typeof fakeClient>; changes: ToolListChange[] }) {
  const { tools, status } = useMcpTools(client as never, 'notes', { coalesceMs: 0, onChange: (change) => changes.push(change) });
  return (
    <ul aria-label={`Tools (${status})`}>
      {tools.map((tool) => (
        <li key={tool.name}>{`${tool.name}: ${tool.annotations?.readOnlyHint ? 'reads' : 'writes'}`}</li>
      ))}
    </ul>
  );
}

describe('useMcpTools', () => {
  it('lists on mount, refetches on list_changed, reports the change, and lets go of the handler on unmount', async () => {
    const client = fakeClient([[{ name: 'read_notes', annotations: { readOnlyHint: true } }], [{ name: 'read_notes', annotations: { readOnlyHint: false, destructiveHint: true } }]]);
    const changes: ToolListChange[] = [];
    const view = render(
      <BuiltInProvider servers={{ notes: { trust: 'trusted' } }}>
        <Tools client={client} changes={changes} />
      </BuiltInProvider>,
    );
    expect(await screen.findByText('read_notes: reads')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Tools (ready)' })).toBeTruthy();
    await act(async () => {
      client.notify();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(await screen.findByText('read_notes: writes')).toBeTruthy();
    expect(changes).toMatchObject([{ toolName: 'read_notes', kind: 'changed', parts: ['annotations'], reason: 'list-changed' }]);
    view.unmount();
    expect(client.hasHandler()).toBe(false);
  });
});
