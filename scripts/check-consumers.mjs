// Consumer checks: install the packed tarball into fresh fixtures with React 18
// and React 19, render there (server without window, client in jsdom),
// type-check under bundler and nodenext resolution with skipLibCheck off, and
// load the core entry under the react-server condition.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pack, root } from './pack.mjs';

const fixtures = join(root, 'test/package/.consumer');
const sources = join(root, 'test/package/consumer');
const tarball = pack({ build: process.env.SKIP_BUILD !== '1' });
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: 'inherit' });

for (const [name, react] of [['react18', '18.3.1'], ['react19', '19.3.1']]) {
  const dir = join(fixtures, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const dependencies = { 'react-mcp-annotations': `file:${tarball}`, react, 'react-dom': react };
  // React's RSC loader, pinned to the React version (its webpack peer is not needed to load modules).
  if (name === 'react19') {
    Object.assign(dependencies, { '@types/react': '19.3.3', '@types/react-dom': '19.3.0', 'react-server-dom-webpack': '19.3.1', '@modelcontextprotocol/sdk': '1.32.2', '@modelcontextprotocol/client': '2.4.0' });
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `consumer-${name}`, private: true, type: 'module', dependencies }, null, 2));
  console.log(`== ${name}: npm install (packed tarball + react@${react})`);
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', '--legacy-peer-deps', '--loglevel=error'], dir);
  for (const file of readdirSync(sources)) copyFileSync(join(sources, file), join(dir, file));
  console.log(`== ${name}: render`);
  run(process.execPath, ['ssr-check.mjs', react.split('.')[0]], dir);
  run(process.execPath, ['client-check.mjs', react.split('.')[0]], dir);
}

const react19 = join(fixtures, 'react19');
console.log('== the quick start and the guide hosts (examples/quick-start.tsx and recipe.tsx on SDK 1.x, examples/mcp-v2.tsx on SDK 2.x) against the packed package, strict');
copyFileSync(join(root, 'examples/quick-start.tsx'), join(react19, 'quick-start.tsx'));
copyFileSync(join(root, 'examples/recipe.tsx'), join(react19, 'recipe.tsx'));
copyFileSync(join(root, 'examples/mcp-v2.tsx'), join(react19, 'mcp-v2.tsx'));
run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.recipe.json'], react19);
for (const mode of ['bundler', 'nodenext']) {
  console.log(`== types: moduleResolution ${mode}, skipLibCheck false`);
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', `tsconfig.${mode}.json`], react19);
}

console.log('== the root entry under the react-server condition (React RSC loader)');
run(process.execPath, ['--conditions=react-server', '--no-warnings', '--import', './register-rsc.mjs', 'rsc-check.mjs'], react19);
console.log('== core under plain react-server');
run(
  process.execPath,
  [
    '--conditions=react-server',
    '--input-type=module',
    '-e',
    `const core = await import('react-mcp-annotations/core');
     if (core.decideToolCall({ tool: undefined }).action !== 'confirm') throw new Error('core misbehaves under react-server');
     console.log('core loads under react-server');`,
  ],
  react19,
);
console.log('consumer checks passed');
