// P9: the consent queue. 10,000 requests from one server, each enqueued and settled by an
// answer (in waves of the per-server cap), against a hand-written minimal queue doing the same
// work (an array of pending promises answered in order); and the queue's heap after they settle.
import { createConsentController, DEFAULT_MAX_PENDING_PER_SERVER, elicitationKind, samplingKind, toolKind } from '../dist/core/index.js';

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
  return { ours: median(oursMs), base: median(baseMs), heapBefore: before, heapAfter: after, heapAfterFlood: afterFlood, floodQueued: queued, floodRefused: refused, queueAfter: controller.getSnapshot().queue.length };
}
