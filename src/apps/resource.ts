/**
 * An MCP App's UI resource (`ui://…`, `text/html;profile=mcp-app`), read once:
 * its HTML, the domains its CSP declares and the permissions it asks for.
 * What a person grants becomes the iframe's `sandbox`, `allow` and CSP —
 * nothing else does. A fingerprint of the HTML, CSP and permissions lets a
 * changed app ask again, as a changed tool does.
 */
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { copyArray, isObjectLike, ownData } from '../core/shared/read.js';

/** The MIME type of an MCP App's HTML. */
export const APP_RESOURCE_MIME_TYPE = 'text/html;profile=mcp-app';

/** The CSP fields of `_meta.ui.csp`. */
export type AppDomainKind = 'connectDomains' | 'resourceDomains' | 'frameDomains' | 'baseUriDomains';
/** The permissions of `_meta.ui.permissions`. */
export type AppPermission = 'camera' | 'microphone' | 'geolocation' | 'clipboardWrite';

export const APP_DOMAIN_KINDS: readonly AppDomainKind[] = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'];
export const APP_PERMISSIONS: readonly AppPermission[] = ['camera', 'microphone', 'geolocation', 'clipboardWrite'];

/** An app's HTML and what it declared, read once. */
export interface AppResource {
  uri: string;
  html: string;
  /** Declared origins by CSP field, only well-formed `https:`/`wss:` origins (an optional `*.` first label). */
  domains: Record<AppDomainKind, string[]>;
  /** Declared entries that are not such an origin: never granted, shown to the person as refused. */
  rejectedDomains: string[];
  /** Permissions asked for. */
  permissions: AppPermission[];
  /** `sha256:` of the HTML, domains and permissions: a change asks again. */
  fingerprint: string;
  /** Why the resource cannot be shown (`null` when it can). */
  problem: 'no-html' | 'not-app-html' | 'unreadable' | null;
}

/** What a person granted an app before it loads. */
export interface AppGrants {
  /** The declared external domains that may be reached: `true` for all of them, or the ones granted (an outcome's `grantedDomains`). Default: none. */
  domains?: boolean | readonly string[] | undefined;
  /** The permissions granted (only declared ones count). */
  permissions?: readonly AppPermission[] | undefined;
}

const MAX_DOMAINS = 32;
const MAX_HTML = 5 * 1024 * 1024;
// An origin only: scheme https or wss, an optional leading "*." label, a host name, an optional port. Nothing
// CSP could read as a keyword or a second directive. IP literals are refused below (bracketed IPv6 never matches).
const ORIGIN = /^(https|wss):\/\/(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+(:\d{1,5})?$/;

/** A declared domain as a CSP source, or `null` when it is not a plain `https:`/`wss:` origin. */
export function cspSource(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 253) return null;
  const origin = value.trim().toLowerCase().replace(/\/$/, '');
  const match = ORIGIN.exec(origin);
  // A host whose last label is a number (or 0x…) is an IPv4 address to a browser (127.0.0.1, 169.254.169.254, 0x7f.1).
  return match && !/^\.(?:\d+|0x[0-9a-f]*)$/.test(match[4]!) ? origin : null;
}

function metaUi(item: unknown): Record<string, unknown> | undefined {
  const ui = ownData(ownData(item, '_meta'), 'ui');
  return isObjectLike(ui) ? ui : undefined;
}

function readDomains(csp: unknown): { domains: Record<AppDomainKind, string[]>; rejected: string[] } {
  const domains: Record<AppDomainKind, string[]> = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
  const rejected: string[] = [];
  if (!isObjectLike(csp)) return { domains, rejected };
  for (const kind of APP_DOMAIN_KINDS) {
    const list = copyArray(ownData(csp, kind), MAX_DOMAINS) ?? [];
    for (const entry of list) {
      const source = cspSource(entry);
      if (source === null) rejected.push(typeof entry === 'string' ? entry.slice(0, 120) : typeof entry);
      else if (!domains[kind].includes(source)) domains[kind].push(source);
    }
  }
  return { domains, rejected };
}

function readPermissions(permissions: unknown): AppPermission[] {
  if (!isObjectLike(permissions)) return [];
  return APP_PERMISSIONS.filter((name) => {
    const value = ownData(permissions, name);
    return value !== undefined && value !== null && value !== false;
  });
}

/** `sha256:<hex>` of a string. */
export function sha256Hex(text: string): string {
  return `sha256:${bytesToHex(sha256(utf8ToBytes(text)))}`;
}

function fingerprintOf(html: string, domains: AppResource['domains'], permissions: readonly AppPermission[]): string {
  const declared = JSON.stringify({ domains: APP_DOMAIN_KINDS.map((kind) => [kind, [...domains[kind]].sort()]), permissions: [...permissions].sort() });
  return sha256Hex(`${sha256Hex(html)}\n${declared}`);
}

/**
 * Reads a UI resource from `resources/read` (its first `contents` item with
 * this URI, or the first item) and, as a fallback for `_meta.ui`, its
 * `resources/list` entry. The content item's `_meta.ui.csp` and
 * `.permissions` win over the listing's, as the spec says. Never throws.
 */
export function readAppResource(read: unknown, listing?: unknown): AppResource {
  const contents = copyArray(ownData(read, 'contents'), 64) ?? (isObjectLike(read) && ownData(read, 'text') !== undefined ? [read] : []);
  const listedUri = ownData(listing, 'uri');
  const item = contents.find((entry) => isObjectLike(entry) && typeof listedUri === 'string' && ownData(entry, 'uri') === listedUri) ?? contents[0];
  const uriValue = ownData(item, 'uri');
  const uri = typeof uriValue === 'string' ? uriValue.slice(0, 2048) : typeof listedUri === 'string' ? listedUri.slice(0, 2048) : '';
  const text = ownData(item, 'text');
  const blob = ownData(item, 'blob');
  const mime = ownData(item, 'mimeType');
  let html = '';
  let problem: AppResource['problem'] = null;
  if (typeof text === 'string') html = text;
  else if (typeof blob === 'string') {
    try {
      html = new TextDecoder().decode(Uint8Array.from(atob(blob), (char) => char.charCodeAt(0)));
    } catch {
      problem = 'unreadable';
    }
  } else problem = 'no-html';
  if (html.length > MAX_HTML) {
    html = '';
    problem = 'unreadable';
  }
  if (problem === null && typeof mime === 'string' && !mime.toLowerCase().startsWith('text/html')) problem = 'not-app-html';
  const fromItem = metaUi(item);
  const fromListing = metaUi(listing);
  const csp = ownData(fromItem, 'csp') ?? ownData(fromListing, 'csp');
  const permissionsRaw = ownData(fromItem, 'permissions') ?? ownData(fromListing, 'permissions');
  const { domains, rejected } = readDomains(csp);
  const permissions = readPermissions(permissionsRaw);
  return { uri, html, domains, rejectedDomains: rejected, permissions, fingerprint: fingerprintOf(html, domains, permissions), problem };
}

/** Whether the app asks for anything a person must see before it loads: external domains or permissions. */
export function appNeedsConsent(resource: AppResource): boolean {
  return resource.permissions.length > 0 || APP_DOMAIN_KINDS.some((kind) => resource.domains[kind].length > 0);
}

/** The iframe's attributes, built only from what was declared and granted. */
export interface AppFrameAttributes {
  /** Scripts only: no same origin, no popups, no top navigation, no downloads, no forms to elsewhere. */
  sandbox: string;
  /** Permission policy: only granted, declared permissions. `''` when none. */
  allow: string;
  /** The CSP the HTML is served under. */
  csp: string;
  /** The HTML with that CSP as its first element, for `srcdoc`. */
  srcdoc: string;
}

const ALLOW_NAMES: Record<AppPermission, string> = { camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write' };

/** The CSP for an app: nothing external unless declared and granted. */
export function appCsp(resource: AppResource, grants?: AppGrants | null): string {
  // The host's grants, read as data: only `domains: true` or a list of declared domains grants any (null and malformed grant none).
  const granted = ownData(grants, 'domains');
  const list = granted === true ? null : copyArray(granted, 256) ?? [];
  const allowed = (kind: AppDomainKind) => resource.domains[kind].filter((domain) => !list || list.includes(domain));
  const sources = (base: string[], kind: AppDomainKind) => [...base, ...allowed(kind)].join(' ');
  const connect = allowed('connectDomains');
  const frames = allowed('frameDomains');
  const base = allowed('baseUriDomains');
  return [
    "default-src 'none'",
    `script-src ${sources(["'unsafe-inline'"], 'resourceDomains')}`,
    `style-src ${sources(["'unsafe-inline'"], 'resourceDomains')}`,
    `img-src ${sources(['data:', 'blob:'], 'resourceDomains')}`,
    `font-src ${sources(['data:'], 'resourceDomains')}`,
    `media-src ${sources(['data:', 'blob:'], 'resourceDomains')}`,
    `connect-src ${connect.length > 0 ? connect.join(' ') : "'none'"}`,
    `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
    `base-uri ${base.length > 0 ? base.join(' ') : "'none'"}`,
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Puts a CSP `<meta>` before anything the app's HTML holds (after a leading doctype, so the page stays in standards mode). */
export function withCspMeta(html: string, csp: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? `${doctype[0]}${meta}${html.slice(doctype[0].length)}` : `${meta}${html}`;
}

/** The iframe's `sandbox`, `allow`, CSP and `srcdoc` from the resource and the person's grants. */
export function appFrameAttributes(resource: AppResource, grants?: AppGrants | null): AppFrameAttributes {
  const granted = new Set(copyArray(ownData(grants, 'permissions'), 16) ?? []);
  const allow = resource.permissions.filter((name) => granted.has(name)).map((name) => ALLOW_NAMES[name]).join('; ');
  const csp = appCsp(resource, grants);
  return { sandbox: 'allow-scripts', allow, csp, srcdoc: withCspMeta(resource.html, csp) };
}
