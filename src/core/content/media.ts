/**
 * What may be turned into a URL the browser loads or follows. Server data is
 * never trusted to pick a scheme: only http(s) links are clickable, and media
 * come only from base64 data of an allow-listed MIME type.
 */
import { localeKey, usableLocales } from '../text/locales.js';

/** Image types rendered from base64 by default. SVG is left out on purpose. */
export const DEFAULT_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'];

/** Audio types rendered from base64 by default. */
export const DEFAULT_AUDIO_TYPES: readonly string[] = [
  'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/mpeg', 'audio/mp3', 'audio/ogg', 'audio/webm', 'audio/aac', 'audio/flac', 'audio/mp4',
];

/** The MIME essence (`type/subtype`, lower case, parameters dropped), or `''`. */
export function mimeEssence(value: unknown): string {
  if (typeof value !== 'string') return '';
  const essence = value.split(';', 1)[0]!.trim().toLowerCase();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(essence) ? essence : '';
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** True for standard base64 (padding optional, whitespace ignored). */
export function isBase64(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const compact = value.replace(/\s+/g, '');
  return BASE64.test(compact) && compact.length % 4 !== 1;
}

/** Number of bytes a base64 string decodes to, or `null` when it is not base64. */
export function base64ByteLength(value: unknown): number | null {
  if (!isBase64(value)) return null;
  const compact = value.replace(/\s+/g, '').replace(/=+$/, '');
  return Math.floor((compact.length * 3) / 4);
}

/**
 * A `data:` URL for base64 media of an allowed MIME type, or `null` when the
 * type is not allowed or the data is not base64.
 */
export function safeMediaUrl(data: unknown, mimeType: unknown, allowed: readonly string[]): string | null {
  const essence = mimeEssence(mimeType);
  if (!essence || !allowed.includes(essence) || !isBase64(data)) return null;
  return `data:${essence};base64,${data.replace(/\s+/g, '')}`;
}

/** The URL when it is absolute `http:`/`https:`, normalised; otherwise `null`. */
export function safeHttpUrl(uri: unknown): string | null {
  if (typeof uri !== 'string') return null;
  let url: URL;
  try {
    url = new URL(uri.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // Credentials in a link are a phishing tool ("https://bank.com@evil.example").
  if (url.username || url.password) return null;
  return url.href;
}

/** A download file name from a URI's last path segment, safe on every OS. */
export function fileNameFromUri(uri: unknown, fallback = 'download'): string {
  if (typeof uri !== 'string') return fallback;
  const path = uri.split(/[?#]/, 1)[0]!.replace(/^[a-z][a-z0-9+.-]*:/i, '');
  const last = path.split('/').filter(Boolean).pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // Keep the raw segment.
  }
  // eslint-disable-next-line no-control-regex
  name = name.replace(/[\u0000-\u001f\u007f<>:"/\\|?*\u202a-\u202e\u2066-\u2069]/g, '_').replace(/^\.+/, '').slice(0, 120);
  return name || fallback;
}

const byteFormats = new Map<string, Intl.NumberFormat>();

/** A byte count as a short, locale-aware size ("1.5 kB"), or `''` when unusable. */
export function formatBytes(bytes: unknown, locale?: string | readonly string[]): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '';
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const key = `${localeKey(locale)}|${unit}`;
  let format = byteFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(usableLocales(locale) as string[] | undefined, { style: 'unit', unit: units[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: 1 });
    if (byteFormats.size > 64) byteFormats.clear();
    byteFormats.set(key, format);
  }
  return format.format(value);
}
