// A host builds statuses by hand, from JSON, from an older version; tools, arguments and results come from
// servers. Whatever they hold, the components render (on the server and in the page) and say what they can.
import { cleanup, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { readToolCallStatus } from '../../src/core/index.js';
import { toolCallState } from '../../src/core/tool/tool-status.js';
import { ContentBlocks, ToolBadges, ToolCallCard, ToolResult, ToolSummary, type ToolCallStatus } from '../../src/index.js';
import { BuiltInProvider } from '../helpers/kinds.js';

const STATES = ['awaiting-approval', 'running', 'input-required', 'success', 'error', 'blocked', 'denied', 'cancelled'];
const anything = fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true, withBoxedValues: true, withSparseArray: true });
// Statuses of every type with fields of any kind, mixed with values that are no status at all.
const status = fc.oneof(
  anything,
  fc.record(
    { type: fc.constantFrom(...STATES), result: anything, progress: anything, message: anything, code: anything, reasons: fc.oneof(anything, fc.array(anything, { maxLength: 3 })), task: anything },
    { requiredKeys: ['type'] },
  ),
);

describe('malformed props', () => {
  it('readToolCallStatus gives a status every part can read, and a well-formed one reads as it was', () => {
    fc.assert(
      fc.property(status, (raw) => {
        const read = readToolCallStatus(raw);
        expect(STATES).toContain(read.type);
        expect(STATES).toContain(toolCallState(raw as ToolCallStatus));
        if (read.type === 'blocked') expect(read.reasons.every((reason) => typeof reason === 'object' && reason !== null)).toBe(true);
        if (read.type === 'success') expect(typeof read.result).toBe('object');
      }),
      { numRuns: 500 },
    );
    const running: ToolCallStatus = { type: 'running', progress: { progress: 1, total: 2 } };
    expect(readToolCallStatus(running)).toEqual(running);
    expect(readToolCallStatus(null)).toEqual({ type: 'error', code: 'part-unreadable' });
    expect(readToolCallStatus({ type: 'success' })).toEqual({ type: 'error', code: 'result-unreadable' });
    expect(readToolCallStatus({ type: 'blocked', reasons: [null, { code: 'policy-blocked' }] })).toEqual({ type: 'blocked', reasons: [{ code: 'policy-blocked' }] });
  });

  it('every component renders on the server whatever the tool, status, arguments, trust and result', () => {
    fc.assert(
      fc.property(anything, status, anything, anything, (tool, raw, args, trust) => {
        const html = renderToString(
          <BuiltInProvider servers={{ s: { trust: trust as 'trusted' } }}>
            <ToolCallCard serverId="s" callId="c" tool={tool as never} status={raw as ToolCallStatus} args={args} trust={trust as 'trusted'} />
            <ToolBadges tool={tool as never} trust={trust as 'trusted'} />
            <ToolSummary tool={tool as never} />
            <ToolResult result={args as never} />
            <ContentBlocks blocks={args as never} />
          </BuiltInProvider>,
        );
        expect(html).toContain('data-slot="tool-call"');
      }),
      { numRuns: 300 },
    );
  });

  it('in the page, a card whose status is no status says it cannot show the call, as an error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(null, undefined, 'running', 42, [], {}), fc.record({ type: fc.string() })), (raw) => {
        fc.pre(!(typeof raw === 'object' && raw !== null && 'type' in raw && STATES.includes(raw.type)));
        render(<ToolCallCard tool={{ name: 'search', inputSchema: { type: 'object' } }} status={raw as unknown as ToolCallStatus} />);
        expect(screen.getByRole('article', { name: /search/ })).toHaveAttribute('data-state', 'error');
        expect(screen.getByText('This app cannot show this tool call.')).toBeInTheDocument();
        cleanup();
      }),
      { numRuns: 40 },
    );
  });
});
