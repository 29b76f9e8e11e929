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
 * A request may also open already answered (an answer given elsewhere, the
 * `answer` verb: decided again, then applied) or refused with a reason (the
 * `refuse` verb). The flow owns each request's state (its first decision,
 * the kind's data between stages, its lifetime); kinds never write into a
 * request. This file never names a kind.
 */
import type { DecisionReason } from '../text/reasons.js';
import type { FlowDecision, FlowState, FlowStep, KindSteps, KindTypes, RefusalCause, RequestMeta } from './kind.js';
import type { ConsentQueue, QueueEntry } from './queue.js';
import { isServerRemoved, mustAskAgain, requireAnswer, withReason } from './rules.js';

/** What the flow needs from the controller around it. */
export interface FlowEnvironment {
  queue: ConsentQueue;
  nextId(): string;
  isConfigured(serverId: string): boolean;
  /** Tells the host (its `onDecision`); never throws. */
  report(record: unknown): void;
}

/** How a request opens: asked (the default), decided a moment ago, answered elsewhere, or refused. */
export type FlowOpening<D> = { type: 'ask' } | { type: 'decided'; decision: D } | { type: 'answer'; answer: unknown } | { type: 'refuse'; reason: DecisionReason };

/** One request's journey; resolves exactly once, with the kind's outcome. */
export function runConsentFlow<T extends KindTypes, R, S, X>(env: FlowEnvironment, kind: KindSteps<T, R, S, X>, request: R, meta: RequestMeta, opening: FlowOpening<T['decision']> = { type: 'ask' }): Promise<T['outcome']> {
  type D = T['decision'];
  let resolveOutcome!: (outcome: T['outcome']) => void;
  let rejectOutcome!: (error: Error) => void;
  const outcome = new Promise<T['outcome']>((resolve, reject) => {
    resolveOutcome = resolve;
    rejectOutcome = reject;
  });
  // Only a kind whose own refusal throws gets here: its caller hears it, nothing runs.
  const broken = () => rejectOutcome(new TypeError('A consent kind failed to settle a request; nothing ran.'));
  let settled = false;
  let entry: QueueEntry | undefined;
  const lifetime = new AbortController();
  // The flow's own state for this request: the kinds read it, never write it.
  const state: { first: D | undefined; data: X | undefined } = { first: undefined, data: undefined };
  const flow = (): FlowState<D, X> => ({ first: state.first ?? asked, data: state.data, signal: lifetime.signal });
  const failClosed = (): D => {
    try {
      return kind.failClosed(request);
    } catch {
      return { action: 'block', reasons: [], trust: 'untrusted', mode: 'default' } as FlowDecision as D;
    }
  };
  let asked: D = failClosed();
  const configuredAtOpen = env.isConfigured(meta.serverId);
  const decideNow = (): D => {
    let decision: D;
    try {
      decision = kind.decide(request, { serverRemoved: isServerRemoved(configuredAtOpen, env.isConfigured(meta.serverId)) });
    } catch {
      decision = failClosed();
    }
    // An answer brought from elsewhere was asked of a person: what the policy would run still asks.
    return opening.type === 'answer' ? requireAnswer(decision) : decision;
  };
  const changed = (decision: D) => withReason(decision, 'policy-changed');
  let stopListening = () => {};

  const settle = (result: S) => {
    if (settled) return;
    settled = true;
    stopListening();
    let finished: ReturnType<typeof kind.finish> | undefined;
    try {
      finished = kind.finish(request, result, flow());
    } catch {
      try {
        finished = kind.finish(request, kind.refuse(request, failClosed(), 'invalid'), flow());
      } catch {
        finished = undefined;
      }
    }
    lifetime.abort();
    // Recorded before the queue moves on, so records come in the order things settled.
    if (finished) env.report(finished.record);
    if (entry) env.queue.remove(entry);
    if (finished) resolveOutcome(finished.outcome);
    else broken();
    try {
      finished?.after?.();
    } catch {
      // What runs after (the host's stop) failing must not lose the answer.
    }
  };
  const refuse = (decision: D, cause: RefusalCause) => {
    state.first ??= decision;
    let result: S;
    try {
      result = kind.refuse(request, decision, cause);
    } catch {
      try {
        result = kind.refuse(request, failClosed(), 'invalid');
      } catch {
        settled = true;
        stopListening();
        lifetime.abort();
        if (entry) env.queue.remove(entry);
        return broken();
      }
    }
    settle(result);
  };

  // A later stage of a request that opened without the queue (answered elsewhere) waits in it like any prompt.
  const show = (prompt: T['prompt']): boolean => {
    if (entry) {
      entry.item = prompt;
      env.queue.emit();
      return true;
    }
    if (!env.queue.hasRoom(meta.serverId)) {
      refuse(withReason(asked, 'queue-full'), 'queue-full');
      return false;
    }
    enqueue(prompt);
    return true;
  };

  const follow = (step: FlowStep<S, T['prompt'], X>): boolean => {
    if (settled) return false;
    if (step.type !== 'refuse' && 'data' in step && step.data !== undefined) state.data = step.data;
    switch (step.type) {
      case 'refuse':
        return false;
      case 'settle':
        settle(step.result);
        return true;
      case 'wait':
        return show(step.prompt);
      case 'work':
        if (step.prompt && !show(step.prompt)) return true;
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

  // 3. answer: a refusal as given; anything else decided again first.
  const take = (prompt: T['prompt'], answer: unknown, ask: (fresh: D) => void): boolean => {
    if (settled) return false;
    if (kind.isRefusal(answer)) return follow(kind.answer(request, prompt, answer, asked, flow()));
    const fresh = decideNow();
    if (fresh.action === 'block') {
      refuse(changed(fresh), 'blocked');
      return true;
    }
    if (mustAskAgain(asked, fresh)) {
      // The question the person answered is not the question now: ask again.
      ask(fresh);
      return true;
    }
    asked = fresh;
    return follow(kind.answer(request, prompt, answer, fresh, flow()));
  };

  function enqueue(prompt: T['prompt']) {
    const queued: QueueEntry = {
      item: prompt,
      binding: meta.binding,
      settled: outcome,
      blocking: meta.blocking === true,
      opened() {
        if (settled) return;
        const fresh = decideNow();
        if (fresh.action === 'block') refuse(changed(fresh), 'blocked');
        else if (mustAskAgain(asked, fresh)) {
          asked = fresh;
          queued.item = kind.describe(request, fresh, env.nextId(), flow());
          env.queue.emit();
        }
      },
      answer: (answer) =>
        take(queued.item as T['prompt'], answer, (fresh) => {
          asked = fresh;
          queued.item = kind.describe(request, fresh, env.nextId(), flow());
          env.queue.emit();
        }),
      abandon(why) {
        if (settled) return;
        refuse(why === 'abandoned' ? withReason(asked, 'request-abandoned') : asked, why);
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
  }

  try {
    // 1. open
    if (opening.type === 'refuse') {
      // Refused for a reason from outside the policy (e.g. an approval replayed): recorded with it alone.
      const base = decideNow();
      refuse({ ...base, action: 'block', reasons: [opening.reason] }, 'blocked');
      return outcome;
    }
    // `decided`: the controller decided this very request a moment ago, in the same synchronous call.
    asked = opening.type === 'decided' ? opening.decision : decideNow();
    state.first = asked;
    if (meta.signal?.aborted) {
      refuse(withReason(asked, 'request-abandoned'), 'abandoned');
      return outcome;
    }
    if (asked.action === 'block') {
      refuse(asked, 'blocked');
      return outcome;
    }
    if (opening.type === 'answer') {
      // Answered elsewhere: applied at once (decided again first), never shown.
      const prompt = kind.describe(request, asked, env.nextId(), flow());
      if (!take(prompt, opening.answer, () => refuse(changed(decideNow()), 'blocked')) && !settled) refuse(withReason(asked, 'request-invalid'), 'invalid');
      return outcome;
    }
    if (asked.action === 'run') {
      follow(kind.run(request, asked, flow()));
      return outcome;
    }
    // 2. ask (fairness first)
    if (!env.queue.hasRoom(meta.serverId)) {
      refuse(withReason(asked, 'queue-full'), 'queue-full');
      return outcome;
    }
    enqueue(kind.describe(request, asked, env.nextId(), flow()));
  } catch {
    // Nothing documented never-throws may reject: fail closed.
    if (!settled) refuse(asked, 'invalid');
  }
  return outcome;
}
