// Tests for the shadcn registry's items (registry/mcp), as a host's app resolves them after
// `shadcn add`: on the package's source, with shadcn's Button. The Chromium test of the copied
// files in a built app is test/e2e/shadcn.e2e.test.ts.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { McpConsentProvider } from '../../registry/mcp/consent-provider.js';
import { McpContentBlocks } from '../../registry/mcp/content-blocks.js';
import { McpToolCallCard, type McpToolResultRenderer } from '../../registry/mcp/tool-call-card.js';
import { McpToolConfirm } from '../../registry/mcp/tool-confirm.js';
import { createBuiltInController } from '../helpers/kinds.js';
import { everythingElicitation } from '../fixtures/server-requests.js';
import { decideToolCall, useToolApproval, type ContentBlock, type Tool, type ToolCallStatus } from '../../src/index.js';

const deleteEntities: Tool = { name: 'delete_entities', title: 'Delete Entities', inputSchema: { type: 'object' }, annotations: { readOnlyHint: false, destructiveHint: true } };
const weather: Tool = { name: 'get_weather', title: 'Weather', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } };

describe('McpToolCallCard', () => {
  it("shows a tool's own result view with the result as the person may see it, and the default for other tools", () => {
    const seen = vi.fn<McpToolResultRenderer>(() => <p>Sunny, 21°</p>);
    const content: ContentBlock[] = [
      { type: 'text', text: 'Sunny', annotations: { audience: ['user'] } },
      { type: 'text', text: 'station 4711 raw', annotations: { audience: ['assistant'] } },
    ];
    const status: ToolCallStatus = { type: 'success', result: { content, structuredContent: { temp: 21 } } };
    const { rerender } = render(<McpToolCallCard serverId="w" tool={weather} args={{ city: 'Oslo' }} status={status} renderers={{ get_weather: seen }} />);
    expect(screen.getByText('Sunny, 21°')).toBeInTheDocument();
    // structuredContent is for the model (the package's result view hides it too): the view never gets it.
    expect(seen).toHaveBeenLastCalledWith({ result: { content: [content[0]] }, args: { city: 'Oslo' } }, undefined);
    rerender(<McpToolCallCard serverId="w" tool={{ ...weather, name: 'other' }} args={{}} status={status} renderers={{ get_weather: seen }} />);
    expect(screen.queryByText('Sunny, 21°')).not.toBeInTheDocument();
    expect(screen.getByText('Sunny')).toBeInTheDocument();
    expect(screen.queryByText('station 4711 raw')).not.toBeInTheDocument();
  });

  it('never hands an assistant-only block, structuredContent or _meta to a result view, whatever the server sends', () => {
    const audience = fc.oneof(fc.constant(undefined), fc.constantFrom(['user'], ['assistant'], ['user', 'assistant'], [], ['assistant', 'assistant'], 'assistant', [7], null, { 0: 'user' }));
    const block = fc.record({ audience, priority: fc.oneof(fc.double(), fc.constant(undefined)) });
    fc.assert(
      fc.property(fc.array(block, { maxLength: 8 }), (blocks) => {
        const content = blocks.map((each, i) => {
          // A block the person may see says PUB; one only the assistant may see says SECRET.
          const forAssistantOnly = Array.isArray(each.audience) && each.audience.length > 0 && each.audience.every((who) => who === 'assistant');
          return { type: 'text', text: `${forAssistantOnly ? 'SECRET' : 'BLOCK'}-${i}`, annotations: { audience: each.audience, priority: each.priority } };
        });
        const seen: unknown[] = [];
        const view: McpToolResultRenderer = ({ result }) => {
          seen.push(result);
          return null;
        };
        const { unmount } = render(<McpToolCallCard serverId="w" tool={weather} args={{}} status={{ type: 'success', result: { content: content as ContentBlock[], structuredContent: { note: 'SECRET-structured' }, _meta: { note: 'SECRET-meta' } } }} renderers={{ get_weather: view }} />);
        unmount();
        expect(seen.length).toBeGreaterThan(0);
        expect(JSON.stringify(seen)).not.toContain('SECRET');
      }),
      { numRuns: 200 },
    );
  });

  it('a malformed status or tool with result views is shown as the card shows it, never thrown', () => {
    const view = vi.fn<McpToolResultRenderer>(() => null);
    for (const status of [{ type: 'success' }, null, { type: 'success', result: { content: 'not a list' } }, 42]) {
      for (const tool of [weather, { name: 7 } as unknown as Tool, null as unknown as Tool]) {
        const { unmount } = render(<McpToolCallCard serverId="w" tool={tool} args={{}} status={status as ToolCallStatus} renderers={{ get_weather: view, '7': view }} />);
        expect(screen.getByRole('article')).toBeInTheDocument();
        unmount();
      }
    }
    expect(view.mock.calls.every(([props]) => Array.isArray(props.result.content))).toBe(true);
  });

  it('an error result shows as the card shows errors, never in the result view', () => {
    const view = vi.fn<McpToolResultRenderer>(() => <p>custom view</p>);
    render(<McpToolCallCard serverId="w" tool={weather} args={{}} status={{ type: 'success', result: { isError: true, content: [{ type: 'text', text: 'upstream timed out' }] } }} renderers={{ get_weather: view }} />);
    expect(view).not.toHaveBeenCalled();
    expect(screen.getByText('upstream timed out')).toBeInTheDocument();
  });

  it('asks in place with the Button look; the answer reaches the provider and nothing runs on a denial', async () => {
    const user = userEvent.setup();
    const outcomes: string[] = [];
    function Asking() {
      const { requestApproval } = useToolApproval();
      useEffect(() => void requestApproval({ serverId: 'memory', tool: deleteEntities, args: {}, callId: 'c1' }).then((result) => outcomes.push(result.outcome)), [requestApproval]);
      return <McpToolCallCard serverId="memory" callId="c1" tool={deleteEntities} args={{}} status={{ type: 'awaiting-approval' }} />;
    }
    render(
      <McpConsentProvider servers={{ memory: { trust: 'untrusted', name: 'Memory' } }} approvalUI="inline">
        <Asking />
      </McpConsentProvider>,
    );
    const approval = await screen.findByRole('region', { name: 'Needs your approval' });
    const allow = within(approval).getByRole('button', { name: 'Allow destructive action' });
    expect(allow).toHaveAttribute('data-risk', 'destructive');
    expect(allow.className).toContain('data-[risk=destructive]:bg-destructive');
    expect(within(approval).getByRole('button', { name: 'Deny' }).className).toContain('border');
    await user.click(within(approval).getByRole('button', { name: 'Deny' }));
    await vi.waitFor(() => expect(outcomes).toEqual(['denied']));
  });
});

describe('McpToolConfirm', () => {
  const prompt = { serverId: 'memory', serverName: 'Memory', tool: deleteEntities, args: { entityNames: ['a'] }, decision: decideToolCall({ tool: deleteEntities, trust: 'untrusted' }) };

  it('Allow answers approve once, Deny answers deny', async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn();
    const { unmount } = render(<McpToolConfirm prompt={prompt} onRespond={onRespond} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Allow Delete Entities?' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Allow destructive action' }));
    expect(onRespond.mock.calls).toEqual([[{ action: 'approve', remember: false }]]);
    unmount();
    onRespond.mockClear();
    render(<McpToolConfirm prompt={prompt} onRespond={onRespond} className="max-w-xl" />);
    const again = screen.getByRole('alertdialog');
    expect(again.className).toContain('max-w-xl');
    expect(again.className).not.toContain('max-w-lg');
    await user.click(within(again).getByRole('button', { name: 'Deny' }));
    expect(onRespond.mock.calls).toEqual([[{ action: 'deny' }]]);
  });
});

describe('McpConsentProvider', () => {
  it("shows an elicitation in the copied dialog, and a host's component wins over a copied one", async () => {
    const controller = createBuiltInController({ servers: { everything: { trust: 'untrusted', name: 'Everything' } } });
    const { unmount } = render(<McpConsentProvider controller={controller}>{null}</McpConsentProvider>);
    await act(async () => void controller.requestElicitation({ serverId: 'everything', params: everythingElicitation }));
    const dialog = await screen.findByRole('dialog', { name: /Everything asks for information/ });
    expect(dialog.className).toContain('bg-background');
    unmount();

    const Mine = () => <p>my own elicitation</p>;
    const other = createBuiltInController({ servers: { everything: { trust: 'untrusted', name: 'Everything' } } });
    render(
      <McpConsentProvider controller={other} components={{ elicitation: Mine }}>
        {null}
      </McpConsentProvider>,
    );
    await act(async () => void other.requestElicitation({ serverId: 'everything', params: everythingElicitation }));
    expect(await screen.findByText('my own elicitation')).toBeInTheDocument();
  });
});

describe('McpContentBlocks', () => {
  it('shows the person their blocks, highest priority first, the least important folded', () => {
    const blocks: ContentBlock[] = [
      { type: 'text', text: 'second', annotations: { priority: 0.5 } },
      { type: 'text', text: 'first', annotations: { priority: 0.9 } },
      { type: 'text', text: 'for the model', annotations: { audience: ['assistant'] } },
      { type: 'text', text: 'footnote', annotations: { priority: 0.1 } },
    ];
    const { container } = render(<McpContentBlocks blocks={blocks} />);
    expect(container.textContent).not.toContain('for the model');
    expect(container.textContent!.indexOf('first')).toBeLessThan(container.textContent!.indexOf('second'));
    expect(screen.queryByText('footnote')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /1 more/ })).toHaveAttribute('aria-expanded', 'false');
  });
});
