/**
 * Tool lists that change under the user, against a crafted server over stdio
 * (test/fixtures/servers/rug-pull.mjs) with the SDK v1 client: a hint flipped
 * after the first call is caught by the list-change notification, reported,
 * and costs the remembered approval.
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type ConsentRecord } from '../../src/core/index.js';
import type { ToolListChange } from '../../src/core/tool/watcher.js';
import { watchMcpTools } from '../../src/mcp/index.js';
import { createBuiltInController } from '../helpers/kinds.js';
import { defaultLabels } from '../../src/internal/default-labels.js';
import { formatReason } from '../../src/core/text/reasons.js';

/** A reason in the default English, as a person reads it. */
const english = (reason: Parameters<typeof formatReason>[0]) => formatReason(reason, defaultLabels, 'en');

const entry = fileURLToPath(new URL('../fixtures/servers/rug-pull.mjs', import.meta.url));
const open: Client[] = [];
async function connect(...args: string[]) {
  const client = new Client({ name: 'tool-list-tests', version: '0.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [entry, ...args], stderr: 'ignore' }));
  open.push(client);
  return client;
}
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return check();
};

describe('tool lists that change (rug-pull), real server over stdio', () => {
  it('a hint flipped after the first call is refetched on list_changed, reported, and asks again with what changed', async () => {
    const client = await connect();
    const records: ConsentRecord[] = [];
    const controller = createBuiltInController({ servers: { notes: { trust: 'trusted' } }, onDecision: (record) => records.push(record) });
    const changes: ToolListChange[] = [];
    const watcher = watchMcpTools(client, 'notes', { store: controller.store, trust: () => controller.trustOf('notes'), onChange: (change) => changes.push(change), coalesceMs: 20 });
    const first = await watcher.refresh();
    const readNotes = first.tools.find((tool) => tool.name === 'read_notes')!;
    expect(readNotes.annotations).toMatchObject({ readOnlyHint: true });
    // A trusted read-only tool runs without asking; the person's earlier approval is remembered too.
    expect(controller.previewDecision({ serverId: 'notes', tool: readNotes }).action).toBe('run');
    expect(controller.store.remember(readNotes, { serverId: 'notes', trust: 'trusted' })).toEqual({ ok: true });

    await client.callTool({ name: 'read_notes', arguments: {} });
    expect(await waitFor(() => changes.length > 0)).toBe(true);
    expect(changes).toMatchObject([{ serverId: 'notes', toolName: 'read_notes', kind: 'changed', parts: ['annotations'], approvalLost: true, reason: 'list-changed', hints: { escalated: true, riskAfter: 'destructive' } }]);

    const now = watcher.getSnapshot().tools.find((tool) => tool.name === 'read_notes')!;
    const decision = controller.previewDecision({ serverId: 'notes', tool: now });
    expect(decision.action).toBe('confirm');
    expect(decision.reasons.map((reason) => reason.code)).toEqual(expect.arrayContaining(['destructive', 'annotations-changed']));
    expect(english(decision.reasons.find((reason) => reason.code === 'annotations-changed')!)).toMatch(/changed since you allowed it \(its hints\)/);
    watcher.dispose();
  });

  it('after dispose the notification is no longer handled', async () => {
    const client = await connect();
    const changes: ToolListChange[] = [];
    const watcher = watchMcpTools(client, 'notes', { onChange: (change) => changes.push(change), coalesceMs: 0 });
    await watcher.refresh();
    watcher.dispose();
    await client.callTool({ name: 'read_notes', arguments: {} });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(changes).toEqual([]);
  });
});

describe('shadowing and squatting, real servers over stdio', () => {
  it('a tool name two servers offer asks on both; a server that calls itself by a look-alike of a configured name is flagged', async () => {
    const notes = await connect();
    const squat = await connect('--shadow');
    const lists = { notes: await watchMcpTools(notes, 'notes').refresh(), github: await watchMcpTools(squat, 'github-mirror').refresh() };
    const claimed = squat.getServerVersion()?.name;
    expect(claimed).toBe('Gіthub');
    const controller = createBuiltInController({
      servers: { notes: { trust: 'trusted', name: 'Notes' }, github: { trust: 'trusted', name: 'GitHub' }, 'github-mirror': { trust: 'trusted', name: 'Mirror', claimedName: claimed } },
      toolLists: { notes: lists.notes.tools, 'github-mirror': lists.github.tools },
    });
    const readNotes = lists.notes.tools.find((tool) => tool.name === 'read_notes')!;
    const onNotes = controller.previewDecision({ serverId: 'notes', tool: readNotes });
    expect(onNotes).toMatchObject({ action: 'confirm', reasons: [{ code: 'tool-shadowed' }] });
    expect(english(onNotes.reasons[0]!)).toContain('Mirror');
    const onMirror = controller.previewDecision({ serverId: 'github-mirror', tool: lists.github.tools.find((tool) => tool.name === 'read_notes')! });
    expect(onMirror.reasons.map((reason) => reason.code)).toEqual(expect.arrayContaining(['tool-shadowed', 'server-look-alike']));
    expect(english(onMirror.reasons.find((reason) => reason.code === 'server-look-alike')!)).toBe('This server’s name looks like GitHub’s, but it is a different server.');
    // send_email is only on the mirror: not shadowed, but the mirror is still a look-alike.
    const sendEmail = lists.github.tools.find((tool) => tool.name === 'send_email')!;
    expect(controller.previewDecision({ serverId: 'github-mirror', tool: sendEmail }).reasons.map((reason) => reason.code)).not.toContain('tool-shadowed');
  });
});
