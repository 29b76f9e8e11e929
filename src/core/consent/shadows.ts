/**
 * Shadowing and squatting as the controller sees them: which other servers
 * offer a tool's name (or a look-alike), from the policy's `toolLists`, and
 * which configured server a server's claimed name imitates.
 */
import { isRecord } from '../shared/issues.js';
import { ownData } from '../shared/read.js';
import { findLookAlikeServers, indexToolNames, type ServerLookAlike, type ToolNameIndex } from '../tool/collisions.js';
import type { KindContext } from './kind.js';

// The name index is built once per tool-lists object (pass a new object when a list changes, as the
// watcher's snapshots are); a count check catches lists grown or shrunk in place.
const indexes = new WeakMap<object, { size: string; index: ToolNameIndex }>();
const EMPTY_INDEX = indexToolNames(undefined);
function namesIndex(lists: unknown): ToolNameIndex {
  if (!isRecord(lists)) return EMPTY_INDEX;
  const size = Object.keys(lists)
    .map((id) => {
      const list = ownData(lists, id);
      const tools = isRecord(list) && !Array.isArray(list) ? ownData(list, 'tools') : list;
      return `${id}:${Array.isArray(tools) ? tools.length : 0}`;
    })
    .join('|');
  const known = indexes.get(lists);
  if (known && known.size === size) return known.index;
  const index = indexToolNames(lists);
  indexes.set(lists, { size, index });
  return index;
}

/** The display names of the other servers that offer a tool of this name (or one that looks the same); `[]` when none. */
export function shadowingServerNames(context: Pick<KindContext, 'policy' | 'serverName'>, serverId: string, name: unknown): string[] {
  if (typeof name !== 'string' || !name) return [];
  const shadows = namesIndex(context.policy().toolLists).shadowsOf(serverId, name);
  return [...new Set(shadows.map((shadow) => context.serverName(shadow.serverId)))];
}

/** The configured server whose name this server's claimed name looks like, if any (servers are read at every decision: a host may change them in place). */
export function lookAlikeOf(servers: unknown, serverId: string): ServerLookAlike | undefined {
  if (!isRecord(servers)) return undefined;
  const claimed: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const id of Object.keys(servers)) claimed[id] = ownData(ownData(servers, id), 'claimedName');
  return findLookAlikeServers(servers, claimed).find((entry) => entry.serverId === serverId);
}
