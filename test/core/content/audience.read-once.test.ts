// Each block is read exactly once; an unreadable block fails closed alone; an embedded resource narrows its block's audience.
import { describe, expect, it, vi } from 'vitest';
import { selectForViewer } from '../../../src/core/index.js';
import { prepareContent } from '../../../src/core/content/content.js';

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

describe('each block is read exactly once', () => {
  it('a getter that answers differently on a second read cannot smuggle text into either view', () => {
    let reads = 0;
    const block = {
      type: 'text',
      get text() {
        reads++;
        return reads === 1 ? 'harmless' : 'SECRET for the assistant';
      },
    };
    const [user] = selectForViewer([block], 'user') as Array<{ text: string }>;
    expect(reads).toBe(1);
    expect(user!.text).toBe('harmless');
    expect(user!.text).toBe('harmless');
    reads = 0;
    const views = prepareContent([block]).shown.map((b) => b.view);
    expect(reads).toBe(1);
    expect(views).toEqual([{ kind: 'text', text: 'harmless', format: 'plain' }]);
  });

  it('an audience that changes between reads is decided once, in both directions', () => {
    const reads = { n: 0 };
    const block = {
      type: 'text',
      text: 'for the model only',
      get annotations() {
        reads.n++;
        return reads.n === 1 ? { audience: ['assistant'] } : undefined;
      },
    };
    expect(selectForViewer([block], 'user')).toEqual([]);
    reads.n = 0;
    const [forModel] = selectForViewer([block], 'assistant') as Array<{ annotations: { audience: string[] } }>;
    expect(forModel!.annotations.audience).toEqual(['assistant']);
    reads.n = 0;
    expect(prepareContent([block]).shown).toEqual([]);
  });

  it('a proxy array cannot answer the audience check and the renderer with different blocks', () => {
    let reads = 0;
    const hidden = { type: 'text', text: 'secret', annotations: { audience: ['assistant'] } };
    const shown = { type: 'text', text: 'public' };
    const list = new Proxy([shown], {
      get(target, key) {
        if (key === '0') return ++reads === 1 ? shown : hidden;
        return Reflect.get(target, key);
      },
    });
    const result = prepareContent(list);
    expect(result.shown.map((b) => b.view)).toEqual([{ kind: 'text', text: 'public', format: 'plain' }]);
  });
});

describe('one unreadable block fails closed alone', () => {
  it('is left out and reported, the others render', () => {
    const onAnnotationIssue = vi.fn();
    const exploding = Object.defineProperty({ type: 'text' }, 'text', { enumerable: true, get: () => { throw new Error('x'); } });
    const blocks = [{ type: 'text', text: 'before' }, exploding, revokedProxy(), { type: 'text', text: 'after' }];
    const { shown } = prepareContent(blocks, { onAnnotationIssue });
    expect(shown.map((b) => b.view.kind === 'text' && b.view.text)).toEqual(['before', 'after']);
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'block-unreadable', path: 'blocks[1]' }));
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'block-unreadable', path: 'blocks[2]' }));
    expect(selectForViewer(blocks, 'assistant')).toHaveLength(2);
  });
});

describe('an embedded resource\'s own audience narrows the block\'s', () => {
  const embedded = (outer: unknown, inner: unknown) => ({
    type: 'resource',
    ...(outer === undefined ? {} : { annotations: { audience: outer } }),
    resource: { uri: 'file:///a', text: 'contents', ...(inner === undefined ? {} : { annotations: { audience: inner } }) },
  });

  it.each([
    [['user', 'assistant'], ['assistant'], false, true],
    [undefined, ['assistant'], false, true],
    [['user'], ['assistant'], false, false],
    [['user', 'assistant'], ['user'], true, false],
    [['assistant'], undefined, false, true],
    [undefined, undefined, true, true],
    [['user'], 'user', false, false],
  ])('outer %j, contents %j → user %s, assistant %s', (outer, inner, user, assistant) => {
    const block = embedded(outer, inner);
    expect(selectForViewer([block], 'user')).toHaveLength(user ? 1 : 0);
    expect(selectForViewer([block], 'assistant')).toHaveLength(assistant ? 1 : 0);
  });
});
