/**
 * The runtime's tools for react-mcp's servers, each with the gate's `execute`
 * (for `./assistant-ui/react-mcp`; no React here, so it is tested alone).
 */
import type { MCPServerState } from '@assistant-ui/react-mcp';

/** One gated tool as assistant-ui's model context takes it. */
export interface GatedTool<Execute> {
  type: 'frontend';
  description: string | undefined;
  parameters: unknown;
  execute: Execute;
}

/** Trust and remembered answers are keyed by this: connectors by their id, a server a person added never by one of those. */
export const trustKey = (server: Pick<MCPServerState, 'id' | 'kind'>) => (server.kind === 'connector' ? server.id : `custom:${server.id}`);

/**
 * The tools of every connected server under react-mcp's names (`<serverId>__<tool>`). A name two
 * servers' tools share (`a__b` + `c` and `a` + `b__c`) is offered for neither: which one would run is
 * not the person's to guess.
 */
export function gatedTools<Execute>(servers: readonly MCPServerState[], executeFor: (server: MCPServerState, toolName: string) => Execute): Record<string, GatedTool<Execute>> {
  const tools: Record<string, GatedTool<Execute>> = {};
  const twice = new Set<string>();
  for (const server of servers) {
    if (server.connectionState !== 'connected') continue;
    for (const tool of server.tools) {
      const name = `${server.id}__${tool.name}`;
      if (Object.hasOwn(tools, name)) twice.add(name);
      tools[name] = { type: 'frontend', description: tool.description, parameters: tool.inputSchema, execute: executeFor(server, tool.name) };
    }
  }
  for (const name of twice) delete tools[name];
  return tools;
}

/** The input as it was when the call was made: the person is asked about, and the server gets, this copy. */
export function ownInput(args: unknown): Record<string, unknown> {
  const copy: unknown = structuredClone(args ?? {});
  if (typeof copy !== 'object' || copy === null || Array.isArray(copy)) throw new TypeError('A tool call’s input must be an object.');
  return copy as Record<string, unknown>;
}
