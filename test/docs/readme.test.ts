// The README's recipe is compiled code: its block must equal examples/recipe.tsx,
// which `npm run typecheck` (and the packed-package consumer check) compiles.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('README', () => {
  it('quotes every recipe file exactly (the README recipes for SDK 1.x and 2.x, the AI SDK route and chat, the Next.js + Tailwind fixture files, and MCP Apps)', () => {
    const readme = read('README.md');
    const blocks = [...readme.matchAll(/<!-- recipe:begin (\S+) -->\n```(?:tsx?|css)\n([\s\S]*?)```\n<!-- recipe:end -->/g)];
    expect(blocks.map((block) => block[1])).toEqual(['examples/recipe.tsx', 'examples/mcp-v2.tsx', 'examples/ai-sdk-chat/server/chat-route.ts', 'examples/ai-sdk-chat/src/chat.tsx', 'test/fixtures/next-host/app/api/chat/route.ts', 'test/fixtures/next-host/app/layout.tsx', 'test/fixtures/next-host/app/globals.css', 'examples/apps.tsx']);
    for (const [, path, code] of blocks) expect(code, path).toBe(read(path!));
  });

  it('states the two set-up commands and that the package is not published yet', () => {
    const readme = read('README.md');
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
    expect(readme).toMatch(/not on the npm registry yet/);
  });

  it('names the tarball npm pack makes of this version (a reader copies the install line)', () => {
    const { name, version } = JSON.parse(read('package.json')) as { name: string; version: string };
    const named = [...read('README.md').matchAll(/react-mcp-annotations-[\w.-]+?\.tgz/g)].map((match) => match[0]);
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([`${name}-${version}.tgz`]));
  });
});
