/**
 * Reasons: why a request was decided as it was, as a code with parameters.
 * Each kind (and adapter) keeps the English of its own codes beside it;
 * people read a reason formatted from the message table at the edge.
 */
import { isRecord } from '../shared/issues.js';
import { formatMessage, type Locale } from './format.js';

/** One reason: a code with its parameters; people read it formatted from the message table ({@link formatReason}). */
export interface DecisionReason<C extends string = string> {
  code: C;
  /** For `hints-assumed`: the hints that were assumed and matter for this call. */
  hints?: readonly string[] | undefined;
  /** For `annotations-changed`: the parts of the tool that changed. */
  changes?: readonly string[] | undefined;
  /** For `tool-shadowed`: the other servers that offer this name (their display names). */
  servers?: readonly string[] | undefined;
  /** For `server-look-alike`: the configured server this one's name looks like. */
  server?: string | undefined;
  /**
   * The words another policy gave for this decision (e.g. the AI SDK route's
   * reason on a denied part): shown as they are, never read as a template.
   */
  said?: string | undefined;
}

/** A table with its keys prefixed (`reason.` + code): the message-table form of a family's words. */
export function prefixed<P extends string, K extends string>(prefix: P, table: Record<K, string>): { [Q in K as `${P}${Q}`]: string } {
  const out = Object.create(null) as Record<string, string>;
  for (const key of Object.keys(table) as K[]) out[prefix + key] = table[key];
  return out as { [Q in K as `${P}${Q}`]: string };
}

/** A reason: its code; the words are the message table's (`reason.<code>`). */
export function reasonFrom<C extends string>(code: C): DecisionReason<C> {
  return { code };
}

/** The English words a reason's parameters name (`assumedHint.*`, `changed.*`), for filling its template. */
export type ReasonParamWords = Readonly<Record<string, string>>;

/**
 * A reason in a person's words: the message table's template for its code
 * (`reason.<code>`: the host's translation over the family's English),
 * filled with its parameters in the locale ("x, y or z" from
 * `Intl.ListFormat`). A code the table does not know is shown as itself.
 */
export function formatReason(reason: Pick<DecisionReason, 'code' | 'hints' | 'changes' | 'servers' | 'server' | 'said'>, messages?: Readonly<Record<string, string>> | undefined, locale?: Locale): string {
  // A record read back from storage may hold anything: what is not a reason says nothing.
  if (!isRecord(reason)) return '';
  if (typeof reason.said === 'string') return reason.said;
  const table: Readonly<Record<string, string>> = isRecord(messages) ? messages : {};
  const word = (key: string): string => (Object.hasOwn(table, key) && typeof table[key] === 'string' ? table[key] : '');
  const key = `reason.${typeof reason.code === 'string' ? reason.code : ''}`;
  const template = word(key);
  // A code no table words (a kind that brought no messages) is shown as the code: never a blank reason.
  if (template === '') return typeof reason.code === 'string' ? reason.code : '';
  return formatMessage(
    template,
    {
      hints: strings(reason.hints).map((hint) => word(`assumedHint.${hint}`)),
      changes: strings(reason.changes).map((part) => word(`changed.${part}`)),
      servers: strings(reason.servers),
      server: typeof reason.server === 'string' ? reason.server : '',
    },
    locale,
  );
}

// The strings of a list a reason carries (anything else in it, or a list that is not one, says nothing).
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
