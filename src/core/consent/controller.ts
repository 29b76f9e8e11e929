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
import type { DecisionReason } from '../text/reasons.js';
import { createKindContext } from './context.js';
import { runConsentFlow, type FlowEnvironment, type FlowOpening } from './flow.js';
import type { ConsentKind, KindSteps, KindTypes } from './kind.js';
import { createConsentQueue } from './queue.js';
import { consentReasonMessages } from './reasons.js';
import type { ConsentController, ConsentControllerOptions, ConsentPolicy, TypesOf } from './types.js';

const POLICY_KEYS = ['servers', 'mode', 'toolLists', 'taintGuard', 'elicitation', 'blockSensitiveElicitation', 'sampling', 'samplingHidden'] as const;

interface Registered {
  steps: KindSteps<KindTypes, unknown, unknown, unknown>;
  verbs: ConsentKind['verbs'];
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
    throw new TypeError('createConsentController needs { kinds }: the kinds of consent it handles, e.g. createConsentController({ kinds: [toolKind()] }).');
  }
  const store = options.store ?? createApprovalStore({ rememberDestructive: options.rememberDestructive });
  let policy: ConsentPolicy = {};
  for (const key of POLICY_KEYS) if (options[key] !== undefined) (policy as Record<string, unknown>)[key] = options[key];
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
  const words: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, consentReasonMessages);
  for (const kind of options.kinds) {
    const name = ownData(kind, 'name');
    if (typeof name !== 'string' || name === '' || typeof ownData(kind, 'setup') !== 'function') throw new TypeError('Each kind needs a name and setup(context) (a ConsentKind object, e.g. toolKind()).');
    if (kinds.has(name)) throw new TypeError(`The kind "${name}" is given twice: each kind's name once.`);
    kinds.set(name, { steps: kind.setup(context) as Registered['steps'], verbs: kind.verbs });
    if (isRecord(kind.messages)) for (const key of Object.keys(kind.messages)) words[key] = String(kind.messages[key]);
  }
  const stepsOf = (kind: string): Registered['steps'] => {
    const registered = typeof kind === 'string' ? kinds.get(kind) : undefined;
    if (!registered) throw new TypeError(`This controller was built without the "${sanitizeLabel(kind, 40).text}" kind: add it to createConsentController({ kinds }).`);
    return registered.steps;
  };
  const open = (kind: string, raw: unknown, opening?: FlowOpening<KindTypes['decision']>): Promise<unknown> => {
    const steps = stepsOf(kind);
    const request = steps.read(raw);
    return runConsentFlow(env, steps, request, steps.meta(request), opening);
  };
  const reasonOf = (reason: string | DecisionReason): DecisionReason => {
    const code = typeof reason === 'string' ? reason : sanitizeLabel(ownData(reason, 'code'), 80).text;
    const text = typeof reason === 'string' ? (Object.hasOwn(words, `reason.${code}`) ? words[`reason.${code}`]! : '') : sanitizeLabel(ownData(reason, 'text'), 600).text;
    return { code, text };
  };

  const controller: Record<string, unknown> = {
    kinds: [...kinds.keys()],
    has: (kind: unknown) => typeof kind === 'string' && kinds.has(kind),
    request: (kind: string, raw: unknown) => open(kind, raw),
    preview(kind: string, raw: unknown) {
      const steps = stepsOf(kind);
      const request = steps.read(raw);
      try {
        return steps.decide(request, { serverRemoved: false });
      } catch {
        return steps.failClosed(request);
      }
    },
    decide(kind: string, raw: unknown) {
      const steps = stepsOf(kind);
      const request = steps.read(raw);
      let decision: KindTypes['decision'];
      try {
        decision = steps.decide(request, { serverRemoved: false });
      } catch {
        decision = steps.failClosed(request);
      }
      if (decision.action === 'confirm') return { decision };
      return { decision, outcome: runConsentFlow(env, steps, request, steps.meta(request), { type: 'decided', decision }) };
    },
    answer(kind: string, raw: unknown, answer: unknown) {
      const steps = stepsOf(kind);
      const request = steps.read(raw);
      const meta = steps.meta(request);
      // The same request waiting on screen takes the answer, as if the person gave it there.
      if (typeof meta.binding === 'string') {
        const open = queue.entries().find((entry) => entry.item.kind === kind && entry.binding === meta.binding);
        if (open) {
          open.answer(answer);
          return open.settled;
        }
      }
      return runConsentFlow(env, steps, request, meta, { type: 'answer', answer });
    },
    refuse: (kind: string, raw: unknown, reason: string | DecisionReason) => open(kind, raw, { type: 'refuse', reason: reasonOf(reason) }),
    respond(id: unknown, answer: unknown) {
      const entry = typeof id === 'string' ? queue.find(id) : undefined;
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
    shadowsOf: (serverId: string, toolName: unknown) => context.shadowsOf(serverId, typeof toolName === 'string' ? toolName : undefined),
    claim: queue.claim,
    resetTaint: () => store.setTainted(false),
    dispose() {
      for (const entry of queue.entries()) entry.abandon('disposed');
      queue.emit();
    },
    store,
    subscribe: queue.subscribe,
    getSnapshot: queue.getSnapshot,
  };
  // Each kind's shortcut verbs (the tool kind's `requestApproval`, …), never over a verb of the controller's own.
  for (const [name, { verbs }] of kinds) {
    const requestVerb = ownData(verbs, 'request');
    const previewVerb = ownData(verbs, 'preview');
    if (typeof requestVerb === 'string' && !Object.hasOwn(controller, requestVerb)) controller[requestVerb] = (raw: unknown) => open(name, raw);
    if (typeof previewVerb === 'string' && !Object.hasOwn(controller, previewVerb)) controller[previewVerb] = (raw: unknown) => (controller.preview as (kind: string, raw: unknown) => unknown)(name, raw);
  }
  return controller as unknown as ConsentController<TypesOf<K[number]>>;
}

