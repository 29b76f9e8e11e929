// Packs the library exactly as npm would publish it and unpacks the tarball
// where a consumer's node_modules expects it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `npm pack` (after a build unless `build: false`) and returns the tarball path. */
export function pack({ build = true } = {}) {
  if (build || !existsSync(join(root, 'dist/index.js'))) execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  const dest = mkdtempSync(join(tmpdir(), 'rma-pack-'));
  const [info] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dest], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  return join(dest, info.filename);
}

/** Unpacks a tarball into `<consumerDir>/node_modules/react-mcp-annotations`. */
export function unpackInto(tarball, consumerDir) {
  const modules = join(consumerDir, 'node_modules');
  const target = join(modules, 'react-mcp-annotations');
  rmSync(target, { recursive: true, force: true });
  // Vite's pre-bundled copy of the old package would otherwise be served instead of the new one.
  rmSync(join(modules, '.vite'), { recursive: true, force: true });
  mkdirSync(modules, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'rma-unpack-'));
  execFileSync('tar', ['-xzf', tarball, '-C', scratch]);
  renameSync(join(scratch, 'package'), target);
  rmSync(scratch, { recursive: true, force: true });
  return target;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  const tarball = pack();
  console.log(dir ? `unpacked into ${unpackInto(tarball, resolve(dir))}` : tarball);
}
