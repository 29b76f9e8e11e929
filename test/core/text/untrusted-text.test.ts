// Server text is data: linear analysis on any input, every shown string sanitised, detection
// that normalises first, URLs parsed as the browser parses them, server keys never plain-object keys.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toolCallStatusFromTask } from '../../../src/core/index.js';
import type { ElicitationView } from '../../../src/core/requests/elicitation.js';
import { confusableSkeleton, splitWords } from '../../../src/core/text/normalize.js';
import { decideServerRequest } from '../../../src/core/requests/decide.js';
import { describeUrl } from '../../../src/core/text/url.js';
import { initialElicitationValues, parseElicitationRequest, validateElicitation } from '../../../src/core/requests/elicitation.js';
import { parseSamplingRequest } from '../../../src/core/requests/sampling.js';
import { sanitizeText } from '../../../src/core/text/sanitize.js';
import { sensitiveKind, SENSITIVE_TERM_LIST } from '../../../src/core/requests/sensitive.js';
import { elicitationsFromError } from '../../../src/mcp/index.js';

// The English name of the kind of secret a field asks for (what the message table's `sensitive.<kind>` says).
const sensitiveTerm = (field: Parameters<typeof sensitiveKind>[0]) => SENSITIVE_TERM_LIST.find((term) => term.id === sensitiveKind(field))?.label;

const MB = 1024 * 1024;
const form = (view: ElicitationView) => {
  if (view.mode !== 'form') throw new Error(`expected a form, got ${view.mode}`);
  return view;
};

describe('linear time on any input (1 MB titles, descriptions, messages, URLs)', () => {
  it('a 1 MB field title, description and message are read in bounded time and shown bounded', { timeout: 60_000 }, () => {
    const huge = 'A'.repeat(MB);
    const view = form(parseElicitationRequest({ message: huge, requestedSchema: { type: 'object', properties: { f: { type: 'string', title: huge, description: `${'Ab'.repeat(MB / 2)} password` } } } }));
    expect(view.message.length).toBeLessThanOrEqual(4000);
    expect(Array.from(view.fields[0]!.label).length).toBeLessThanOrEqual(120);
    expect(view.fields[0]!.description.length).toBeLessThanOrEqual(2000);
    // Detection reads a capped prefix: the term past the cap is not seen, and nothing hangs.
    expect(view.fields[0]!.sensitive).toBe(false);
    expect(splitWords('ABCDEFGHIJKLMNOPQRSTUVWXYZ'.repeat(4000)).length).toBeGreaterThan(0);
  });

  it('a 1 MB URL is refused, not parsed', () => {
    expect(describeUrl(`https://example.com/${'a'.repeat(MB)}`)).toBeNull();
    expect(parseElicitationRequest({ mode: 'url', message: 'm', url: `https://e.com/${'a'.repeat(MB)}` }).mode).toBe('invalid');
  });
});

describe('every server string shown is sanitised', () => {
  it('elicitation messages and descriptions show direction and invisible characters as escapes', () => {
    const view = form(parseElicitationRequest({ message: 'Pay \u202Eevil\u202C now\u200B', requestedSchema: { type: 'object', properties: { f: { type: 'string', description: 'line one\nline \u2066two' } } } }));
    expect(view.message).toBe('Pay \\u202Eevil\\u202C now\\u200B');
    expect(view.fields[0]!.description).toBe('line one\nline \\u2066two');
  });

  it('a title made only of invisible characters falls back to the field name', () => {
    const view = form(parseElicitationRequest({ requestedSchema: { type: 'object', properties: { email: { type: 'string', title: '\u200B\u200D\u2060\uFEFF' } } } }));
    expect(view.fields[0]!.label).toBe('email');
  });

  it('sampling systemPrompt and a task statusMessage are sanitised and bounded', () => {
    const view = parseSamplingRequest({ messages: [{ role: 'user', content: { type: 'text', text: 'x' } }], maxTokens: 1, systemPrompt: `a\u202Eb${'c'.repeat(MB)}` });
    expect(view.systemPrompt!.startsWith('a\\u202Eb')).toBe(true);
    expect(view.systemPrompt!.length).toBeLessThan(21_000);
    const status = toolCallStatusFromTask({ taskId: 't', status: 'working', statusMessage: `\u202E${'m'.repeat(MB)}` });
    expect(status.type === 'running' && status.task!.statusMessage!.length).toBeLessThanOrEqual(500);
    expect(status.type === 'running' && status.task!.statusMessage!.startsWith('\\u202E')).toBe(true);
  });

  it('sanitizeText is bounded for any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 5000 }), fc.integer({ min: 1, max: 300 }), (text, max) => {
        const clean = sanitizeText(text, max).text;
        expect(Array.from(clean).length).toBeLessThanOrEqual(max);
        expect(clean).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B]/);
      }),
      { numRuns: 500 },
    );
  });
});

describe('server strings are never keys of plain objects', () => {
  const schema = { type: 'object', properties: JSON.parse('{"__proto__": {"type": "string"}, "constructor": {"type": "string"}, "toString": {"type": "string"}}') as Record<string, unknown>, required: ['constructor'] };

  it('fields named __proto__, constructor and toString are ordinary fields: empty at start, validated, sent as keys', () => {
    const view = form(parseElicitationRequest({ requestedSchema: schema }));
    expect(view.fields.map((field) => field.name)).toEqual(['__proto__', 'constructor', 'toString']);
    const initial = initialElicitationValues(view);
    expect(Object.keys(initial)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.values(initial)).toEqual(['', '', '']);
    const empty = validateElicitation(view, initial);
    expect(Object.keys(empty.errorCodes)).toEqual(['constructor']);
    const values = JSON.parse('{"__proto__": "a", "constructor": "b", "toString": "c"}') as Record<string, string>;
    const checked = validateElicitation(view, values);
    expect(checked.ok).toBe(true);
    expect(JSON.stringify(checked.content)).toBe('{"__proto__":"a","constructor":"b","toString":"c"}');
    expect(Object.getPrototypeOf(checked.content)).toBe(Object.prototype);
    // The form's own state is keyed by server data: no prototype to fall back on.
    expect(Object.getPrototypeOf(initial)).toBeNull();
    expect(Object.getPrototypeOf(empty.errorCodes)).toBeNull();
  });
});

describe('detection a hostile server cannot sidestep', () => {
  it.each([
    ['password2', 'password'],
    ['newPassword1', 'password'],
    ['otp6', 'one-time code'],
    ['passWord', 'password'],
    ['Pass\u200Bword', 'password'],
    ['P\u0430ssword', 'password'],
    ['ｐａｓｓｗｏｒｄ', 'password'],
    ['Passwort', 'password'],
    ['contraseña', 'password'],
    ['mot_de_passe', 'password'],
    ['密码', 'password'],
    ['パスワード', 'password'],
    ['seedPhrase', 'recovery phrase'],
    ['recovery_phrase', 'recovery phrase'],
    ['mnemonic', 'recovery phrase'],
    ['APIKey', 'API key'],
  ])('the name %j asks for a %s', (name, label) => {
    expect(sensitiveTerm({ name })).toBe(label);
  });

  it('a negated or passing mention in a description is not a request (server-everything’s own field)', () => {
    expect(sensitiveTerm({ name: 'favoriteNumber', title: 'Favorite integer', description: 'Your favorite integer (do not give us your phone number, pin, or other sensitive info)' })).toBeUndefined();
    expect(sensitiveTerm({ name: 'note', description: 'We will never ask for your password.' })).toBeUndefined();
    expect(sensitiveTerm({ name: 'note', description: 'Bitte nicht dein Passwort eingeben.' })).toBeUndefined();
    // A request is still a request, in the same description.
    expect(sensitiveTerm({ name: 'value', description: 'Do not share it. Enter your PIN here.' })).toBe('PIN');
    expect(sensitiveTerm({ name: 'spinner' })).toBeUndefined();
  });

  it('blockSensitiveElicitation uses the same detection', () => {
    const view = parseElicitationRequest({ message: 'm', requestedSchema: { type: 'object', properties: { 'P\u0430ssword': { type: 'string' }, note: { type: 'string' } } } });
    expect(decideServerRequest({ kind: 'elicitation', elicitation: view, policy: { blockSensitiveElicitation: true } }).action).toBe('block');
  });

  it('a confusable skeleton folds look-alike names', () => {
    expect(confusableSkeleton('P\u0430yPa1')).toBe(confusableSkeleton('paypal'));
    expect(confusableSkeleton('github')).not.toBe(confusableSkeleton('gitlab'));
  });
});

describe('URLs are parsed as the browser opens them', () => {
  it('credentials never get the emphasis: only the parsed host does, and they are warned about', () => {
    const url = describeUrl('https://paypal.com@l.com/')!;
    expect(url.host).toBe('l.com');
    expect(url.display.emphasis).toBe('l.com');
    expect(url.display.before).toBe('https://paypal.com@');
    expect(url.display.before + url.display.emphasis + url.display.after).toBe(url.href);
    expect(url.warnings).toContain('credentials');
  });

  it('a backslash URL with a Cyrillic letter in the host warns mixed-script', () => {
    const url = describeUrl('https:\\\\p\u0430ypal.com/login')!;
    expect(url.secure).toBe(true);
    expect(url.warnings).toEqual(expect.arrayContaining(['punycode', 'mixed-script']));
    expect(url.display.emphasis).toBe(url.host);
  });

  it('property: the emphasis is always the parsed host (or nothing), and the display is the whole href', () => {
    fc.assert(
      fc.property(fc.webUrl({ withFragments: true, withQueryParameters: true }), fc.string({ maxLength: 12 }), (href, user) => {
        const withUser = href.replace('://', `://${encodeURIComponent(user)}@`);
        const url = describeUrl(withUser);
        if (!url) return;
        expect(url.display.before + url.display.emphasis + url.display.after).toBe(url.href);
        if (url.display.before !== '') expect(url.display.emphasis).toBe(url.host);
      }),
      { numRuns: 500 },
    );
  });

  it('a -32042 error is only ever URL consent, whatever mode the server says', () => {
    const error = { code: -32042, message: 'URL needed', data: { elicitations: [{ mode: 'form', message: 'Password?', requestedSchema: { type: 'object', properties: { password: { type: 'string' } } } }] } };
    const [params] = elicitationsFromError(error);
    expect(params).toMatchObject({ mode: 'url' });
    expect(parseElicitationRequest(params).mode).toBe('invalid');
  });
});

describe('tasks: status only moves forward', () => {
  it('a late working after completed, failed or cancelled changes nothing', () => {
    for (const final of ['completed', 'failed', 'cancelled'] as const) {
      const done = toolCallStatusFromTask({ taskId: 't', status: final });
      expect(toolCallStatusFromTask({ taskId: 't', status: 'working' }, done)).toBe(done);
      expect(toolCallStatusFromTask({ taskId: 't', status: 'input_required' }, done)).toBe(done);
    }
    const working = toolCallStatusFromTask({ taskId: 't', status: 'working' });
    expect(toolCallStatusFromTask({ taskId: 't', status: 'input_required' }, working).type).toBe('input-required');
    expect(toolCallStatusFromTask({ taskId: 't', status: 'cancelled' }, working).type).toBe('cancelled');
  });
});
