// The message table's words for what an argument preview left out: core
// writes a code and a count, the component words them in the host's language.
import type { Locale } from '../core/text/format.js';
import type { PreviewCode, PreviewWords } from '../core/tool/arguments.js';
import { formatLabel } from './default-labels.js';

/** `preview.<code>` from `labels`, formatted with the count in `locale`. */
export function previewWords(labels: Partial<Record<`preview.${PreviewCode}`, string>>, locale: Locale): PreviewWords {
  return (code, count) => formatLabel(labels[`preview.${code}`] ?? '{count}', { count }, locale);
}
