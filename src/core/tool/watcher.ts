/**
 * Keeps one server's tool list fresh: fetches it, refetches when its `ttlMs`
 * runs out and when the server says the list changed, and reports every tool
 * that appeared, went, or changed in anything the person approved (the
 * fingerprint: title, hints, description, schemas, how it runs, its app view).
 * A changed tool's remembered approval no longer applies (the approval store
 * compares fingerprints), and the decision then says what changed.
 * Framework-free: the host wires the SDK (see `./mcp`'s `watchMcpTools`).
 */
import { copyArray, finiteNumber, ownData } from '../shared/read.js';
import { isRecord } from '../shared/issues.js';
import type { ListToolsResult, Tool } from '../shared/types.js';
import type { ApprovalStore } from './approvals.js';
import { diffToolAnnotations, toolListExpiresAt, type ToolAnnotationChange } from './drift.js';
import type { Trust } from '../shared/policy.js';
import { snapshotTool, toolFingerprint, TOOL_FINGERPRINT_PARTS, type ToolFingerprint } from './tool-hints.js';

/** Why the list was fetched. */
export type ToolListFetchReason = 'initial' | 'expired' | 'list-changed' | 'manual';

/** One tool that is not what it was. */
export interface ToolListChange {
  serverId: string;
  toolName: string;
  kind: 'added' | 'removed' | 'changed';
  /** The fingerprint parts that changed (`[]` for added and removed). */
  parts: Array<keyof ToolFingerprint>;
  /** Hints before and after, and whether the tool got riskier. */
  hints: ToolAnnotationChange | undefined;
  /** A remembered approval of the earlier version no longer applies. */
  approvalLost: boolean;
  reason: ToolListFetchReason;
  timestamp: number;
}

/** What the watcher holds now. */
export interface ToolListSnapshot {
  serverId: string;
  /** The tools, as read once (snapshots). Empty until the first fetch. */
  tools: readonly Tool[];
  fetchedAt: number | undefined;
  /** When the list goes stale (`ttlMs`), or `null` without one. */
  expiresAt: number | null;
  /** The changes found by the last fetch. */
  changes: readonly ToolListChange[];
  status: 'idle' | 'fetching' | 'ready' | 'error';
  error: unknown;
}

/** Options for `createToolListWatcher`. */
export interface ToolListWatcherOptions {
  serverId: string;
  /** Fetches the whole list (all pages): `client.listTools()`. May return a `ListToolsResult` or an array. */
  list: () => Promise<ListToolsResult | readonly Tool[] | unknown>;
  /** The conversation's approvals, to say which changes cost an approval. */
  store?: ApprovalStore | undefined;
  /** The server's trust, for the approval lookup. Default `untrusted`. */
  trust?: (() => Trust | undefined) | undefined;
  /** Every change, for the host's log. */
  onChange?: ((change: ToolListChange) => void) | undefined;
  /** A fetch failed (the last good list stays). */
  onError?: ((error: unknown) => void) | undefined;
  /** Several list-change notifications within this many ms cause one fetch. Default 250. */
  coalesceMs?: number | undefined;
  /** Refetch even without `ttlMs` this often (ms); default never. */
  maxAgeMs?: number | undefined;
  /**
   * A timed refetch (`ttlMs`, `maxAgeMs`, a retry after a failure) never
   * comes sooner than this many ms after the last one, so a server's tiny
   * `ttlMs` cannot make the host poll it. Default 1000. A `ttlMs` of 0 ("do
   * not reuse", what SDK v2 servers send without a cache hint) schedules
   * nothing: the list refetches on list changes, `maxAgeMs` or `refresh()`.
   */
  minIntervalMs?: number | undefined;
  now?: (() => number) | undefined;
  setTimer?: ((run: () => void, ms: number) => unknown) | undefined;
  clearTimer?: ((timer: unknown) => void) | undefined;
}

/** A running watcher. */
export interface ToolListWatcher {
  /** Fetches now (the first fetch is `initial`). Resolves with the snapshot; never rejects. */
  refresh(reason?: ToolListFetchReason): Promise<ToolListSnapshot>;
  /** Call from the `notifications/tools/list_changed` handler. */
  listChanged(): void;
  getSnapshot(): ToolListSnapshot;
  subscribe(listener: () => void): () => void;
  /** Stops timers and listeners; a fetch in flight is ignored. */
  dispose(): void;
}

const MAX_TIMER_MS = 2_147_483_647;

function readList(value: unknown): Tool[] {
  const list = copyArray(isRecord(value) && !Array.isArray(value) ? ownData(value, 'tools') : value, 10_000) ?? [];
  const seen = new Set<string>();
  const tools: Tool[] = [];
  for (const item of list) {
    const tool = snapshotTool(item);
    if (!tool || tool.name === '' || seen.has(tool.name)) continue;
    seen.add(tool.name);
    tools.push(tool);
  }
  return tools;
}

/** The fingerprint parts that differ; every part when either side cannot be fingerprinted. */
export function changedToolParts(before: Tool | undefined, after: Tool | undefined): Array<keyof ToolFingerprint> {
  const a = toolFingerprint(before);
  const b = toolFingerprint(after);
  if (!a || !b) return [...TOOL_FINGERPRINT_PARTS];
  return TOOL_FINGERPRINT_PARTS.filter((part) => a[part] !== b[part]);
}

/** Watches one server's tool list. Call `refresh()` once to start. */
export function createToolListWatcher(options: ToolListWatcherOptions): ToolListWatcher {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  // Not a finite number reads as absent; past the longest timer a delay would fire at once (a negative one is 0).
  const delay = (value: unknown, fallback: number) => Math.min(MAX_TIMER_MS, finiteNumber(value) ?? fallback);
  const coalesceMs = delay(options.coalesceMs, 250);
  const minIntervalMs = delay(options.minIntervalMs, 1000);
  // Only a positive TTL sets a timer.
  const timedExpiry = (expiresAt: number | null, fetchedAt: number | undefined) => (expiresAt !== null && fetchedAt !== undefined && expiresAt > fetchedAt ? expiresAt : null);
  const listeners = new Set<() => void>();
  let snapshot: ToolListSnapshot = { serverId: options.serverId, tools: [], fetchedAt: undefined, expiresAt: null, changes: [], status: 'idle', error: undefined };
  let disposed = false;
  let generation = 0;
  let expiry: unknown;
  let coalesce: unknown;
  let inFlight: Promise<ToolListSnapshot> | undefined;
  let again: ToolListFetchReason | undefined;

  const publish = (next: ToolListSnapshot) => {
    snapshot = next;
    for (const listener of listeners) {
      try {
        listener();
      } catch {
        // One listener's bug must not stop the others.
      }
    }
  };
  const report = (change: ToolListChange) => {
    try {
      options.onChange?.(change);
    } catch {
      // The host's log must not stop the watcher.
    }
  };
  const schedule = (expiresAt: number | null) => {
    if (expiry !== undefined) clearTimer(expiry);
    expiry = undefined;
    // Only a finite, positive maxAgeMs sets a timer (undefined > 0 is false).
    const maxAgeMs = finiteNumber(options.maxAgeMs)!;
    const maxAge = maxAgeMs > 0 ? now() + maxAgeMs : null;
    const at = expiresAt === null ? maxAge : maxAge === null ? expiresAt : Math.min(expiresAt, maxAge);
    if (at === null || disposed) return;
    expiry = setTimer(() => {
      expiry = undefined;
      void refresh('expired');
    }, Math.min(MAX_TIMER_MS, Math.max(minIntervalMs, at - now())));
  };

  const fetchOnce = async (reason: ToolListFetchReason): Promise<ToolListSnapshot> => {
    const mine = ++generation;
    publish({ ...snapshot, status: 'fetching' });
    let raw: unknown;
    try {
      raw = await options.list();
    } catch (error) {
      if (disposed || mine !== generation) return snapshot;
      try {
        options.onError?.(error);
      } catch {
        // ignored
      }
      publish({ ...snapshot, status: 'error', error });
      // Try again when the list would have expired, so a failure does not freeze a stale list forever.
      schedule(timedExpiry(snapshot.expiresAt, snapshot.fetchedAt));
      return snapshot;
    }
    if (disposed || mine !== generation) return snapshot;
    const fetchedAt = now();
    const tools = readList(raw);
    const before = new Map(snapshot.tools.map((tool) => [tool.name, tool]));
    const after = new Map(tools.map((tool) => [tool.name, tool]));
    const hintChanges = new Map(diffToolAnnotations([...before.values()], tools).map((change) => [change.name, change]));
    const context = { serverId: options.serverId, trust: options.trust?.() };
    const changes: ToolListChange[] = [];
    // The first fetch is the baseline: nothing "changed" yet, except against approvals made earlier.
    const first = snapshot.fetchedAt === undefined;
    for (const tool of tools) {
      const old = before.get(tool.name);
      const lostApproval = options.store?.hasChangedSinceApproval(tool, context) === true;
      if (!old) {
        if (!first || lostApproval) changes.push({ serverId: options.serverId, toolName: tool.name, kind: first ? 'changed' : 'added', parts: first ? options.store!.changesSinceApproval(tool, context) : [], hints: first ? undefined : hintChanges.get(tool.name), approvalLost: lostApproval, reason, timestamp: fetchedAt });
        continue;
      }
      const parts = changedToolParts(old, tool);
      if (parts.length === 0) continue;
      changes.push({ serverId: options.serverId, toolName: tool.name, kind: 'changed', parts, hints: hintChanges.get(tool.name), approvalLost: lostApproval, reason, timestamp: fetchedAt });
    }
    for (const name of before.keys()) {
      if (!after.has(name)) changes.push({ serverId: options.serverId, toolName: name, kind: 'removed', parts: [], hints: hintChanges.get(name), approvalLost: false, reason, timestamp: fetchedAt });
    }
    const expiresAt = toolListExpiresAt(isRecord(raw) && !Array.isArray(raw) ? (raw as unknown as ListToolsResult) : undefined, fetchedAt);
    publish({ serverId: options.serverId, tools, fetchedAt, expiresAt, changes, status: 'ready', error: undefined });
    changes.forEach(report);
    schedule(timedExpiry(expiresAt, fetchedAt));
    return snapshot;
  };

  const refresh = (reason: ToolListFetchReason = snapshot.fetchedAt === undefined ? 'initial' : 'manual'): Promise<ToolListSnapshot> => {
    if (disposed) return Promise.resolve(snapshot);
    if (inFlight) {
      // One fetch at a time; whatever arrives meanwhile gets one more after it.
      again = reason;
      return inFlight;
    }
    inFlight = fetchOnce(reason).finally(() => {
      inFlight = undefined;
      if (again !== undefined && !disposed) {
        const next = again;
        again = undefined;
        void refresh(next);
      }
    });
    return inFlight;
  };

  return {
    refresh,
    listChanged() {
      if (disposed || coalesce !== undefined) return;
      coalesce = setTimer(() => {
        coalesce = undefined;
        void refresh('list-changed');
      }, coalesceMs);
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      if (expiry !== undefined) clearTimer(expiry);
      if (coalesce !== undefined) clearTimer(coalesce);
      listeners.clear();
    },
  };
}
