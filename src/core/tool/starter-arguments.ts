/**
 * Starter arguments for a tool, from its `inputSchema`: what a host puts in
 * the arguments box before a person edits it, so a first call is not `{}`
 * (which most tools refuse). Read as untrusted data: own properties only,
 * bounded depth and size, never throws.
 */
import { isRecord } from '../shared/issues.js';
import { ownData } from '../shared/read.js';

const MAX_DEPTH = 4;
const MAX_PROPERTIES = 64;

const typeOf = (schema: unknown): string | undefined => {
  const type = ownData(schema, 'type');
  if (typeof type === 'string') return type;
  // `["string", "null"]`: the first non-null type.
  return Array.isArray(type) ? (type.find((entry): entry is string => typeof entry === 'string' && entry !== 'null') ?? undefined) : undefined;
};

const isJson = (value: unknown, depth = 0): boolean => {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.length <= MAX_PROPERTIES && value.every((entry) => isJson(entry, depth + 1));
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.length <= MAX_PROPERTIES && keys.every((key) => isJson(ownData(value, key), depth + 1));
};

/** One value for a schema: its default, const or first enum value, else the smallest value of its type. */
function starterValue(schema: unknown, depth: number): unknown {
  for (const key of ['default', 'const'] as const) {
    const value = ownData(schema, key);
    if (value !== undefined && isJson(value)) return value;
  }
  const choices = ownData(schema, 'enum');
  if (Array.isArray(choices) && choices.length > 0 && isJson(choices[0])) return choices[0];
  const oneOf = ownData(schema, 'oneOf') ?? ownData(schema, 'anyOf');
  if (Array.isArray(oneOf) && oneOf.length > 0) return starterValue(oneOf[0], depth);
  switch (typeOf(schema)) {
    case 'string':
      return '';
    case 'integer':
    case 'number': {
      const minimum = ownData(schema, 'minimum');
      if (typeof minimum === 'number' && Number.isFinite(minimum)) return typeOf(schema) === 'integer' ? Math.ceil(minimum) : minimum;
      const maximum = ownData(schema, 'maximum');
      return typeof maximum === 'number' && Number.isFinite(maximum) && maximum < 0 ? maximum : 0;
    }
    case 'boolean':
      return false;
    case 'array': {
      // `minItems` items of the item schema, so a list that must not be empty is not.
      const min = ownData(schema, 'minItems');
      const count = typeof min === 'number' && Number.isInteger(min) && min > 0 ? Math.min(min, 8) : 0;
      const item = depth < MAX_DEPTH ? starterValue(ownData(schema, 'items'), depth + 1) : undefined;
      return item === undefined ? [] : Array.from({ length: count }, () => item);
    }
    case 'null':
      return null;
    case 'object':
      return depth < MAX_DEPTH ? objectValue(schema, depth + 1) : {};
    default:
      return isRecord(ownData(schema, 'properties')) && depth < MAX_DEPTH ? objectValue(schema, depth + 1) : undefined;
  }
}

/** Every property with a default, and every required one (with a starter value). */
function objectValue(schema: unknown, depth: number): Record<string, unknown> {
  const properties = ownData(schema, 'properties');
  const requiredList = ownData(schema, 'required');
  const required = new Set(Array.isArray(requiredList) ? requiredList.filter((name): name is string => typeof name === 'string') : []);
  const out: Record<string, unknown> = {};
  if (!isRecord(properties)) return out;
  for (const name of Object.keys(properties).slice(0, MAX_PROPERTIES)) {
    const property = ownData(properties, name);
    if (!isRecord(property)) continue;
    const hasDefault = ownData(property, 'default') !== undefined;
    if (!hasDefault && !required.has(name)) continue;
    const value = starterValue(property, depth);
    // A plain assignment could hit `__proto__`: define the key as data.
    if (value !== undefined) Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Arguments to start from for a tool: each property's `default`, and for a
 * required property without one its `const`, first `enum` value or the
 * smallest value of its type (`""`, `minimum` or `0`, `false`, `minItems`
 * items, nested objects likewise). The person still reviews and edits them; the server
 * still validates. A tool without a readable schema gets `{}`.
 */
export function starterArguments(tool: unknown): Record<string, unknown> {
  try {
    return objectValue(ownData(tool, 'inputSchema'), 0);
  } catch {
    return {};
  }
}
