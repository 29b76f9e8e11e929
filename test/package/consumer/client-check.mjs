// Runs inside a consumer fixture: renders in a jsdom client with the fixture's
// React. The DOM globals exist before React DOM loads, as in a browser.
import assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', { url: 'http://localhost/', pretendToBeVisual: true });
// Like a browser: every window property the Node global lacks (Event, CustomEvent, HTMLElement, …).
// Node's own Event classes are not jsdom's, so those are replaced too.
for (const key of Object.getOwnPropertyNames(dom.window)) {
  if (key.startsWith('_') || (key in globalThis && !/Event/.test(key))) continue;
  Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: dom.window[key] });
}
for (const key of ['window', 'document', 'navigator']) Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: key === 'window' ? dom.window : dom.window[key] });

const React = await import('react');
const { createRoot } = await import('react-dom/client');
const { flushSync } = await import('react-dom');
const { ToolConfirmDialog, decideToolCall } = await import('react-mcp-annotations');
const h = React.createElement;
assert.equal(React.version.split('.')[0], process.argv[2], `expected React ${process.argv[2]}, got ${React.version}`);

const tool = { name: 'delete_entities', title: 'Delete entities', annotations: { destructiveHint: true, idempotentHint: true } };
const root = createRoot(document.getElementById('root'));
let denied = 0;
flushSync(() => {
  root.render(h(ToolConfirmDialog, { prompt: { serverId: 'memory', tool, args: { names: ['a'] }, decision: decideToolCall({ tool, trust: 'untrusted' }) }, onRespond: (answer) => void (answer.action === 'deny' && denied++) }));
});
await new Promise((r) => setTimeout(r, 20));
const dialog = document.querySelector('[role="alertdialog"]');
assert.ok(dialog, 'the confirmation renders as an alertdialog');
assert.ok(dialog.textContent.includes('delete_entities'));
const deny = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Deny');
assert.equal(document.activeElement, deny, 'focus starts on Deny');
deny.click();
await new Promise((r) => setTimeout(r, 20));
assert.equal(denied, 1, 'Deny fires once');
root.unmount();
console.log(`React ${React.version}: client rendering OK`);
