/** The record every server request (elicitation, sampling) reports when it settles. */
import type { ServerRequestDecision, ServerRequestRecord } from '../../requests/server-requests.js';
import type { ConsentContext } from '../context.js';

/** What every server request carries for its record. */
export interface ServerRequestBase {
  serverId: string;
  callId: string | undefined;
  requestId: unknown;
}

/** Builds the record: `first` is the decision made before anyone was asked (its action is `policyAction`). */
export function serverRecord(
  context: ConsentContext,
  kind: ServerRequestRecord['kind'],
  base: ServerRequestBase,
  first: ServerRequestDecision,
  settled: Pick<ServerRequestRecord, 'outcome' | 'decidedBy' | 'reasons'> & Partial<Pick<ServerRequestRecord, 'fields' | 'host' | 'edited'>>,
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
