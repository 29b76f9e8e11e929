// The Storybook guide's code is compiled code: every code block on a guide
// page is a file the page imports (`?raw`, shown with <Source>), and every such
// file is compiled — by `npm run typecheck` (tsconfig.json) or, for the fixture
// apps, by the e2e test that builds them (next build, tsc in the Vite app).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const guide = join(root, 'stories/guide');
const pages = readdirSync(guide).filter((file) => file.endsWith('.mdx'));
const read = (file: string) => readFileSync(file, 'utf8');
// Apps the e2e tests build from a clean copy: their files are compiled there.
const builtByE2e = ['test/fixtures/next-host/', 'test/fixtures/vite-host/', 'test/fixtures/shadcn-host/'];

function typeChecked(): Set<string> {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), (path) => ts.sys.readFile(path));
  return new Set(ts.parseJsonConfigFileContent(config.config, ts.sys, root).fileNames.map((file) => relative(root, file)));
}

describe('the Storybook guide', () => {
  it('has the pages the issue asks for', () => {
    expect(pages).toEqual(expect.arrayContaining(['getting-started.mdx', 'nextjs-ai-sdk.mdx', 'tailwind-shadcn.mdx', 'mcp-sdk.mdx', 'server-requests.mdx', 'mcp-apps.mdx', 'theming.mdx', 'translations.mdx', 'accessibility.mdx', 'security.mdx', 'performance.mdx', 'chat-frameworks.mdx']));
  });

  it('writes no code inline: every fenced block is a shell command or plain text, and each is closed by a bare fence', () => {
    for (const page of pages) {
      const fences = [...read(join(guide, page)).matchAll(/^```(\w*)/gm)].map((match) => match[1]!);
      expect(fences.length % 2, `${page}: an unclosed fence`).toBe(0);
      fences.forEach((language, i) => {
        if (i % 2 === 1) expect(language, `${page}: fence ${i} closes with a language`).toBe('');
        else expect(['sh', 'text'], `${page}: a \`\`\`${language} block`).toContain(language);
      });
    }
  });

  it('the anatomy page names every data-slot the components write', () => {
    const block = read(join(guide, 'anatomy.mdx')).split('## Every styling hook')[1]!.split('```')[1]!.replace(/^text\n/, '');
    // Each row is a family name and its slots; "tool-call-{header, title}" is tool-call-header and tool-call-title.
    const text = block.replace(/^\S+[ \t]+/gm, '');
    const expanded = text.replace(/([a-z-]+)\{([^}]*)\}/g, (_all, stem: string, names: string) => names.split(',').map((name) => stem + name.trim()).join(', '));
    const listed = new Set(expanded.split(/[,\s]+/).filter((word) => /^[a-z][a-z-]*$/.test(word)));
    const written = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name)) {
          // data-slot="x", a slot chosen in an expression ('x' : 'y'), one set in code, and AskedDuring's slot="x".
          for (const match of read(path).matchAll(/data-slot=(?:"([a-z][a-z0-9-]*)"|\{([^}]*)\})|\.slot = '([a-z-]+)'|setAttribute\('data-slot', '([a-z-]+)'\)|\bslot="([a-z-]+)"/g)) {
            // In an expression, the slots are the ternary's results ("? 'a' : 'b'"), not what it compares.
            if (match[2] !== undefined) for (const quoted of match[2].matchAll(/[?:]\s*'([a-z][a-z0-9-]*)'/g)) written.add(quoted[1]!);
            else written.add((match[1] ?? match[3] ?? match[4] ?? match[5])!);
          }
        }
      }
    };
    walk(join(root, 'src'));
    expect(written.size).toBeGreaterThan(150);
    expect([...written].filter((slot) => !listed.has(slot)).sort()).toEqual([]);
    // And it lists nothing that does not exist.
    expect([...listed].filter((slot) => !written.has(slot)).sort()).toEqual([]);
  });

  it('shows files that exist and that npm test compiles', () => {
    const checked = typeChecked();
    const shown: string[] = [];
    for (const page of pages) {
      for (const [, path] of read(join(guide, page)).matchAll(/^import \w+ from '([^']+)\?raw';$/gm)) {
        const file = relative(root, resolve(guide, path!));
        expect(() => read(join(root, file)), `${page} imports ${file}`).not.toThrow();
        shown.push(file);
        if (/\.tsx?$/.test(file)) expect(checked.has(file) || builtByE2e.some((dir) => file.startsWith(dir)), `${file} (shown by ${page}) is compiled`).toBe(true);
      }
    }
    expect(shown).toEqual(expect.arrayContaining(['examples/quick-start.tsx', 'examples/recipe.tsx', 'test/fixtures/next-host/app/api/chat/route.ts', 'test/fixtures/next-host/app/chat.tsx']));
  });

  it('links only to pages that exist', () => {
    const titles = pages.map((page) => /<Meta title="([^"]+)"/.exec(read(join(guide, page)))?.[1] ?? '');
    // Storybook's id of a docs page: its title, lower-cased, words joined by "-".
    const ids = new Set(titles.map((title) => `${title.toLowerCase().replace(/[^a-z0-9/]+/g, '-').replace(/\//g, '-').replace(/^-|-$/g, '')}--docs`));
    for (const page of pages) {
      for (const [, id] of read(join(guide, page)).matchAll(/\?path=\/docs\/([\w-]+)\)/g)) expect(ids, `${page} links to ${id}`).toContain(id);
    }
  });
});
