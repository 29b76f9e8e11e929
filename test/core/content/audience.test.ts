import { describe, expect, it, vi } from 'vitest';
import { isVisibleTo, readAudience, selectForViewer } from '../../../src/core/content/audience.js';

const block = (annotations?: unknown) => ({ type: 'text', text: 'x', ...(annotations === undefined ? {} : { annotations }) });

describe('isVisibleTo', () => {
  it.each([
    ['no annotations', block(), true, true],
    ['annotations: null', block(null), true, true],
    ['empty annotations', block({}), true, true],
    ['audience user', block({ audience: ['user'] }), true, false],
    ['audience assistant', block({ audience: ['assistant'] }), false, true],
    ['both', block({ audience: ['user', 'assistant'] }), true, true],
    ['duplicates', block({ audience: ['assistant', 'assistant'] }), false, true],
  ])('%s → user %s, assistant %s', (_name, b, user, assistant) => {
    expect(isVisibleTo(b, 'user')).toBe(user);
    expect(isVisibleTo(b, 'assistant')).toBe(assistant);
  });

  it.each([
    ['a string', block({ audience: 'user' })],
    ['an empty array', block({ audience: [] })],
    ['an unknown role', block({ audience: ['user', 'admin'] })],
    ['a non-string member', block({ audience: ['user', 1] })],
    ['an object', block({ audience: { user: true } })],
    ['null', block({ audience: null })],
    ['annotations that are a string', block('assistant')],
    ['annotations that are an array', block(['assistant'])],
  ])('malformed audience (%s) fails closed for every viewer and is reported', (_name, b) => {
    const onAnnotationIssue = vi.fn();
    expect(isVisibleTo(b, 'user', { onAnnotationIssue })).toBe(false);
    expect(isVisibleTo(b, 'assistant')).toBe(false);
    expect(onAnnotationIssue).toHaveBeenCalledTimes(1);
    expect(['audience-invalid', 'annotations-invalid']).toContain(onAnnotationIssue.mock.calls[0]![0].code);
  });

  it('a block that is not an object is visible to no one', () => {
    for (const junk of [null, undefined, 'text', 7, ['a']]) expect(isVisibleTo(junk, 'user')).toBe(false);
  });

  it('readAudience tells everyone, roles or invalid apart', () => {
    expect(readAudience(block())).toBe('everyone');
    expect(readAudience(block({ audience: 'x' }))).toBe('invalid');
    expect(readAudience(block({ audience: ['user'] }))).toEqual(['user']);
  });
});

describe('selectForViewer', () => {
  const blocks = [
    block({ audience: ['user'] }),
    block({ audience: ['assistant'] }),
    block(),
    block({ audience: 'user' }),
    block({ audience: ['assistant', 'user'] }),
  ];

  it('a class instance: fields from its prototype and its own newer fields both reach the snapshot, each read once', () => {
    let reads = 0;
    class TextContent {
      get type() {
        reads++;
        return 'text';
      }
      get text() {
        reads++;
        return 'hello';
      }
    }
    const instance = Object.assign(new TextContent(), { newSpecField: 1 });
    expect(selectForViewer([instance], 'assistant')).toEqual([{ type: 'text', text: 'hello', newSpecField: 1 }]);
    expect(reads).toBe(2);
  });

  it('keeps order and returns plain snapshots equal to the blocks (never the caller\'s objects)', () => {
    expect(selectForViewer(blocks, 'user')).toEqual([blocks[0], blocks[2], blocks[4]]);
    expect(selectForViewer(blocks, 'user')[0]).not.toBe(blocks[0]);
    expect(selectForViewer(blocks, 'assistant')).toEqual([blocks[1], blocks[2], blocks[4]]);
  });

  it('reports with the position of the block', () => {
    const onAnnotationIssue = vi.fn();
    selectForViewer(blocks, 'user', { onAnnotationIssue });
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'audience-invalid', path: 'blocks[3].annotations.audience', value: 'user' }));
  });

  it('gives [] for anything that is not an array, reporting non-nullish values', () => {
    const onAnnotationIssue = vi.fn();
    expect(selectForViewer(undefined, 'user')).toEqual([]);
    expect(selectForViewer({ 0: block() } as never, 'user', { onAnnotationIssue })).toEqual([]);
    expect(onAnnotationIssue).toHaveBeenCalledTimes(1);
  });
});
