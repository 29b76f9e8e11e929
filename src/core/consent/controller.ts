/**
 * The one factory: a controller built from kind objects. It owns the queue,
 * the policy and the store, runs every request of every kind through the one
 * flow (flow.ts), and offers the verbs hosts and adapters use; it never
 * names a kind. Its types come from the kinds it was built with.
 */
import { createApprovalStore } from '../tool/approvals.js';
import { isRecord } from '../shared/issues.js';
import { isObjectLike, ownData } from '../shared/read.js';
import { sanitizeLabel } from '../text/sanitize.js';
import { createKindContext } from './context.js';
import { runConsentFlow, type FlowEnvironment, type FlowOpening } from './flow.js';
import type { ConsentKind, KindSteps, KindTypes, RequestMeta } from './kind.js';
import type { DecisionReason } from '../text/reasons.js';
import { createConsentQueue } from './queue.js';
import type { ConsentController, ConsentControllerOptions, ConsentPolicy, TypesOf } from './types.js';

interface Registered {
  steps: KindSteps<KindTypes, unknown, unknown, unknown>;
  verbs: ConsentKind['verbs'];
}

/** A refusal's reason from outside the policy: its code, and the words another policy gave (`said`), bounded. */
function refusalReason(reason: unknown): DecisionReason {
  const said = sanitizeLabel(ownData(reason, 'said'), 600).text;
  return { code: sanitizeLabel(typeof reason === 'string' ? reason : ownData(reason, 'code'), 80).text, ...(said ? { said } : {}) };
}

/**
 * Creates the controller for one conversation, from the kinds it handles:
 * every request of those kinds is decided by the host's policy and, when a
 * person must answer, waits in one queue (at most one on screen), settles
 * exactly once and is recorded (`onDecision`).
 *
 * @example
 * const consent = createConsentController({ kinds: [toolKind()], servers: { files: { trust: 'trusted' } }, onDecision: log });
 * const { outcome } = await consent.request('tool', { serverId: 'files', tool, args });
 * if (outcome === 'run') await client.callTool({ name: tool.name, arguments: args });
 */
export function createConsentController<const K extends readonly ConsentKind<KindTypes>[]>(options: ConsentControllerOptions<K>): ConsentController<TypesOf<K[number]>> {
  if (!isObjectLike(options) || !Array.isArray(options.kinds) || options.kinds.length === 0) {
    throw new TypeError('createConsentController needs { kinds }, e.g. { kinds: [toolKind()] }.');
  }
  const store = options.store ?? createApprovalStore({ rememberDestructive: options.rememberDestructive });
  // Everything but the controller's own settings is policy (a kind of the host's may read its own options from it).
  const { kinds: _kinds, store: _store, rememberDestructive: _remember, onDecision: _onDecision, now: _now, registrableDomain: _domain, maxPendingPerServer: _max, ...given } = options;
  let policy: ConsentPolicy = given;
  const context = createKindContext({ policy: () => policy, store, now: options.now, registrableDomain: options.registrableDomain });
  const queue = createConsentQueue(store, options.maxPendingPerServer);
  const onDecision = options.onDecision;
  let nextId = 1;
  const env: FlowEnvironment = {
    queue,
    nextId: () => `consent-${nextId++}`,
    isConfigured: (serverId) => context.serverOf(serverId) !== undefined,
    report(record) {
      try {
        onDecision?.(record as never);
      } catch {
        // A host's logging bug must not lose the decision.
      }
    },
  };

  // Kinds by name (a Map: a kind's name is never a key of a plain object). Each kind's steps are set up for this controller.
  const kinds = new Map<string, Registered>();
  for (const kind of options.kinds) {
    const name = ownData(kind, 'name');
    if (typeof name !== 'string' || name === '' || typeof ownData(kind, 'setup') !== 'function') throw new TypeError('A kind needs a name and setup() (e.g. toolKind()).');
    if (kinds.has(name)) throw new TypeError(`The kind "${name}" is given twice.`);
    kinds.set(name, { steps: kind.setup(context) as Registered['steps'], verbs: kind.verbs });
  }
  // What the policy says now, without asking or recording (deciding itself failing is the worst case).
  const decideNow = (steps: Registered['steps'], request: unknown): KindTypes['decision'] => {
    try {
      return steps.decide(request, { serverRemoved: false });
    } catch {
      return steps.failClosed(request);
    }
  };
  // Reads a request once with its kind's steps, then `then` decides how it opens.
  const read = <T>(kind: string, raw: unknown, then: (steps: Registered['steps'], request: unknown, meta: RequestMeta) => T): T => {
    const steps = kinds.get(kind)?.steps;
    if (!steps) throw new TypeError(`This controller was built without the "${sanitizeLabel(kind, 40).text}" kind: add it to its kinds.`);
    let request: unknown;
    let meta: RequestMeta;
    try {
      request = steps.read(raw);
      meta = steps.meta(request);
    } catch {
      // A kind that cannot read a request reads it as nothing: the worst case, which its decide blocks.
      request = steps.read(undefined);
      meta = steps.meta(request);
    }
    return then(steps, request, meta);
  };
  const run = (steps: Registered['steps'], request: unknown, meta: RequestMeta, opening?: FlowOpening<KindTypes['decision']>) => runConsentFlow(env, steps, request, meta, opening);

  const controller: Record<string, unknown> = {
    kinds: [...kinds.keys()],
    // Keys are strings: anything else is simply not there.
    has: (kind: unknown) => kinds.has(kind as string),
    request: (kind: string, raw: unknown) => read(kind, raw, run),
    preview: (kind: string, raw: unknown) => read(kind, raw, decideNow),
    decide: (kind: string, raw: unknown) =>
      read(kind, raw, (steps, request, meta) => {
        const decision = decideNow(steps, request);
        return decision.action === 'confirm' ? { decision } : { decision, outcome: run(steps, request, meta, { type: 'decided', decision }) };
      }),
    answer: (kind: string, raw: unknown, answer: unknown) =>
      read(kind, raw, (steps, request, meta) => {
        // The same request waiting on screen takes the answer, as if the person gave it there.
        const waiting = typeof meta.binding === 'string' ? queue.entries().find((entry) => entry.item.kind === kind && entry.binding === meta.binding) : undefined;
        if (!waiting) return run(steps, request, meta, { type: 'answer', answer });
        try {
          waiting.answer(answer);
        } catch {
          // Not taken: the prompt stays open, as after an answer that does not fit.
        }
        return waiting.settled;
      }),
    // Refused for a reason from outside the policy (an approval replayed): blocked, recorded with that reason alone.
    // A code is read through the message table; a reason object's `said` (another policy's words) is shown as it is.
    refuse: (kind: string, raw: unknown, reason: unknown) =>
      read(kind, raw, (steps, request, meta) =>
        run(steps, request, meta, { type: 'decided', decision: { ...decideNow(steps, request), action: 'block', reasons: [refusalReason(reason)] } }),
      ),
    respond(id: unknown, answer: unknown) {
      const entry = queue.find(id as string);
      if (!entry) return false;
      try {
        return entry.answer(answer);
      } catch {
        return false;
      }
    },
    setPolicy(next: unknown) {
      policy = isRecord(next) ? (next as ConsentPolicy) : {};
      queue.emit();
    },
    getPolicy: () => policy,
    trustOf: context.trustOf,
    serverName: context.serverName,
    shadowsOf: context.shadowsOf,
    claim: queue.claim,
    resetTaint: () => store.setTainted(false),
    dispose() {
      // Nothing waits on a disposed controller: what waits now, and what would be queued later, is refused at once.
      queue.enqueue = (entry) => entry.abandon('disposed');
      // Each refusal leaves the queue and tells subscribers (remove emits).
      queue.entries().forEach(queue.enqueue);
    },
    store,
    subscribe: queue.subscribe,
    getSnapshot: queue.getSnapshot,
  };
  // Each kind's shortcut verbs (the tool kind's `requestApproval`, …), never over a verb of the controller's own.
  for (const [name, { verbs }] of kinds) {
    for (const verb of ['request', 'preview'] as const) {
      const alias = ownData(verbs, verb);
      if (typeof alias === 'string' && !Object.hasOwn(controller, alias)) controller[alias] = (raw: unknown) => (controller[verb] as (kind: string, raw: unknown) => unknown)(name, raw);
    }
  }
  return controller as unknown as ConsentController<TypesOf<K[number]>>;
}

