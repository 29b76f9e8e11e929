// Tests for src/tanstack-ai/react (McpToolCall) in a real TanStack AI chat: `useChat` from
// @tanstack/ai-react against the guide's route (real `chat()`, `mcpChatTools`, SSE) in this process.
// The MCP server is the only stand-in (an in-memory client with two tools; the server tests use a real one).
// The waits are caps for a busy machine (the test ends as soon as the card or the chat says so), under the 60 s test timeout.
import { chat as runChat, chatParamsFromRequest, toServerSentEventsResponse } from '@tanstack/ai';
import { fetchServerSentEvents, useChat } from '@tanstack/ai-react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../src/index.js';
import { mcpChatTools } from '../../src/tanstack-ai/index.js';
import { createMcpChatStore, type McpToolClient } from '../../src/gate/index.js';
import { McpToolCall } from '../../src/tanstack-ai/react.js';
import { axe } from '../axe.js';
import { BuiltInProvider } from '../helpers/kinds.js';
import { scriptedModel } from './harness.js';

const TOOLS = [
  { name: 'delete-file', title: 'Delete File', description: 'Deletes a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } }, annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false } },
  { name: 'read-note', title: 'Read Note', description: 'Reads a note.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true, openWorldHint: false } },
];

function setup(servers: Record<string, ServerConfig>) {
  const calls: string[] = [];
  const client: McpToolClient = {
    listTools: async () => ({ tools: TOOLS }),
    callTool: async ({ name }) => {
      calls.push(name);
      return { content: [{ type: 'text', text: `${name} done.` }, { type: 'text', text: 'for the model only', annotations: { audience: ['assistant'] } }] };
    },
  };
  const store = createMcpChatStore();
  const script = scriptedModel();
  const fetchClient = async (url: RequestInfo | URL, init?: RequestInit) => {
    const params = await chatParamsFromRequest(new Request(new URL(String(url), 'http://app.test'), init));
    const mcp = await mcpChatTools({ clients: { files: client }, servers, chatId: params.threadId, store });
    return toServerSentEventsResponse(runChat({ adapter: script.adapter, messages: params.messages, tools: mcp.tools, middleware: [mcp.middleware], threadId: params.threadId, runId: params.runId, parentRunId: params.parentRunId, resume: params.resume }));
  };

  function Chat() {
    const chat = useChat({ connection: fetchServerSentEvents('/api/chat', { fetchClient }) });
    const [input, setInput] = useState('');
    return (
      <>
        <ul aria-label="Messages">
          {chat.messages.map((message) => (
            <li key={message.id}>
              {message.parts.map((part, i) => (part.type === 'tool-call' ? <McpToolCall key={part.id} part={part} chat={chat} headingLevel={3} /> : part.type === 'text' ? <p key={i}>{part.content}</p> : null))}
            </li>
          ))}
        </ul>
        {/* Idle, with no question open: only then does useChat take new input. */}
        <output aria-label="Chat">{chat.status === 'ready' && chat.interrupts.length === 0 ? 'idle' : 'busy'}</output>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void chat.sendMessage(input);
            setInput('');
          }}
        >
          <input aria-label="Message" value={input} onChange={(event) => setInput(event.currentTarget.value)} />
          <button type="submit">Send</button>
        </form>
      </>
    );
  }
  return { calls, ui: <BuiltInProvider servers={servers}><Chat /></BuiltInProvider> };
}

const untrusted = { files: { trust: 'untrusted', name: 'Files' } } as const;

async function send(text: string) {
  const user = userEvent.setup();
  // Pasted: typed, `{` starts a key name for user-event.
  await user.click(screen.getByRole('textbox', { name: 'Message' }));
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Send' }));
  return user;
}

describe('McpToolCall in a TanStack AI chat', () => {
  it('asks with the annotations the server put on the part; Allow runs the call once and shows the person’s view', async () => {
    const { calls, ui } = setup(untrusted);
    const { container } = render(ui);
    const user = await send('call delete-file {"path":"notes.txt"}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Allow Delete File?' });
    expect(within(dialog).getByRole('button', { name: 'Deny' })).toHaveFocus();
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Allow destructive action' }));
    const card = await screen.findByRole('article', { name: 'Delete File' });
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'success'), { timeout: 45_000 });
    expect(card).toHaveAttribute('data-risk', 'destructive');
    expect(within(card).getByText('delete-file done.')).toBeInTheDocument();
    expect(calls).toEqual(['delete-file']);
    expect(container.textContent).not.toContain('for the model only');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('Deny: nothing runs, and the card says it was denied', async () => {
    const { calls, ui } = setup(untrusted);
    render(ui);
    const user = await send('call delete-file {"path":"notes.txt"}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Allow Delete File?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await screen.findByText('done');
    expect(screen.getByRole('article', { name: 'Delete File' })).toHaveAttribute('data-state', 'denied');
    // The next question rebuilds every part from the server's snapshot: the first card still says denied.
    await waitFor(() => expect(screen.getByRole('status', { name: 'Chat' })).toHaveTextContent('idle'), { timeout: 45_000 });
    await send('call delete-file {"path":"other.txt"}');
    await screen.findByRole('alertdialog', { name: 'Allow Delete File?' });
    // Behind the modal dialog, hidden from the accessibility tree.
    expect(screen.getAllByRole('article', { name: 'Delete File', hidden: true })[0]).toHaveAttribute('data-state', 'denied');
    expect(calls).toEqual([]);
  });

  it('a tool the host denies never runs; the card shows it blocked, not denied by the person', async () => {
    const { calls, ui } = setup({ files: { trust: 'trusted', overrides: { 'read-note': 'deny' } } });
    render(ui);
    await send('call read-note {}');
    const card = await screen.findByRole('article', { name: 'Read Note' });
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'blocked'), { timeout: 45_000 });
    expect(calls).toEqual([]);
  });

  it('trusted and read-only: runs unasked, and the card shows the read-only badge', async () => {
    const { calls, ui } = setup({ files: { trust: 'trusted' } });
    render(ui);
    await send('call read-note {}');
    const card = await screen.findByRole('article', { name: 'Read Note' });
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'success'), { timeout: 45_000 });
    expect(card).toHaveAttribute('data-risk', 'read');
    expect(within(screen.getByRole('list', { name: 'Tool hints' })).getByText('Read-only')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls).toEqual(['read-note']);
  });
});

describe('McpToolCall without the server’s metadata', () => {
  it('is an unknown tool: the worst-case badges, and it still asks', async () => {
    const answers: unknown[] = [];
    const part = { type: 'tool-call', id: 'call-9', name: 'wipe', arguments: '{}', state: 'approval-requested', approval: { id: 'approval_call-9', needsApproval: true } };
    const user = userEvent.setup();
    render(
      <BuiltInProvider servers={untrusted} approvalUI="inline">
        <McpToolCall part={part} chat={{ interrupts: [], addToolApprovalResponse: (response) => void answers.push(response) }} />
      </BuiltInProvider>,
    );
    const card = screen.getByRole('article', { name: 'wipe' });
    expect(card).toHaveAttribute('data-risk', 'destructive');
    await user.click(within(card).getByRole('button', { name: 'Allow destructive action' }));
    await waitFor(() => expect(answers).toEqual([{ id: 'approval_call-9', approved: true }]), { timeout: 45_000 });
  });
});
