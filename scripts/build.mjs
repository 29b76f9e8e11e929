// Builds the package: tsc emits ESM, declarations and source maps (keeping
// each module's "use client" directive), then the stylesheet is flattened
// into one file hosts import as `react-mcp-annotations/styles.css`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markBuilt, sourceHash } from './pack.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
// Taken before the build reads anything: a source changed meanwhile makes the next build run.
const hash = sourceHash();
rmSync(dist, { recursive: true, force: true });

execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });

function inline(file) {
  const css = readFileSync(file, 'utf8');
  return css.replace(/^@import\s+['"](.+?)['"];/gm, (_, path) => inline(join(dirname(file), path)));
}
mkdirSync(dist, { recursive: true });
writeFileSync(join(dist, 'styles.css'), inline(join(root, 'src/styles/index.css')));
// Optional token bridges, one file each (`react-mcp-annotations/themes/<name>.css`).
mkdirSync(join(dist, 'themes'), { recursive: true });
for (const file of readdirSync(join(root, 'src/styles/themes'))) writeFileSync(join(dist, 'themes', file), inline(join(root, 'src/styles/themes', file)));

// The shadcn registry: the ready-made compositions as source a host copies in
// (`npx shadcn add ./node_modules/react-mcp-annotations/dist/registry/<item>.json`).
execFileSync(process.execPath, [join(root, 'node_modules/shadcn/dist/index.js'), 'build', 'registry/registry.json', '--output', 'dist/registry', '--cwd', root], { stdio: 'pipe' }); // its failure message carries the CLI's output

// "use client" sits on component modules only: a core function imported from the
// root entry in a React Server Component must stay the function itself.
const isClient = (file) => /^['"]use client['"]/.test(readFileSync(file, 'utf8'));
if (isClient(join(dist, 'index.js'))) throw new Error('dist/index.js must not carry "use client"');
for (const dir of ['components', 'internal']) {
  for (const file of readdirSync(join(dist, dir), { recursive: true })) {
    if (!String(file).endsWith('.js')) continue;
    const path = join(dist, dir, String(file));
    const text = readFileSync(path, 'utf8');
    const usesHooks = /from 'react'/.test(text) && /\buse[A-Z]\w*\(/.test(text);
    if (usesHooks && !isClient(path)) throw new Error(`${path} uses React hooks but lost its "use client" directive`);
  }
}
markBuilt(hash);
// stderr: `npm pack --json` runs this through `prepare` and reads stdout as JSON.
console.error('built dist/ (index.js, core/index.js, styles.css)');
