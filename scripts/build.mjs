// Builds the package: tsc emits ESM, declarations and source maps (keeping
// each module's "use client" directive), then the stylesheet is flattened
// into one file hosts import as `react-mcp-annotations/styles.css`.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });

execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });

function inline(file) {
  const css = readFileSync(file, 'utf8');
  return css.replace(/@import\s+['"](.+?)['"];/g, (_, path) => inline(join(dirname(file), path)));
}
mkdirSync(dist, { recursive: true });
writeFileSync(join(dist, 'styles.css'), inline(join(root, 'src/styles/index.css')));

const entry = readFileSync(join(dist, 'index.js'), 'utf8');
if (!entry.startsWith("'use client'") && !entry.startsWith('"use client"')) {
  throw new Error('dist/index.js lost its "use client" directive');
}
console.log('built dist/ (index.js, core/index.js, styles.css)');
