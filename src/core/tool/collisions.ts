/**
 * Shadowing and squatting: a tool name offered by more than one server (the
 * same name, or one that looks the same), and a server whose name looks like
 * another configured server's. Names are compared by their confusable
 * skeleton (`confusableSkeleton`: Cyrillic "і" is "i", "0" is "o", case and
 * width folded), the same folding the consent engine uses for secrets.
 */
import { isRecord } from '../shared/issues.js';
import { copyArray, ownData } from '../shared/read.js';
import { confusableSkeleton as skeletonOf } from '../text/normalize.js';

// Names repeat at every decision: their skeletons are kept (bounded).
const skeletons = new Map<string, string>();
function confusableSkeleton(name: string): string {
  if (name.length > 256) return skeletonOf(name);
  let known = skeletons.get(name);
  if (known === undefined) {
    known = skeletonOf(name);
    if (skeletons.size >= 5000) skeletons.delete(skeletons.keys().next().value!);
    skeletons.set(name, known);
  }
  return known;
}

/** The tools each server offers, by server id (`tools/list` results or arrays of tools). */
export type ToolListsByServer = Readonly<Record<string, unknown>>;

/** Another server that offers a tool of the same or a look-alike name. */
export interface ToolShadow {
  serverId: string;
  toolName: string;
  /** The other server's name differs but looks the same. */
  lookAlike: boolean;
}

const MAX_TOOLS = 10_000;
const PLAIN = /^[\x20-\x7e]*$/;

function toolNames(list: unknown): string[] {
  const items = copyArray(isRecord(list) && !Array.isArray(list) ? ownData(list, 'tools') : list, MAX_TOOLS) ?? [];
  const names: string[] = [];
  for (const item of items) {
    const name = ownData(item, 'name');
    if (typeof name === 'string' && name !== '') names.push(name);
  }
  return names;
}

/** An index of every server's tool names by skeleton, built once per set of lists. */
export interface ToolNameIndex {
  /** The other servers offering `toolName` (same or look-alike), in server order. */
  shadowsOf(serverId: string, toolName: string): ToolShadow[];
  /** Every name offered by more than one server, with who offers it. */
  all(): Array<{ skeleton: string; offers: Array<{ serverId: string; toolName: string }> }>;
}

/** Indexes the tool lists of several servers to find shadowed names. Never throws. */
export function indexToolNames(lists: ToolListsByServer | undefined): ToolNameIndex {
  const bySkeleton = new Map<string, Array<{ serverId: string; toolName: string }>>();
  if (isRecord(lists)) {
    for (const serverId of Object.keys(lists)) {
      for (const toolName of new Set(toolNames(ownData(lists, serverId)))) {
        const key = confusableSkeleton(toolName);
        const offers = bySkeleton.get(key) ?? [];
        offers.push({ serverId, toolName });
        bySkeleton.set(key, offers);
      }
    }
  }
  return {
    shadowsOf(serverId, toolName) {
      const offers = bySkeleton.get(confusableSkeleton(toolName)) ?? [];
      return offers.filter((offer) => offer.serverId !== serverId).map((offer) => ({ ...offer, lookAlike: offer.toolName !== toolName }));
    },
    all: () =>
      [...bySkeleton]
        .filter(([, offers]) => new Set(offers.map((offer) => offer.serverId)).size > 1)
        .map(([skeleton, offers]) => ({ skeleton, offers })),
  };
}

/** A server whose name looks like another configured server's. */
export interface ServerLookAlike {
  serverId: string;
  /** The name that looks like another's (the host's name for it, or the name the server gave itself). */
  name: string;
  /** The configured server it looks like. */
  resembles: string;
  resemblesName: string;
}

/**
 * Servers whose name looks like another configured server's: the same
 * skeleton but other characters (a squatter calling itself "Gіthub"), or
 * the name a server gives itself (`serverInfo`, display-only) matching
 * another server's. Trust stays keyed on the server id the host configured;
 * this only flags. Never throws.
 */
export function findLookAlikeServers(servers: Readonly<Record<string, unknown>> | undefined, claimedNames: Readonly<Record<string, unknown>> = {}): ServerLookAlike[] {
  if (!isRecord(servers)) return [];
  const configured = Object.keys(servers).map((serverId) => {
    const name = ownData(ownData(servers, serverId), 'name');
    return { serverId, name: typeof name === 'string' && name !== '' ? name : serverId };
  });
  const found: ServerLookAlike[] = [];
  const seen = new Set<string>();
  for (const server of configured) {
    const claimed = isRecord(claimedNames) ? ownData(claimedNames, server.serverId) : undefined;
    const names: Array<{ name: string; claim: boolean }> = [{ name: server.name, claim: false }, ...(typeof claimed === 'string' && claimed !== '' ? [{ name: claimed, claim: true }] : [])];
    for (const { name, claim } of names) {
      const skeleton = confusableSkeleton(name);
      // One flag per server: the other it looks most like (spelled exactly so first).
      const others = [...configured].sort((a, b) => Number(b.name === name) - Number(a.name === name));
      for (const other of others) {
        if (other.serverId === server.serverId || seen.has(server.serverId)) continue;
        if (confusableSkeleton(other.name) !== skeleton && confusableSkeleton(other.serverId) !== skeleton) continue;
        const identical = name === other.name;
        // Flagged: a claim to be another server; the same name as another (nobody can tell them apart);
        // or a spelling with look-alike characters (the plain-ASCII original is not the squatter).
        if (!claim && !identical && PLAIN.test(name)) continue;
        seen.add(server.serverId);
        found.push({ serverId: server.serverId, name, resembles: other.serverId, resemblesName: other.name });
      }
    }
  }
  return found;
}
