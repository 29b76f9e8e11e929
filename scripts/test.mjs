// `npm test`: every suite. On a 2-core machine the steps that each keep one core busy run side by
// side (types, lint, the package checks); the test run and the other Node versions then use both
// cores each. Output of a step that ran beside others is printed whole when it ends.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const stages = [
  ['typecheck', 'lint', 'check:package'],
  ['test:vitest'],
  ['test:node-versions'],
];

function run(script, alone) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '--silent', script], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
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
