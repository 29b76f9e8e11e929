// Tests for src/ai-sdk/route (createMcpChatRoute) at its door: what it refuses
// before any model, tool or store is touched, and how it reads its own options.
import { describe, expect, it, vi } from 'vitest';
import { createMcpChatRoute } from '../../src/ai-sdk/index.js';
import { createMcpChatStore } from '../../src/gate/index.js';
import { reasonsFromWire } from '../../src/gate/reasons.js';

const SECRET = 'route-test-secret-0123456789abcdef0123456789';
const route = (options: { maxBodyBytes?: number; authorize?: () => boolean } = {}) =>
  createMcpChatRoute({ model: 'never-called', tools: () => ({}), servers: {}, secret: SECRET, store: createMcpChatStore(), authorize: options.authorize ?? 'anyone', maxBodyBytes: options.maxBodyBytes, onError: () => {} });

/** A body that counts what the route pulls from it; `chunks` of `size` bytes each, endless when `Infinity`. */
function countedBody(size: number, chunks = Infinity) {
  const pulled = { chunks: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.chunks >= chunks) return controller.close();
      pulled.chunks++;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
  return { stream, pulled };
}

const post = (body: BodyInit, headers: Record<string, string> = {}) => new Request('http://localhost/api/chat', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
const code = async (response: Response) => reasonsFromWire(await response.text())?.[0]?.code;

describe('createMcpChatRoute: bounds before the cost', () => {
  it('refuses a Content-Length over the limit before reading the body', async () => {
    const { stream, pulled } = countedBody(1024);
    const response = await route({ maxBodyBytes: 1000 })(post(stream, { 'content-length': String(64 * 1024 * 1024) }));
    expect(response.status).toBe(413);
    expect(await code(response)).toBe('chat-failed');
    // A stream may have one chunk ready before anyone reads it; the route reads none past that.
    expect(pulled.chunks).toBeLessThanOrEqual(1);
  });

  it('stops reading a body without a length (or with a false one) at the limit', async () => {
    const { stream, pulled } = countedBody(1024);
    const response = await route({ maxBodyBytes: 10 * 1024 })(post(stream));
    expect(response.status).toBe(413);
    expect(pulled.chunks).toBeLessThanOrEqual(10 + 2);
  }, 10_000);

  it('counts bytes as sent (UTF-8), not UTF-16 code units', async () => {
    // 400 euro signs: 400 code units, 1,200 bytes.
    const body = JSON.stringify({ id: 'chat', messages: [], pad: '€'.repeat(400) });
    expect(body.length).toBeLessThan(1000);
    const response = await route({ maxBodyBytes: 1000 })(post(body));
    expect(response.status).toBe(413);
  });

  it('a chat id that is not well-formed Unicode is a bad request (400), never a store outage, and reaches no authorize', async () => {
    const authorize = vi.fn(() => true);
    for (const id of ['\uD800', 'chat-\uDC00-1', 'x'.repeat(257), '', 42, null]) {
      const response = await route({ authorize })(post(JSON.stringify({ id, messages: [] })));
      expect(response.status, JSON.stringify(id)).toBe(400);
      expect(await code(response)).toBe('chat-failed');
    }
    expect(authorize).not.toHaveBeenCalled();
  });

  it('reads maxBodyBytes that is not a finite number as absent (4 MiB), and holds the rest to at least 1 byte', async () => {
    const justOver = String(4 * 1024 * 1024 + 1);
    for (const maxBodyBytes of [Number.NaN, Infinity, -Infinity, '1' as unknown as number, undefined]) {
      const response = await route({ maxBodyBytes })(post('{}', { 'content-length': justOver }));
      expect(response.status, String(maxBodyBytes)).toBe(413);
    }
    for (const maxBodyBytes of [-5, 0, 0.5]) {
      const response = await route({ maxBodyBytes })(post('{}'));
      expect(response.status, String(maxBodyBytes)).toBe(413);
    }
    // Huge is held to the largest safe size: a small body passes the door (and is then judged on its id).
    expect((await route({ maxBodyBytes: 1e300 })(post('{}'))).status).toBe(400);
  });
});
