import { describe, expect, it, vi } from 'vitest';
import { prepareBlock, prepareContent } from '../../../src/core/content/content.js';
import { base64ByteLength, fileNameFromUri, formatBytes, isBase64, mimeEssence, safeHttpUrl, safeMediaUrl } from '../../../src/core/content/media.js';
import { PNG_1X1 } from '../../fixtures/tools.js';

describe('prepareBlock', () => {
  it('checks each content type into a safe view', () => {
    expect(prepareBlock({ type: 'text', text: 'hi' }, 0).view).toEqual({ kind: 'text', text: 'hi', format: 'plain' });
    expect(prepareBlock({ type: 'text', text: '{"a":[1]}' }, 0).view).toEqual({ kind: 'text', text: '{"a":[1]}', format: 'json', pretty: '{\n  "a": [\n    1\n  ]\n}' });
    expect(prepareBlock({ type: 'text', text: '{not json' }, 0).view).toEqual({ kind: 'text', text: '{not json', format: 'plain' });
    expect(prepareBlock({ type: 'image', data: PNG_1X1, mimeType: 'image/png' }, 0).view).toEqual({ kind: 'image', src: `data:image/png;base64,${PNG_1X1}`, mimeType: 'image/png' });
    expect(prepareBlock({ type: 'resource_link', uri: 'https://example.com/x?y=1', name: 'x', size: 2048 }, 0).view).toMatchObject({ kind: 'resource_link', href: 'https://example.com/x?y=1', name: 'x', size: 2048 });
    expect(prepareBlock({ type: 'resource', resource: { uri: 'file:///a.txt', text: 'a', mimeType: 'text/plain' } }, 0).view).toEqual({ kind: 'resource_text', uri: 'file:///a.txt', mimeType: 'text/plain', text: 'a' });
    expect(prepareBlock({ type: 'resource', resource: { uri: 'file:///dir/a.png', blob: PNG_1X1 } }, 0).view).toMatchObject({ kind: 'resource_blob', fileName: 'a.png', byteLength: 70 });
  });

  it.each([
    ['a missing type', { text: 'x' }, 'invalid', 'block-invalid'],
    ['text that is not a string', { type: 'text', text: 5 }, 'invalid', 'block-invalid'],
    ['an unknown type', { type: 'hologram' }, 'unknown', 'type-unknown'],
    ['a resource without contents', { type: 'resource' }, 'invalid', 'block-invalid'],
    ['a resource with neither text nor blob', { type: 'resource', resource: { uri: 'x:y' } }, 'invalid', 'block-invalid'],
    ['a link without a uri', { type: 'resource_link', name: 'x' }, 'invalid', 'block-invalid'],
  ])('turns %s into a placeholder and reports it', (_name, block, kind, code) => {
    const onAnnotationIssue = vi.fn();
    expect(prepareBlock(block, 3, { onAnnotationIssue }).view.kind).toBe(kind);
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code, path: expect.stringMatching(/^blocks\[3\]/) }));
  });

  it.each([
    ['data that is not base64', { type: 'image', data: '<svg onload=alert(1)>', mimeType: 'image/png' }],
    ['an SVG image', { type: 'image', data: 'PHN2Zz4=', mimeType: 'image/svg+xml' }],
    ['an HTML "image"', { type: 'image', data: 'PGgxPg==', mimeType: 'text/html' }],
    ['a missing MIME type', { type: 'audio', data: 'AAAA' }],
  ])('gives media no src for %s', (_name, block) => {
    const onAnnotationIssue = vi.fn();
    expect(prepareBlock(block, 0, { onAnnotationIssue }).view).toMatchObject({ src: null });
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'media-rejected' }));
  });

  it('lets the host widen the image allow-list', () => {
    expect(prepareBlock({ type: 'image', data: 'PHN2Zz4=', mimeType: 'image/svg+xml' }, 0, { imageTypes: ['image/svg+xml'] }).view).toMatchObject({ src: 'data:image/svg+xml;base64,PHN2Zz4=' });
  });

  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', 'file:///etc/passwd', 'https://user:pw@example.com/'])(
    'never makes %s clickable',
    (uri) => {
      expect(prepareBlock({ type: 'resource_link', uri, name: 'n' }, 0).view).toMatchObject({ href: null });
    },
  );

  it('reads priority and date, reporting bad ones', () => {
    const onAnnotationIssue = vi.fn();
    const b = prepareBlock({ type: 'text', text: 'x', annotations: { priority: 7, lastModified: 'yesterday' } }, 0, { onAnnotationIssue });
    expect(b.priority).toBe(1);
    expect(b.lastModified).toBeNull();
    expect(onAnnotationIssue.mock.calls.map(([i]) => i.code)).toEqual(['priority-out-of-range', 'last-modified-invalid']);
  });
});

describe('prepareContent', () => {
  const blocks = [
    { type: 'text', text: 'low', annotations: { priority: 0.1 } },
    { type: 'text', text: 'secret', annotations: { audience: ['assistant'], priority: 1 } },
    { type: 'text', text: 'plain' },
    { type: 'text', text: 'high', annotations: { priority: 0.9, audience: ['user'] } },
  ];
  const texts = (list: Array<{ view: { kind: string } }>) => list.map((b) => (b.view as unknown as { text: string }).text);

  it('filters for the viewer before anything else; user is the default', () => {
    expect(texts(prepareContent(blocks).shown)).toEqual(['low', 'plain', 'high']);
    expect(texts(prepareContent(blocks, { viewer: 'assistant' }).shown)).toEqual(['low', 'secret', 'plain']);
  });

  it('keeps each block’s server position as its key', () => {
    expect(prepareContent(blocks).shown.map((b) => b.key)).toEqual(['b0', 'b2', 'b3']);
  });

  it('orders by priority and folds below a threshold', () => {
    const result = prepareContent(blocks, { order: 'priority', collapseBelow: 0.4 });
    expect(texts(result.shown)).toEqual(['high', 'plain']);
    expect(texts(result.folded)).toEqual(['low']);
  });

  it('does not report issues of blocks the viewer cannot see beyond their audience', () => {
    const onAnnotationIssue = vi.fn();
    prepareContent([{ type: 'text', text: 'x', annotations: { audience: ['assistant'], priority: 'high' } }], { onAnnotationIssue });
    expect(onAnnotationIssue).not.toHaveBeenCalled();
  });

  it('reports each problem once', () => {
    const onAnnotationIssue = vi.fn();
    prepareContent([{ type: 'text', text: 'x', annotations: { priority: 'high' } }], { order: 'priority', collapseBelow: 0.5, onAnnotationIssue });
    expect(onAnnotationIssue).toHaveBeenCalledTimes(1);
  });

  it('handles anything that is not an array', () => {
    expect(prepareContent('nope')).toEqual({ shown: [], folded: [], hiddenCount: 0 });
    expect(prepareContent(undefined)).toEqual({ shown: [], folded: [], hiddenCount: 0 });
  });
});

describe('media helpers', () => {
  it('mimeEssence', () => {
    expect(mimeEssence('Audio/OGG; codecs=opus')).toBe('audio/ogg');
    expect(mimeEssence('nonsense')).toBe('');
    expect(mimeEssence(5)).toBe('');
  });
  it('isBase64 and byte length', () => {
    expect(isBase64('AAAA')).toBe(true);
    expect(isBase64('AAA')).toBe(true);
    expect(isBase64('A')).toBe(false);
    expect(isBase64('AA AA\n')).toBe(true);
    expect(isBase64('AA*A')).toBe(false);
    expect(base64ByteLength('AAAA')).toBe(3);
    expect(base64ByteLength('AA==')).toBe(1);
    expect(base64ByteLength('!!')).toBeNull();
  });
  it('safeMediaUrl', () => {
    expect(safeMediaUrl('AAAA', 'image/png', ['image/png'])).toBe('data:image/png;base64,AAAA');
    expect(safeMediaUrl('AAAA', 'image/png;x="a,b"', ['image/png'])).toBe('data:image/png;base64,AAAA');
    expect(safeMediaUrl('AAAA', 'image/gif', ['image/png'])).toBeNull();
  });
  it('safeHttpUrl', () => {
    expect(safeHttpUrl('https://example.com')).toBe('https://example.com/');
    expect(safeHttpUrl('//example.com')).toBeNull();
    expect(safeHttpUrl('mailto:a@b.c')).toBeNull();
  });
  it('fileNameFromUri', () => {
    expect(fileNameFromUri('file:///a/b/report%20v2.pdf?x=1')).toBe('report v2.pdf');
    expect(fileNameFromUri('file:///a/..')).toBe('download');
    expect(fileNameFromUri('x:/a/b<c>.txt')).toBe('b_c_.txt');
    expect(fileNameFromUri('file:///')).toBe('download');
  });
  it('formatBytes', () => {
    expect(formatBytes(1, 'en-US')).toBe('1 byte');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 kB');
    expect(formatBytes(-1)).toBe('');
  });
});
