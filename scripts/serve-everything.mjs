// Starts @modelcontextprotocol/server-everything in streamable HTTP mode,
// bound to loopback only (the server itself listens on every interface).
// Usage: PORT=3001 node scripts/serve-everything.mjs
import net from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  // listen(port[, host][, backlog][, cb]): add the host when the caller gave none.
  if ((typeof args[0] === 'number' || typeof args[0] === 'string') && typeof args[1] !== 'string') args.splice(1, 0, '127.0.0.1');
  return listen.apply(this, args);
};

const require = createRequire(import.meta.url);
const root = dirname(require.resolve('@modelcontextprotocol/server-everything/package.json'));
process.argv[2] = 'streamableHttp';
await import(pathToFileURL(join(root, 'dist/transports/streamableHttp.js')).href);
