// Elicitation, sampling and their policy: src/core/requests.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../../src/core/index.js';
import type { ElicitationView } from '../../../src/core/requests/elicitation.js';
import { decideServerRequest } from '../../../src/core/requests/decide.js';
import { describeUrl } from '../../../src/core/text/url.js';
import { initialElicitationValues, parseElicitationRequest, validateElicitation } from '../../../src/core/requests/elicitation.js';
import { parseSamplingRequest, parseSamplingResult, samplingRequestToSend, snapshotSamplingRequest, applySamplingResultEdits } from '../../../src/core/requests/sampling.js';
import type { PolicyMode } from '../../../src/core/shared/policy.js';
import { SENSITIVE_TERM_LIST, sensitiveKind } from '../../../src/core/requests/sensitive.js';
import { problemMessages } from '../../../src/core/text/messages.js';
import { everythingElicitation, everythingSampling } from '../../fixtures/server-requests.js';
import { describeSpec, specExamples } from '../../spec-fixtures.js';

// The English name of the kind of secret a field asks for (what the message table's `sensitive.<kind>` says).
const sensitiveTerm = (field: Parameters<typeof sensitiveKind>[0]) => SENSITIVE_TERM_LIST.find((term) => term.id === sensitiveKind(field))?.label;

const form = (view: ElicitationView) => {
  if (view.mode !== 'form') throw new Error(`expected a form, got ${view.mode}`);
  return view;
};

describe('parseElicitationRequest — form mode', () => {
  it('reads every field type server-everything sends, with defaults (SEP-1034) and required', () => {
    const view = form(parseElicitationRequest(everythingElicitation));
    expect(view.fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['name', 'text', true],
      ['check', 'boolean', false],
      ['firstLine', 'text', false],
      ['email', 'text', false],
      ['homepage', 'text', false],
      ['birthdate', 'text', false],
      ['integer', 'integer', false],
      ['number', 'number', false],
      ['untitledSingleSelectEnum', 'choice', false],
      ['untitledMultipleSelectEnum', 'choices', false],
      ['titledSingleSelectEnum', 'choice', false],
      ['titledMultipleSelectEnum', 'choices', false],
      ['legacyTitledEnum', 'choice', false],
    ]);
    const byName = Object.fromEntries(view.fields.map((f) => [f.name, f]));
    expect(byName.email!.format).toBe('email');
    expect(byName.homepage!.format).toBe('uri');
    expect(byName.birthdate!.format).toBe('date');
    expect(byName.integer).toMatchObject({ minimum: 1, maximum: 100, defaultValue: 42 });
    expect(byName.titledSingleSelectEnum!.options).toEqual([
      { value: 'hero-1', label: 'Superman' },
      { value: 'hero-2', label: 'Green Lantern' },
      { value: 'hero-3', label: 'Wonder Woman' },
    ]);
    expect(byName.legacyTitledEnum!.options![0]).toEqual({ value: 'pet-1', label: 'Cats' });
    expect(byName.titledMultipleSelectEnum).toMatchObject({ minItems: 1, maxItems: 3, defaultValue: ['fish-1'] });
    const initial = initialElicitationValues(view);
    expect(Object.entries(initial).filter(([, v]) => v !== '' && v !== false && !(Array.isArray(v) && v.length === 0))).toHaveLength(8);
    expect(initial).toMatchObject({ firstLine: 'It was a dark and stormy night.', integer: 42, number: 3.14, untitledSingleSelectEnum: 'Monica', untitledMultipleSelectEnum: ['Guitar'] });
  });

  it.each<[string, unknown, unknown, RegExp]>([
    ['a nested object', { requestedSchema: { type: 'object', properties: { address: { type: 'object', properties: {} } } } }, { code: 'field-nested', params: { field: 'address' } }, /"address" is nested/],
    ['an unknown type', { requestedSchema: { type: 'object', properties: { x: { type: 'color' } } } }, { code: 'field-type-unknown', params: { field: 'x', type: 'color' } }, /type this form cannot show \(color\)/],
    ['a field without a type', { requestedSchema: { type: 'object', properties: { x: {} } } }, { code: 'field-unreadable', params: { field: 'x' } }, /"x" cannot be read/],
    ['no schema', { message: 'hi' }, { code: 'no-schema' }, /no schema/],
    ['not an object', 'nope', { code: 'not-object' }, /not an object/],
    ['an array of objects', { requestedSchema: { type: 'object', properties: { x: { type: 'array', items: { type: 'object' } } } } }, { code: 'field-choices-invalid', params: { field: 'x' } }, /choices that cannot be read/],
    ['choices that are not strings', { requestedSchema: { type: 'object', properties: { x: { type: 'string', enum: [1, 2] } } } }, { code: 'field-choices-invalid', params: { field: 'x' } }, /choices that cannot be read/],
    ['an unknown mode', { mode: 'voice' }, { code: 'mode-unknown', params: { mode: 'voice' } }, /"voice" is not known/],
    ['a URL that is not a URL', { mode: 'url', url: 'not a url', message: 'x' }, { code: 'no-url' }, /no usable URL/],
  ])('gives a clear error state for %s, never a crash: a code with its parameters, which the message table says in English', (_name, params, code, english) => {
    const view = parseElicitationRequest(params);
    expect(view.mode).toBe('invalid');
    const invalid = view as Extract<ElicitationView, { mode: 'invalid' }>;
    expect(invalid.problemCodes).toEqual([code]);
    expect(invalid.problemCodes.map((problem) => formatMessage(problemMessages[`problem.${problem.code}`], problem.params, 'en')).join(' ')).toMatch(english);
  });

  it('a request without a mode is a form (the 2025-06-18 shape)', () => {
    expect(parseElicitationRequest({ message: 'x', requestedSchema: { type: 'object', properties: { a: { type: 'string' } } } }).mode).toBe('form');
  });

  it('property: never throws on any input', () => {
    fc.assert(
      fc.property(fc.anything(), (params) => {
        expect(() => parseElicitationRequest(params)).not.toThrow();
        // And fails closed: anything that is not a readable form or URL request can only be declined,
        // and a form never holds a field that is not an own property of the schema.
        const view = parseElicitationRequest(params);
        if (view.mode === 'form') expect(view.fields.every((field) => Object.hasOwn(Object((params as { requestedSchema?: { properties?: object } }).requestedSchema?.properties), field.name))).toBe(true);
        if (view.mode === 'url') expect(view.url.secure).toBe(view.url.href.startsWith('https:'));
        if (view.mode === 'invalid') expect(view.problemCodes.length).toBeGreaterThan(0);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('secret detection', () => {
  it.each([
    ['password', { name: 'password' }],
    ['passphrase', { name: 'walletPassphrase' }],
    ['secret', { name: 'client_secret' }],
    ['token', { name: 'accessToken' }],
    ['API key', { title: 'API key' }],
    ['credential', { description: 'Your credentials for the VPN' }],
    ['private key', { name: 'private-key' }],
    ['one-time code', { title: 'One-time code' }],
    ['one-time code', { name: 'otp' }],
    ['PIN', { title: 'PIN' }],
    ['card number', { name: 'cardNumber' }],
    ['card number', { name: 'cvv' }],
    ['IBAN or account number', { name: 'iban' }],
    ['IBAN or account number', { title: 'Account number' }],
    ['SSN or national id', { name: 'ssn' }],
    ['SSN or national id', { title: 'National ID number' }],
    ['password', { name: 'x', format: 'password' }],
  ])('flags %s from %j', (label, field) => {
    expect(sensitiveTerm(field)).toBe(label);
  });

  it.each([{ name: 'name' }, { name: 'email' }, { name: 'spinner' }, { name: 'pinned' }, { title: 'Favorite color' }, { name: 'happiness' }, { name: 'description' }])('does not flag %j', (field) => {
    expect(sensitiveTerm(field)).toBeUndefined();
  });

  it('documents one pattern per listed term', () => {
    expect(SENSITIVE_TERM_LIST.map((term) => term.label)).toEqual(['password', 'passphrase', 'recovery phrase', 'secret', 'token', 'API key', 'credential', 'private key', 'one-time code', 'PIN', 'card number', 'IBAN or account number', 'SSN or national id']);
  });

  it('marks the form sensitive and the field with its term', () => {
    const view = form(parseElicitationRequest({ requestedSchema: { type: 'object', properties: { user: { type: 'string' }, pass: { type: 'string', title: 'Password' } } } }));
    expect(view.sensitive).toBe(true);
    expect(view.fields[1]).toMatchObject({ sensitive: true, sensitiveKind: 'password' });
  });
});

describe('validateElicitation', () => {
  const view = form(parseElicitationRequest(everythingElicitation));

  it('accepts the defaults plus a name, typed, and leaves empty optional fields out', () => {
    const result = validateElicitation(view, { ...initialElicitationValues(view), name: 'Ada' });
    expect(result.ok).toBe(true);
    expect(result.content).toEqual({
      name: 'Ada',
      check: false,
      firstLine: 'It was a dark and stormy night.',
      integer: 42,
      number: 3.14,
      untitledSingleSelectEnum: 'Monica',
      untitledMultipleSelectEnum: ['Guitar'],
      titledSingleSelectEnum: 'hero-1',
      titledMultipleSelectEnum: ['fish-1'],
      legacyTitledEnum: 'pet-1',
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a missing required field', { name: '' }, 'name'],
    ['an email that is not one', { email: 'nope' }, 'email'],
    ['a URL that is not one', { homepage: 'example' }, 'homepage'],
    ['a date that is not one', { birthdate: '12/01/2026' }, 'birthdate'],
    ['a number out of range', { integer: 101 }, 'integer'],
    ['a fraction for an integer', { integer: 2.5 }, 'integer'],
    ['a choice that is not offered', { untitledSingleSelectEnum: 'Janice' }, 'untitledSingleSelectEnum'],
    ['too many choices', { untitledMultipleSelectEnum: ['Guitar', 'Piano', 'Violin', 'Drums'] }, 'untitledMultipleSelectEnum'],
    ['a choice not offered in a list', { titledMultipleSelectEnum: ['fish-9'] }, 'titledMultipleSelectEnum'],
  ])('rejects %s', (_name, values, field) => {
    const result = validateElicitation(view, { ...initialElicitationValues(view), name: 'Ada', ...values });
    expect(result.ok).toBe(false);
    expect(Object.keys(result.errorCodes)).toEqual([field]);
  });

  it('property: an accept never sends a field the person did not see', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.array(fc.string()))), (values) => {
        const result = validateElicitation(view, { ...initialElicitationValues(view), name: 'Ada', ...values });
        const shown = new Set(view.fields.map((field) => field.name));
        for (const key of Object.keys(result.content)) expect(shown.has(key)).toBe(true);
        expect(Object.getPrototypeOf(result.content)).toBe(Object.prototype);
      }),
      { numRuns: 2000 },
    );
  });

  it('a field named __proto__ stays a field', () => {
    const tricky = form(parseElicitationRequest(JSON.parse('{"requestedSchema":{"type":"object","properties":{"__proto__":{"type":"string"}}}}')));
    const result = validateElicitation(tricky, JSON.parse('{"__proto__":"x"}'));
    expect(Object.hasOwn(result.content, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('describeUrl — URL mode', () => {
  it('splits the full URL around the host', () => {
    expect(describeUrl('https://login.example.com/auth?x=1')).toMatchObject({
      secure: true,
      host: 'login.example.com',
      display: { before: 'https://', emphasis: 'login.example.com', after: '/auth?x=1' },
      warnings: [],
    });
  });

  it('emphasises the registrable domain when the host injects a lookup', () => {
    const url = describeUrl('https://login.example.co.uk/auth', { registrableDomain: () => 'example.co.uk' })!;
    expect(url.display).toEqual({ before: 'https://login.', emphasis: 'example.co.uk', after: '/auth' });
    // A lookup that answers something else is ignored.
    expect(describeUrl('https://a.example.com/', { registrableDomain: () => 'evil.com' })!.display.emphasis).toBe('a.example.com');
  });

  it.each<[string, string[]]>([
    ['http://example.com/', ['not-https']],
    ['https://xn--pple-43d.com/', ['punycode', 'mixed-script']],
    ['https://аpple.com/', ['punycode', 'mixed-script']],
    ['https://user:pw@example.com/', ['credentials']],
    ['https://192.168.1.10/', ['ip-address']],
  ])('%s warns %j', (href, warnings) => {
    expect(describeUrl(href)!.warnings).toEqual(warnings);
  });

  it('refuses anything that is not https', () => {
    expect(describeUrl('javascript:alert(1)')!.secure).toBe(false);
    expect(describeUrl('not a url')).toBeNull();
  });
});

describe('sampling', () => {
  it('reads the request server-everything sends', () => {
    const view = parseSamplingRequest(everythingSampling);
    expect(view).toMatchObject({ valid: true, systemPrompt: 'You are a helpful test server.', maxTokens: 100, temperature: 0.7 });
    expect(view.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Resource trigger-sampling-request context: hi' }] }]);
  });

  it('applies edits to a plain copy, never to the original', () => {
    const edited = samplingRequestToSend(snapshotSamplingRequest(everythingSampling), { systemPrompt: 'Be brief.', texts: { '0:0': 'Just hi' } });
    expect(edited).toMatchObject({ systemPrompt: 'Be brief.', messages: [{ role: 'user', content: { type: 'text', text: 'Just hi' } }] });
    expect(everythingSampling.systemPrompt).toBe('You are a helpful test server.');
    expect((everythingSampling.messages[0]!.content as { text: string }).text).toBe('Resource trigger-sampling-request context: hi');
  });

  it('reads and edits a completion', () => {
    const result = { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm', stopReason: 'endTurn' };
    expect(parseSamplingResult(result)).toMatchObject({ valid: true, text: 'Paris', model: 'm' });
    expect(applySamplingResultEdits(result, { text: 'Paris, France' }).result).toEqual({ ...result, content: { type: 'text', text: 'Paris, France' } });
  });

  it('property: never throws on any input', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(() => parseSamplingRequest(value)).not.toThrow();
        expect(() => samplingRequestToSend(snapshotSamplingRequest(value), { texts: { '0:0': 'x' } })).not.toThrow();
        expect(() => parseSamplingResult(value)).not.toThrow();
        // Fails closed: a request that is not an object with messages and maxTokens cannot be approved.
        const view = parseSamplingRequest(value);
        if (typeof value !== 'object' || value === null || Array.isArray(value)) expect(view.valid).toBe(false);
        if (view.valid) expect(view.messages.length).toBeGreaterThan(0);
        else expect(view.problemCodes.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  describeSpec('MCP spec sampling and elicitation examples', () => {
    it.each(specExamples('CreateMessageRequestParams'))('%s reads as a valid request', (_file, params) => {
      expect(parseSamplingRequest(params).valid).toBe(true);
    });
    it.each(specExamples('CreateMessageResult'))('%s reads as a valid result', (_file, result) => {
      expect(parseSamplingResult(result).valid).toBe(true);
    });
    it.each([...specExamples('ElicitRequestFormParams'), ...specExamples('ElicitRequestURLParams')])('%s reads without problems', (_file, params) => {
      expect(parseElicitationRequest(params).mode).not.toBe('invalid');
    });
  });
});

describe('decideServerRequest', () => {
  const MODES: PolicyMode[] = ['default', 'always-confirm', 'read-only', 'offline'];

  it('property: elicitation is never answered without a person', () => {
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom('trusted' as const, 'untrusted' as const), fc.constantFrom(...MODES), fc.record({ elicitation: fc.constantFrom('ask', 'off', undefined), blockSensitiveElicitation: fc.boolean() }), (params, trust, mode, policy) => {
        const decision = decideServerRequest({ kind: 'elicitation', trust, mode, policy: policy as never, elicitation: parseElicitationRequest(params) });
        expect(decision.action).not.toBe('run');
      }),
      { numRuns: 2000 },
    );
  });

  it('property: sampling runs unasked only for a trusted server of a host that opted in', () => {
    fc.assert(
      fc.property(fc.constantFrom('trusted' as const, 'untrusted' as const), fc.constantFrom(...MODES), fc.constantFrom('ask', 'off', 'trusted-auto', undefined), (trust, mode, sampling) => {
        const decision = decideServerRequest({ kind: 'sampling', trust, mode, policy: { sampling: sampling as never }, sampling: parseSamplingRequest(everythingSampling) });
        if (decision.action === 'run') expect([trust, sampling, mode === 'always-confirm']).toEqual(['trusted', 'trusted-auto', false]);
        if (sampling === 'off') expect(decision.action).toBe('block');
      }),
    );
  });

  it('blocks forms asking for secrets when the host says so, and URL elicitations offline', () => {
    const secret = parseElicitationRequest({ requestedSchema: { type: 'object', properties: { password: { type: 'string' } } } });
    expect(decideServerRequest({ kind: 'elicitation', policy: { blockSensitiveElicitation: true }, elicitation: secret })).toMatchObject({ action: 'block', reasons: [{ code: 'sensitive-blocked' }] });
    expect(decideServerRequest({ kind: 'elicitation', elicitation: secret }).reasons.map((r) => r.code)).toContain('sensitive-fields');
    const url = parseElicitationRequest({ mode: 'url', url: 'https://example.com/', message: 'x', elicitationId: 'e1' });
    expect(decideServerRequest({ kind: 'elicitation', mode: 'offline', elicitation: url }).action).toBe('block');
  });
});
