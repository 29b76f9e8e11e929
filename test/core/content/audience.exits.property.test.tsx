// Promise 1 at every exit and every depth (issue 33, class 2). Random content trees nest blocks inside
// blocks (a tool_result's content, an embedded resource), each with a random audience, well-formed or not.
// A text that someone on its path hides from the person carries SECRET; every other text carries PUB. No exit
// toward a person (the screen, the clipboard, an app's posted message, its model context, its downloads,
// the AI SDK's user view) may carry a SECRET, and selectForViewer keeps every PUB it can.
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppGate } from '../../../src/apps/index.js';
import { splitMcpResult } from '../../../src/gate/views.js';
import { ContentBlocks } from '../../../src/components/content-blocks/index.js';
import { selectForViewer } from '../../../src/core/index.js';
import { prepareContent } from '../../../src/core/content/content.js';
import { createAppsController } from '../../helpers/kinds.js';

afterEach(cleanup);

type Audience = 'none' | 'user' | 'both' | 'assistant' | 'malformed';
interface Node {
  type: 'text' | 'tool_result' | 'resource';
  audience: Audience;
  inner: Audience; // an embedded resource's own audience
  children: Node[];
}

const audience = fc.constantFrom<Audience>('none', 'user', 'both', 'assistant', 'malformed');
const nodeOf = (depth: number): fc.Arbitrary<Node> =>
  fc.record({
    type: fc.constantFrom<Node['type']>('text', 'tool_result', 'resource'),
    audience,
    inner: audience,
    children: depth === 0 ? fc.constant([]) : fc.array(nodeOf(depth - 1), { maxLength: 3 }),
  });
const tree = nodeOf(4);

const annotationsOf = (value: Audience): unknown =>
  value === 'none' ? undefined : value === 'user' ? { audience: ['user'] } : value === 'both' ? { audience: ['user', 'assistant'] } : value === 'assistant' ? { audience: ['assistant'] } : { audience: 'user' };
const hidesFromUser = (value: Audience) => value === 'assistant' || value === 'malformed';

let counter = 0;
/** The wire form of a node; `hidden` says whether anything on its path hides it from the person. */
function wire(node: Node, hidden: boolean, publics: string[]): Record<string, unknown> {
  const here = hidden || hidesFromUser(node.audience);
  const mark = (secret: boolean) => `${secret ? 'SECRET' : 'PUB'}${counter++}x`;
  const annotations = annotationsOf(node.audience);
  const base = annotations === undefined ? {} : { annotations };
  if (node.type === 'resource') {
    const secret = here || hidesFromUser(node.inner);
    const inner = annotationsOf(node.inner);
    return { ...base, type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: mark(secret), ...(inner === undefined ? {} : { annotations: inner }) } };
  }
  if (node.type === 'tool_result') return { ...base, type: 'tool_result', toolUseId: 't', content: node.children.map((child) => wire(child, here, publics)) };
  const text = mark(here);
  if (!here) publics.push(text);
  return { ...base, type: 'text', text };
}

const forest = fc.array(tree, { minLength: 1, maxLength: 4 }).map((nodes) => {
  const publics: string[] = [];
  return { blocks: nodes.map((node) => wire(node, false, publics)), publics };
});

const app = { serverId: 'pdf', resourceUri: 'ui://pdf/viewer.html', name: 'PDF viewer' };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Every app exit that carries content, each approved by the person; returns what reached the host, and what was shown. */
async function appExits(blocks: unknown[]): Promise<string> {
  const controller = createAppsController();
  const out: unknown[] = [];
  const gate = createAppGate({ controller, app, tools: () => [], callTool: vi.fn(), sendMessage: (content) => void out.push(content), updateModelContext: (context) => void out.push(context), download: (file) => void out.push(file) });
  const requests = [gate.sendMessage({ role: 'user', content: blocks }), gate.updateModelContext({ content: blocks }), gate.downloadFile({ contents: blocks })].map((request) => request.catch((error: unknown) => error));
  for (let i = 0; i < requests.length; i++) {
    await tick();
    const current = controller.getSnapshot().current;
    if (current) {
      out.push(current.kind === 'app' ? current.action : current);
      controller.respond(current.id, { action: 'approve' });
    }
  }
  await Promise.all(requests);
  return JSON.stringify(out);
}

describe('content toward a person, at every exit and depth', () => {
  it('property: selectForViewer and prepareContent carry no SECRET at any depth, and keep every PUB', () => {
    fc.assert(
      fc.property(forest, fc.option(fc.double({ min: 0, max: 1, noNaN: true })), ({ blocks, publics }, collapseBelow) => {
        const selected = JSON.stringify(selectForViewer(blocks, 'user'));
        expect(selected).not.toContain('SECRET');
        for (const text of publics) expect(selected).toContain(text);
        const prepared = prepareContent(blocks, collapseBelow === null ? {} : { collapseBelow });
        expect(JSON.stringify([prepared.shown, prepared.folded])).not.toContain('SECRET');
        expect(JSON.stringify(splitMcpResult({ content: blocks }).user)).not.toContain('SECRET');
      }),
      { numRuns: 1000 },
    );
  });

  it('property: an app posts, sets as context and saves nothing the person may not see', async () => {
    await fc.assert(
      fc.asyncProperty(forest, async ({ blocks }) => {
        expect(await appExits(blocks)).not.toContain('SECRET');
      }),
      { numRuns: 200 },
    );
  });

  it('property: the screen and the clipboard carry no SECRET', async () => {
    let copies = 0;
    await fc.assert(
      fc.asyncProperty(forest, async ({ blocks }) => {
        // user-event puts its own clipboard in place; what it holds after each copy is what a paste would give.
        const user = userEvent.setup();
        const copied: string[] = [];
        const { container, queryAllByRole, unmount } = render(<ContentBlocks blocks={blocks} copyable />);
        expect(container.innerHTML).not.toContain('SECRET');
        for (const button of queryAllByRole('button', { name: /copy/i, hidden: true })) {
          await user.click(button);
          copied.push(await navigator.clipboard.readText());
          copies++;
        }
        expect(copied.join()).not.toContain('SECRET');
        unmount();
      }),
      { numRuns: 40 },
    );
    // The clipboard was really exercised.
    expect(copies).toBeGreaterThan(0);
  });

  it('a nested assistant-only block is left out of what an app posts (the attack of round three)', async () => {
    const blocks = [{ type: 'tool_result', toolUseId: 't', content: [{ type: 'text', text: 'hello' }, { type: 'text', text: 'SECRET', annotations: { audience: ['assistant'] } }] }];
    expect(selectForViewer(blocks, 'user')).toEqual([{ type: 'tool_result', toolUseId: 't', content: [{ type: 'text', text: 'hello' }] }]);
    expect(await appExits(blocks)).not.toContain('SECRET');
  });

  it('an assistant-only embedded resource is not offered for download', async () => {
    const download = vi.fn();
    const controller = createAppsController();
    const gate = createAppGate({ controller, app, tools: () => [], callTool: vi.fn(), download });
    const result = gate.downloadFile({ contents: [{ type: 'resource', resource: { uri: 'file:///key.txt', text: 'SECRET' }, annotations: { audience: ['assistant'] } }] });
    await tick();
    // Nobody is asked: there is nothing the person could be shown.
    expect(controller.getSnapshot().current).toBeUndefined();
    expect(await result).toEqual({ isError: true });
    expect(download).not.toHaveBeenCalled();
  });

  it('a part of a tree too deep to check is not shown, and nested content that is not a list fails closed', () => {
    let deep: Record<string, unknown> = { type: 'text', text: 'SECRET' };
    for (let i = 0; i < 50; i++) deep = { type: 'tool_result', content: [deep] };
    const shown = JSON.stringify(selectForViewer([deep], 'user'));
    expect(shown).not.toContain('SECRET');
    // Ten levels are checked, the eleventh is not and its block is left out.
    expect(shown.match(/tool_result/g)).toHaveLength(10);
    const onAnnotationIssue = vi.fn();
    expect(selectForViewer([{ type: 'tool_result', content: 'SECRET' }, { type: 'text', text: 'kept' }], 'user', { onAnnotationIssue })).toEqual([{ type: 'text', text: 'kept' }]);
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'block-invalid', path: 'blocks[0].content' }));
  });

  it('a list shared many times over is not walked exponentially: the walk stops at its budget', () => {
    const shared: unknown[] = [];
    const node = { type: 'tool_result', content: shared };
    for (let i = 0; i < 5; i++) shared.push(node);
    // 5^10 paths if walked naively; the walk reads at most 10,000 nested blocks and leaves out the rest.
    const shown = selectForViewer([node, { type: 'text', text: 'kept' }], 'user');
    expect(shown[1]).toEqual({ type: 'text', text: 'kept' });
    expect(JSON.stringify(shown).match(/tool_result/g)!.length).toBeLessThanOrEqual(10_001);
    // One list longer than the whole budget is left out with its block.
    expect(selectForViewer([{ type: 'tool_result', content: Array.from({ length: 20_000 }, () => ({ type: 'text', text: 'x' })) }], 'user')).toEqual([]);
  });

  it('a wide tree of a sane depth is read whole: many nested lists are not a reason to drop what the person may see', () => {
    // 40 sibling results, each two levels deep (120 nested lists): the old per-list cost of 100 dropped most of them.
    const wide = Array.from({ length: 40 }, (_, i) => ({ type: 'tool_result', content: [{ type: 'tool_result', content: [{ type: 'text', text: `PUB${i}` }] }] }));
    const shown = JSON.stringify(selectForViewer(wide, 'user'));
    for (let i = 0; i < 40; i++) expect(shown).toContain(`"PUB${i}"`);
  });
});
