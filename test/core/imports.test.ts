// The shape of src/ as imports: adapters reach the consent engine only through its public door,
// and no module imports a file that imports it back (types included: a cycle of types is a cycle of design).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const files = (readdirSync(src, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file)).map((file) => join(src, file));
const known = new Set(files);

/** Every relative import and re-export of a module (static, type-only or not), resolved to its file. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g)) {
    const target = resolve(dirname(file), match[1] ?? match[2]!).replace(/\.js$/, '');
    const found = [`${target}.ts`, `${target}.tsx`].find((candidate) => known.has(candidate));
    if (found) out.push(found);
  }
  return out;
}
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const name = (file: string) => relative(src, file).split('\\').join('/');

describe('imports', () => {
  it('the reader sees every module (the graph is not empty by mistake)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get(join(src, 'apps/gate.ts'))!.map(name)).toContain('core/consent/index.ts');
  });

  it('adapters (MCP SDK, AI SDK, MCP Apps, chat frameworks) use the consent engine through its public index only', () => {
    const adapters = files.filter((file) => !name(file).startsWith('core/') && !name(file).startsWith('components/') && !name(file).startsWith('internal/') && /^[^/]+\//.test(name(file)) && !name(file).startsWith('locales/') && !name(file).startsWith('styles/'));
    expect(adapters.map(name)).toEqual(expect.arrayContaining(['ai-sdk/index.ts', 'apps/gate.ts', 'mcp/shared.ts']));
    const strays = adapters.flatMap((file) => graph.get(file)!.filter((target) => name(target).startsWith('core/consent/') && name(target) !== 'core/consent/index.ts').map((target) => `${name(file)} imports ${name(target)}`));
    expect(strays).toEqual([]);
  });

  // The frameworks' folders: each translates its framework onto the gate (src/gate) and never reaches into another.
  const frameworks = ['ai-sdk', 'assistant-ui', 'tanstack-ai', 'copilotkit'];
  const folderOf = (file: string) => name(file).split('/')[0]!;

  it('no framework folder imports another framework’s folder, and nothing under core/, internal/ or gate/ imports a framework folder', () => {
    const strays = files.flatMap((file) =>
      graph
        .get(file)!
        .filter((target) => frameworks.includes(folderOf(target)) && folderOf(target) !== folderOf(file) && (frameworks.includes(folderOf(file)) || ['core', 'internal', 'gate'].includes(folderOf(file))))
        .map((target) => `${name(file)} imports ${name(target)}`),
    );
    expect(strays).toEqual([]);
  });

  it('the TanStack AI and CopilotKit server adapters reach the gate and the consent engine through their public doors only', () => {
    const doors = ['gate/index.ts', 'core/consent/index.ts'];
    // (copilotkit/wire.ts is the wire the middleware and the card share: data readers, no decisions.)
    const adapters = ['tanstack-ai/index.ts', 'copilotkit/index.ts', 'langgraph/index.ts'].map((file) => join(src, file));
    const strays = adapters.flatMap((file) => graph.get(file)!.filter((target) => folderOf(target) !== folderOf(file) && !doors.includes(name(target))).map((target) => `${name(file)} imports ${name(target)}`));
    expect(strays).toEqual([]);
  });

  it('no module imports a file that imports it back, directly or around a loop', () => {
    // Tarjan's strongly connected components: any component of two or more files is a cycle.
    let next = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    const visit = (file: string) => {
      index.set(file, next);
      low.set(file, next++);
      stack.push(file);
      onStack.add(file);
      for (const target of graph.get(file)!) {
        if (!index.has(target)) {
          visit(target);
          low.set(file, Math.min(low.get(file)!, low.get(target)!));
        } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
      if (low.get(file) === index.get(file)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(name(member));
        } while (member !== file);
        if (component.length > 1 || graph.get(file)!.includes(file)) cycles.push(component.sort());
      }
    };
    for (const file of files) if (!index.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
