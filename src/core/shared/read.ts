/**
 * Reading untrusted objects without being fooled or crashed by them. Server
 * data can arrive as proxies, objects with getters, or values that throw on
 * every touch (a revoked proxy). These helpers read each field once, never
 * throw, and report what they could not read.
 */

/** True for a plain, non-null, non-array object. Never throws (a revoked proxy is not a record). */
export function isObjectLike(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return !Array.isArray(value);
  } catch {
    return false;
  }
}

/** A finite number, or `undefined` for anything else (NaN, Infinity, a string from plain JavaScript). */
export function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * A host's numeric option, by one rule for every option: anything but a
 * finite number (NaN, ±Infinity, a string, absent) reads as absent and
 * gives `fallback`; a number is rounded down when it counts things
 * (`count`), then held within [min, max]. Never throws.
 */
export function numberOption<F extends number | undefined>(value: unknown, fallback: F, min: number, max: number, count = false): number | F {
  const n = finiteNumber(value);
  return n === undefined ? fallback : Math.min(max, Math.max(min, count ? Math.floor(n) : n));
}

/** Marks a field that exists but could not be read as data. */
export const UNREADABLE: unique symbol = Symbol('unreadable');

/**
 * The value of an own *data* property, or `undefined` when it is absent or
 * inherited. A getter (or a property whose descriptor cannot be read) gives
 * {@link UNREADABLE}: it is never called, so it cannot answer differently
 * twice. Never throws.
 */
export function ownData(target: unknown, key: string): unknown {
  if (typeof target !== 'object' || target === null) return undefined;
  let descriptor: PropertyDescriptor | undefined;
  try {
    descriptor = Object.getOwnPropertyDescriptor(target, key);
  } catch {
    return UNREADABLE;
  }
  if (descriptor === undefined) return undefined;
  return 'value' in descriptor ? descriptor.value : UNREADABLE;
}

/** A copy of an array read once (length once, each index once), or `null` when it cannot be read. */
export function copyArray(value: unknown, maxLength = 10_000): unknown[] | null {
  try {
    if (!Array.isArray(value)) return null;
    const length = Math.min(value.length, maxLength);
    const out: unknown[] = new Array(length);
    for (let i = 0; i < length; i++) out[i] = value[i];
    return out;
  } catch {
    return null;
  }
}

/** Limits for {@link canonicalForm}. */
export interface CanonicalLimits {
  /** Deepest nesting read. Default 64. */
  maxDepth?: number;
  /** Longest output, in UTF-16 code units. Default 262,144 (256 KiB). */
  maxLength?: number;
}

/** Default nesting limit for fingerprints. */
export const FINGERPRINT_MAX_DEPTH = 64;
/** Default size limit for fingerprints (characters). */
export const FINGERPRINT_MAX_LENGTH = 262_144;

class TooBig extends Error {}

/**
 * An exact canonical text of a value, for comparing what a server sent now
 * with what it sent before. Object keys are sorted and keys whose value is
 * `undefined` are skipped; strings are always quoted, and values JSON cannot
 * hold are bare words (`undefined`, `NaN`, `bigint(1)`, `cycle`) that no
 * quoted string can imitate, so two different values never give the same
 * text. Only own data properties are read; a getter anywhere makes the whole
 * value unreadable. Returns `null` when the value is deeper or larger than the
 * limits or cannot be read (throwing proxies): callers must then treat it as
 * "cannot be compared", never as equal to anything.
 */
export function canonicalForm(value: unknown, limits: CanonicalLimits = {}): string | null {
  limits ??= {};
  const maxDepth = limits.maxDepth ?? FINGERPRINT_MAX_DEPTH;
  const maxLength = limits.maxLength ?? FINGERPRINT_MAX_LENGTH;
  const parts: string[] = [];
  let length = 0;
  const push = (text: string) => {
    length += text.length;
    if (length > maxLength) throw new TooBig();
    parts.push(text);
  };
  const seen = new Set<object>();
  const walk = (node: unknown, depth: number): void => {
    if (node === null || typeof node === 'boolean' || typeof node === 'string') return push(JSON.stringify(node));
    if (node === undefined) return push('undefined');
    if (typeof node === 'number') return push(Number.isFinite(node) ? JSON.stringify(node) : String(node));
    if (typeof node === 'bigint') return push(`bigint(${node.toString()})`);
    if (typeof node !== 'object') return push(typeof node);
    if (depth >= maxDepth) throw new TooBig();
    if (seen.has(node)) return push('cycle');
    seen.add(node);
    if (Array.isArray(node)) {
      push('[');
      const n = node.length;
      for (let i = 0; i < n; i++) {
        if (i > 0) push(',');
        walk(ownDataStrict(node, String(i)), depth + 1);
      }
      push(']');
    } else {
      const keys = Object.getOwnPropertyNames(node).sort();
      push('{');
      let first = true;
      for (const key of keys) {
        const item = ownDataStrict(node, key);
        if (item === undefined) continue;
        push(`${first ? '' : ','}${JSON.stringify(key)}:`);
        first = false;
        walk(item, depth + 1);
      }
      push('}');
    }
    seen.delete(node);
  };
  try {
    walk(value, 0);
  } catch {
    return null;
  }
  return parts.join('');
}

/** Like {@link ownData} but throws on getters, so the caller fails as a whole. */
function ownDataStrict(target: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  if (descriptor === undefined) return undefined;
  if (!('value' in descriptor)) throw new TooBig();
  return descriptor.value;
}

/** Limits for {@link snapshotData}. */
export interface SnapshotLimits {
  /** Deepest nesting copied; deeper values become `null`. Default 64. */
  maxDepth?: number;
  /** Most values copied in all; the rest become `null`. Default 100,000. */
  maxNodes?: number;
}

/**
 * A plain deep copy of untrusted data, read once: own data properties only
 * (a getter is never called and its key is left out), arrays by index, keys
 * defined as own properties (so `__proto__` stays a key). Functions,
 * symbols and anything that throws become `undefined`; past the limits,
 * `null`. What the person is shown and what is sent are both made from this
 * copy, so a proxy cannot answer differently the second time. Never throws.
 */
export function snapshotData(value: unknown, limits: SnapshotLimits = {}): unknown {
  limits ??= {};
  const maxDepth = limits.maxDepth ?? FINGERPRINT_MAX_DEPTH;
  let budget = limits.maxNodes ?? 100_000;
  const copy = (input: unknown, depth: number): unknown => {
    if (input === null || typeof input === 'string' || typeof input === 'number' || typeof input === 'boolean') return input;
    if (typeof input !== 'object') return undefined;
    if (depth >= maxDepth || --budget < 0) return null;
    try {
      if (Array.isArray(input)) {
        const list = copyArray(input, 100_000) ?? [];
        return list.map((item) => copy(item, depth + 1));
      }
      const out: Record<string, unknown> = {};
      // One descriptor read per key (Object.keys would read each one a second time).
      for (const key of Reflect.ownKeys(input)) {
        if (typeof key !== 'string') continue;
        const descriptor = Object.getOwnPropertyDescriptor(input, key);
        if (!descriptor || !descriptor.enumerable || !('value' in descriptor)) continue;
        const item: unknown = descriptor.value;
        if (item === undefined) continue;
        const next = copy(item, depth + 1);
        if (next !== undefined) Object.defineProperty(out, key, { value: next, enumerable: true, writable: true, configurable: true });
      }
      return out;
    } catch {
      return undefined;
    }
  };
  return copy(value, 0);
}

/**
 * Sets `target[key]` as an own data property. Keys that come from server
 * data go through this (or a `Map`): assignment with `__proto__` would set
 * the object's prototype instead.
 */
export function defineOwn<T>(target: { [key: string]: T }, key: string, value: NoInfer<T>): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** One own data property, or `undefined` when it is absent or cannot be read. */
export const readOwn = (target: unknown, key: string): unknown => {
  const value = ownData(target, key);
  return value === UNREADABLE ? undefined : value;
};

/** A string field of a request, read as data. */
export const textOf = (request: unknown, key: string): string | undefined => {
  const value = ownData(request, key);
  return typeof value === 'string' ? value : undefined;
};

/** A request's `AbortSignal`, read as data. */
export const signalOf = (request: unknown): AbortSignal | undefined => {
  const signal = ownData(request, 'signal');
  try {
    // What can be listened to is a signal (its `aborted`, if absent, reads as not aborted); a revoked proxy throws: none.
    return typeof (signal as AbortSignal | undefined)?.addEventListener === 'function' ? (signal as AbortSignal) : undefined;
  } catch {
    return undefined;
  }
};
