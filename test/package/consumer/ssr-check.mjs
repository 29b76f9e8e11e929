// Runs inside a consumer fixture that installed the packed tarball with a given
// React: renders on the server, with no window.
import assert from 'node:assert/strict';
import { createElement as h } from 'react';
import * as React from 'react';
import { renderToString } from 'react-dom/server';
import { ContentBlocks, ToolBadges, ToolCallCard } from 'react-mcp-annotations';
import { selectForViewer } from 'react-mcp-annotations/core';

const expectedMajor = process.argv[2];
assert.equal(React.version.split('.')[0], expectedMajor, `expected React ${expectedMajor}, got ${React.version}`);
assert.equal(typeof window, 'undefined', 'server rendering must run without window');

const NOW = Date.parse('2026-11-30T12:00:00Z');
const blocks = [
  { type: 'text', text: 'for the user', annotations: { audience: ['user'], lastModified: '2026-11-30T09:00:00Z' } },
  { type: 'text', text: 'SECRET for the model', annotations: { audience: ['assistant'] } },
  { type: 'text', text: 'low priority', annotations: { priority: 0.1 } },
];
const tool = { name: 'delete_entities', title: 'Delete entities', annotations: { destructiveHint: true, idempotentHint: true } };

// Server rendering, with nothing said on the console (React 18 warns, e.g. about layout effects).
const said = [];
const { error, warn } = console;
console.error = (...args) => said.push(args.join(' '));
console.warn = (...args) => said.push(args.join(' '));
const html = renderToString(
  h('div', null,
    h(ContentBlocks, { blocks, order: 'priority', collapseBelow: 0.4, now: NOW, locale: 'en-US', timeZone: 'UTC' }),
    h(ToolBadges, { tool, trust: 'trusted' }),
    h(ToolCallCard, { tool, trust: 'trusted', status: { type: 'running', progress: { progress: 1, total: 2 } } }),
  ),
);
console.error = error;
console.warn = warn;
assert.deepEqual(said, [], 'server rendering printed warnings');
assert.ok(html.includes('for the user'), 'user block rendered');
assert.ok(html.includes('3 hours ago'), 'freshness rendered deterministically');
assert.ok(html.includes('1 more block, lower priority'), 'low-priority block folded');
assert.ok(html.includes('Destructive'), 'badges rendered');
assert.ok(html.includes('data-state="running"'), 'card rendered');
assert.ok(!html.includes('SECRET'), 'assistant-only content must not reach server HTML');
assert.equal(selectForViewer(blocks, 'assistant').length, 2);

console.log(`React ${React.version}: server rendering OK`);
