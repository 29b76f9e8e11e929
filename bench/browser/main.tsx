// Benchmark page: runs in headless Chromium with React's production build.
import { createElement, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ContentBlocks, Freshness, ToolCallCard, type ToolCallStatus } from '../../src/index.js';
import { AccessibleList } from '../accessible.mjs';
import { BENCH_NOW, generateBlocks, median, stableRatio } from '../data.mjs';

// Count live timers independently of the library.
const liveIntervals = new Set<number>();
const liveTimeouts = new Set<number>();
const { setInterval: si, clearInterval: ci, setTimeout: st, clearTimeout: ct } = window;
window.setInterval = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
  const id = si(fn, ms, ...args);
  liveIntervals.add(id);
  return id;
}) as typeof window.setInterval;
window.clearInterval = ((id?: number) => {
  if (id !== undefined) liveIntervals.delete(id);
  ci(id);
}) as typeof window.clearInterval;
window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
  const id: number = st(() => {
    liveTimeouts.delete(id);
    if (typeof fn === 'function') (fn as (...a: unknown[]) => void)(...args);
  }, ms);
  liveTimeouts.add(id);
  return id;
}) as typeof window.setTimeout;
window.clearTimeout = ((id?: number) => {
  if (id !== undefined) liveTimeouts.delete(id);
  ct(id);
}) as typeof window.clearTimeout;

type Block = Record<string, unknown> & { annotations?: { audience?: string[]; priority?: number; lastModified?: string } };

/** The baseline: the same visible blocks, pre-selected and pre-sorted, as simple elements. */
function PlainList({ blocks }: { blocks: Block[] }) {
  return (
    <div>
      {blocks.map((block, i) => (
        <div key={i}>
          {block.type === 'text' && <div>{block.text as string}</div>}
          {block.type === 'image' && <img src={`data:image/png;base64,${block.data as string}`} alt="" />}
          {block.type === 'audio' && <audio src={`data:audio/wav;base64,${block.data as string}`} controls />}
          {block.type === 'resource_link' && <a href={block.uri as string}>{block.name as string}</a>}
          {block.type === 'resource' && <pre>{(block.resource as { text: string }).text}</pre>}
          {block.annotations?.lastModified && <time dateTime={block.annotations.lastModified}>{block.annotations.lastModified}</time>}
        </div>
      ))}
    </div>
  );
}

const ATTRIBUTE_NAMES: Record<string, string> = { class: 'className', for: 'htmlFor', tabindex: 'tabIndex', datetime: 'dateTime', referrerpolicy: 'referrerPolicy', viewbox: 'viewBox' };

/** The same DOM as React elements without any library code: what "React rendering the same DOM" costs. */
function domToReact(node: Node, key?: number): React.ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const props: Record<string, unknown> = { key };
  for (const attribute of Array.from(element.attributes)) {
    const name = ATTRIBUTE_NAMES[attribute.name] ?? (attribute.name.startsWith('data-') || attribute.name.startsWith('aria-') ? attribute.name : attribute.name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()));
    props[name] = name === 'hidden' || name === 'controls' ? true : attribute.value;
  }
  const children = Array.from(element.childNodes, (child, i) => domToReact(child, i));
  return createElement(element.tagName.toLowerCase(), props, ...(children.length ? [children] : []));
}

function timeMount(element: React.ReactElement, runs: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    // Collect the last run's garbage first, so its GC pause is not timed against the next run.
    (window as { gc?: () => void }).gc?.();
    const start = performance.now();
    flushSync(() => root.render(element));
    times.push(performance.now() - start);
    root.unmount();
    container.remove();
  }
  return times;
}

async function p1(runs: number) {
  const blocks = generateBlocks(2000, 7) as Block[];
  const visible = blocks
    .filter((b) => !b.annotations?.audience || b.annotations.audience.includes('user'))
    .map((b, i) => ({ b, i, p: b.annotations?.priority ?? 0.5 }))
    .sort((x, y) => y.p - x.p || x.i - y.i)
    .map((x) => x.b);
  // Default (live) freshness: every dated block subscribes to the shared clock, as in a real host.
  const ours = <ContentBlocks blocks={blocks} order="priority" now={BENCH_NOW} locale="en-US" timeZone="UTC" />;
  const base = <PlainList blocks={visible} />;
  // Warm up, then interleave pairs so drift hits both alike, until the ratio is stable.
  const stable = stableRatio(() => [timeMount(ours, 1)[0]!, timeMount(base, 1)[0]!], { min: Math.max(15, runs) });
  // Issue 35's target baseline: the same information, accessible, with no class or data attribute.
  const accessible = <AccessibleList blocks={visible} />;
  const againstAccessible = stableRatio(() => [timeMount(ours, 1)[0]!, timeMount(accessible, 1)[0]!], { min: Math.max(15, runs) });
  const container = document.createElement('div');
  const root = createRoot(container);
  flushSync(() => root.render(ours));
  const oursNodes = container.querySelectorAll('*').length;
  const sameDom = <>{Array.from(container.childNodes, (child, i) => domToReact(child, i))}</>;
  root.unmount();
  timeMount(sameDom, 3);
  const sameDomTimes: number[] = [];
  for (let i = 0; i < runs; i++) sameDomTimes.push(...timeMount(sameDom, 1));
  flushSync(() => createRoot(container).render(base));
  return { ours: stable.ours, base: stable.base, stable, accessible: againstAccessible.base, againstAccessible, sameDom: median(sameDomTimes), visible: visible.length, total: blocks.length, oursNodes, baseNodes: container.querySelectorAll('*').length };
}

async function p3() {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const before = liveIntervals.size + liveTimeouts.size;
  flushSync(() =>
    root.render(
      <>
        {Array.from({ length: 1000 }, (_, i) => (
          <Freshness key={i} lastModified={new Date(Date.now() - i * 60_000).toISOString()} locale="en-US" />
        ))}
      </>,
    ),
  );
  await new Promise((r) => st(r, 50));
  const mounted = liveIntervals.size + liveTimeouts.size - before;
  root.unmount();
  await new Promise((r) => st(r, 50));
  const after = liveIntervals.size + liveTimeouts.size - before;
  container.remove();
  return { mounted, after };
}

async function p4() {
  // Count calls of the card's render function (ToolCallCard is memo(forwardRef(render))).
  const memoCard = ToolCallCard as unknown as { type: { render: (...args: unknown[]) => unknown } };
  const render = memoCard.type.render;
  let calls = 0;
  memoCard.type.render = (...args: unknown[]) => {
    calls++;
    return render(...args);
  };
  const tool = { name: 'delete_entities', annotations: { destructiveHint: true, idempotentHint: true } };
  const control: { set?: (s: ToolCallStatus[]) => void } = {};
  function Transcript({ initial, onReady }: { initial: ToolCallStatus[]; onReady: (set: (s: ToolCallStatus[]) => void) => void }) {
    const [statuses, set] = useState(initial);
    useEffect(() => onReady(set), [onReady]);
    return (
      <>
        {statuses.map((status, i) => (
          <ToolCallCard key={i} tool={tool} trust="trusted" status={status} />
        ))}
      </>
    );
  }
  const initial: ToolCallStatus[] = Array.from({ length: 200 }, () => ({ type: 'running' }));
  const container = document.createElement('div');
  const root = createRoot(container);
  flushSync(() => root.render(<Transcript initial={initial} onReady={(set) => (control.set = set)} />));
  calls = 0;
  const next = [...initial];
  next[100] = { type: 'success', result: { content: [{ type: 'text', text: 'done' }] } };
  flushSync(() => control.set!(next));
  const rerendered = calls;
  root.unmount();
  memoCard.type.render = render;
  return { rerendered, cards: 200 };
}

/** Diagnostic: mounts only ContentBlocks (for a CPU profile of our side alone). */
function mountOurs(runs: number) {
  const blocks = generateBlocks(2000, 7) as Block[];
  return median(timeMount(<ContentBlocks blocks={blocks} order="priority" now={BENCH_NOW} locale="en-US" timeZone="UTC" />, runs));
}

Object.assign(window, { bench: { p1, p3, p4, mountOurs } });
document.title = 'ready';

