// The README is short and its code is compiled code: its one recipe block must
// equal examples/quick-start.tsx, which `npm run typecheck` compiles and an
// e2e test runs in a clean Vite app.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('README', () => {
  it('is at most 250 lines, with a quick start of at most 40', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(250);
    expect(read('examples/quick-start.tsx').trimEnd().split('\n').length).toBeLessThanOrEqual(40);
  });

  it('quotes the quick start exactly, and has no other code block but shell commands', () => {
    const readme = read('README.md');
    const blocks = [...readme.matchAll(/<!-- recipe:begin (\S+) -->\n```(?:tsx?|css)\n([\s\S]*?)```\n<!-- recipe:end -->/g)];
    expect(blocks.map((block) => block[1])).toEqual(['examples/quick-start.tsx']);
    for (const [, path, code] of blocks) expect(code, path).toBe(read(path!));
    const fences = [...readme.replace(/<!-- recipe:begin[\s\S]*?<!-- recipe:end -->/g, '').matchAll(/^```(\w*)$/gm)].map((match) => match[1]).filter(Boolean);
    expect(new Set(fences)).toEqual(new Set(['sh']));
  });

  it('states the two set-up commands and that the package is not published yet', () => {
    const readme = read('README.md');
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
    expect(readme).toMatch(/not on the npm registry yet/);
  });

  it('names the tarball npm pack makes of this version (a reader copies the install line), here and in the guide', () => {
    const { name, version } = JSON.parse(read('package.json')) as { name: string; version: string };
    for (const file of ['README.md', 'stories/guide/getting-started.mdx', 'stories/guide/nextjs-ai-sdk.mdx']) {
      const named = [...read(file).matchAll(/react-mcp-annotations-[\w.-]+?\.tgz/g)].map((match) => match[0]);
      expect(named.length, file).toBeGreaterThan(0);
      expect(new Set(named), file).toEqual(new Set([`${name}-${version}.tgz`]));
    }
  });

  it('links every guide page, and every link to a file resolves', () => {
    const readme = read('README.md');
    const links = [...readme.matchAll(/\]\(((?:stories|examples|api|CONTRIBUTING|CHANGELOG)[^)#]*)\)/g)].map((match) => match[1]!);
    for (const link of links) expect(() => read(link), link).not.toThrow();
    const pages = readdirSync(new URL('../../stories/guide/', import.meta.url)).filter((file) => file.endsWith('.mdx'));
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) expect(links, page).toContain(`stories/guide/${page}`);
  });
});
