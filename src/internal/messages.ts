import type { Locale } from '../core/text/format.js';
import type { MessageRef, FieldErrorCode, RequestProblemCode } from '../core/text/messages.js';
import { formatLabel, type Labels } from './default-labels.js';

/** A request problem (`problem.<code>`) in the table's words. */
export function problemText(problem: MessageRef<RequestProblemCode>, labels: Labels, locale: Locale): string {
  return formatLabel(labels[`problem.${problem.code}`] ?? problem.code, (problem.params ?? {}) as Record<string, string | number>, locale);
}

/** Field errors by field name, in the table's words (`invalid.<code>`); keyed by server data, so null-prototype. */
export function fieldErrorTexts(errors: Readonly<Record<string, MessageRef<FieldErrorCode>>>, labels: Labels, locale: Locale): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const name of Object.keys(errors)) {
    const error = errors[name]!;
    Object.defineProperty(out, name, { value: formatLabel(labels[`invalid.${error.code}`] ?? error.code, (error.params ?? {}) as Record<string, string | number>, locale), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
