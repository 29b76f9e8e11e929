import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { starterArguments } from '../../../src/core/index.js';

const tool = (inputSchema: unknown) => ({ name: 't', inputSchema });

describe('starterArguments', () => {
  it('fills defaults and required properties, leaves optional ones without a default out', () => {
    expect(
      starterArguments(
        tool({
          type: 'object',
          properties: {
            message: { type: 'string' },
            count: { type: 'integer', minimum: 1.5 },
            ratio: { type: 'number' },
            kind: { type: 'string', enum: ['error', 'info'] },
            fixed: { const: 'v1' },
            flag: { type: 'boolean' },
            tags: { type: 'array', items: { type: 'string' } },
            paths: { type: 'array', minItems: 2, items: { type: 'string' } },
            nested: { type: 'object', properties: { id: { type: 'string' }, note: { type: 'string' } }, required: ['id'] },
            nullable: { type: ['null', 'number'] },
            choice: { anyOf: [{ type: 'boolean' }, { type: 'string' }] },
            steps: { type: 'number', default: 5 },
            optional: { type: 'string' },
          },
          required: ['message', 'count', 'ratio', 'kind', 'fixed', 'flag', 'tags', 'paths', 'nested', 'nullable', 'choice'],
        }),
      ),
    ).toEqual({ message: '', count: 2, ratio: 0, kind: 'error', fixed: 'v1', flag: false, tags: [], paths: ['', ''], nested: { id: '' }, nullable: 0, choice: false, steps: 5 });
  });

  it('a negative maximum gives that maximum, not 0', () => {
    expect(starterArguments(tool({ type: 'object', properties: { n: { type: 'number', maximum: -3 } }, required: ['n'] }))).toEqual({ n: -3 });
  });

  it('defines `__proto__` as a key of its own, never as the prototype', () => {
    const out = starterArguments(tool(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"object","properties":{"polluted":{"default":true}}}},"required":["__proto__"]}')));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('ignores accessors and a default that is not JSON', () => {
    const properties = { a: { type: 'string', default: () => 1 } } as Record<string, unknown>;
    Object.defineProperty(properties, 'b', { enumerable: true, get: () => { throw new Error('getter ran'); } });
    expect(starterArguments(tool({ type: 'object', properties, required: ['a', 'b'] }))).toEqual({ a: '' });
  });

  it('returns {} for a missing or malformed schema', () => {
    for (const schema of [undefined, null, 3, 'object', [], { properties: 'x' }, { type: 'object', properties: { a: 1 }, required: ['a'] }]) expect(starterArguments(tool(schema))).toEqual({});
    expect(starterArguments(undefined)).toEqual({});
    expect(starterArguments(new Proxy({}, { get: () => { throw new Error('trap'); }, getOwnPropertyDescriptor: () => { throw new Error('trap'); } }))).toEqual({});
  });

  it('property: never throws, and what it returns survives a JSON round trip unchanged, for any schema', () => {
    fc.assert(
      fc.property(fc.anything({ withObjectString: true, withNullPrototype: true, maxDepth: 6 }), fc.jsonValue({ maxDepth: 6 }), (anything, json) => {
        for (const schema of [anything, json, { type: 'object', properties: json, required: Object.keys(typeof json === 'object' && json ? json : {}) }]) {
          const out = starterArguments(tool(schema));
          expect(JSON.parse(JSON.stringify(out))).toEqual(out);
        }
      }),
      { numRuns: 500 },
    );
  });
});
