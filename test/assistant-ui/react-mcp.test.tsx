// Tests for src/assistant-ui/react-mcp (the gate in front of @assistant-ui/react-mcp): the tools it gives
// the runtime, the input it asks about, and its card. The whole flow, with react-mcp and server-everything
// in Chromium, is test/e2e/assistant-ui-react-mcp.e2e.test.ts.
import type { MCPServerState } from '@assistant-ui/react-mcp';
import type { ToolCallMessagePartProps } from '@assistant-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { McpCallCard } from '../../src/assistant-ui/react-mcp.js';
import { gatedTools, ownInput, trustKey } from '../../src/assistant-ui/react-mcp-tools.js';

const server = (id: string, tools: string[], change: Partial<MCPServerState> = {}): MCPServerState => ({
  id,
  kind: 'connector',
  name: id,
  url: `https://${id}.test/mcp`,
  connectionState: 'connected',
  lastError: null,
  tools: tools.map((name) => ({ name, description: `${name} of ${id}`, inputSchema: { type: 'object' } })) as MCPServerState['tools'],
  authorizationUrl: null,
  pendingElicitations: [],
  ...change,
});

describe('gatedTools', () => {
  it("offers each connected server's tools under react-mcp's names, each with the gate's execute for that server and tool", () => {
    const tools = gatedTools([server('files', ['read', 'write']), server('web', ['fetch'], { connectionState: 'connecting' })], (from, name) => `${from.id}/${name}`);
    expect(Object.keys(tools)).toEqual(['files__read', 'files__write']);
    expect(tools.files__read).toEqual({ type: 'frontend', description: 'read of files', parameters: { type: 'object' }, execute: 'files/read' });
  });

  it('a name two servers share is offered for neither, however the ids and names split', () => {
    const tools = gatedTools([server('a__b', ['c', 'd']), server('a', ['b__c'])], (from, name) => `${from.id}/${name}`);
    expect(Object.keys(tools)).toEqual(['a__b__d']);
  });

  it('a name that looks like an Object prototype key is a tool like any other', () => {
    const tools = gatedTools([server('x', ['__proto__', 'constructor'])], (from, name) => name);
    expect(Object.keys(tools)).toEqual(['x____proto__', 'x__constructor']);
  });
});

describe('trustKey and ownInput', () => {
  it("a server a person added is never keyed as one of your connectors", () => {
    expect(trustKey({ id: 'files', kind: 'connector' })).toBe('files');
    expect(trustKey({ id: 'files', kind: 'custom' })).toBe('custom:files');
  });

  it('the input is a copy: what the person is asked about cannot change before it runs', () => {
    const args = { path: '/tmp/a', nested: { deep: [1] } };
    const copy = ownInput(args);
    args.nested.deep.push(2);
    expect(copy).toEqual({ path: '/tmp/a', nested: { deep: [1] } });
    expect(ownInput(undefined)).toEqual({});
  });

  it('an input that is not an object, or not plain data, is refused', () => {
    for (const bad of [[1], 'text', 3, () => 1, { fn: () => 1 }]) expect(() => ownInput(bad)).toThrow();
  });
});

const props = (change: Partial<ToolCallMessagePartProps>): ToolCallMessagePartProps =>
  ({ type: 'tool-call', toolCallId: 'c1', toolName: 'files__write', args: { path: '/tmp/a' }, argsText: '{}', status: { type: 'complete' }, addResult: () => {}, resume: () => {}, ...change }) as ToolCallMessagePartProps;

describe('McpCallCard outside the gate (a call it has not seen)', () => {
  it('is an unknown tool: the worst case, named by its runtime name', () => {
    render(<McpCallCard {...props({ status: { type: 'running' } })} />);
    const card = screen.getByRole('article', { name: 'files__write' });
    expect(card.getAttribute('data-state')).toBe('awaiting-approval');
  });

  it('shows a result as the person may see it: assistant-only blocks left out', () => {
    const result = { content: [{ type: 'text', text: 'for you' }, { type: 'text', text: 'model only', annotations: { audience: ['assistant'] } }] };
    render(<McpCallCard {...props({ result })} />);
    expect(screen.getByText('for you')).toBeTruthy();
    expect(screen.queryByText('model only')).toBeNull();
    expect(screen.getByRole('article', { name: 'files__write' }).getAttribute('data-state')).toBe('success');
  });

  it('a call that ended without a result was not run', () => {
    render(<McpCallCard {...props({ status: { type: 'incomplete', reason: 'cancelled' } })} />);
    expect(screen.getByRole('article', { name: 'files__write' }).getAttribute('data-state')).toBe('cancelled');
  });
});
