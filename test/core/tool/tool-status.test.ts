// toolCallStatusFromError: what a host shows for a call that threw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toolCallStatusFromError } from '../../../src/core/index.js';

describe('toolCallStatusFromError', () => {
  it('a failure is an error with its message; an aborted call (AbortError: the host aborted it, or the person pressed Stop) is cancelled', () => {
    expect(toolCallStatusFromError(new Error('Operation failed'))).toEqual({ type: 'error', message: 'Operation failed' });
    expect(toolCallStatusFromError('boom')).toEqual({ type: 'error', message: 'boom' });
    expect(toolCallStatusFromError(undefined)).toEqual({ type: 'error', code: 'call-failed' });
    const abort = new AbortController();
    abort.abort();
    expect(toolCallStatusFromError(abort.signal.reason)).toMatchObject({ type: 'cancelled' });
    expect(toolCallStatusFromError(new DOMException('The person stopped the call.', 'AbortError'))).toEqual({ type: 'cancelled', message: 'The person stopped the call.' });
    // A timeout is a failure, not a cancellation.
    expect(toolCallStatusFromError(new DOMException('Timed out', 'TimeoutError'))).toEqual({ type: 'error', message: 'Timed out' });
  });

  it('property: never throws, whatever was thrown (hostile getters included)', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('trap'); } });
    expect(toolCallStatusFromError(hostile)).toEqual({ type: 'error', code: 'call-failed' });
    fc.assert(
      fc.property(fc.anything(), (thrown) => {
        const status = toolCallStatusFromError(thrown);
        expect(['error', 'cancelled']).toContain(status.type);
      }),
      { numRuns: 500 },
    );
  });
});
