// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolConfirmDialog, ToolResult, decideToolCall, useToolApproval, type ApprovalResult } from '../../src/index.js';
import { startServer, type RunningServer } from './mcp-servers.js';
import { describeSpec, specExamples } from '../spec-fixtures.js';
import { diffToolAnnotations, toolListExpiresAt } from '../../src/core/tool/drift.js';
import { BuiltInProvider } from '../helpers/kinds.js';

describe('real server-memory: decisions and the confirmation flow', () => {
  let memory: RunningServer;
  let tools: Map<string, Tool>;

  beforeAll(async () => {
    memory = await startServer('memory');
    tools = new Map((await memory.client.listTools()).tools.map((tool) => [tool.name, tool]));
  });
  afterAll(async () => {
    await memory?.close();
  });

  it('read_graph needs confirmation from an untrusted server and runs for a trusted one', () => {
    const readGraph = tools.get('read_graph')!;
    expect(decideToolCall({ tool: readGraph, trust: 'untrusted' }).action).toBe('confirm');
    expect(decideToolCall({ tool: readGraph, trust: 'trusted' }).action).toBe('run');
  });

  it('delete_entities always asks, with the danger treatment', () => {
    const del = tools.get('delete_entities')!;
    for (const trust of ['trusted', 'untrusted'] as const) {
      const decision = decideToolCall({ tool: del, trust });
      expect(decision).toMatchObject({ action: 'confirm', risk: 'destructive' });
      const { unmount } = render(<ToolConfirmDialog prompt={{ serverId: 'memory', tool: del, args: { entityNames: ['x'] }, decision }} onRespond={() => {}} />);
      expect(screen.getByRole('alertdialog')).toHaveAttribute('data-risk', 'destructive');
      expect(screen.getByRole('button', { name: 'Allow destructive action' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Deny' })).toHaveFocus();
      unmount();
    }
  });

  it('read-only mode blocks create_entities', () => {
    expect(decideToolCall({ tool: tools.get('create_entities')!, trust: 'trusted', mode: 'read-only' }).action).toBe('block');
  });

  it('a call approved by keyboard runs against the real server and its result renders', async () => {
    const user = userEvent.setup();
    const create = tools.get('create_entities')!;
    let api!: ReturnType<typeof useToolApproval>;
    function Capture() {
      api = useToolApproval();
      return null;
    }
    render(
      <BuiltInProvider servers={{ memory: { trust: 'untrusted', name: 'Memory' } }}>
        <Capture />
      </BuiltInProvider>,
    );
    const args = { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] };
    let pending!: Promise<ApprovalResult>;
    act(() => {
      pending = api.requestApproval({ serverId: 'memory', tool: create, args });
    });
    await screen.findByRole('alertdialog', { name: 'Allow Create Entities?' });
    expect(screen.getByText('create_entities')).toBeInTheDocument();
    await user.tab();
    await user.keyboard('{Enter}');
    const approval = await pending;
    expect(approval.outcome).toBe('run');
    const result = (await memory.client.callTool({ name: create.name, arguments: args })) as CallToolResult;
    const { container } = render(<ToolResult result={result} />);
    expect(container).toHaveTextContent('Ada');
  });

  it('drift: a refreshed list with changed annotations is reported', () => {
    const before = [...tools.values()];
    const after = before.map((tool) => (tool.name === 'read_graph' ? { ...tool, annotations: { ...tool.annotations, readOnlyHint: false } } : tool));
    expect(diffToolAnnotations(before, after)).toMatchObject([{ name: 'read_graph', kind: 'changed', riskBefore: 'read', escalated: true }]);
  });
});

describeSpec('ListToolsResult examples of the MCP spec', () => {
  it.each(specExamples('ListToolsResult'))('%s: tools decide without issues and ttlMs is honoured', (_file, example) => {
    const list = example as { tools: Tool[]; ttlMs?: number };
    for (const tool of list.tools) expect(decideToolCall({ tool }).action).toBe('confirm');
    expect(toolListExpiresAt(list, 0)).toBe(list.ttlMs ?? null);
  });
});
