/**
 * The consent queue: the entries waiting for a person, their order, the
 * inline claims, and the snapshot React subscribes to. It knows nothing of
 * what an entry asks; the flow (flow.ts) drives each entry through its steps.
 */
import type { ApprovalStore } from '../tool/approvals.js';
import type { PendingBase } from './kind.js';
import type { ConsentSnapshot } from './types.js';

/**
 * How many requests one server may have waiting at once, by default. The
 * excess is refused at once (reason `queue-full`), recorded, and never shown,
 * so one server cannot bury the others' prompts.
 */
export const DEFAULT_MAX_PENDING_PER_SERVER = 16;

/** One waiting request, as the flow gives it to the queue. */
export interface QueueEntry {
  item: PendingBase;
  /** The request in canonical form (`RequestMeta.binding`): answers brought by binding find it. */
  binding: string | null | undefined;
  /** Resolves with the request's outcome once it settles. */
  settled: Promise<unknown>;
  /** A running call waits on it: it goes ahead of tool confirmations (one per server at a time). */
  blocking: boolean;
  /** The prompt reached the front and is now on screen: decided again. */
  opened(): void;
  /** Takes an answer; returns whether it was taken. */
  answer(response: unknown): boolean;
  /** Settles it as refused without a person (abort, dispose). */
  abandon(why: 'abandoned' | 'disposed'): void;
}

/** The queue's API for the flow and the controller. */
export interface ConsentQueue {
  /** Whether `serverId` may add one more waiting request. */
  hasRoom(serverId: string): boolean;
  enqueue(entry: QueueEntry): void;
  /** Removes an entry; false when it was not queued. */
  remove(entry: QueueEntry): boolean;
  find(id: string): QueueEntry | undefined;
  /** Every entry, in order (a copy). */
  entries(): QueueEntry[];
  /** Tells subscribers (the snapshot is rebuilt first). */
  emit(): void;
  claim(kind: string, callId: string): () => void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): ConsentSnapshot<PendingBase>;
}

/** Creates an empty queue. `maxPerServer` is the fairness cap (see {@link DEFAULT_MAX_PENDING_PER_SERVER}). */
export function createConsentQueue(store: ApprovalStore, maxPerServer: number = DEFAULT_MAX_PENDING_PER_SERVER): ConsentQueue {
  const cap = Number.isInteger(maxPerServer) && maxPerServer > 0 ? maxPerServer : DEFAULT_MAX_PENDING_PER_SERVER;
  const list: QueueEntry[] = [];
  // Server ids are server data: a Map, never a plain object.
  const perServer = new Map<string, number>();
  const claims = new Map<string, number>();
  const listeners = new Set<() => void>();
  let snapshot: ConsentSnapshot<PendingBase> = { queue: [], current: undefined, tainted: store.isTainted() };
  let opened: QueueEntry | undefined;
  let emitting = false;
  let again = false;

  // A claim is for one kind's prompts of one call: an inline card claims its call's confirmations, not a form asked during it.
  const claimKey = (kind: string, callId: string) => `${kind}\u0000${callId}`;
  const visible = (item: PendingBase) => item.callId === undefined || !claims.has(claimKey(item.kind, item.callId));

  const emit = () => {
    if (emitting) {
      again = true;
      return;
    }
    emitting = true;
    try {
      do {
        again = false;
        const queue = list.map((entry) => entry.item);
        const head = list.find((entry) => visible(entry.item));
        snapshot = { queue, current: head?.item, tainted: store.isTainted() };
        // A prompt reaching the screen is decided again; it may settle (and emit) at once.
        if (head && head !== opened) {
          opened = head;
          head.opened();
        }
      } while (again);
    } finally {
      emitting = false;
    }
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch {
        // One subscriber's bug must not stop the others.
      }
    }
  };
  store.subscribe(() => {
    if (snapshot.tainted !== store.isTainted()) emit();
  });

  const serverOfEntry = (entry: QueueEntry) => entry.item.serverId;

  return {
    hasRoom: (serverId) => (perServer.get(serverId) ?? 0) < cap,
    // The one on screen stays first. A request a running call waits on goes right after it and the
    // other such requests, unless its server already has one there and it would jump another
    // server's prompt; everything else takes turns by server. A flood never hides another server's prompt.
    enqueue(entry) {
      const serverId = serverOfEntry(entry);
      perServer.set(serverId, (perServer.get(serverId) ?? 0) + 1);
      const head = list.findIndex((candidate) => visible(candidate.item));
      let index = head < 0 ? 0 : head + 1;
      while (index < list.length && list[index]!.blocking) index++;
      const ahead = list.slice(head < 0 ? 0 : head, index).some((candidate) => serverOfEntry(candidate) === serverId);
      const othersBehind = list.slice(index).some((candidate) => serverOfEntry(candidate) !== serverId);
      if (entry.blocking && !(ahead && othersBehind)) list.splice(index, 0, entry);
      else {
        // The rest take turns by server: a server's n-th waiting request goes after every other
        // server's n-th (first in, first out within a server), so a flood waits behind the others.
        const counts = new Map<string, number>();
        for (let i = index; i < list.length; i++) {
          const other = serverOfEntry(list[i]!);
          counts.set(other, (counts.get(other) ?? 0) + 1);
        }
        const rank = counts.get(serverId) ?? 0;
        counts.clear();
        let at = list.length;
        for (let i = index; i < list.length; i++) {
          const other = serverOfEntry(list[i]!);
          const turn = counts.get(other) ?? 0;
          counts.set(other, turn + 1);
          if (turn > rank) {
            at = i;
            break;
          }
        }
        list.splice(at, 0, entry);
      }
      emit();
    },
    remove(entry) {
      const index = list.indexOf(entry);
      if (index < 0) return false;
      list.splice(index, 1);
      const serverId = serverOfEntry(entry);
      const count = (perServer.get(serverId) ?? 1) - 1;
      if (count <= 0) perServer.delete(serverId);
      else perServer.set(serverId, count);
      if (opened === entry) opened = undefined;
      emit();
      return true;
    },
    find: (id) => list.find((entry) => entry.item.id === id),
    entries: () => [...list],
    emit,
    claim(kind, callId) {
      const key = claimKey(kind, callId);
      claims.set(key, (claims.get(key) ?? 0) + 1);
      emit();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const count = (claims.get(key) ?? 1) - 1;
        if (count <= 0) claims.delete(key);
        else claims.set(key, count);
        emit();
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
}
