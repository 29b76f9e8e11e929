// Package checks run by `npm test`: build, lint the package shape, and prove
// the core entry loads in plain Node without React, Radix or a DOM.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale, pack } from './pack.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

console.log('== build');
// One build per state of the sources: `npm ci` (prepare) or the e2e tests' pack made it already, or it runs now.
if (!buildIfStale()) console.log('dist/ is a build of the current sources');

console.log('== public surface (api/ is current, every name documented, at most 200 names)');
run(process.execPath, [join(root, 'scripts/api-report.mjs'), '--check']);

console.log('== size budgets (size-limit)');
run(bin('size-limit'), []);

console.log('== publint');
run(bin('publint'), ['--strict']);

console.log('== are the types wrong (ESM-only)');
// The tarball of the build just made (`attw --pack` would run `prepare` and build it all again).
const tarball = pack({ build: false });
run(bin('attw'), [tarball, '--profile', 'esm-only', '--exclude-entrypoints', './styles.css', './themes/shadcn.css', '--format', 'table-flipped']);

console.log('== core is framework-free in the build');
const coreDir = join(root, 'dist/core');
const offenders = [];
for (const entry of readdirSync(coreDir, { recursive: true })) {
  const file = String(entry);
  if (!file.endsWith('.js') && !file.endsWith('.d.ts')) continue;
  const text = readFileSync(join(coreDir, file), 'utf8');
  for (const [, spec] of text.matchAll(/(?:from|import)\s*['"]([^'"]+)['"]/g)) {
    if (!spec.startsWith('.')) offenders.push(`${file} imports ${spec}`);
  }
  if (/'use client'|"use client"/.test(text)) offenders.push(`${file} carries "use client"`);
}
if (offenders.length) {
  console.error(offenders.join('\n'));
  process.exit(1);
}

console.log('== core loads in plain Node (no DOM)');
execFileSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `if (typeof window !== 'undefined' || typeof document !== 'undefined') throw new Error('a DOM is present');
     const core = await import(${JSON.stringify(pathToFileURL(join(coreDir, 'index.js')).href)});
     const blocks = [{ type: 'text', text: 'hi' }, { type: 'text', text: 'secret', annotations: { audience: ['assistant'] } }];
     const shown = core.selectForViewer(blocks, 'user');
     if (shown.length !== 1 || shown[0].text !== 'hi') throw new Error('selectForViewer gave ' + JSON.stringify(shown));
     if (core.decideToolCall({ tool: undefined }).action !== 'confirm') throw new Error('unknown tool did not need confirmation');
     console.log('core entry OK:', Object.keys(core).length, 'exports');`,
  ],
  { cwd: root, stdio: 'inherit' },
);

console.log('== optional peers stay in their entries: the MCP SDK in ./mcp, the AI SDK in ./ai-sdk, assistant-ui in ./assistant-ui, TanStack AI in ./tanstack-ai, CopilotKit and rxjs in ./copilotkit, LangChain and LangGraph in ./langgraph; ./mcp, ./gate, ./ai-sdk, ./tanstack-ai, ./copilotkit, ./langgraph and ./apps load without React; an adapter loads without the other frameworks');
const imports = (file) => [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*['"]([^'"]+)['"]/g)].map((match) => match[1]);
// Each framework's adapter is the only place that imports it (the apps entry keeps its own SDK in apps/).
const peerOf = (spec) =>
  spec.startsWith('@modelcontextprotocol/') ? 'mcp/' : spec === 'ai' || spec.startsWith('ai/') || spec.startsWith('@ai-sdk/') ? 'ai-sdk/' : spec.startsWith('@assistant-ui/') ? 'assistant-ui/' : spec.startsWith('@tanstack/ai') ? 'tanstack-ai/' : spec.startsWith('@copilotkit/') || spec.startsWith('@ag-ui/') || spec === 'rxjs' || spec.startsWith('rxjs/') ? 'copilotkit/' : spec === 'langchain' || spec.startsWith('@langchain/') ? 'langgraph/' : null;
const strays = [];
for (const file of readdirSync(join(root, 'dist'), { recursive: true })) {
  const name = String(file).split('\\').join('/');
  if (!name.endsWith('.js')) continue;
  for (const spec of imports(join(root, 'dist', name))) {
    const home = peerOf(spec);
    if (home && !name.startsWith(home)) strays.push(`${name} imports ${spec}`);
  }
}
// Everything a framework-free entry reaches, transitively.
const reach = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const spec of imports(file)) if (spec.startsWith('.')) reach(join(dirname(file), spec), seen);
  return seen;
};
for (const entry of ['mcp/index.js', 'mcp/v2.js', 'gate/index.js', 'ai-sdk/index.js', 'tanstack-ai/index.js', 'copilotkit/index.js', 'langgraph/index.js', 'apps/index.js']) {
  for (const file of reach(join(root, 'dist', entry))) {
    const text = readFileSync(file, 'utf8');
    if (/from 'react'|from "react"|'use client'|"use client"/.test(text)) strays.push(`${entry} reaches ${file}, which needs React`);
  }
}
// Each SDK line's entry loads only its own SDK: a v2-only host has no @modelcontextprotocol/sdk, and the reverse.
// Declarations too: a v2-only host type-checks without @modelcontextprotocol/sdk installed.
const reachTypes = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const spec of imports(file)) if (spec.startsWith('.')) reachTypes(join(dirname(file), spec.replace(/\.js$/, '.d.ts')), seen);
  return seen;
};
for (const [entry, other] of [['mcp/index', '@modelcontextprotocol/client'], ['mcp/react', '@modelcontextprotocol/client'], ['mcp/v2', '@modelcontextprotocol/sdk'], ['mcp/v2-react', '@modelcontextprotocol/sdk']]) {
  for (const file of [...reach(join(root, 'dist', `${entry}.js`)), ...reachTypes(join(root, 'dist', `${entry}.d.ts`))]) {
    for (const spec of imports(file)) if (spec === other || spec.startsWith(`${other}/`)) strays.push(`${entry} reaches ${file}, which imports ${spec}`);
  }
}
// A framework adapter loads with React, its framework and this package's own dependencies: no other
// framework, no AI SDK, no MCP SDK. The root entry reaches none of them.
const ownDeps = new Set(['react', 'react/jsx-runtime', 'react-dom', ...Object.keys(pkg.dependencies)]);
for (const [entry, framework] of [
  ['assistant-ui/index.js', '@assistant-ui/react'],
  // The gate in front of react-mcp: assistant-ui's runtime API only (react-mcp is read through its types).
  ['assistant-ui/react-mcp.js', '@assistant-ui/react'],
  ['tanstack-ai/index.js', '@tanstack/ai'],
  ['tanstack-ai/react.js', '@tanstack/ai'],
  // The middleware needs only rxjs (every AG-UI agent has it); the card, CopilotKit's React hooks.
  ['copilotkit/index.js', 'rxjs'],
  ['copilotkit/react.js', '@copilotkit/react-core/v2'],
  // LangChain's agent, its messages and tools, and LangGraph's interrupt.
  ['langgraph/index.js', ['langchain', '@langchain/core/messages', '@langchain/core/tools', '@langchain/langgraph']],
  // The card: React alone (useStream is the host's).
  ['langgraph/react.js', []],
]) {
  for (const file of reach(join(root, 'dist', entry))) {
    // A dependency's subpath (`@noble/hashes/sha2`) is that dependency.
    const packageOf = (spec) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
    for (const spec of imports(file)) if (!spec.startsWith('.') && !ownDeps.has(spec) && !ownDeps.has(packageOf(spec)) && ![framework].flat().includes(spec)) strays.push(`${entry} reaches ${file}, which imports ${spec}`);
  }
}
for (const file of reach(join(root, 'dist/index.js'))) if (['assistant-ui', 'tanstack-ai', 'copilotkit', 'langgraph'].some((adapter) => file.includes(join('dist', adapter)))) strays.push(`the root entry reaches ${file}`);
if (strays.length) {
  console.error(strays.join('\n'));
  process.exit(1);
}

console.log('== consumers (React 18 and 19, bundler and nodenext, react-server)');
execFileSync(process.execPath, [join(root, 'scripts/check-consumers.mjs')], { cwd: root, stdio: 'inherit', env: { ...process.env, SKIP_BUILD: '1' } });
console.log('package checks passed');
