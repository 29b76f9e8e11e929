// The lastModified reader 0.2 shipped before our own parser: the shape by
// regular expression, the calendar by date-fns/parseISO. Kept (with date-fns
// as a dev dependency) as the reference for the differential property test
// and for the parser comparison in `npm run bench`.
import { parseISO } from 'date-fns/parseISO';

const ISO_SHAPE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;
const HAS_TIME = /^[^T ]+[T ]\d/;
const HAS_ZONE = /(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/;

/** A Date, or null for anything that is not a valid ISO 8601 calendar date (zone-less read as UTC). */
export function dateFnsReader(value) {
  if (typeof value !== 'string' || value.length > 64) return null;
  const text = value.trim();
  if (!ISO_SHAPE.test(text)) return null;
  let normalized = text.endsWith('z') ? `${text.slice(0, -1)}Z` : text;
  if (!HAS_TIME.test(text)) normalized = `${text}T00:00:00Z`;
  else if (!HAS_ZONE.test(text)) normalized = `${normalized}Z`;
  const date = parseISO(normalized);
  return Number.isNaN(date.getTime()) ? null : date;
}
