// Re-render counts (P3b, P6) in React's production profiling build, where
// <Profiler> reports commits: `react-dom/client` is aliased to
// `react-dom/profiling` for this page only.
import { Profiler, useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ConsentProvider, Freshness, ToolCallCard, createConsentController, toolKind, type ApprovalResult, type ToolCallStatus } from '../../src/index.js';

// The page's clock: Date.now is ours, and the shared clock's interval callback is captured to tick by hand.
let fakeNow = Date.parse('2026-11-30T12:00:00Z');
Date.now = () => fakeNow;
const intervals = new Map<number, () => void>();
const realSetInterval = window.setInterval;
window.setInterval = ((fn: () => void, ms?: number) => {
  const id = realSetInterval(() => {}, 1e9);
  intervals.set(id, fn);
  void ms;
  return id;
}) as typeof window.setInterval;
const realClearInterval = window.clearInterval;
window.clearInterval = ((id?: number) => {
  if (id !== undefined) intervals.delete(id);
  realClearInterval(id);
}) as typeof window.clearInterval;

/** P3b: 1,000 live labels of mixed ages; each tick, labels re-rendered against labels whose text changed. */
async function p3b() {
  const memo = Freshness as unknown as { render: (...args: unknown[]) => unknown };
  const render = memo.render;
  let renders = 0;
  memo.render = (...args: unknown[]) => {
    renders++;
    return render(...args);
  };
  // Ages from seconds to years, spread log-uniformly.
  const dates = Array.from({ length: 1000 }, (_, i) => new Date(fakeNow - Math.round(Math.exp((i / 1000) * Math.log(4e10)))).toISOString());
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(<>{dates.map((date, i) => <Freshness key={i} lastModified={date} locale="en-US" />)}</>));
  await new Promise((r) => setTimeout(r, 0));
  const texts = () => Array.from(container.querySelectorAll('time'), (t) => t.textContent);
  const ticks: Array<{ step: string; rerendered: number; changed: number }> = [];
  for (const [step, ms] of [['10 s', 10_000], ['10 s', 10_000], ['1 min', 60_000], ['1 h', 3_600_000], ['1 day', 86_400_000]] as const) {
    const before = texts();
    renders = 0;
    fakeNow += ms;
    flushSync(() => {
      for (const tick of intervals.values()) tick();
    });
    const after = texts();
    ticks.push({ step, rerendered: renders, changed: after.filter((text, i) => text !== before[i]).length });
  }
  root.unmount();
  container.remove();
  memo.render = render;
  return { labels: dates.length, ticks };
}

/** P6: 200 cards with results in a provider; Profiler commits per card for streaming-shaped updates. */
async function p6() {
  const tool = { name: 'search_notes', annotations: { readOnlyHint: true } };
  const servers = { notes: { trust: 'untrusted' as const } };
  const controller = createConsentController({ kinds: [toolKind()], servers });
  const commits = new Map<string, number>();
  const onRender = (id: string) => commits.set(id, (commits.get(id) ?? 0) + 1);
  // As a host keeps its transcript: an unchanged call keeps its element.
  const elements = new Map<ToolCallStatus, ReactNode>();
  type Call = { id: string; status: ToolCallStatus };
  const element = ({ id, status }: Call) => {
    let node = elements.get(status);
    if (!node) {
      node = (
        <Profiler key={id} id={id} onRender={onRender}>
          <ToolCallCard callId={id} serverId="notes" tool={tool} args={{ query: id }} status={status} />
        </Profiler>
      );
      elements.set(status, node);
    }
    return node;
  };
  const result = (n: number): ToolCallStatus => ({ type: 'success', result: { content: Array.from({ length: n }, (_, k) => ({ type: 'text', text: `Result ${k}: ${'lorem ipsum '.repeat(3)}` })) } });
  const control: { set?: (update: (calls: Call[]) => Call[]) => void } = {};
  function Transcript() {
    const [calls, set] = useState<Call[]>(() => Array.from({ length: 200 }, (_, i) => ({ id: `call-${i}`, status: result(3) })));
    useEffect(() => void (control.set = set), []);
    return <ConsentProvider controller={controller} approvalUI="inline">{calls.map(element)}</ConsentProvider>;
  }
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(<Transcript />));
  const count = (run: () => void) => {
    commits.clear();
    flushSync(run);
    return { cards: commits.size, ids: [...commits.keys()] };
  };
  // 1. The last result grows by one block (a stream).
  const appendBlock = count(() =>
    control.set!((calls) => {
      const last = calls[calls.length - 1]!;
      const content = (last.status as Extract<ToolCallStatus, { type: 'success' }>).result.content;
      return [...calls.slice(0, -1), { id: last.id, status: { type: 'success', result: { content: [...content, { type: 'text' as const, text: 'one more' }] } } }];
    }),
  );
  // 2. A new call is appended.
  const appendCard = count(() => control.set!((calls) => [...calls, { id: `call-${calls.length}`, status: { type: 'running' } }]));
  // 3. An approval comes for one call, then goes.
  let pending!: Promise<ApprovalResult>;
  const approvalComes = count(() => {
    pending = controller.requestApproval({ serverId: 'notes', tool, callId: 'call-100', args: { query: 'call-100' } });
  });
  const id = controller.getSnapshot().queue[0]!.id;
  const approvalGoes = count(() => void controller.respond(id, { action: 'deny' }));
  await pending;
  root.unmount();
  container.remove();
  return { cards: 200, appendBlock, appendCard: { ...appendCard, old: appendCard.ids.filter((x) => x !== 'call-200').length }, approvalComes, approvalGoes };
}

Object.assign(window, { bench: { p3b, p6 } });
document.title = 'ready';
