// Tests for src/ai-sdk/react (McpToolPart, useMcpToolPart, useRememberedApprovals, McpChatError).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DynamicToolUIPart } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { McpChatError, McpToolPart, toolCallStatusFromPart, useRememberedApprovals, type McpToolPartLike } from '../../src/ai-sdk/react.js';
import { createMcpChatRoute } from '../../src/ai-sdk/index.js';
import { createMcpChatStore } from '../../src/gate/index.js';
import fc from 'fast-check';
import { gateReasonLabels, reasonsToWire } from '../../src/gate/reasons.js';
import { LabelsProvider, type ServerConfig } from '../../src/index.js';
import { formatReason } from '../../src/core/text/reasons.js';
import { de } from '../../src/locales/de.js';
import { axe } from '../axe.js';
import { BuiltInProvider } from '../helpers/kinds.js';

// What the browser sends for a person's "no": a code, never words (src/ai-sdk/reasons.ts).
const PERSON_SAID_NO = 'mcp-consent:[{"code":"user-denied"}]';

const metadata = { clientName: 'everything', toolName: 'toggle-simulated-logging', title: 'Toggle Simulated Logging', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } };
const base = { type: 'dynamic-tool', toolName: 'toggle-simulated-logging', toolCallId: 'call-1', title: 'Toggle Simulated Logging', toolMetadata: metadata, input: {} } as const;

const parts = {
  'input-streaming': { ...base, state: 'input-streaming', input: undefined },
  'input-available': { ...base, state: 'input-available' },
  'approval-requested': { ...base, state: 'approval-requested', approval: { id: 'ap-1', requestReason: 'This server is not trusted.' } },
  'approval-responded': { ...base, state: 'approval-responded', approval: { id: 'ap-1', approved: true } },
  'output-available': {
    ...base,
    state: 'output-available',
    output: { content: [{ type: 'text', text: 'Logging started.' }, { type: 'text', text: 'for the model only', annotations: { audience: ['assistant'] } }] },
  },
  'output-error': { ...base, state: 'output-error', errorText: 'MCP error -32603: boom' },
  'output-denied': { ...base, state: 'output-denied', approval: { id: 'ap-1', approved: false, reason: PERSON_SAID_NO } },
} satisfies Record<string, DynamicToolUIPart>;

const servers: Record<string, ServerConfig> = { everything: { trust: 'untrusted', name: 'Everything' } };
const inProvider = (ui: React.ReactNode, approvalUI: 'dialog' | 'inline' = 'dialog') => (
  <BuiltInProvider servers={servers} approvalUI={approvalUI}>
    {ui}
  </BuiltInProvider>
);

describe('McpToolPart: every state of an AI SDK tool part', () => {
  it.each([
    ['input-streaming', 'running', 'Running'],
    ['input-available', 'running', 'Running'],
    ['approval-responded', 'running', 'Running'],
    ['output-available', 'success', 'Done'],
    ['output-error', 'error', 'Failed'],
    ['output-denied', 'denied', 'Denied'],
  ] as const)('%s → data-state %s', (state, dataState, words) => {
    render(inProvider(<McpToolPart part={parts[state]} addToolApprovalResponse={() => {}} />));
    const card = screen.getByRole('article', { name: 'Toggle Simulated Logging' });
    expect(card).toHaveAttribute('data-state', dataState);
    expect(within(card).getByRole('status')).toHaveTextContent(words);
    // Badges come from the tool metadata; the server's trust from the provider.
    expect(within(card).getByText('Unverified')).toBeInTheDocument();
  });

  it('shows the user view of the output: an assistant-only block stays out', () => {
    render(inProvider(<McpToolPart part={parts['output-available']} addToolApprovalResponse={() => {}} />));
    expect(screen.getByText('Logging started.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('for the model only');
  });

  it('a policy block after the person approved reads as blocked, not as the person\'s denial', () => {
    const part = { ...parts['output-denied'], approval: { id: 'a', approved: true } } as McpToolPartLike;
    expect(toolCallStatusFromPart(part).type).toBe('blocked');
    render(inProvider(<McpToolPart part={part} addToolApprovalResponse={() => {}} />));
    expect(screen.getByRole('article')).toHaveAttribute('data-state', 'blocked');
    expect(screen.queryByText('Denied')).toBeNull();
  });

  it('an automatic denial by the server\'s policy reads as blocked, with its reason', () => {
    render(inProvider(<McpToolPart part={{ ...parts['output-denied'], approval: { id: 'a', approved: false, reason: 'The host blocks this tool.' } }} addToolApprovalResponse={() => {}} />));
    const card = screen.getByRole('article');
    expect(card).toHaveAttribute('data-state', 'blocked');
    expect(card).toHaveTextContent('The host blocks this tool.');
  });

  it('decides by code, not by words: the server\'s reasons arrive as codes and read in the host\'s language', () => {
    const blocked = reasonsToWire([{ code: 'untrusted-server' }, { code: 'tool-shadowed', servers: ['Mail'] }]);
    const part = { ...parts['output-denied'], approval: { id: 'a', approved: false, reason: blocked } } as McpToolPartLike;
    expect(toolCallStatusFromPart(part)).toEqual({ type: 'blocked', reasons: [{ code: 'untrusted-server' }, { code: 'tool-shadowed', servers: ['Mail'] }] });
    render(
      <LabelsProvider labels={de} locale="de">
        {inProvider(<McpToolPart part={part} addToolApprovalResponse={() => {}} />)}
      </LabelsProvider>,
    );
    const card = screen.getByRole('article');
    expect(card).toHaveAttribute('data-state', 'blocked');
    expect(card).toHaveTextContent(formatReason({ code: 'untrusted-server' }, de, 'de'));
    expect(card).not.toHaveTextContent('untrusted-server');
    // The old English sentence is another policy's words now: shown as they are, and not the person's "no".
    expect(toolCallStatusFromPart({ ...part, approval: { id: 'a', approved: false, reason: 'The user denied this call.' } })).toMatchObject({ type: 'blocked', reasons: [{ code: 'host-denied', said: 'The user denied this call.' }] });
    // The person's "no" among a policy's codes is still the policy's block.
    expect(toolCallStatusFromPart({ ...part, approval: { id: 'a', approved: false, reason: reasonsToWire([{ code: 'user-denied' }]) } })).toEqual({ type: 'denied' });
  });

  it('property: whatever string arrives as a denial reason, the part is denied or blocked with bounded, printable reasons', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json().map((json) => `mcp-consent:${json}`), fc.array(fc.record({ code: fc.string(), servers: fc.anything() }), { maxLength: 40 }).map((reasons) => `mcp-consent:${JSON.stringify(reasons)}`)), (reason) => {
        const status = toolCallStatusFromPart({ ...parts['output-denied'], approval: { id: 'a', approved: false, reason } } as McpToolPartLike);
        expect(['denied', 'blocked']).toContain(status.type);
        if (status.type !== 'blocked') return;
        expect(status.reasons.length).toBeGreaterThan(0);
        expect(status.reasons.length).toBeLessThanOrEqual(16);
        for (const item of status.reasons) {
          expect(typeof item.code).toBe('string');
          expect(item.code.length).toBeGreaterThan(0);
          for (const server of item.servers ?? []) expect(typeof server).toBe('string');
        }
      }),
    );
  });

  it('a part without MCP metadata is the worst case, and structured output without content is not shown', () => {
    expect(toolCallStatusFromPart({ ...base, toolMetadata: undefined, state: 'output-available', output: { secret: 'x' } } as McpToolPartLike)).toEqual({ type: 'success', result: { content: [] } });
    render(inProvider(<McpToolPart part={{ ...parts['approval-responded'], toolMetadata: undefined }} addToolApprovalResponse={() => {}} />));
    expect(screen.getByRole('article', { name: 'toggle-simulated-logging' })).toHaveAttribute('data-risk', 'destructive');
  });
});

describe('McpToolPart: answering approval-requested', () => {
  it('asks with the confirmation dialog; Allow by keyboard sends { id, approved: true }', async () => {
    const user = userEvent.setup();
    const addToolApprovalResponse = vi.fn();
    render(inProvider(<McpToolPart part={parts['approval-requested']} addToolApprovalResponse={addToolApprovalResponse} />));
    const dialog = await screen.findByRole('alertdialog', { name: 'Allow Toggle Simulated Logging?' });
    expect(within(dialog).getByRole('button', { name: 'Deny' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(addToolApprovalResponse).toHaveBeenCalledExactlyOnceWith({ id: 'ap-1', approved: true }));
  });

  it('Escape denies: { id, approved: false, reason }', async () => {
    const user = userEvent.setup();
    const addToolApprovalResponse = vi.fn();
    render(inProvider(<McpToolPart part={parts['approval-requested']} addToolApprovalResponse={addToolApprovalResponse} />));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(addToolApprovalResponse).toHaveBeenCalledExactlyOnceWith({ id: 'ap-1', approved: false, reason: PERSON_SAID_NO }));
  });

  it('inline: the card asks; re-rendering with a new part object does not ask twice', async () => {
    const user = userEvent.setup();
    const addToolApprovalResponse = vi.fn();
    const { rerender } = render(inProvider(<McpToolPart part={parts['approval-requested']} addToolApprovalResponse={addToolApprovalResponse} />, 'inline'));
    const region = await screen.findByRole('region', { name: 'Needs your approval' });
    rerender(inProvider(<McpToolPart part={{ ...parts['approval-requested'] }} addToolApprovalResponse={addToolApprovalResponse} />, 'inline'));
    expect(screen.getAllByRole('region', { name: 'Needs your approval' })).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(addToolApprovalResponse).toHaveBeenCalledTimes(1));
  });

  it('remember (where policy allows) reports the approval id for the next request body', async () => {
    const user = userEvent.setup();
    const addToolApprovalResponse = vi.fn();
    let body: () => { remember: string[] } = () => ({ remember: [] });
    function Host() {
      const remembered = useRememberedApprovals();
      body = remembered.body;
      return <McpToolPart part={parts['approval-requested']} addToolApprovalResponse={addToolApprovalResponse} onRemember={remembered.add} />;
    }
    render(
      <BuiltInProvider servers={{ everything: { trust: 'trusted' } }}>
        <Host />
      </BuiltInProvider>,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Remember for this conversation' }));
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(addToolApprovalResponse).toHaveBeenCalledExactlyOnceWith({ id: 'ap-1', approved: true }));
    expect(body()).toEqual({ remember: ['ap-1'] });
  });

  it('asks even when the local policy would run it (the server asked for a person)', async () => {
    const addToolApprovalResponse = vi.fn();
    const readOnly = { ...parts['approval-requested'], toolMetadata: { ...metadata, annotations: { readOnlyHint: true, openWorldHint: false } } };
    render(
      <BuiltInProvider servers={{ everything: { trust: 'trusted' } }}>
        <McpToolPart part={readOnly} addToolApprovalResponse={addToolApprovalResponse} />
      </BuiltInProvider>,
    );
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('The app’s server asks you to approve this call.');
    expect(addToolApprovalResponse).not.toHaveBeenCalled();
  });

  it('has no axe violations while asking inline', async () => {
    const { container } = render(inProvider(<McpToolPart part={parts['approval-requested']} addToolApprovalResponse={() => {}} />, 'inline'));
    await screen.findByRole('region', { name: 'Needs your approval' });
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('McpChatError', () => {
  // What useChat's transport makes of a refused request: an Error with the response body as its message.
  const refusedBy = async (authorize: () => boolean) => {
    const route = createMcpChatRoute({ model: 'never-called', tools: () => ({}), servers: {}, secret: 'test-secret-0123456789abcdef0123456789', store: createMcpChatStore(), authorize });
    const response = await route(new Request('http://localhost/api/chat', { method: 'POST', body: JSON.stringify({ id: 'chat-1', messages: [] }) }));
    return new Error(await response.text());
  };

  it("says an authorize refusal in the host's words, as an alert", async () => {
    const error = await refusedBy(() => false);
    const { rerender } = render(<McpChatError error={error} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The server refused this chat.');
    rerender(
      <LabelsProvider labels={de} locale="de">
        <McpChatError error={error} />
      </LabelsProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Der Server lehnt den Chat ab.');
  });

  it('renders nothing without an error', () => {
    const { container } = render(<McpChatError error={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("never shows an error's own text: anything not coded by the route is 'something went wrong'", () => {
    const words = new Set(Object.values(gateReasonLabels));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string().map((text) => `mcp-consent:${text}`), fc.constant('mcp-consent:[{"code":"user-denied","said":"<b>run it</b>"}]')), (message) => {
        const { unmount } = render(<McpChatError error={new Error(message)} />);
        const text = screen.getByRole('alert').textContent ?? '';
        unmount();
        // assistant-ui's message status error has the same message in a plain object.
        const { unmount: unmountObject } = render(<McpChatError error={{ code: 'unknown', message }} />);
        const same = screen.getByRole('alert').textContent === text;
        unmountObject();
        return same && words.has(text) && (message.length < 8 || !text.includes(message));
      }),
      { numRuns: 200 },
    );
    // Anything else, a getter that throws included, is 'something went wrong', never a crash.
    fc.assert(
      fc.property(fc.anything(), (error) => {
        fc.pre(error !== undefined && error !== null);
        const { unmount } = render(<McpChatError error={error} />);
        const text = screen.getByRole('alert').textContent ?? '';
        unmount();
        return text === 'Something went wrong.';
      }),
      { numRuns: 200 },
    );
    const hostile = Object.defineProperty({}, 'message', {
      get() {
        throw new Error('boom');
      },
    });
    const { unmount } = render(<McpChatError error={hostile} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
    unmount();
    render(<McpChatError error={new Error('ECONNREFUSED 10.0.0.5:5432 at db.query')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
  });
});
