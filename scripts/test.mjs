// `npm test`: every suite. On a 2-core machine the steps that each keep one core busy run side by
// side (types, lint, the package checks); the test run and the other Node versions then use both
// cores each. Output of a step that ran beside others is printed whole when it ends.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// Storybook's static build, made beside the first stage for the docs e2e (which builds it itself when run alone).
const storybookStatic = join(dirname(fileURLToPath(import.meta.url)), '../node_modules/.rma-storybook-static');
const stages = [
  ['typecheck', 'lint', 'check:package', ['build-storybook', '--', '-o', storybookStatic]],
  ['test:vitest'],
  ['test:node-versions'],
];

function run(step, alone) {
  const [script, ...args] = [step].flat();
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '--silent', script, ...args], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, RMA_STORYBOOK_STATIC: storybookStatic } });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      if (!alone) process.stdout.write(Buffer.concat(output));
      console.log(`== ${script}: ${status === 0 ? 'passed' : `failed (${status})`} in ${Math.round((Date.now() - started) / 1000)} s`);
      done(status === 0);
    });
  });
}

for (const stage of stages) {
  const passed = await Promise.all(stage.map((script) => run(script, stage.length === 1)));
  if (!passed.every(Boolean)) process.exit(1);
}
