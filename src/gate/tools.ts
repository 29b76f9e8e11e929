/**
 * The tools a gate decides on, by the name the model calls them: listed from
 * plain MCP clients (anything with `listTools`) or handed in by an adapter
 * whose framework listed them. Each is a deep plain copy read once, never
 * the server's objects: a framework that writes into a schema it was given
 * writes into its own copy, so the fingerprint taken at the question still
 * matches at the answer.
 */
import { ownData, snapshotData } from '../core/shared/read.js';
import type { Tool } from '../core/shared/types.js';
import { snapshotTool } from '../core/tool/tool-hints.js';
import { listAllTools } from '../mcp/shared.js';

/** What the gate needs of an MCP client: the MCP SDK's `Client` (v1 or v2) has both. */
export interface McpToolClient {
  listTools(params?: { cursor?: string }): Promise<unknown>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }, resultSchema?: undefined, options?: { signal?: AbortSignal }): Promise<unknown>;
}

/** What the browser may know of a tool: its server, name, title and annotations (never the client or the schema). */
export interface McpToolWire {
  serverId: string;
  toolName: string;
  title?: string;
  annotations?: Tool['annotations'];
}

/** One tool the gate decides on. */
export interface GateTool {
  /** The name the model calls it by (`everything__echo` with `namespace`). */
  readonly name: string;
  readonly serverId: string;
  /** The snapshot the policy reads (frozen annotations; never the server's object). */
  readonly tool: Tool;
  readonly wire: McpToolWire;
  /** A fresh copy of the input schema, for a framework to keep (and write into) as its own. */
  schema(): Record<string, unknown>;
  /** The client that runs it, when the gate listed it. */
  readonly client?: McpToolClient | undefined;
}

/** Two servers offer a tool of the same name: pass `namespace: true`, or rename. */
export class McpToolNameConflictError extends Error {
  readonly names: string[];
  constructor(names: string[]) {
    super(`Several MCP servers offer a tool named ${names.map((name) => JSON.stringify(name)).join(', ')}: pass { namespace: true }, or rename.`);
    this.name = 'McpToolNameConflictError';
    this.names = names;
  }
}

const EMPTY_SCHEMA = { type: 'object', properties: {} };

/** One tool read from a server's raw definition: a deep plain copy, snapshotted. `undefined` for what is not a tool. */
export function gateTool(serverId: string, raw: unknown, name?: string, client?: McpToolClient): GateTool | undefined {
  // Deep and plain first: snapshotTool keeps nested values as they are, and they must not be the server's.
  const tool = snapshotTool(snapshotData(raw));
  if (!tool?.name) return undefined;
  const schemaText = JSON.stringify(ownData(tool, 'inputSchema') ?? null);
  const wire: McpToolWire = { serverId, toolName: tool.name };
  if (typeof tool.title === 'string') wire.title = tool.title;
  if (tool.annotations) wire.annotations = { ...tool.annotations };
  return {
    name: name ?? tool.name,
    serverId,
    tool,
    wire,
    schema: () => {
      const schema = JSON.parse(schemaText) as unknown;
      return schema !== null && typeof schema === 'object' && !Array.isArray(schema) ? (schema as Record<string, unknown>) : { ...EMPTY_SCHEMA };
    },
    client,
  };
}

/** The tools by the name the model calls them; a name two servers offer throws `McpToolNameConflictError`. */
export function toolMap(tools: Iterable<GateTool>): Map<string, GateTool> {
  const entries = new Map<string, GateTool>();
  const clashes = new Set<string>();
  for (const tool of tools) {
    if (entries.has(tool.name)) clashes.add(tool.name);
    else entries.set(tool.name, tool);
  }
  if (clashes.size > 0) throw new McpToolNameConflictError([...clashes]);
  return entries;
}

/**
 * Lists each client's tools once per request (all pages, read as data), for
 * `openMcpGate({ tools })`. A tool that must run as a task is left out (it
 * cannot run as a plain call); `namespace` prefixes each name with its
 * server id (`everything__echo`).
 */
export async function listMcpTools(clients: Readonly<Record<string, McpToolClient>>, options: { namespace?: boolean | undefined; maxPages?: number | undefined }): Promise<GateTool[]> {
  const out: GateTool[] = [];
  for (const [serverId, client] of Object.entries(clients)) {
    const { tools } = await listAllTools((cursor) => client.listTools(cursor === undefined ? undefined : { cursor }), options.maxPages);
    for (const raw of tools) {
      const name = ownData(raw, 'name');
      if (typeof name !== 'string' || ownData(ownData(raw, 'execution'), 'taskSupport') === 'required') continue;
      const tool = gateTool(serverId, raw, options.namespace ? `${serverId}__${name}` : name, client);
      if (tool) out.push(tool);
    }
  }
  return out;
}
