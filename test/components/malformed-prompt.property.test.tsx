// A dialog's prompt normally comes from the controller; hosts also build or change one by hand. Whatever it holds, a dialog never throws into the page and never approves: it ends,
// unanswered, in exactly one refusal through the family's own callbacks.
import { cleanup, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { AppActionDialog } from '../../src/apps/react.js';
import { ElicitationDialog, SamplingDialog, ToolConfirmDialog } from '../../src/index.js';

const anything = fc.anything({ withBigInt: true, withNullPrototype: true, withBoxedValues: true, withSparseArray: true, maxDepth: 3 });
const prompt = fc.oneof(
  anything,
  fc.record(
    { kind: fc.constantFrom('tool', 'elicitation', 'sampling', 'app'), id: fc.string(), serverId: anything, serverName: anything, tool: anything, args: anything, decision: anything, canRemember: anything, stage: anything, view: anything, action: anything, app: anything },
    { requiredKeys: [] },
  ),
);

// Each family: how to render it, and what its refusal looks like.
const families = [
  { name: 'ToolConfirmDialog', refusal: { action: 'deny' }, render: (p: unknown, onRespond: (a: unknown) => void) => <ToolConfirmDialog prompt={p as never} onRespond={onRespond} /> },
  { name: 'ElicitationDialog', refusal: { action: 'cancel' }, render: (p: unknown, onRespond: (a: unknown) => void) => <ElicitationDialog prompt={p as never} onRespond={(a) => (onRespond(a), true)} /> },
  { name: 'SamplingDialog', refusal: { action: 'deny' }, render: (p: unknown, onRespond: (a: unknown) => void) => <SamplingDialog prompt={p as never} onRespond={onRespond} /> },
  { name: 'AppActionDialog', refusal: { action: 'deny' }, render: (p: unknown, onRespond: (a: unknown) => void) => <AppActionDialog prompt={p as never} onRespond={onRespond} /> },
];

describe('a dialog given a prompt it cannot read', () => {
  for (const family of families) {
    it(`${family.name}: never throws, never approves, and ends unanswered in exactly one refusal`, () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      fc.assert(
        fc.property(prompt, (p) => {
          const answers: unknown[] = [];
          const { unmount } = render(family.render(p, (answer) => answers.push(answer)));
          const shown = screen.queryByRole('alertdialog') !== null || screen.queryByRole('dialog') !== null;
          // Shown: still waiting for the person. Not shown: already refused, once.
          expect(answers).toEqual(shown ? [] : [family.refusal]);
          unmount();
          expect(answers).toEqual([family.refusal]);
          cleanup();
        }),
        { numRuns: 60 },
      );
    });
  }
});
