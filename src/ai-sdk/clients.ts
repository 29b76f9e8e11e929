/**
 * The tools of plain MCP clients (anything with `listTools`), by the name the
 * model calls them: what the TanStack AI and CopilotKit adapters offer the
 * model. No AI SDK import here.
 */
import { ownData } from '../core/shared/read.js';
import type { Tool } from '../core/shared/types.js';
import { snapshotTool } from '../core/tool/tool-hints.js';
import { listAllTools } from '../mcp/shared.js';
import { McpToolNameConflictError } from './tools.js';

/** One listed tool, with the client that runs it. */
export interface ClientTool<C> {
  serverId: string;
  client: C;
  tool: Tool;
  /** What the browser may know of the tool: its server and annotations (never the client or the schema). */
  wire: { serverId: string; toolName: string; title?: string; annotations?: Tool['annotations'] };
}

/**
 * Lists each client's tools once (all pages, read as data). A tool that must
 * run as a task is left out (it cannot run as a plain call); a name two
 * servers offer throws `McpToolNameConflictError` unless `namespace` prefixes
 * each with its server id (`everything__echo`).
 */
export async function listClientTools<C extends { listTools(params?: { cursor?: string }): Promise<unknown> }>(
  clients: Readonly<Record<string, C>>,
  options: { namespace?: boolean | undefined; maxPages?: number | undefined },
): Promise<Map<string, ClientTool<C>>> {
  const entries = new Map<string, ClientTool<C>>();
  const clashes = new Set<string>();
  for (const [serverId, client] of Object.entries(clients)) {
    const { tools } = await listAllTools((cursor) => client.listTools(cursor === undefined ? undefined : { cursor }), options.maxPages);
    for (const raw of tools) {
      const tool = snapshotTool(raw);
      if (!tool?.name || ownData(tool.execution, 'taskSupport') === 'required') continue;
      const name = options.namespace ? `${serverId}__${tool.name}` : tool.name;
      if (entries.has(name)) clashes.add(name);
      else entries.set(name, { serverId, client, tool, wire: { serverId, toolName: tool.name, ...(tool.title !== undefined ? { title: tool.title } : {}), ...(tool.annotations ? { annotations: tool.annotations } : {}) } });
    }
  }
  if (clashes.size > 0) throw new McpToolNameConflictError([...clashes]);
  return entries;
}
