// Tests for src/core/text/format.ts: the one formatter every message goes through.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideToolCall, formatMessage, formatReason } from '../../../src/core/index.js';
import { formatList } from '../../../src/core/text/format.js';
import { toolDecisionMessages as reasonMessages } from '../../../src/core/tool/reasons.js';


describe('formatMessage', () => {
  it('fills placeholders; numbers and lists in the locale', () => {
    expect(formatMessage('Allow {tool}?', { tool: 'delete_entities' })).toBe('Allow delete_entities?');
    expect(formatMessage('{n} items', { n: 12345.5 }, 'de')).toBe('12.345,5 items');
    expect(formatMessage('on {servers}', { servers: ['Mail', 'Files', 'Web'] }, 'en')).toBe('on Mail, Files, and Web');
    expect(formatMessage('say {hints, list, or}', { hints: ['a', 'b'] }, 'en')).toBe('say a or b');
    expect(formatMessage('say {hints, list, or}', { hints: ['a', 'b'] }, 'de')).toBe('say a oder b');
  });

  it('plural branches follow Intl.PluralRules, with exact matches first and # as the number', () => {
    const template = '{count, plural, =0 {nothing} one {# block} other {# blocks}}';
    expect(formatMessage(template, { count: 0 }, 'en')).toBe('nothing');
    expect(formatMessage(template, { count: 1 }, 'en')).toBe('1 block');
    expect(formatMessage(template, { count: 2000 }, 'en')).toBe('2,000 blocks');
    // Polish has "few" and "many": a branch the table does not have falls back to other.
    expect(formatMessage('{n, plural, one {# plik} few {# pliki} other {# plików}}', { n: 3 }, 'pl')).toBe('3 pliki');
    expect(formatMessage('{n, plural, one {# plik} few {# pliki} other {# plików}}', { n: 5 }, 'pl')).toBe('5 plików');
    // A branch may name other placeholders.
    expect(formatMessage('{n, plural, one {# on {server}} other {# on {server}}}', { n: 1, server: 'Mail' }, 'en')).toBe('1 on Mail');
  });

  it('leaves what it cannot fill visible, and never throws on a malformed template or locale', () => {
    expect(formatMessage('Hello {name}', {})).toBe('Hello {name}');
    expect(formatMessage('Broken {name', { name: 'x' })).toBe('Broken {name');
    expect(formatMessage('{n, plural, }', { n: 1 })).toBe('{n, plural, }');
    expect(formatMessage('{n, plural, one {a} other {b}}', { n: 1 }, 'not a locale!!')).toBe('a');
    expect(formatList(['a', 'b'], ['xx-invalid-###'], 'or')).toMatch(/a.*b/);
  });

  it('a value is inserted once and never read as syntax (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (value, other) => {
        expect(formatMessage('[{a}]', { a: value, b: other })).toBe(`[${value}]`);
        expect(formatMessage('{a, list, or}', { a: [value] }, 'en')).toBe(value);
      }),
    );
  });

  it('own placeholders only: a name from Object.prototype is not a value', () => {
    expect(formatMessage('{constructor} {toString}', {})).toBe('{constructor} {toString}');
  });
});

describe('formatReason', () => {
  it('formats a reason from a translated table, with its lists in the locale', () => {
    const reason = decideToolCall({ tool: { name: 'x', inputSchema: { type: 'object' } }, trust: 'untrusted', shadowedBy: ['Mail', 'Files'] }).reasons.find((r) => r.code === 'tool-shadowed')!;
    expect(reason.servers).toEqual(['Mail', 'Files']);
    const de = { ...reasonMessages, 'reason.tool-shadowed': 'Auch auf {servers, list, or}.' };
    expect(formatReason(reason, de, 'de')).toBe('Auch auf Mail oder Files.');
    // A reason is a code with parameters: it carries no words of its own.
    expect(Object.keys(reason).sort()).toEqual(['code', 'servers']);
    expect(formatReason(reason, reasonMessages, 'en')).toContain('(Mail or Files)');
  });

  it('assumed hints and changed parts come from the table too', () => {
    const [reason] = decideToolCall({ tool: { name: 'x', inputSchema: { type: 'object' } }, trust: 'trusted', annotationsChanged: ['title', 'inputSchema'] }).reasons.filter((r) => r.code === 'annotations-changed');
    const table = { ...reasonMessages, 'reason.annotations-changed': 'Geändert: {changes, list, and}.', 'changed.title': 'Titel', 'changed.inputSchema': 'Eingaben' };
    expect(formatReason(reason!, table, 'de')).toBe('Geändert: Titel und Eingaben.');
  });

  it('a code the table does not hold is shown as the code; a table that is not one says nothing new', () => {
    const [reason] = decideToolCall({ tool: undefined, trust: 'untrusted' }).reasons.filter((r) => r.code === 'untrusted-server');
    expect(formatReason(reason!, {}, 'de')).toBe('untrusted-server');
    expect(formatReason(reason!, { 'reason.untrusted-server': 'Nicht vertrauenswürdig.' }, 'de')).toBe('Nicht vertrauenswürdig.');
    expect(formatReason(reason!, null as never, 'de')).toBe('untrusted-server');
  });

  it('another policy\'s own words are shown as they are, never as a template', () => {
    expect(formatReason({ code: 'host-denied', said: 'Denied by {policy}' }, reasonMessages)).toBe('Denied by {policy}');
  });
});
