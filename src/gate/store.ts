/**
 * The per-chat state of the gate, over an asynchronous key–value
 * storage that every instance of the route shares: remembered approvals,
 * the taint flag, each result's model view, and the questions asked (so an
 * approval runs once, and only where it was asked).
 */
import { createApprovalStore, type ApprovalStore } from '../core/tool/approvals.js';
import { copyArray, numberOption, ownData } from '../core/shared/read.js';

// Storage --------------------------------------------------------------------

/**
 * A key–value store shared by every instance of the chat route. Values are
 * strings; each write carries the time to live the host chose. The memory
 * storage is the default; `createRedisChatStorage` puts it on Redis.
 */
export interface McpChatStorage {
  /** The value, or `undefined`/`null` when absent or expired. */
  get(key: string): Promise<string | null | undefined>;
  /** Sets the value, replacing any, for `ttlMs` milliseconds. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets the value only if the key is absent, atomically across instances; `true` when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
}

/** Options for `createMemoryChatStorage`. */
export interface MemoryChatStorageOptions {
  /** Keys held at once; the least recently used results go first. Default 100,000. */
  maxEntries?: number | undefined;
  /** The clock (tests). */
  now?: (() => number) | undefined;
}

// Safety state (a chat's taint, an approval's use): never evicted to make room, kept until it expires.
const SAFETY_KEY = /:(?:taint|answered)(?::|$)/;

/**
 * The default storage: in this process's memory. Embedded, zero set-up; one
 * instance only. Under pressure it drops cached results (least recently used
 * first), never safety state: when that alone fills it, a write of more is
 * refused (the store then fails closed: nothing runs) rather than forgetting
 * a taint or an approval's use.
 */
export function createMemoryChatStorage(options: MemoryChatStorageOptions = {}): McpChatStorage {
  options ??= {};
  const cache = new Map<string, { value: string; expires: number }>();
  const kept = new Map<string, { value: string; expires: number }>();
  const maxEntries = numberOption(options.maxEntries, 100_000, 1, Number.MAX_SAFE_INTEGER, true);
  const now = options.now ?? Date.now;
  const pool = (key: string) => (SAFETY_KEY.test(key) ? kept : cache);
  const live = (key: string) => {
    const entries = pool(key);
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (entry.expires <= now()) return undefined;
    entries.set(key, entry);
    return entry;
  };
  const put = (key: string, value: string, ttlMs: number) => {
    const entries = pool(key);
    entries.delete(key);
    if (entries === kept && kept.size >= maxEntries) {
      const at = now();
      for (const [old, entry] of kept) if (entry.expires <= at) kept.delete(old);
      if (kept.size >= maxEntries) throw new Error(`the memory chat storage holds ${maxEntries} entries of safety state (taints, used approvals) that have not expired`);
    }
    entries.set(key, { value, expires: now() + ttlMs });
    if (entries === cache && cache.size > maxEntries) cache.delete(cache.keys().next().value!);
  };
  return {
    get: async (key) => live(key)?.value,
    set: async (key, value, ttlMs) => put(key, value, ttlMs),
    // Synchronous from the check to the write: two requests cannot both set it.
    setIfAbsent: async (key, value, ttlMs) => {
      if (live(key)) return false;
      put(key, value, ttlMs);
      return true;
    },
  };
}

/**
 * The part of a `redis` (node-redis 5 or 6) client this uses: `createClient()`
 * from `redis`, connected. Structural, so this package does not depend on it.
 */
export interface RedisLikeClient {
  get(key: string): Promise<string | null | unknown>;
  set(key: string, value: string, options: { expiration: { type: 'PX'; value: number }; condition?: 'NX' }): Promise<string | null | unknown>;
}

/** Options for `createRedisChatStorage`. */
export interface RedisChatStorageOptions {
  /** Put before every key, so several apps can share one Redis. Default `mcp-chat:`. */
  prefix?: string | undefined;
}

/**
 * Chat storage on Redis, for a route that runs on several instances
 * (serverless functions, several containers). `setIfAbsent` is `SET … NX PX`,
 * atomic on the server. Pass a connected `createClient()` from `redis`.
 */
export function createRedisChatStorage(client: RedisLikeClient, options: RedisChatStorageOptions = {}): McpChatStorage {
  options ??= {};
  if (!client || typeof client.get !== 'function' || typeof client.set !== 'function') {
    throw new TypeError('createRedisChatStorage needs a connected client from the redis package: createRedisChatStorage(await createClient({ url }).connect()).');
  }
  const prefix = options.prefix ?? 'mcp-chat:';
  const ttl = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs));
  return {
    async get(key) {
      const value = await client.get(prefix + key);
      return typeof value === 'string' ? value : undefined;
    },
    async set(key, value, ttlMs) {
      await client.set(prefix + key, value, { expiration: { type: 'PX', value: ttl(ttlMs) } });
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await client.set(prefix + key, value, { expiration: { type: 'PX', value: ttl(ttlMs) }, condition: 'NX' })) === 'OK';
    },
  };
}

// Chat store -----------------------------------------------------------------

/** Options for `createMcpChatStore`. */
export interface McpChatStoreOptions {
  /** Where chat state lives. Default: this process's memory (`createMemoryChatStorage()`); use Redis on several instances. */
  storage?: McpChatStorage | undefined;
  /** How long a chat's state is kept after its last write, in milliseconds. Default 7 days. */
  ttlMs?: number | undefined;
  /** Allow "remember" for destructive tools. Off by default. */
  rememberDestructive?: boolean | undefined;
  /** A write that failed after a tool ran (its model view is then lost; the model falls back to the user view). Default: `console.warn`. */
  onStorageError?: ((error: McpChatStoreError) => void) | undefined;
}

/** The chat store could not read or write its storage. Nothing that depends on it ran. */
export class McpChatStoreError extends Error {
  constructor(action: string, cause: unknown) {
    super(`The chat store could not ${action}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'McpChatStoreError';
  }
  static isInstance(error: unknown): error is McpChatStoreError {
    return error instanceof Error && error.name === 'McpChatStoreError' && error instanceof McpChatStoreError;
  }
}

/** What {@link McpChatStore.claimApproval} found. */
export type ApprovalClaim = 'ok' | 'replayed' | 'unknown' | 'mismatch';

/** One chat's consent state, loaded for one request. */
export interface McpChatConsent {
  /** Remembered approvals and the taint flag (the store the approval controller uses). */
  approvals: ApprovalStore;
  /** Waits for this request's writes of `approvals`; rejects with `McpChatStoreError` when one failed. */
  flush(): Promise<void>;
  /** Whether writes are waiting for `flush`. */
  pending(): boolean;
}

/**
 * Per-chat state shared by `annotateMcpTools` and `mcpToolApproval` (and by
 * every instance of the route, through its storage). Every method may reject
 * with `McpChatStoreError` when the storage is unreachable.
 */
export interface McpChatStore {
  /** Loads the chat's remembered approvals and taint flag; changes are written back. */
  consent(chatId: string): Promise<McpChatConsent>;
  /** The model's view of one tool result (what `toModelOutput` sends), if kept. */
  modelView(chatId: string, toolCallId: string): Promise<unknown>;
  /** Keeps the model's view of one tool result (one write per result). */
  setModelView(chatId: string, toolCallId: string, view: unknown): Promise<void>;
  /**
   * Notes that a person was asked to approve this call in this chat, bound to
   * what was asked (`binding`: server, tool and input). Only an answer that
   * matches a noted question counts, once.
   */
  markAsked(chatId: string, toolCallId: string, binding: string): Promise<void>;
  /**
   * Takes the noted question for an answer, atomically across instances:
   * `ok` once; then `replayed`; `unknown` when this chat never asked it;
   * `mismatch` when it asked something else (another server, tool or input).
   */
  claimApproval(chatId: string, toolCallId: string, binding: string): Promise<ApprovalClaim>;
  /** The error hook given in the options. */
  readonly reportError: (error: McpChatStoreError) => void;
}

const DAY = 24 * 60 * 60 * 1000;

/** A question's id: 128 random bits (the platform's Web Crypto), in hex. Each time a call is asked, a new one. */
const questionId = () => Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A noted question: its binding and its id, which keys its answer (1.0 stored the bare binding). */
function readQuestion(saved: string): { binding: string; q: string } {
  if (saved.startsWith('{"binding":')) {
    try {
      const parsed: unknown = JSON.parse(saved);
      const binding = ownData(parsed, 'binding');
      const q = ownData(parsed, 'q');
      if (typeof binding === 'string' && typeof q === 'string') return { binding, q };
    } catch {
      // not ours: compared as it is
    }
  }
  return { binding: saved, q: '' };
}
const TAINT_ENTRY = '#tainted';

// With the u flag, a surrogate matches only when it is not half of a pair.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * A key part from client text: cannot break out of its segment (`:` is
 * encoded), and never throws. A lone surrogate, which `encodeURIComponent`
 * refuses, is written `%uXXXX`, which it never writes: two ids never share a key.
 */
const part = (value: string) => {
  const text = String(value);
  return LONE_SURROGATE.test(text) ? [...text].map((char) => (LONE_SURROGATE.test(char) ? `%u${char.charCodeAt(0).toString(16)}` : encodeURIComponent(char))).join('') : encodeURIComponent(text);
};

/** Whether a chat id can key a chat: a non-empty string of at most 256 code units, well-formed (no lone surrogate). */
export const isChatId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 256 && !LONE_SURROGATE.test(value);

/**
 * Creates the per-chat store: remembered approvals and the taint guard work
 * across the steps and requests of one conversation, each MCP result's
 * assistant view waits here for the model while the browser gets the user
 * view, and each approval is bound to its question. Create one per app; give
 * it `storage: createRedisChatStorage(client)` when the route runs on
 * several instances.
 */
export function createMcpChatStore(options: McpChatStoreOptions = {}): McpChatStore {
  options ??= {};
  const storage = options.storage ?? createMemoryChatStorage();
  // Any storage that is not one (a synchronous load/save one among them) is a set-up mistake: said at once.
  if (typeof storage?.get !== 'function' || typeof storage.set !== 'function' || typeof storage.setIfAbsent !== 'function') {
    throw new TypeError('createMcpChatStore needs a storage with get, set and setIfAbsent: createMemoryChatStorage() or createRedisChatStorage(client).');
  }
  const ttlMs = numberOption(options.ttlMs, 7 * DAY, 1000, 100 * 365 * DAY);
  const reportError =
    options.onStorageError ??
    ((error: McpChatStoreError) => {
      console.warn(`[react-mcp-annotations] ${error.message}`);
    });
  const key = (chatId: string, kind: string, id?: string) => `${part(chatId)}:${kind}${id === undefined ? '' : `:${part(id)}`}`;
  const attempt = async <T>(action: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw McpChatStoreError.isInstance(error) ? error : new McpChatStoreError(action, error);
    }
  };

  return {
    reportError,
    async consent(chatId) {
      const [savedApprovals, savedTaint] = await attempt('load the chat', () => Promise.all([storage.get(key(chatId, 'approvals')), storage.get(key(chatId, 'taint'))]));
      // The approvals as of a version: `{ v, list }` (0.3 stored a bare list, version 0). Malformed storage is ignored, never trusted.
      const readApprovals = (saved: unknown): { v: number; list: unknown[] } => {
        try {
          const parsed: unknown = JSON.parse(String(saved ?? '[]'));
          const v = ownData(parsed, 'v');
          return { v: Number.isSafeInteger(v) ? (v as number) : 0, list: copyArray(Array.isArray(parsed) ? parsed : ownData(parsed, 'list'), 10_000) ?? [] };
        } catch {
          return { v: 0, list: [] };
        }
      };
      let { v: version, list: committed } = readApprovals(savedApprovals);
      const entries = committed;
      const wasTainted = savedTaint === '1';
      const writes: Promise<unknown>[] = [];
      // Every write is awaited by `flush`; one that fails before anyone flushes (a request that decides nothing) is still handled.
      const track = (write: Promise<unknown>) => {
        write.catch(() => undefined);
        writes.push(write);
      };
      let lastApprovals = committed.filter((entry) => entry !== TAINT_ENTRY);
      let lastTaint = wasTainted;
      let commits: Promise<unknown> = Promise.resolve();
      /**
       * Writes one change of the approvals (what this request added and
       * removed) as the next version, claimed with `setIfAbsent`: when another
       * instance took that version first, its list is read and the change is
       * applied to it, so two instances remembering different tools at once
       * both keep theirs. `approvals` holds the latest list for the next load.
       */
      const commit = async (added: unknown[], removed: unknown[]) => {
        for (let tries = 0; tries < 32; tries++) {
          const list = [...new Set([...committed.filter((entry) => !removed.includes(entry)), ...added])];
          const text = JSON.stringify({ v: version + 1, list });
          const won = await storage.setIfAbsent(key(chatId, 'approvals', String(version + 1)), text, ttlMs);
          version++;
          if (won) {
            committed = list;
            return storage.set(key(chatId, 'approvals'), text, ttlMs);
          }
          committed = readApprovals(await storage.get(key(chatId, 'approvals', String(version)))).list;
        }
        throw new Error('the approvals kept changing under this request');
      };
      const approvals = createApprovalStore({
        rememberDestructive: options.rememberDestructive,
        storage: {
          load: () => (wasTainted ? [...entries, TAINT_ENTRY] : entries),
          save: (next) => {
            // The taint flag has its own key, so a concurrent request's approvals cannot clear it.
            const tainted = next.includes(TAINT_ENTRY);
            const list = next.filter((entry) => entry !== TAINT_ENTRY);
            if (tainted !== lastTaint) track(storage.set(key(chatId, 'taint'), tainted ? '1' : '0', ttlMs));
            const added = list.filter((entry) => !lastApprovals.includes(entry));
            const removed = lastApprovals.filter((entry) => !list.includes(entry as string));
            // One request's changes are written in order.
            if (added.length + removed.length > 0) track((commits = commits.then(() => commit(added, removed))));
            lastTaint = tainted;
            lastApprovals = list;
          },
        },
      });
      // A tainted chat stays tainted as long as it is used.
      if (wasTainted) track(storage.set(key(chatId, 'taint'), '1', ttlMs));
      return {
        approvals,
        pending: () => writes.length > 0,
        flush: async () => {
          await attempt('save the chat', () => Promise.all(writes.splice(0)));
        },
      };
    },
    async modelView(chatId, toolCallId) {
      const saved = await attempt('read a result', () => storage.get(key(chatId, 'view', toolCallId)));
      if (typeof saved !== 'string') return undefined;
      try {
        return JSON.parse(saved) as unknown;
      } catch {
        return undefined;
      }
    },
    async setModelView(chatId, toolCallId, view) {
      let text: string;
      try {
        text = JSON.stringify(view ?? null);
      } catch {
        // Not plain data: not kept; the model gets what it may see of the user view.
        return;
      }
      // Kept once: what a call became is never replaced by a later write for the same call.
      await attempt('keep a result', () => storage.setIfAbsent(key(chatId, 'view', toolCallId), text, ttlMs));
    },
    async markAsked(chatId, toolCallId, binding) {
      // Each ask is a question of its own, answered once: a provider that reuses a call id across turns gets each
      // turn's call asked and answered on its own, and an answer used before is never one for a later question.
      const question = JSON.stringify({ binding, q: questionId() });
      await attempt('note a question', () => storage.set(key(chatId, 'asked', toolCallId), question, ttlMs));
    },
    async claimApproval(chatId, toolCallId, binding) {
      return attempt('check an approval', async () => {
        const saved = await storage.get(key(chatId, 'asked', toolCallId));
        if (typeof saved !== 'string') return 'unknown';
        const asked = readQuestion(saved);
        const answered = key(chatId, 'answered', asked.q ? `${toolCallId}#${asked.q}` : toolCallId);
        if (asked.binding !== binding) {
          // A mismatch never consumes the question, but says "replayed" once it was used.
          return (await storage.get(answered)) ? 'replayed' : 'mismatch';
        }
        return (await storage.setIfAbsent(answered, '1', ttlMs)) ? 'ok' : 'replayed';
      });
    },
  };
}
