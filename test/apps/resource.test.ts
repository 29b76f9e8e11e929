// An app's UI resource: what it declared, what a person granted, and nothing else, becomes the iframe's sandbox, allow and CSP.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appCsp, appFrameAttributes, readAppResource } from '../../src/apps/index.js';
import { appNeedsConsent, cspSource, withCspMeta } from '../../src/apps/resource.js';

const read = (meta?: unknown, html = '<!doctype html><html><head></head><body>hi</body></html>') => ({
  contents: [{ uri: 'ui://pdf/viewer.html', mimeType: 'text/html;profile=mcp-app', text: html, ...(meta !== undefined ? { _meta: { ui: meta } } : {}) }],
});

describe('readAppResource', () => {
  it('reads the declared domains and permissions; the content item wins over the listing', () => {
    const resource = readAppResource(read({ csp: { connectDomains: ['https://api.example.com'] }, permissions: { microphone: {} } }), {
      uri: 'ui://pdf/viewer.html',
      _meta: { ui: { csp: { connectDomains: ['https://listing.example.com'] }, permissions: { camera: {} } } },
    });
    expect(resource.domains.connectDomains).toEqual(['https://api.example.com']);
    expect(resource.permissions).toEqual(['microphone']);
    expect(resource.problem).toBeNull();
    expect(appNeedsConsent(resource)).toBe(true);
  });
  it('falls back to the listing when the content item declares nothing', () => {
    const resource = readAppResource(read(), { uri: 'ui://pdf/viewer.html', _meta: { ui: { permissions: { clipboardWrite: {} } } } });
    expect(resource.permissions).toEqual(['clipboardWrite']);
  });
  it('refuses domains that are not plain https/wss origins, and never grants them', () => {
    const resource = readAppResource(read({ csp: { resourceDomains: ['https://cdn.example.com', "'unsafe-eval'", 'https://a.com; script-src *', '*', 'http://plain.example.com', 'https://*.good.example.com/'] } }));
    expect(resource.domains.resourceDomains).toEqual(['https://cdn.example.com', 'https://*.good.example.com']);
    expect(resource.rejectedDomains).toEqual(["'unsafe-eval'", 'https://a.com; script-src *', '*', 'http://plain.example.com']);
  });
  it('an app that declares nothing needs no consent to load', () => {
    expect(appNeedsConsent(readAppResource(read()))).toBe(false);
  });
  it('reports what it cannot show', () => {
    expect(readAppResource({ contents: [] }).problem).toBe('no-html');
    expect(readAppResource({ contents: [{ uri: 'ui://x', mimeType: 'image/png', blob: 'AAAA' }] }).problem).toBe('not-app-html');
    expect(readAppResource({ contents: [{ uri: 'ui://x', mimeType: 'text/html', blob: '%%%' }] }).problem).toBe('unreadable');
  });
  it('the fingerprint changes with the HTML, the domains or the permissions, and not with their order', () => {
    const base = readAppResource(read({ csp: { connectDomains: ['https://a.example.com', 'https://b.example.com'] } }));
    expect(readAppResource(read({ csp: { connectDomains: ['https://b.example.com', 'https://a.example.com'] } })).fingerprint).toBe(base.fingerprint);
    expect(readAppResource(read({ csp: { connectDomains: ['https://a.example.com'] } })).fingerprint).not.toBe(base.fingerprint);
    expect(readAppResource(read({ csp: { connectDomains: ['https://a.example.com', 'https://b.example.com'] } }, '<p>changed</p>')).fingerprint).not.toBe(base.fingerprint);
    expect(readAppResource(read({ csp: { connectDomains: ['https://a.example.com', 'https://b.example.com'] }, permissions: { camera: {} } })).fingerprint).not.toBe(base.fingerprint);
    expect(base.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

describe('the frame: only what was declared and granted', () => {
  const resource = readAppResource(read({ csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] }, permissions: { microphone: {}, clipboardWrite: {} } }));
  it('without grants: no external origin in the CSP, no permission in allow, scripts only in the sandbox', () => {
    const frame = appFrameAttributes(resource);
    expect(frame.sandbox).toBe('allow-scripts');
    expect(frame.allow).toBe('');
    expect(frame.csp).not.toContain('example.com');
    expect(frame.csp).toContain("connect-src 'none'");
    expect(frame.srcdoc.startsWith('<!doctype html><meta http-equiv="Content-Security-Policy"')).toBe(true);
  });
  it('with grants: the declared origins, and only the granted, declared permissions', () => {
    const frame = appFrameAttributes(resource, { domains: true, permissions: ['clipboardWrite', 'camera'] });
    expect(frame.allow).toBe('clipboard-write');
    expect(frame.csp).toContain('connect-src https://api.example.com');
    expect(frame.csp).toContain("script-src 'unsafe-inline' https://cdn.example.com");
  });
  it('the CSP meta comes before anything the app wrote, even a script before its head', () => {
    expect(withCspMeta('<script>fetch("x")</script><head></head>', "default-src 'none'")).toMatch(/^<meta http-equiv="Content-Security-Policy" content="default-src 'none'"><script>/);
  });
  it('property: whatever is declared, the CSP holds only the origins that passed cspSource, and no directive is injected', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom("'unsafe-eval'", '*', 'https://x.example.com;script-src *', 'data:')), { maxLength: 8 }), fc.boolean(), (domains, granted) => {
        const declared = readAppResource(read({ csp: { connectDomains: domains, resourceDomains: domains, frameDomains: domains, baseUriDomains: domains } }));
        const csp = appCsp(declared, { domains: granted });
        expect(csp.split(';').length).toBe(11);
        expect(csp).not.toContain("'unsafe-eval'");
        const sources = csp.split(';').flatMap((directive) => directive.trim().split(' ').slice(1));
        for (const source of sources) {
          if (source.startsWith("'") || source === 'data:' || source === 'blob:') continue;
          expect(granted).toBe(true);
          expect(cspSource(source)).toBe(source);
          expect(domains.map((domain) => cspSource(domain))).toContain(source);
        }
      }),
      { numRuns: 300 },
    );
  });
  it('property: never throws on any resource', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (value, listing) => {
        const resource = readAppResource(value, listing);
        expect(typeof resource.fingerprint).toBe('string');
        appFrameAttributes(resource, { domains: true, permissions: ['camera'] });
      }),
      { numRuns: 300 },
    );
  });
});

describe('host input and declared origins, read as data', () => {
  it('refuses IP literals as CSP origins (IPv4 in any form a browser reads as one; IPv6 in brackets)', () => {
    for (const literal of ['https://127.0.0.1', 'https://169.254.169.254', 'wss://10.0.0.1:8443', 'https://0x7f.1', 'https://192.168.1.1/', 'https://[::1]', 'https://[fd00::1]:443']) expect(cspSource(literal), literal).toBeNull();
    for (const host of ['https://api.example.com', 'https://1password.com', 'wss://ws.example.io:8443', 'https://*.cdn.example.net']) expect(cspSource(host), host).toBe(host);
  });

  it('appCsp and appFrameAttributes take grants of any shape: null, a number, a string, odd fields; only domains: true or a list naming a declared domain grants it', () => {
    const resource = readAppResource(
      { contents: [{ uri: 'ui://app', mimeType: 'text/html;profile=mcp-app', text: '<p>app</p>', _meta: { ui: { csp: { connectDomains: ['https://api.example.com'] }, permissions: { camera: {} } } } }] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ domains: fc.anything(), permissions: fc.anything() })), (grants) => {
        const csp = appCsp(resource, grants as never);
        const frame = appFrameAttributes(resource, grants as never);
        const value: unknown = typeof grants === 'object' && grants !== null ? Object.getOwnPropertyDescriptor(grants, 'domains')?.value : undefined;
        const granted = value === true || (Array.isArray(value) && value.includes('https://api.example.com'));
        expect(csp.includes('https://api.example.com')).toBe(granted);
        expect(frame.csp).toBe(csp);
        expect(['', 'camera']).toContain(frame.allow);
      }),
      { numRuns: 300 },
    );
    expect(appCsp(resource, { domains: true })).toContain('connect-src https://api.example.com');
    expect(appCsp(resource, { domains: ['https://api.example.com'] })).toContain('connect-src https://api.example.com');
    expect(appCsp(resource, { domains: ['https://other.example.com'] })).toContain("connect-src 'none'");
    expect(appFrameAttributes(resource, { permissions: ['camera'] }).allow).toBe('camera');
    expect(appCsp(resource, null)).toContain("connect-src 'none'");
    expect(appFrameAttributes(resource, null).allow).toBe('');
  });
});

