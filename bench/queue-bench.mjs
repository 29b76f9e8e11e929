// P9: the consent queue. 10,000 requests from one server, each enqueued and settled by an
// answer (in waves of the per-server cap), against a hand-written minimal queue doing the same
// work (an array of pending promises answered in order); and the queue's heap after they settle.
import { createConsentController, elicitationKind, samplingKind, toolKind } from '../dist/core/index.js';
// Internal since 1.0 (not a public name): the bench reads it from the built module.
import { DEFAULT_MAX_PENDING_PER_SERVER } from '../dist/core/consent/queue.js';

const N = 10_000;
const form = { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } };
const gc = () => globalThis.gc?.();
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

async function ours(controller) {
  for (let done = 0; done < N; ) {
    const wave = Math.min(DEFAULT_MAX_PENDING_PER_SERVER, N - done);
    const pending = [];
    for (let i = 0; i < wave; i++) pending.push(controller.requestElicitation({ serverId: 's', params: form, requestId: done + i }));
    for (const item of controller.getSnapshot().queue) controller.respond(item.id, { action: 'accept', content: { name: 'Ada' } });
    await Promise.all(pending);
    done += wave;
  }
}

// The same work without policy, validation or records: a plain array queue.
async function baseline() {
  const queue = [];
  const ask = () => new Promise((resolve) => queue.push(resolve));
  for (let done = 0; done < N; ) {
    const wave = Math.min(DEFAULT_MAX_PENDING_PER_SERVER, N - done);
    const pending = [];
    for (let i = 0; i < wave; i++) pending.push(ask());
    while (queue.length) queue.shift()({ action: 'accept', content: { name: 'Ada' } });
    await Promise.all(pending);
    done += wave;
  }
}

// P9b: fairness across servers must not cost more than one server's queue. 10,000 requests
// enqueued at once (cap raised to hold them), then answered one by one: from 10,000 servers
// against from one server.
async function spread(servers) {
  const controller = createConsentController({ kinds: [toolKind(), elicitationKind(), samplingKind()], maxPendingPerServer: N });
  const start = performance.now();
  const pending = [];
  for (let i = 0; i < N; i++) pending.push(controller.requestElicitation({ serverId: servers === 1 ? 's' : `s${i}`, params: form, requestId: i }));
  for (let current = controller.getSnapshot().current; current; current = controller.getSnapshot().current) controller.respond(current.id, { action: 'decline' });
  await Promise.all(pending);
  return performance.now() - start;
}

export async function runQueueBench(median, runs) {
  const oursMs = [];
  const baseMs = [];
  for (let run = 0; run < runs; run++) {
    const controller = createConsentController({ kinds: [toolKind(), elicitationKind(), samplingKind()], servers: { s: { trust: 'untrusted' } } });
    let start = performance.now();
    await ours(controller);
    oursMs.push(performance.now() - start);
    start = performance.now();
    await baseline();
    baseMs.push(performance.now() - start);
  }
  // Memory: one controller, before and after 10,000 settled requests; and a flood of 10,000 at once.
  const controller = createConsentController({ kinds: [toolKind(), elicitationKind(), samplingKind()], servers: { s: { trust: 'untrusted' } } });
  const before = heap();
  await ours(controller);
  const after = heap();
  let refused = 0;
  const flood = Array.from({ length: N }, (_, i) => controller.requestElicitation({ serverId: 's', params: form, requestId: i }).then((o) => (o.record.reasons[0]?.code === 'queue-full' ? refused++ : 0)));
  const queued = controller.getSnapshot().queue.length;
  controller.dispose();
  await Promise.all(flood);
  const afterFlood = heap();
  const manyMs = [];
  const oneMs = [];
  for (let run = 0; run < runs; run++) {
    oneMs.push(await spread(1));
    manyMs.push(await spread(N));
  }
  return { manyServers: median(manyMs), oneServer: median(oneMs), ours: median(oursMs), base: median(baseMs), heapBefore: before, heapAfter: after, heapAfterFlood: afterFlood, floodQueued: queued, floodRefused: refused, queueAfter: controller.getSnapshot().queue.length };
}
