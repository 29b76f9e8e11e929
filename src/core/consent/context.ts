/**
 * What every kind reads from the controller it is registered with: the
 * policy in force, the host's view of each server, the store, the clock.
 */
import { resolveNow } from '../shared/now.js';
import type { ApprovalStore } from '../tool/approvals.js';
import { normalizeTrust } from '../shared/policy.js';
import { displayServerName, safeName } from '../text/sanitize.js';
import { isRecord } from '../shared/issues.js';
import { ownData, readOwn } from '../shared/read.js';
import { shadowingServerNames } from './shadows.js';
import type { KindContext } from './kind.js';
import type { ConsentPolicy, NowSource, ServerConfig } from './types.js';

/** A timestamp from any `NowSource`; a broken clock falls back to `Date.now()`. */
export function readClock(now: NowSource | undefined): number {
  // A broken clock must not lose a decision.
  return resolveNow(now) ?? Date.now();
}

/** Builds the context over a policy getter. */
export function createKindContext(options: { policy: () => ConsentPolicy; store: ApprovalStore; now: NowSource | undefined; registrableDomain: KindContext['registrableDomain'] }): KindContext {
  const serverOf = (serverId: string): ServerConfig | undefined => {
    const servers = options.policy().servers;
    if (!isRecord(servers) || !Object.hasOwn(servers, serverId)) return undefined;
    const server = ownData(servers, serverId);
    return isRecord(server) ? (server as ServerConfig) : undefined;
  };
  const context: KindContext = {
    policy: options.policy,
    serverOf,
    trustOf: (serverId) => normalizeTrust(ownData(serverOf(serverId), 'trust')),
    serverName: (serverId) => displayServerName(ownData(serverOf(serverId), 'name'), serverId),
    shadowsOf: (serverId, toolName) => shadowingServerNames(context, serverId, toolName),
    store: options.store,
    now: () => readClock(options.now),
    registrableDomain: options.registrableDomain,
    own: readOwn,
    text: safeName,
  };
  return context;
}
