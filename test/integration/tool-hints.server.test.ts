import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { resolveToolHints, toolRisk } from '../../src/core/tool/tool-hints.js';
import { startServer, type RunningServer } from './mcp-servers.js';

describe('real servers: tool hints resolve to what their definitions imply', () => {
  let filesystem: RunningServer;
  let memory: RunningServer;
  let fsTools: Map<string, Tool>;
  let memoryTools: Map<string, Tool>;

  beforeAll(async () => {
    [filesystem, memory] = await Promise.all([startServer('filesystem'), startServer('memory')]);
    fsTools = new Map((await filesystem.client.listTools()).tools.map((tool) => [tool.name, tool]));
    memoryTools = new Map((await memory.client.listTools()).tools.map((tool) => [tool.name, tool]));
  });
  afterAll(async () => {
    await Promise.all([filesystem?.close(), memory?.close()]);
  });

  it('filesystem read tools declare only readOnly/openWorld, yet resolve idempotent and non-destructive', () => {
    const read = fsTools.get('read_text_file')!;
    expect(read.annotations).toBeDefined();
    expect(read.annotations?.destructiveHint).toBeUndefined();
    expect(read.annotations?.idempotentHint).toBeUndefined();
    const hints = resolveToolHints(read);
    expect(hints).toMatchObject({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
    expect(hints.declared).toEqual({ readOnly: true, destructive: false, idempotent: false, openWorld: true });
    for (const name of ['list_directory', 'search_files', 'get_file_info', 'list_allowed_directories']) {
      expect(toolRisk(resolveToolHints(fsTools.get(name)!)), name).toBe('read');
    }
  });

  it('filesystem write/edit/move tools are destructive', () => {
    for (const name of ['write_file', 'edit_file', 'move_file']) {
      expect(resolveToolHints(fsTools.get(name)!).destructive, name).toBe(true);
    }
  });

  it('memory: create tools are additive and not idempotent; delete tools are destructive and idempotent; reads are read-only', () => {
    expect(resolveToolHints(memoryTools.get('create_entities')!)).toMatchObject({ readOnly: false, destructive: false, idempotent: false });
    for (const name of ['delete_entities', 'delete_observations', 'delete_relations']) {
      expect(resolveToolHints(memoryTools.get(name)!), name).toMatchObject({ readOnly: false, destructive: true, idempotent: true });
    }
    for (const name of ['read_graph', 'search_nodes', 'open_nodes']) {
      expect(toolRisk(resolveToolHints(memoryTools.get(name)!)), name).toBe('read');
    }
  });

  it('every real tool resolves without a single annotation issue', () => {
    const issues: unknown[] = [];
    for (const tool of [...fsTools.values(), ...memoryTools.values()]) resolveToolHints(tool, { onAnnotationIssue: (issue) => issues.push(issue) });
    expect(issues).toEqual([]);
  });
});
