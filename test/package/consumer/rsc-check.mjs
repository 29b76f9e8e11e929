// Runs under the react-server condition with React's RSC loader (see register-rsc.mjs):
// importing a core function from the package root in a Server Component gives
// the function itself; components and hooks are client references.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createElement as h } from 'react';

const root = await import('react-mcp-annotations');
const CLIENT = Symbol.for('react.client.reference');

for (const name of ['decideToolCall', 'selectForViewer', 'presentTool', 'createConsentController', 'toolKind', 'toolCallStatusFromResult']) {
  assert.equal(typeof root[name], 'function', `${name} from the root entry is a function under react-server`);
  assert.notEqual(root[name].$$typeof, CLIENT, `${name} must not be a client reference`);
}
assert.equal(root.decideToolCall({ tool: undefined }).action, 'confirm');
for (const name of ['ToolCallCard', 'ContentBlocks', 'ConsentProvider', 'useToolApproval', 'ToolConfirmDialog']) {
  assert.equal(root[name].$$typeof, CLIENT, `${name} is a client reference`);
}

// A Server Component that filters content with the root entry's core function.
const { renderToPipeableStream } = await import('react-server-dom-webpack/server');
const blocks = [
  { type: 'text', text: 'for the user' },
  { type: 'text', text: 'SECRET for the model', annotations: { audience: ['assistant'] } },
];
function Transcript() {
  return h('ul', null, root.selectForViewer(blocks, 'user').map((block, i) => h('li', { key: i }, block.text)));
}
const sink = new PassThrough();
let payload = '';
sink.on('data', (chunk) => (payload += chunk));
renderToPipeableStream(h(Transcript), {}).pipe(sink);
await new Promise((resolve) => sink.on('end', resolve));
assert.ok(payload.includes('for the user'), 'the server component rendered');
assert.ok(!payload.includes('SECRET'), 'assistant-only content stays out of the RSC payload');
console.log('react-server: core functions from the root entry are functions; components are client references; RSC payload OK');
