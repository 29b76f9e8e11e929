// Packs the library exactly as npm would publish it and unpacks the tarball
// where a consumer's node_modules expects it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What a build and a pack are made from: one tarball per state of these, shared by every test file of a run. */
const INPUTS = ['src', 'registry', 'package.json', 'README.md', 'CHANGELOG.md', 'tsconfig.base.json', 'tsconfig.build.json', 'scripts/build.mjs'];

export function sourceHash() {
  const hash = createHash('sha256');
  const add = (path) => {
    const full = join(root, path);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) for (const entry of readdirSync(full).sort()) add(join(path, entry));
    else hash.update(`${path}\0`).update(readFileSync(full)).update('\0');
  };
  INPUTS.forEach(add);
  return hash.digest('hex').slice(0, 24);
}

const DIST_HASH = join(root, 'node_modules/.rma-dist-hash');

/** Builds dist/ unless it was built from these very sources (by `npm ci`'s prepare, or earlier in this run). */
export function buildIfStale() {
  const hash = sourceHash();
  if (existsSync(join(root, 'dist/index.js')) && existsSync(DIST_HASH) && readFileSync(DIST_HASH, 'utf8') === hash) return false;
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  return true;
}

/** Notes that dist/ holds a build of these sources (`hash`, taken when the build started). */
export function markBuilt(hash) {
  mkdirSync(dirname(DIST_HASH), { recursive: true });
  writeFileSync(DIST_HASH, hash);
}

/**
 * Runs `npm pack` (after a build unless `build: false`) and returns the tarball path. A tarball of the
 * same sources made earlier (by another test file of this run) is reused: one build and one pack per run.
 */
export function pack({ build = true } = {}) {
  // Test files pack in parallel, and a build starts by removing dist/: one at a time.
  return withLock(() => {
    const cache = join(root, 'node_modules/.rma-pack', `${sourceHash()}.tgz`);
    if (build && existsSync(cache) && existsSync(join(root, 'dist/index.js'))) return cache;
    if (build) buildIfStale();
    else if (!existsSync(join(root, 'dist/index.js'))) execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
    const dest = mkdtempSync(join(tmpdir(), 'rma-pack-'));
    const [info] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dest], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
    if (!build) return join(dest, info.filename);
    rmSync(dirname(cache), { recursive: true, force: true });
    mkdirSync(dirname(cache), { recursive: true });
    copyFileSync(join(dest, info.filename), cache);
    return cache;
  });
}

/** A lock across processes: a directory made atomically; one older than 10 minutes is stale. */
function withLock(run) {
  const lock = join(root, 'node_modules/.rma-pack.lock');
  const wait = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Removed meanwhile: try again.
      }
      Atomics.wait(wait, 0, 0, 200);
    }
  }
  try {
    return run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Unpacks a tarball into `<consumerDir>/node_modules/react-mcp-annotations`,
 * one process at a time, and not again when that tarball is there already:
 * two examples share one chat route (and its install), and a test file must
 * not remove it under another's running server.
 */
export function unpackInto(tarball, consumerDir) {
  return withLock(() => unpack(tarball, consumerDir));
}

function unpack(tarball, consumerDir) {
  const modules = join(consumerDir, 'node_modules');
  const target = join(modules, 'react-mcp-annotations');
  const stamp = join(target, '.packed-from');
  const sha = createHash('sha256').update(readFileSync(tarball)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === sha) return target;
  rmSync(target, { recursive: true, force: true });
  // Vite's pre-bundled copy of the old package would otherwise be served instead of the new one.
  rmSync(join(modules, '.vite'), { recursive: true, force: true });
  mkdirSync(modules, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'rma-unpack-'));
  execFileSync('tar', ['-xzf', tarball, '-C', scratch]);
  renameSync(join(scratch, 'package'), target);
  rmSync(scratch, { recursive: true, force: true });
  writeFileSync(stamp, sha);
  return target;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  const tarball = pack();
  console.log(dir ? `unpacked into ${unpackInto(tarball, resolve(dir))}` : tarball);
}
