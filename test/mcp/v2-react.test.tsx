// ./mcp/v2/react with a real v2 client and the v2 server's createMcpHandler
// (2026-07-28, in process): the hook says when its handlers are on, and an
// input request during callMcpTool opens the dialog naming that call, whose
// answer goes back, and focus returns to the call's card.
import { Client, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolCallCard, toolCallStatusFromResult, type ConsentRecord, type ToolCallStatus } from '../../src/index.js';
import { callMcpTool, mcpClientCapabilities, useMcpRequestHandlers } from '../../src/mcp/v2-react.js';
import { createNotesState, notesHandler } from '../fixtures/servers/v2-notes.mjs';
import { BuiltInProvider } from '../helpers/kinds.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function connected() {
  const notes = notesHandler(createNotesState());
  const client = new Client({ name: 'hook-test', version: '0' }, { capabilities: mcpClientCapabilities(), versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransport(new URL('http://notes.test/mcp'), { fetch: notes.fetch }));
  closers.push(async () => {
    await client.close();
    await notes.handler.close();
  });
  return client;
}

function Host({ client, onResult }: { client: Client | undefined; onResult: (text: string) => void }) {
  const ready = useMcpRequestHandlers(client, 'notes');
  const [status, setStatus] = useState<ToolCallStatus>({ type: 'awaiting-approval' });
  return (
    <>
      <p>{ready ? 'Handlers ready' : 'Handlers not ready'}</p>
      <ToolCallCard serverId="notes" callId="card-1" tool={undefined} toolName="delete_note" args={{ id: 'n1' }} status={status} />
      <button
        type="button"
        disabled={!ready || !client}
        onClick={async () => {
          setStatus({ type: 'running' });
          const result = await callMcpTool(client!, { name: 'delete_note', arguments: { id: 'n1' } }, { callId: 'card-1' });
          setStatus(toolCallStatusFromResult(result));
          onResult(((result as CallToolResult).content[0] as { text: string }).text);
        }}
      >
        Delete n1
      </button>
    </>
  );
}

describe('./mcp/v2/react', () => {
  it('useMcpRequestHandlers is false without a client and true once its handlers are on; the prompt names the call and focus returns to its card', async () => {
    const user = userEvent.setup();
    const records: ConsentRecord[] = [];
    const results: string[] = [];
    const view = render(
      <BuiltInProvider servers={{ notes: { name: 'Notes', trust: 'trusted' } }} onDecision={(record) => records.push(record)}>
        <Host client={undefined} onResult={(text) => results.push(text)} />
      </BuiltInProvider>,
    );
    expect(screen.getByText('Handlers not ready')).toBeInTheDocument();
    const client = await connected();
    view.rerender(
      <BuiltInProvider servers={{ notes: { name: 'Notes', trust: 'trusted' } }} onDecision={(record) => records.push(record)}>
        <Host client={client} onResult={(text) => results.push(text)} />
      </BuiltInProvider>,
    );
    expect(await screen.findByText('Handlers ready')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete n1' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getByText('Asked during')).toBeInTheDocument();
    expect(within(dialog).getByText('delete_note')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'old');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(results).toEqual(['deleted n1 because "old" (state delete:n1)']));
    expect(records).toEqual([expect.objectContaining({ kind: 'elicitation', callId: 'card-1', outcome: 'accept', fields: ['reason'] })]);
    // The dialog gave focus back to the card of the call it was asked during.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-slot', 'tool-call-title'));
    expect(document.activeElement).toHaveTextContent('delete_note');
  });
});
