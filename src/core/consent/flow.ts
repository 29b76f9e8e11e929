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
 * A request may also open already decided (the `decide` and `refuse` verbs:
 * a block refused with its reasons) or already answered (an answer given
 * elsewhere, the `answer` verb: decided again, then applied). The flow owns each request's state (its first decision,
 * the kind's data between stages, its lifetime); kinds never write into a
 * request. This file never names a kind.
 */
import type { FlowState, FlowStep, KindSteps, KindTypes, RefusalCause, RequestMeta } from './kind.js';
import type { ConsentQueue, QueueEntry } from './queue.js';
import { isObjectLike } from '../shared/read.js';
import type { ConsentReasonCode } from './reasons.js';
import { mustAskAgain, requireAnswer, withReason } from './rules.js';

/** What the flow needs from the controller around it. */
export interface FlowEnvironment {
  queue: ConsentQueue;
  nextId(): string;
  isConfigured(serverId: string): boolean;
  /** Tells the host (its `onDecision`); never throws. */
  report(record: unknown): void;
}

/** How a request opens: asked (the default), decided a moment ago (a block is refused with its reasons), or answered elsewhere. */
export type FlowOpening<D> = { type: 'ask' } | { type: 'decided'; decision: D } | { type: 'answer'; answer: unknown };

/** One request's journey; resolves exactly once, with the kind's outcome. */
export function runConsentFlow<T extends KindTypes, R, S, X>(env: FlowEnvironment, kind: KindSteps<T, R, S, X>, request: R, meta: RequestMeta, opening: FlowOpening<T['decision']> = { type: 'ask' }): Promise<T['outcome']> {
  type D = T['decision'];
  let resolveOutcome!: (outcome: T['outcome'] | Promise<never>) => void;
  const outcome = new Promise<T['outcome']>((resolve) => (resolveOutcome = resolve));
  let settled = false;
  let entry: QueueEntry | undefined;
  const lifetime = new AbortController();
  // The flow's own state for this request (its first decision, the kind's data between stages): kinds read it, never write it.
  let first: D | undefined;
  let data: X | undefined;
  const flow = (): FlowState<D, X> => ({ first: first ?? asked, data, signal: lifetime.signal });
  // The kind's worst case (a kind's failClosed must not throw).
  const failClosed = (): D => kind.failClosed(request);
  let asked: D = failClosed();
  const configuredAtOpen = env.isConfigured(meta.serverId);
  const decideNow = (): D => {
    let decision: D;
    try {
      // A server configured when its request arrived and gone now: what it asked for is blocked.
      decision = kind.decide(request, { serverRemoved: configuredAtOpen && !env.isConfigured(meta.serverId) });
    } catch {
      decision = failClosed();
    }
    // An answer brought from elsewhere was asked of a person: what the policy would run still asks.
    return opening.type === 'answer' ? requireAnswer(decision) : decision;
  };
  const changed = (decision: D) => withReason(decision, 'policy-changed');
  let stopListening = () => {};

  // 5. settle once, record. A kind whose refusal or finish throws settles with nothing: its caller hears it, nothing runs.
  const settle = (result: S | undefined) => {
    if (settled) return;
    settled = true;
    stopListening();
    lifetime.abort();
    let finished: ReturnType<typeof kind.finish> | undefined;
    try {
      finished = kind.finish(request, result as S, flow());
      // A kind that gives no record has not settled (its caller hears it).
      if (!isObjectLike(finished.record)) throw 0;
      // Recorded before the queue moves on, so records come in the order things settled.
      env.report(finished.record);
    } catch {
      finished = undefined;
    }
    // Settled before the queue moves on: what the next entry does cannot hold this one.
    resolveOutcome(finished ? finished.outcome : Promise.reject(new TypeError('A consent kind failed to settle; nothing ran.')));
    try {
      if (entry) env.queue.remove(entry);
      finished?.after?.();
    } catch {
      // What runs after (the host's stop, the next prompt) failing must not lose the answer.
    }
  };
  const refuse = (decision: D, cause: RefusalCause) => {
    if (settled) return;
    first ??= decision;
    let result: S | undefined;
    try {
      result = kind.refuse(request, decision, cause);
    } catch {
      // settle() reports the failure.
    }
    settle(result);
  };
  // Refused for one of the flow's own reasons, in front of the kind's.
  const refuseFor = (code: ConsentReasonCode, cause: RefusalCause) => refuse(withReason(asked, code), cause);
  const describe = (decision: D) => kind.describe(request, decision, env.nextId(), flow());

  // The next stage is shown: in place, or in the queue (fairness first, for a stage asked out of band too).
  const show = (prompt: T['prompt']): true => {
    if (entry) {
      entry.item = prompt;
      env.queue.emit();
    } else if (!env.queue.hasRoom(meta.serverId)) refuseFor('queue-full', 'queue-full');
    else {
      const queued: QueueEntry = {
        item: prompt,
        binding: meta.binding,
        settled: outcome,
        blocking: meta.blocking === true,
        // On screen now: decided again (a kind that throws doing so is refused).
        opened() {
          try {
            if (!settled) recheck();
          } catch {
            refuseFor('request-invalid', 'invalid');
          }
        },
        answer: (answer) => take(queued.item as T['prompt'], answer),
        abandon: (why) => (why === 'abandoned' ? refuseFor('request-abandoned', why) : refuse(asked, why)),
      };
      entry = queued;
      if (meta.signal) {
        const signal = meta.signal;
        const onAbort = () => queued.abandon('abandoned');
        signal.addEventListener('abort', onAbort, { once: true });
        stopListening = () => signal.removeEventListener('abort', onAbort);
      }
      env.queue.enqueue(queued);
    }
    return true;
  };

  // A step nobody answered (a policy's run, the end of work) that does not go on is refused: nothing hangs.
  const proceed = (step: FlowStep<S, T['prompt'], X>) => follow(step) || refuseFor('request-invalid', 'invalid');
  const follow = (step: FlowStep<S, T['prompt'], X>): boolean => {
    if (settled) return false;
    const next = (step as { data?: X } | undefined)?.data;
    if (next !== undefined) data = next;
    switch (step?.type) {
      case 'settle':
        settle(step.result);
        return true;
      case 'wait':
        return show(step.prompt);
      case 'work':
        if (step.prompt) show(step.prompt);
        void Promise.resolve(step.until)
          .then((next) => {
            if (settled) return;
            // Between stages: what the policy now blocks goes no further.
            const fresh = decideNow();
            if (fresh.action === 'block') refuse(changed(fresh), 'blocked');
            else proceed(next);
          })
          // The work failed (or what came of it could not be followed): refused, nothing sent.
          .catch(() => refuseFor('request-invalid', 'invalid'));
        return true;
      default:
        // `refuse` (the answer does not fit), or a step no kind may give.
        return false;
    }
  };

  // The question the person answers is not the question now (trust or risk changed): asked again under a new id.
  const askAgain = (fresh: D) => {
    asked = fresh;
    entry!.item = describe(fresh);
    env.queue.emit();
  };
  // Decided again: what the policy now blocks settles as blocked, a changed question is asked again
  // (an answer from elsewhere has no prompt to change: refused). The fresh decision when the question stands.
  const recheck = (): D | undefined => {
    const fresh = decideNow();
    if (fresh.action !== 'block' && !mustAskAgain(asked, fresh)) return fresh;
    if (fresh.action === 'block' || !entry) refuse(changed(fresh), 'blocked');
    else askAgain(fresh);
    return undefined;
  };
  // 3. answer: a refusal as given; anything else decided again first, then applied by the kind.
  const take = (prompt: T['prompt'], answer: unknown): boolean => {
    if (settled) return false;
    if (kind.isRefusal(answer)) return follow(kind.answer(request, prompt, answer, asked, flow()));
    const fresh = recheck();
    if (!fresh) return true;
    asked = fresh;
    return follow(kind.answer(request, prompt, answer, fresh, flow()));
  };


  try {
    // 1. open (`decided`: the controller decided this very request a moment ago, in the same synchronous call)
    asked = opening.type === 'decided' ? opening.decision : decideNow();
    first = asked;
    if (meta.signal?.aborted) refuseFor('request-abandoned', 'abandoned');
    else if (asked.action === 'block') refuse(asked, 'blocked');
    // Answered elsewhere: applied at once (decided again first), never shown; an answer that does not fit is refused.
    else if (opening.type === 'answer') {
      if (!take(describe(asked), opening.answer)) refuseFor('request-invalid', 'invalid');
    } else if (asked.action === 'run') proceed(kind.run(request, asked, flow()));
    // 2. ask (fairness first: show refuses past the cap)
    else show(describe(asked));
  } catch {
    // Nothing documented never-throws may reject: fail closed.
    refuseFor('request-invalid', 'invalid');
  }
  return outcome;
}
