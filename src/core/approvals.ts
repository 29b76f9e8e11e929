import { normalizeTrust, type ToolDecision, type Trust } from './decisions.js';
import { isRecord } from './issues.js';
import { annotationFingerprint, resolveToolHints } from './tool-hints.js';
import type { Tool } from './types.js';

/** Where persistent approvals live. The host supplies it (localStorage, a DB…). */
export interface ApprovalStorageAdapter {
  /** Returns what `save` stored last, or nothing. May return malformed data: it is checked. */
  load(): unknown;
  save(entries: string[]): void;
}

/** Options for {@link createApprovalStore}. */
export interface ApprovalStoreOptions {
  /** Allow remembering destructive tools. Off by default. */
  rememberDestructive?: boolean | undefined;
  /** Persist beyond the conversation. Without it, approvals last as long as the store. */
  storage?: ApprovalStorageAdapter | undefined;
}

/** Identifies one call for the store. */
export interface ApprovalContext {
  serverId: string;
  trust: Trust | undefined;
}

/** Why remembering was refused. */
export type RememberRefusal = 'untrusted-server' | 'destructive' | 'unknown-tool';

/** Result of {@link ApprovalStore.remember}. */
export type RememberResult = { ok: true } | { ok: false; reason: RememberRefusal };

/**
 * Remembered approvals, keyed by server id, tool name, trust level and the
 * tool's annotation fingerprint. A changed annotation set, trust level or
 * server means the approval no longer applies.
 */
export interface ApprovalStore {
  /** Whether remembering this tool is allowed, before asking the user. */
  canRemember(tool: Tool | undefined, context: ApprovalContext): RememberResult;
  /** Remembers an approval; refused for untrusted servers, unknown tools and (unless opted in) destructive tools. */
  remember(tool: Tool | undefined, context: ApprovalContext): RememberResult;
  /** Whether a remembered approval applies to this exact tool version. */
  isApproved(tool: Tool | undefined, context: ApprovalContext): boolean;
  /** Whether this tool was approved under other annotations (it changed since). */
  hasChangedSinceApproval(tool: Tool | undefined, context: ApprovalContext): boolean;
  /** Forgets every approval of this tool on this server. */
  forget(serverId: string, toolName: string): void;
  clear(): void;
  /** The stored entries, as plain strings (serialisable). */
  toJSON(): string[];
  /** Called after every change. Returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

type Entry = [serverId: string, toolName: string, trust: Trust, fingerprint: string];

function keyOf(entry: Entry): string {
  return JSON.stringify(entry);
}

function parseKey(key: unknown): Entry | null {
  if (typeof key !== 'string') return null;
  try {
    const value: unknown = JSON.parse(key);
    if (Array.isArray(value) && value.length === 4 && value.every((part) => typeof part === 'string') && (value[2] === 'trusted' || value[2] === 'untrusted')) {
      return value as Entry;
    }
  } catch {
    // Malformed storage is ignored, never trusted.
  }
  return null;
}

/** Creates a remembered-approval store (conversation scope unless `storage` is given). */
export function createApprovalStore(options: ApprovalStoreOptions = {}): ApprovalStore {
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  let loaded: unknown;
  try {
    loaded = options.storage?.load();
  } catch {
    loaded = undefined;
  }
  if (Array.isArray(loaded)) {
    for (const key of loaded) {
      const entry = parseKey(key);
      // Only trusted approvals are ever stored; anything else in storage is ignored.
      if (entry && entry[2] === 'trusted') entries.set(keyOf(entry), entry);
    }
  }

  const changed = () => {
    try {
      options.storage?.save([...entries.keys()]);
    } catch {
      // Persistence failing must not break the conversation.
    }
    for (const listener of listeners) listener();
  };

  const entryFor = (tool: Tool | undefined, context: ApprovalContext): Entry | null => {
    if (!isRecord(tool) || typeof tool.name !== 'string' || typeof context.serverId !== 'string') return null;
    return [context.serverId, tool.name, normalizeTrust(context.trust), annotationFingerprint(tool)];
  };

  const canRemember = (tool: Tool | undefined, context: ApprovalContext): RememberResult => {
    const entry = entryFor(tool, context);
    if (!entry) return { ok: false, reason: 'unknown-tool' };
    if (entry[2] !== 'trusted') return { ok: false, reason: 'untrusted-server' };
    if (resolveToolHints(tool).destructive && !options.rememberDestructive) return { ok: false, reason: 'destructive' };
    return { ok: true };
  };

  return {
    canRemember,
    remember(tool, context) {
      const verdict = canRemember(tool, context);
      const entry = entryFor(tool, context);
      if (!verdict.ok || !entry) return verdict;
      entries.set(keyOf(entry), entry);
      changed();
      return verdict;
    },
    isApproved(tool, context) {
      const entry = entryFor(tool, context);
      return entry !== null && canRemember(tool, context).ok && entries.has(keyOf(entry));
    },
    hasChangedSinceApproval(tool, context) {
      const entry = entryFor(tool, context);
      if (!entry || entries.has(keyOf(entry))) return false;
      for (const [server, name, , fingerprint] of entries.values()) {
        if (server === entry[0] && name === entry[1] && fingerprint !== entry[3]) return true;
      }
      return false;
    },
    forget(serverId, toolName) {
      let any = false;
      for (const [key, entry] of entries) {
        if (entry[0] === serverId && entry[1] === toolName) {
          entries.delete(key);
          any = true;
        }
      }
      if (any) changed();
    },
    clear() {
      if (entries.size === 0) return;
      entries.clear();
      changed();
    },
    toJSON() {
      return [...entries.keys()];
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Whether a confirmation may offer "remember this approval": only for a call
 * policy says to confirm, never in `always-confirm` mode (memory would be
 * ignored there), and only where the store would accept it (trusted server,
 * known tool, not destructive unless the host opted in).
 */
export function canOfferRemember(store: ApprovalStore, decision: ToolDecision, tool: Tool | undefined, serverId: string): boolean {
  return decision.action === 'confirm' && decision.mode !== 'always-confirm' && store.canRemember(tool, { serverId, trust: decision.trust }).ok;
}
