/**
 * URLs and hosts as people must read them before one is opened: parsed as
 * the browser will open it, the site emphasised, look-alike tricks
 * (punycode, mixed scripts, credentials, bare IPs) named. Elicitation in URL
 * mode and MCP Apps' links both check a URL here.
 */

/** Options for {@link describeUrl}. */
export interface UrlCheckOptions {
  /** Finds the registrable domain of a host (needs the Public Suffix List); default: emphasise the whole host. */
  registrableDomain?: ((host: string) => string | null | undefined) | undefined;
}

/** A URL a server or an app wants the person to open, checked and split for display. */
export interface CheckedUrl {
  /** The full URL as the browser would open it (IDN hosts in their `xn--` form). */
  href: string;
  /** The full URL split around the part to emphasise (the registrable domain, or the whole host). */
  display: { before: string; emphasis: string; after: string };
  /** Hostname as the browser sees it. */
  host: string;
  /** Only `https:` URLs may be opened. */
  secure: boolean;
  /** Reasons to be careful, shown to the person. */
  warnings: UrlWarning[];
}

/** Why a URL deserves a closer look. */
export type UrlWarning = 'not-https' | 'punycode' | 'mixed-script' | 'credentials' | 'ip-address';

/** The emphasised split of a URL for display: before · emphasis · after, cut at the *parsed* host. */
function splitUrl(url: URL, registrableDomain: UrlCheckOptions['registrableDomain']): CheckedUrl['display'] {
  const href = url.href;
  // Special schemes serialise as scheme://[user[:password]@]host[:port]/…: the host starts after the last "@" of the authority.
  const authorityStart = url.protocol.length + 2;
  const credentials = url.username || url.password ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  const hostStart = authorityStart + credentials.length;
  if (href.slice(hostStart, hostStart + url.hostname.length) !== url.hostname) return { before: '', emphasis: href, after: '' };
  let emphasis = url.hostname;
  try {
    const domain = registrableDomain?.(url.hostname);
    if (typeof domain === 'string' && domain !== '' && (domain === url.hostname || url.hostname.endsWith(`.${domain}`))) emphasis = domain;
  } catch {
    // A broken lookup falls back to the whole host.
  }
  const start = hostStart + url.hostname.length - emphasis.length;
  return { before: href.slice(0, start), emphasis, after: href.slice(start + emphasis.length) };
}

/** Decodes one punycode label (RFC 3492), or `null` when it is not valid punycode. */
export function decodePunycode(label: string): string | null {
  const base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700;
  const adapt = (delta: number, points: number, first: boolean) => {
    delta = first ? Math.floor(delta / damp) : delta >> 1;
    delta += Math.floor(delta / points);
    let k = 0;
    while (delta > ((base - tMin) * tMax) >> 1) {
      delta = Math.floor(delta / (base - tMin));
      k += base;
    }
    return k + Math.floor(((base - tMin + 1) * delta) / (delta + skew));
  };
  const digit = (code: number) => (code >= 48 && code <= 57 ? code - 22 : code >= 65 && code <= 90 ? code - 65 : code >= 97 && code <= 122 ? code - 97 : base);
  const split = label.lastIndexOf('-');
  const output: number[] = [];
  for (let i = 0; i < Math.max(split, 0); i++) {
    const code = label.charCodeAt(i);
    if (code >= 0x80) return null;
    output.push(code);
  }
  let n = 128, i = 0, bias = 72;
  for (let index = split > 0 ? split + 1 : 0; index < label.length; ) {
    const oldi = i;
    for (let w = 1, k = base; ; k += base) {
      if (index >= label.length) return null;
      const value = digit(label.charCodeAt(index++));
      if (value >= base) return null;
      i += value * w;
      const t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias;
      if (value < t) break;
      w *= base - t;
      if (w > 0x7fffffff || i > 0x7fffffff) return null;
    }
    bias = adapt(i - oldi, output.length + 1, oldi === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff) return null;
    output.splice(i++, 0, n);
    if (output.length > 256) return null;
  }
  try {
    return String.fromCodePoint(...output);
  } catch {
    return null;
  }
}

/** A host as people read it: each `xn--` label decoded to Unicode (left as it is when it is not valid punycode). */
export function unicodeHost(host: string): string {
  return host
    .split('.')
    .map((label) => (label.toLowerCase().startsWith('xn--') ? (decodePunycode(label.slice(4)) ?? label) : label))
    .join('.');
}

// Letters of these scripts mixed in one host name are a classic look-alike trick.
const SCRIPTS: ReadonlyArray<[string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Han', /\p{Script=Han}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Other', /\p{L}/u],
];

function isMixedScript(label: string): boolean {
  const seen = new Set<string>();
  for (const char of label) {
    if (!/\p{L}/u.test(char)) continue;
    seen.add(SCRIPTS.find(([, pattern]) => pattern.test(char))![0]);
    if (seen.size > 1) return true;
  }
  return false;
}

const URL_MAX_LENGTH = 8192;

/**
 * Checks a URL a server or an app wants opened. It is parsed with the WHATWG `URL`
 * (as the browser will open it), and only the parsed host is emphasised (or
 * the registrable domain a host-supplied Public Suffix List lookup gives),
 * never text inside the credentials or the path. Warnings: not https,
 * punycode, mixed scripts in a label of the host as decoded, credentials in
 * the URL, a bare IP address. Only `https:` is `secure`; anything else must
 * not be opened. Returns `null` for something that is not an absolute URL or
 * is longer than 8,192 characters. Never throws.
 */
export function describeUrl(value: unknown, options: UrlCheckOptions = {}): CheckedUrl | null {
  options ??= {};
  if (typeof value !== 'string' || value.length > URL_MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const warnings: UrlWarning[] = [];
  const secure = url.protocol === 'https:';
  if (!secure) warnings.push('not-https');
  const labels = url.hostname.split('.');
  if (labels.some((label) => label.startsWith('xn--'))) warnings.push('punycode');
  // The host as the browser parsed it, decoded back to what a person reads.
  if (unicodeHost(url.hostname).split('.').some(isMixedScript)) warnings.push('mixed-script');
  if (url.username || url.password) warnings.push('credentials');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(url.hostname) || url.hostname.startsWith('[')) warnings.push('ip-address');
  return { href: url.href, display: splitUrl(url, options.registrableDomain), host: url.hostname, secure, warnings };
}


