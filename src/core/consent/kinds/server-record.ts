/** The record every server request (elicitation, sampling) reports when it settles. */
import type { ServerRequestDecision, ServerRequestRecord } from '../../requests/server-requests.js';
import { safeName } from '../../text/sanitize.js';
import { textOf } from '../../shared/read.js';
import type { KindContext } from '../kind.js';

/** What every server request carries for its record. */
export interface ServerRequestBase {
  serverId: string;
  callId: string | undefined;
  /** The tool the call runs, when the host said: the prompt names it. */
  callName: string | undefined;
  requestId: unknown;
}

/** The call's tool name as a request gives it, cleaned for display; `undefined` when absent or empty. */
export function callNameOf(raw: unknown): string | undefined {
  return safeName(textOf(raw, 'callName'), 80) || undefined;
}

/** Builds the record: `first` is the decision made before anyone was asked (its action is `policyAction`). */
export function serverRecord(
  context: KindContext,
  kind: ServerRequestRecord['kind'],
  base: ServerRequestBase,
  first: ServerRequestDecision,
  settled: Pick<ServerRequestRecord, 'outcome' | 'decidedBy' | 'reasons'> & Partial<Pick<ServerRequestRecord, 'fields' | 'host' | 'edited' | 'stopped'>>,
): ServerRequestRecord {
  return {
    kind,
    serverId: base.serverId,
    ...(base.callId !== undefined ? { callId: base.callId } : {}),
    ...(typeof base.requestId === 'string' || typeof base.requestId === 'number' ? { requestId: base.requestId } : {}),
    trust: first.trust,
    mode: first.mode,
    policyAction: first.action,
    timestamp: context.now(),
    ...settled,
  };
}
