import { normalizeTrust, type Trust } from '../shared/policy.js';
import type { ToolDecision } from './decide.js';
import { resolveToolHints, snapshotTool, toolFingerprint, type ToolFingerprint, TOOL_FINGERPRINT_PARTS } from './tool-hints.js';
import type { Tool } from '../shared/types.js';

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
export interface ApprovalScope {
  serverId: string;
  trust: Trust | undefined;
}

/** Why remembering was refused. `not-comparable`: the tool is too large or not plain data to fingerprint. */
export type RememberRefusal = 'untrusted-server' | 'destructive' | 'unknown-tool' | 'not-comparable';

/** Result of {@link ApprovalStore.remember}. */
export type RememberResult = { ok: true } | { ok: false; reason: RememberRefusal };

/** A part of a tool that a person or the model saw; see `ToolFingerprint`. */
export type ToolPart = keyof ToolFingerprint;

/**
 * Remembered approvals for one conversation, keyed by everything the user
 * and the model saw: server id, trust level, tool name, `tool.title`, the
 * annotations (with `annotations.title`), the description and the input
 * schema. Any change means the approval no longer applies. The store also
 * holds the conversation's taint flag (see the taint guard), so one object
 * persists the whole conversation's consent state.
 */
export interface ApprovalStore {
  /** Whether remembering this tool is allowed, before asking the user. */
  canRemember(tool: Tool | undefined, context: ApprovalScope): RememberResult;
  /** Remembers an approval; refused for untrusted servers, unknown or unreadable tools and (unless opted in) destructive tools. */
  remember(tool: Tool | undefined, context: ApprovalScope): RememberResult;
  /** Whether a remembered approval applies to this exact tool version. */
  isApproved(tool: Tool | undefined, context: ApprovalScope): boolean;
  /** Whether this tool was approved when it looked different (it changed since). */
  hasChangedSinceApproval(tool: Tool | undefined, context: ApprovalScope): boolean;
  /** The parts that changed since this tool was approved on this server; `[]` when none (or never approved). */
  changesSinceApproval(tool: Tool | undefined, context: ApprovalScope): ToolPart[];
  /** Forgets every approval of this tool on this server. */
  forget(serverId: string, toolName: string): void;
  /** Forgets every approval and resets the taint flag. */
  clear(): void;
  /** Whether open-world content entered this conversation (taint guard). */
  isTainted(): boolean;
  /** Sets or resets the taint flag. */
  setTainted(tainted: boolean): void;
  /** The stored entries, as plain strings (serialisable). */
  toJSON(): string[];
  /** Called after every change. Returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

// k3: the fingerprint also covers outputSchema, execution and _meta.ui (k2 entries no longer match: asked again).
const VERSION = 'k3';
const TAINT_KEY = '#tainted';
type Entry = [version: typeof VERSION, serverId: string, toolName: string, trust: Trust, ...parts: string[]];

function parseKey(key: unknown): Entry | null {
  if (typeof key !== 'string') return null;
  try {
    const value: unknown = JSON.parse(key);
    if (
      Array.isArray(value) &&
      value.length === 4 + TOOL_FINGERPRINT_PARTS.length &&
      value[0] === VERSION &&
      value.every((part) => typeof part === 'string') &&
      (value[3] === 'trusted' || value[3] === 'untrusted')
    ) {
      return value as Entry;
    }
  } catch {
    // Malformed storage is ignored, never trusted.
  }
  return null;
}

/** Creates a remembered-approval store (conversation scope unless `storage` is given). */
export function createApprovalStore(options: ApprovalStoreOptions = {}): ApprovalStore {
  options ??= {};
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  let tainted = false;
  let loaded: unknown;
  try {
    loaded = options.storage?.load();
  } catch {
    loaded = undefined;
  }
  if (Array.isArray(loaded)) {
    for (const key of loaded) {
      if (key === TAINT_KEY) {
        tainted = true;
        continue;
      }
      const entry = parseKey(key);
      // Only trusted approvals are ever stored; anything else in storage is ignored.
      if (entry && entry[3] === 'trusted') entries.set(JSON.stringify(entry), entry);
    }
  }

  const serialised = () => [...entries.keys(), ...(tainted ? [TAINT_KEY] : [])];
  const changed = () => {
    try {
      options.storage?.save(serialised());
    } catch {
      // Persistence failing must not break the conversation.
    }
    for (const listener of listeners) {
      try {
        listener();
      } catch {
        // One listener's bug must not stop the others.
      }
    }
  };

  const entryFor = (tool: Tool | undefined, context: ApprovalScope): Entry | 'not-comparable' | null => {
    const snapshot = snapshotTool(tool);
    if (!snapshot || snapshot.name === '' || typeof context?.serverId !== 'string') return null;
    const fingerprint = toolFingerprint(snapshot);
    if (!fingerprint) return 'not-comparable';
    return [VERSION, context.serverId, snapshot.name, normalizeTrust(context.trust), ...TOOL_FINGERPRINT_PARTS.map((part) => fingerprint[part])];
  };

  const canRemember = (tool: Tool | undefined, context: ApprovalScope): RememberResult => {
    const entry = entryFor(tool, context);
    if (entry === null) return { ok: false, reason: 'unknown-tool' };
    if (normalizeTrust(context.trust) !== 'trusted') return { ok: false, reason: 'untrusted-server' };
    if (entry === 'not-comparable') return { ok: false, reason: 'not-comparable' };
    if (resolveToolHints(snapshotTool(tool)).destructive && !options.rememberDestructive) return { ok: false, reason: 'destructive' };
    return { ok: true };
  };

  const changesSinceApproval = (tool: Tool | undefined, context: ApprovalScope): ToolPart[] => {
    const entry = entryFor(tool, context);
    if (entry === null) return [];
    const snapshot = snapshotTool(tool)!;
    if (entry !== 'not-comparable' && entries.has(JSON.stringify(entry))) return [];
    // The most recent approval of the same tool on the same server.
    let previous: Entry | undefined;
    for (const candidate of entries.values()) if (candidate[1] === context.serverId && candidate[2] === snapshot.name) previous = candidate;
    if (!previous) return [];
    if (entry === 'not-comparable') return [...TOOL_FINGERPRINT_PARTS];
    return TOOL_FINGERPRINT_PARTS.filter((_, i) => previous[4 + i] !== entry[4 + i]);
  };

  return {
    canRemember,
    remember(tool, context) {
      const verdict = canRemember(tool, context);
      const entry = entryFor(tool, context);
      if (!verdict.ok || entry === null || entry === 'not-comparable') return verdict;
      // A new approval of this tool replaces older versions of it.
      for (const [key, old] of entries) if (old[1] === entry[1] && old[2] === entry[2]) entries.delete(key);
      entries.set(JSON.stringify(entry), entry);
      changed();
      return verdict;
    },
    isApproved(tool, context) {
      const entry = entryFor(tool, context);
      return entry !== null && entry !== 'not-comparable' && canRemember(tool, context).ok && entries.has(JSON.stringify(entry));
    },
    hasChangedSinceApproval(tool, context) {
      return changesSinceApproval(tool, context).length > 0;
    },
    changesSinceApproval,
    forget(serverId, toolName) {
      let any = false;
      for (const [key, entry] of entries) {
        if (entry[1] === serverId && entry[2] === toolName) {
          entries.delete(key);
          any = true;
        }
      }
      if (any) changed();
    },
    clear() {
      if (entries.size === 0 && !tainted) return;
      entries.clear();
      tainted = false;
      changed();
    },
    isTainted: () => tainted,
    setTainted(value) {
      if (tainted === (value === true)) return;
      tainted = value === true;
      changed();
    },
    toJSON: serialised,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const NEVER_REMEMBERED: ReadonlySet<string> = new Set(['tainted', 'host-requires-confirmation', 'tool-shadowed', 'server-look-alike']);

/**
 * Whether a confirmation may offer "remember this approval": only for a call
 * policy says to confirm, never in `always-confirm` mode (memory would be
 * ignored there), never under the taint guard, and only where
 * the store would accept it (trusted server, known and comparable tool, not
 * destructive unless the host opted in).
 */
export function canOfferRemember(store: ApprovalStore, decision: ToolDecision, tool: Tool | undefined, serverId: string): boolean {
  if (decision.action !== 'confirm' || decision.mode === 'always-confirm') return false;
  // Never remembered: what the taint guard or the host asks each time, and a name another server also offers.
  if (decision.reasons.some((reason) => NEVER_REMEMBERED.has(reason.code))) return false;
  return store.canRemember(tool, { serverId, trust: decision.trust }).ok;
}
