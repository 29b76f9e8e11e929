// A real redis-server (Debian's package) on a free loopback port, started and
// stopped by the tests themselves: `npm test` needs no manual step.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createClient } from 'redis';
import { freePort } from '../helpers/free-port.js';

const BINARY = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (its data goes with it: no persistence). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  if (!BINARY) throw new Error('redis-server is not installed: `apt-get install -y redis-server` (.ci/run installs it when it is missing).');
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(BINARY, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], { stdio: 'ignore' });
    // Ready when it answers PING.
    for (let attempt = 0; attempt < 100; attempt++) {
      const probe = createClient({ url, socket: { reconnectStrategy: false } });
      probe.on('error', () => {});
      try {
        await probe.connect();
        await probe.ping();
        await probe.close();
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    throw new Error(`redis-server did not start on port ${port}`);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  return { url, port, stop, start };
}
