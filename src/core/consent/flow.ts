/**
 * The one consent flow every request kind goes through, step by step:
 *
 * 1. **open**: the request was read once (by its kind); a withdrawn one is
 *    refused; the current policy decides: block, run, or ask.
 * 2. **ask**: it waits in the queue (or is refused when its server has too
 *    many waiting: fairness). When it reaches the screen it is decided
 *    again; what the policy now blocks settles unasked.
 * 3. **answer**: a refusal settles as the person's answer. Anything else is
 *    decided again first: a block settles as blocked, a changed question is
 *    asked again, and only then does the kind apply the answer.
 * 4. **stages**: a kind may answer with another stage (sampling: the model
 *    runs, then its answer is reviewed); between stages the policy decides
 *    again.
 * 5. **settle once, record**: the kind builds the outcome and its record;
 *    the host's `onDecision` hears it. Abort and dispose settle as refused.
 *
 * A kind (kinds/*.ts) supplies what differs; this file never names one.
 */
import { isServerRemoved, mustAskAgain, withReason, type DecisionReasonCode, type FlowDecision } from '../tool/decisions.js';
import type { ConsentQueue, QueueEntry } from './queue.js';
import type { PendingConsent } from './types.js';

/** Why a request is refused without a person's answer. */
export type RefusalCause = 'blocked' | 'abandoned' | 'disposed' | 'queue-full' | 'invalid';

/** What the flow does next after a kind handled an answer. */
export type FlowStep<R> =
  /** The answer does not fit (wrong kind, invalid values, missing acknowledgement): nothing changes. */
  | { type: 'refuse' }
  /** Done. */
  | { type: 'settle'; result: R }
  /** The next stage is on screen, waiting for an answer. */
  | { type: 'wait'; item: PendingConsent }
  /** Work runs (e.g. the model); `item` is shown meanwhile (none when nobody is asked). The policy decides again when it ends. */
  | { type: 'work'; item?: PendingConsent | undefined; until: Promise<FlowStep<R>> };

/** What one request kind supplies to the flow. `C` is the request as read once; `R` the settled outcome. */
export interface ConsentKindModule<C, D extends FlowDecision, R, O = R> {
  /** The current policy's decision for this request at its current stage. */
  decide(request: C, context: { serverRemoved: boolean }): D;
  /** The item the queue shows for a decision (`id` is new for every question). */
  describe(request: C, decision: D, id: string): PendingConsent;
  /** What a policy `run` does (no person asked). */
  run(request: C, decision: D): FlowStep<R>;
  /** The outcome of a refusal no person gave. */
  refuse(request: C, decision: D, cause: RefusalCause): R;
  /** Whether an answer is a no (deny, decline, cancel): settled as given, without deciding again. */
  isRefusal(response: unknown): boolean;
  /** Applies a person's answer, under the decision just made. */
  answer(request: C, item: PendingConsent, response: unknown, decision: D): FlowStep<R>;
  /** Records the outcome (reports it to the host) and returns it as the caller gets it. */
  finish(request: C, result: R): O;
  /** The decision when deciding itself failed: the worst case, blocked. */
  failClosed(request: C): D;
}

/** What the flow needs from the controller around it. */
export interface FlowEnvironment {
  queue: ConsentQueue;
  nextId(): string;
  isConfigured(serverId: string): boolean;
  reasonLabels(): Partial<Record<DecisionReasonCode, string>> | undefined;
}

/** One request's journey; resolves exactly once. */
export function runConsentFlow<C, D extends FlowDecision, R, O>(
  env: FlowEnvironment,
  kind: ConsentKindModule<C, D, R, O>,
  request: C,
  meta: { serverId: string; signal: AbortSignal | undefined; blocking: boolean; decided?: D | undefined },
): Promise<O> {
  return new Promise<O>((resolve) => {
    let settled = false;
    let entry: QueueEntry | undefined;
    let asked: D = kind.failClosed(request);
    const configuredAtOpen = env.isConfigured(meta.serverId);
    const decideNow = (): D => {
      try {
        return kind.decide(request, { serverRemoved: isServerRemoved(configuredAtOpen, env.isConfigured(meta.serverId)) });
      } catch {
        return kind.failClosed(request);
      }
    };
    const changed = (decision: D) => withReason(decision, 'policy-changed', env.reasonLabels());
    let stopListening = () => {};

    const settle = (result: R) => {
      if (settled) return;
      settled = true;
      stopListening();
      // Recorded before the queue moves on, so records come in the order things settled.
      const outcome = kind.finish(request, result);
      if (entry) env.queue.remove(entry);
      resolve(outcome);
    };
    const refuse = (decision: D, cause: RefusalCause) => settle(kind.refuse(request, decision, cause));

    const follow = (step: FlowStep<R>): boolean => {
      if (settled) return false;
      switch (step.type) {
        case 'refuse':
          return false;
        case 'settle':
          settle(step.result);
          return true;
        case 'wait':
          if (entry) {
            entry.item = step.item;
            env.queue.emit();
          }
          return true;
        case 'work':
          if (entry && step.item) {
            entry.item = step.item;
            env.queue.emit();
          }
          void step.until.then(
            (next) => {
              if (settled) return;
              // Between stages: what the policy now blocks goes no further.
              const fresh = decideNow();
              if (fresh.action === 'block') refuse(changed(fresh), 'blocked');
              else follow(next);
            },
            () => {
              if (!settled) refuse(asked, 'invalid');
            },
          );
          return true;
      }
    };

    try {
      // 1. open
      // `decided`: the engine decided this very request a moment ago, in the same synchronous call.
      asked = meta.decided ?? decideNow();
      if (meta.signal?.aborted) return refuse(withReason(asked, 'request-abandoned', env.reasonLabels()), 'abandoned');
      if (asked.action === 'block') return refuse(asked, 'blocked');
      if (asked.action === 'run') {
        follow(kind.run(request, asked));
        return;
      }
      // 2. ask (fairness first)
      if (!env.queue.hasRoom(meta.serverId)) return refuse(withReason(asked, 'queue-full', env.reasonLabels()), 'queue-full');
      const queued: QueueEntry = {
        item: kind.describe(request, asked, env.nextId()),
        blocking: meta.blocking,
        opened() {
          if (settled) return;
          const fresh = decideNow();
          if (fresh.action === 'block') refuse(changed(fresh), 'blocked');
          else if (mustAskAgain(asked, fresh)) {
            asked = fresh;
            queued.item = kind.describe(request, fresh, env.nextId());
            env.queue.emit();
          }
        },
        // 3. answer
        answer(response) {
          if (settled) return false;
          if (kind.isRefusal(response)) return follow(kind.answer(request, queued.item, response, asked));
          const fresh = decideNow();
          if (fresh.action === 'block') {
            refuse(changed(fresh), 'blocked');
            return true;
          }
          if (mustAskAgain(asked, fresh)) {
            // The question the person answered is not the question now: ask again.
            asked = fresh;
            queued.item = kind.describe(request, fresh, env.nextId());
            env.queue.emit();
            return true;
          }
          asked = fresh;
          return follow(kind.answer(request, queued.item, response, fresh));
        },
        abandon(why) {
          if (settled) return;
          refuse(why === 'abandoned' ? withReason(asked, 'request-abandoned', env.reasonLabels()) : asked, why);
        },
      };
      entry = queued;
      if (meta.signal) {
        const signal = meta.signal;
        const onAbort = () => queued.abandon('abandoned');
        signal.addEventListener('abort', onAbort, { once: true });
        stopListening = () => signal.removeEventListener('abort', onAbort);
      }
      env.queue.enqueue(queued);
    } catch {
      // Nothing documented never-throws may reject: fail closed.
      if (!settled) refuse(asked, 'invalid');
    }
  });
}
