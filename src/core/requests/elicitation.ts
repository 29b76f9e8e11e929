/**
 * Elicitation (`elicitation/create`): a server asks the person for
 * information. Form mode carries a flat JSON schema; URL mode sends the
 * person to a web page. Everything here reads the request as untrusted data,
 * never throws, and decides what the form shows and what an answer may
 * contain: an accepted answer only ever holds fields the person saw.
 */
import { isRecord } from '../shared/issues.js';
import { copyArray, defineOwn, finiteNumber, ownData, readOwn } from '../shared/read.js';
import { sanitizeLabel, sanitizeText } from '../text/sanitize.js';
import { sensitiveKind } from './sensitive.js';
import { describeUrl, type CheckedUrl, type UrlCheckOptions, type UrlWarning } from '../text/url.js';
import type { FieldErrorCode, MessageRef, RequestProblemCode, SensitiveKind } from '../text/messages.js';

/** How a field is entered. */
export type ElicitationFieldKind = 'text' | 'number' | 'integer' | 'boolean' | 'choice' | 'choices';

/** One choice of an enum field. */
export interface ElicitationOption {
  value: string;
  label: string;
}

/** String formats the form can enter natively. */
export type ElicitationFormat = 'email' | 'uri' | 'date' | 'date-time';

/** One field of a form request, checked. */
export interface ElicitationField {
  /** The property name, exactly as the server sent it (it is the key of the answer). */
  name: string;
  /** What to call the field: its title, else its name; safe one-line text. */
  label: string;
  /** Plain-text description, or `''`. */
  description: string;
  kind: ElicitationFieldKind;
  required: boolean;
  format?: ElicitationFormat | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  minItems?: number | undefined;
  maxItems?: number | undefined;
  /** For `choice` and `choices`. */
  options?: ElicitationOption[] | undefined;
  /** The schema's default (SEP-1034), when it fits the field. */
  defaultValue?: string | number | boolean | string[] | undefined;
  /** The field looks like it asks for a secret (see `sensitiveKind`): masked, warned, and an accept needs an acknowledgement. */
  sensitive: boolean;
  /** The kind of secret it looks like it asks for, for the warning (`sensitive.<kind>` in the message table). */
  sensitiveKind?: SensitiveKind | undefined;
}

/** Why a request cannot be shown: a code with its parameters (`problem.<code>` in the message table). */
export type RequestProblem = MessageRef<RequestProblemCode>;
/** Why a value is not right: a code with its parameters (`invalid.<code>` in the message table). */
export type FieldError = MessageRef<FieldErrorCode>;

/** A request as the dialog shows it. */
export type ElicitationView =
  | { mode: 'form'; message: string; fields: ElicitationField[]; sensitive: boolean }
  | { mode: 'url'; message: string; url: ElicitationUrl; elicitationId?: string | undefined }
  | {
      mode: 'invalid';
      message: string;
      /** Why it cannot be shown, as codes (`problem.<code>` in the message table). */
      problemCodes: RequestProblem[];
    };

/** An invalid view from its problems (codes: people read them from the message table). */
export function invalidRequest(message: string, problemCodes: RequestProblem[]): { mode: 'invalid'; message: string; problemCodes: RequestProblem[] } {
  return { mode: 'invalid', message, problemCodes };
}

/** What the person typed or chose, by field name. */
export type ElicitationValues = Record<string, string | number | boolean | readonly string[] | null | undefined>;

/** The answer sent back: the SDK's `ElicitResult` shape. */
export type ElicitationAnswer = { action: 'accept'; content?: Record<string, string | number | boolean | string[]> } | { action: 'decline' } | { action: 'cancel' };

/** Options for {@link parseElicitationRequest}. */
export type ElicitationParseOptions = UrlCheckOptions;
/** A URL a server wants the person to open (see `describeUrl`). */
export type ElicitationUrl = CheckedUrl;
/** Why a URL deserves a closer look. */
export type ElicitationUrlWarning = UrlWarning;

const MAX_FIELDS = 50;
const MAX_OPTIONS = 200;
const MAX_MESSAGE = 4000;
const FORMATS: ReadonlySet<string> = new Set(['email', 'uri', 'date', 'date-time']);

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const count = (value: unknown): number | undefined => {
  const n = finiteNumber(value);
  return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
};

function readOptions(values: unknown, labels?: unknown): ElicitationOption[] | string {
  const list = copyArray(values, MAX_OPTIONS + 1);
  if (!list || list.length === 0) return 'an empty or unreadable list of choices';
  if (list.length > MAX_OPTIONS) return `more than ${MAX_OPTIONS} choices`;
  const names = copyArray(labels, MAX_OPTIONS + 1);
  const options: ElicitationOption[] = [];
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item === 'string') {
      const name = names && typeof names[i] === 'string' ? (names[i] as string) : item;
      options.push({ value: item, label: sanitizeLabel(name, 120).text || item });
      continue;
    }
    if (isRecord(item) && typeof ownData(item, 'const') === 'string') {
      const value = ownData(item, 'const') as string;
      options.push({ value, label: sanitizeLabel(text(ownData(item, 'title')) ?? value, 120).text || value });
      continue;
    }
    return 'a choice that is not a string';
  }
  if (new Set(options.map((option) => option.value)).size !== options.length) return 'the same choice twice';
  return options;
}

function readField(name: string, schema: unknown, required: boolean): ElicitationField | RequestProblem {
  const field = sanitizeLabel(name, 80).text;
  if (!isRecord(schema)) return { code: 'field-unreadable', params: { field } };
  const get = (key: string) => readOwn(schema, key);
  const type = get('type');
  const title = text(get('title'));
  const description = text(get('description'));
  const base = {
    name,
    label: sanitizeLabel(title ?? name, 120).text || sanitizeLabel(name, 120).text || 'Field',
    description: description ? sanitizeText(description, 2000).text : '',
    required,
  };
  const secret = sensitiveKind({ name, title, description, format: get('format') });
  const flags = { sensitive: secret !== undefined, ...(secret ? { sensitiveKind: secret } : {}) };
  const fallback = get('default');
  switch (type) {
    case 'string': {
      if (get('enum') !== undefined || get('oneOf') !== undefined) {
        const options = get('enum') !== undefined ? readOptions(get('enum'), get('enumNames')) : readOptions(get('oneOf'));
        if (typeof options === 'string') return { code: 'field-choices-invalid', params: { field } };
        const defaultValue = typeof fallback === 'string' && options.some((option) => option.value === fallback) ? fallback : undefined;
        return { ...base, ...flags, kind: 'choice', options, ...(defaultValue !== undefined ? { defaultValue } : {}) };
      }
      const format = text(get('format'));
      return {
        ...base,
        ...flags,
        kind: 'text',
        ...(format && FORMATS.has(format) ? { format: format as ElicitationFormat } : {}),
        ...(count(get('minLength')) !== undefined ? { minLength: count(get('minLength')) } : {}),
        ...(count(get('maxLength')) !== undefined ? { maxLength: count(get('maxLength')) } : {}),
        ...(typeof fallback === 'string' ? { defaultValue: fallback } : {}),
      };
    }
    case 'number':
    case 'integer':
      return {
        ...base,
        ...flags,
        kind: type,
        ...(finiteNumber(get('minimum')) !== undefined ? { minimum: finiteNumber(get('minimum')) } : {}),
        ...(finiteNumber(get('maximum')) !== undefined ? { maximum: finiteNumber(get('maximum')) } : {}),
        ...(finiteNumber(fallback) !== undefined && (type === 'number' || Number.isInteger(fallback)) ? { defaultValue: fallback as number } : {}),
      };
    case 'boolean':
      return { ...base, ...flags, kind: 'boolean', ...(typeof fallback === 'boolean' ? { defaultValue: fallback } : {}) };
    case 'array': {
      const items = get('items');
      if (!isRecord(items)) return { code: 'field-choices-invalid', params: { field } };
      const itemEnum = ownData(items, 'enum');
      const itemAnyOf = ownData(items, 'anyOf');
      const options = itemEnum !== undefined ? readOptions(itemEnum) : itemAnyOf !== undefined ? readOptions(itemAnyOf) : 'no choices';
      if (typeof options === 'string') return { code: 'field-choices-invalid', params: { field } };
      const defaults = copyArray(fallback, MAX_OPTIONS);
      const defaultValue = defaults ? defaults.filter((value): value is string => typeof value === 'string' && options.some((option) => option.value === value)) : undefined;
      return {
        ...base,
        ...flags,
        kind: 'choices',
        options,
        ...(count(get('minItems')) !== undefined ? { minItems: count(get('minItems')) } : {}),
        ...(count(get('maxItems')) !== undefined ? { maxItems: count(get('maxItems')) } : {}),
        ...(defaultValue && defaultValue.length > 0 ? { defaultValue } : {}),
      };
    }
    case 'object':
      return { code: 'field-nested', params: { field } };
    default:
      return typeof type === 'string' ? { code: 'field-type-unknown', params: { field, type: sanitizeLabel(type, 40).text } } : { code: 'field-unreadable', params: { field } };
  }
}

/**
 * Reads an `elicitation/create` request into what the dialog shows. A
 * request without a mode is a form (the 2025-06-18 shape). Anything the form
 * cannot show faithfully (nested objects, unknown types, malformed choices,
 * a URL that is not a URL) gives `mode: 'invalid'` with the problems, to be
 * declined. Never throws.
 */
export function parseElicitationRequest(params: unknown, options: ElicitationParseOptions = {}): ElicitationView {
  options ??= {};
  if (!isRecord(params)) return invalidRequest('', [{ code: 'not-object' }]);
  const rawMessage = ownData(params, 'message');
  const message = sanitizeText(rawMessage, MAX_MESSAGE).text;
  const mode = ownData(params, 'mode');
  if (mode === 'url') {
    const url = describeUrl(ownData(params, 'url'), options);
    if (!url) return invalidRequest(message, [{ code: 'no-url' }]);
    const id = ownData(params, 'elicitationId');
    return { mode: 'url', message, url, ...(typeof id === 'string' ? { elicitationId: id } : {}) };
  }
  if (mode !== undefined && mode !== 'form') return invalidRequest(message, [{ code: 'mode-unknown', params: { mode: sanitizeLabel(mode, 20).text || typeof mode } }]);
  const schema = ownData(params, 'requestedSchema');
  if (!isRecord(schema)) return invalidRequest(message, [{ code: 'no-schema' }]);
  const type = ownData(schema, 'type');
  if (type !== undefined && type !== 'object') return invalidRequest(message, [{ code: 'schema-not-object' }]);
  const properties = ownData(schema, 'properties');
  if (!isRecord(properties)) return invalidRequest(message, [{ code: 'no-properties' }]);
  let names: string[];
  try {
    names = Object.keys(properties);
  } catch {
    return invalidRequest(message, [{ code: 'schema-unreadable' }]);
  }
  if (names.length > MAX_FIELDS) return invalidRequest(message, [{ code: 'too-many-fields', params: { max: MAX_FIELDS } }]);
  const requiredList = copyArray(ownData(schema, 'required'), MAX_FIELDS * 2) ?? [];
  const required = new Set(requiredList.filter((name): name is string => typeof name === 'string'));
  const fields: ElicitationField[] = [];
  const problems: RequestProblem[] = [];
  for (const name of names) {
    const field = readField(name, ownData(properties, name), required.has(name));
    if ('code' in field) problems.push(field);
    else fields.push(field);
  }
  if (problems.length > 0) return invalidRequest(message, problems);
  return { mode: 'form', message, fields, sensitive: fields.some((field) => field.sensitive) };
}

/** The values a form starts with: each field's schema default (SEP-1034), else empty. */
export function initialElicitationValues(view: ElicitationView): ElicitationValues {
  const values = Object.create(null) as ElicitationValues;
  if (view.mode !== 'form') return values;
  for (const field of view.fields) defineOwn<ElicitationValues[string]>(values, field.name, field.defaultValue ?? (field.kind === 'choices' ? [] : field.kind === 'boolean' ? false : ''));
  return values;
}


/**
 * A copy of `values` with one field set, as a null-prototype object: field
 * names are server data, so `__proto__` or `constructor` stay ordinary keys.
 */
export function setElicitationValue(values: ElicitationValues, name: string, value: ElicitationValues[string]): ElicitationValues {
  const next = Object.create(null) as ElicitationValues;
  if (isRecord(values)) for (const key of Object.keys(values)) defineOwn(next, key, ownData(values, key) as ElicitationValues[string]);
  defineOwn(next, name, value);
  return next;
}

/** A field's value in `values` (own properties only: `constructor` is never `Object`). */
export function elicitationValue(values: ElicitationValues | undefined, name: string): ElicitationValues[string] {
  return readOwn(values, name) as ElicitationValues[string];
}

/** The outcome of {@link validateElicitation}. */
export interface ElicitationValidation {
  ok: boolean;
  /** Why each field that is not right is not, by field name: a code with its parameters (`invalid.<code>`). */
  errorCodes: Record<string, FieldError>;
  /** Exactly what an accept would send: only the form's fields, typed, empty optional ones left out. */
  content: Record<string, string | number | boolean | string[]>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * Checks values against the form and builds exactly what an accept sends.
 * Only the form's own fields are ever included (a value for anything else is
 * dropped), each with its schema type; empty optional fields are left out.
 * Never throws.
 */
export function validateElicitation(view: ElicitationView, values: ElicitationValues): ElicitationValidation {
  // Keyed by field names (server data): a null-prototype object.
  const errorCodes = Object.create(null) as Record<string, FieldError>;
  // What is sent is a plain object whose keys are own properties (defined, so `__proto__` is a key).
  const content: Record<string, string | number | boolean | string[]> = {};
  const entries: Array<[string, string | number | boolean | string[]]> = [];
  if (view.mode !== 'form') return { ok: view.mode === 'url', errorCodes, content };
  const valuesOf = isRecord(values) ? values : {};
  for (const field of view.fields) {
    const raw = Object.hasOwn(valuesOf, field.name) ? ownData(valuesOf, field.name) : undefined;
    const fail = (code: FieldErrorCode, limit?: number) => {
      const error: FieldError = limit === undefined ? { code } : { code, params: { limit } };
      defineOwn(errorCodes, field.name, error);
    };
    const empty = raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0);
    if (field.kind === 'boolean') {
      // A checkbox always has a value; "required" means it must be answered, which it is.
      entries.push([field.name, raw === true]);
      continue;
    }
    if (empty) {
      if (field.required) fail('required');
      continue;
    }
    switch (field.kind) {
      case 'text': {
        const value = String(raw);
        if (field.minLength !== undefined && value.length < field.minLength) fail('min-length', field.minLength);
        else if (field.maxLength !== undefined && value.length > field.maxLength) fail('max-length', field.maxLength);
        else if (field.format === 'email' && !EMAIL.test(value)) fail('email');
        else if (field.format === 'uri' && !isAbsoluteUrl(value)) fail('uri');
        else if (field.format === 'date' && !DATE.test(value)) fail('date');
        else if (field.format === 'date-time' && !DATE_TIME.test(value)) fail('date-time');
        else entries.push([field.name, value]);
        break;
      }
      case 'number':
      case 'integer': {
        const value = typeof raw === 'number' ? raw : Number(String(raw).trim());
        if (!Number.isFinite(value)) fail('number');
        else if (field.kind === 'integer' && !Number.isInteger(value)) fail('integer');
        else if (field.minimum !== undefined && value < field.minimum) fail('minimum', field.minimum);
        else if (field.maximum !== undefined && value > field.maximum) fail('maximum', field.maximum);
        else entries.push([field.name, value]);
        break;
      }
      case 'choice': {
        const value = String(raw);
        if (!field.options!.some((option) => option.value === value)) fail('choice');
        else entries.push([field.name, value]);
        break;
      }
      case 'choices': {
        const list = (Array.isArray(raw) ? raw : [raw]).map(String);
        const chosen = field.options!.filter((option) => list.includes(option.value)).map((option) => option.value);
        if (chosen.length !== new Set(list).size) fail('choices');
        else if (field.minItems !== undefined && chosen.length < field.minItems) fail('min-items', field.minItems);
        else if (field.maxItems !== undefined && chosen.length > field.maxItems) fail('max-items', field.maxItems);
        else entries.push([field.name, chosen]);
        break;
      }
    }
  }
  for (const [name, value] of entries) defineOwn(content, name, value);
  return { ok: Object.keys(errorCodes).length === 0, errorCodes, content };
}

function isAbsoluteUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** The reasons of an elicitation's decision that are warnings for the person (shown apart, marked as dangerous). */
export function elicitationWarnings<R extends { code: string }>(reasons: readonly R[]): R[] {
  return reasons.filter((reason) => WARNING_CODES.has(reason.code));
}
const WARNING_CODES: ReadonlySet<string> = new Set(['sensitive-fields', 'url-warning', 'url-not-https', 'request-invalid', 'acknowledgement-required']);

/** Whether an accept of this request must carry the person's acknowledgement (a form that looks like it asks for a secret). */
export function elicitationNeedsAcknowledgement(view: ElicitationView): boolean {
  return view.mode === 'form' && view.sensitive;
}
