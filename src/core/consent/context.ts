/**
 * What every request kind reads from the controller: the policy in force,
 * the host's view of each server, the store, the clock and the host's log.
 */
import { resolveNow } from '../shared/now.js';
import type { ApprovalStore } from '../tool/approvals.js';
import { normalizeTrust, safeName, type DecisionReasonCode, type Trust } from '../tool/decisions.js';
import { isRecord } from '../shared/issues.js';
import { ownData } from '../shared/read.js';
import type { ElicitationParseOptions } from '../requests/elicitation.js';
import type { ApprovalPolicy, ConsentRecord, NowSource, ServerConfig } from './types.js';

/** The controller's state as the kinds see it. */
export interface ConsentContext {
  policy(): ApprovalPolicy;
  serverOf(serverId: string): ServerConfig | undefined;
  trustOf(serverId: string): Trust;
  serverName(serverId: string): string;
  reasonLabels(): Partial<Record<DecisionReasonCode, string>> | undefined;
  store: ApprovalStore;
  now(): number;
  report(record: ConsentRecord): void;
  registrableDomain: ElicitationParseOptions['registrableDomain'];
}

/** A timestamp from any `NowSource`; a broken clock falls back to `Date.now()`. */
export function readClock(now: NowSource | undefined): number {
  // A broken clock must not lose a decision.
  return resolveNow(now) ?? Date.now();
}

/** Builds the context over a policy getter. */
export function createConsentContext(options: {
  policy: () => ApprovalPolicy;
  store: ApprovalStore;
  now: NowSource | undefined;
  onDecision: ((record: ConsentRecord) => void) | undefined;
  registrableDomain: ElicitationParseOptions['registrableDomain'];
}): ConsentContext {
  const serverOf = (serverId: string): ServerConfig | undefined => {
    const servers = options.policy().servers;
    if (!isRecord(servers) || !Object.hasOwn(servers, serverId)) return undefined;
    const server = ownData(servers, serverId);
    return isRecord(server) ? (server as ServerConfig) : undefined;
  };
  return {
    policy: options.policy,
    serverOf,
    trustOf: (serverId) => normalizeTrust(ownData(serverOf(serverId), 'trust')),
    serverName(serverId) {
      const name = ownData(serverOf(serverId), 'name');
      return safeName(typeof name === 'string' && name.trim() !== '' ? name : serverId, 80) || safeName(serverId, 80);
    },
    reasonLabels() {
      const labels = options.policy().reasonLabels;
      return isRecord(labels) ? labels : undefined;
    },
    store: options.store,
    now: () => readClock(options.now),
    report(record) {
      try {
        options.onDecision?.(record);
      } catch {
        // A host's logging bug must not lose the decision.
      }
    },
    registrableDomain: options.registrableDomain,
  };
}

/** A string field of a request, read as data. */
export const textOf = (request: unknown, key: string): string | undefined => {
  const value = ownData(request, key);
  return typeof value === 'string' ? value : undefined;
};

/** A request's `AbortSignal`, read as data. */
export const signalOf = (request: unknown): AbortSignal | undefined => {
  const signal = ownData(request, 'signal');
  return typeof signal === 'object' && signal !== null && 'aborted' in signal && typeof (signal as AbortSignal).addEventListener === 'function' ? (signal as AbortSignal) : undefined;
};
