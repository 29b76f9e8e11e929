// A page of a shadcn app built from the copied items (`npx shadcn add …`): each call is decided by
// the package, asked in its card, and its result shown as the person may see it. Your back end
// holds the MCP clients; this page gets their tools and a way to call one.
import { useRef, useState } from 'react';
import { starterArguments, toolCallStatusFromApproval, toolCallStatusFromError, toolCallStatusFromResult, useToolApproval, type ApprovalUI, type CallToolResult, type Tool, type ToolCallStatus } from 'react-mcp-annotations';
import { McpConsentProvider } from '@/components/mcp/consent-provider';
import { McpToolCallCard } from '@/components/mcp/tool-call-card';
import { Button } from '@/components/ui/button';

export type ServerTool = { serverId: string; tool: Tool };
export type CallTool = (serverId: string, name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

// Untrusted (a server you do not run): its hints only ever make the UI more careful.
const servers = { memory: { trust: 'untrusted', name: 'Memory' }, everything: { trust: 'untrusted', name: 'Everything' } } as const;

export function McpPage({ tools, callTool, approvalUI = 'inline' }: { tools: ServerTool[]; callTool: CallTool; approvalUI?: ApprovalUI }) {
  return (
    <McpConsentProvider servers={servers} approvalUI={approvalUI}>
      <Calls tools={tools} callTool={callTool} />
    </McpConsentProvider>
  );
}

type Call = ServerTool & { id: string; args: Record<string, unknown>; status: ToolCallStatus };

function Calls({ tools, callTool }: { tools: ServerTool[]; callTool: CallTool }) {
  const [calls, setCalls] = useState<Call[]>([]);
  const [json, setJson] = useState('');
  const lastId = useRef(0); // each call's id ties its card to its question
  const { requestApproval } = useToolApproval();
  const run = async ({ serverId, tool }: ServerTool) => {
    const args = readArguments(json, tool);
    const call: Call = { id: `call-${(lastId.current += 1)}`, serverId, tool, args: args ?? {}, status: { type: 'awaiting-approval' } };
    const set = (status: ToolCallStatus) => setCalls((all) => all.map((each) => (each.id === call.id ? { ...each, status } : each)));
    setCalls((all) => [...all, call]);
    if (!args) return set({ type: 'error', message: 'The arguments are not a JSON object.' });
    // The package runs it, asks the person (in the card), or blocks it; it always answers.
    const refused = toolCallStatusFromApproval(await requestApproval({ serverId, tool, args: call.args, callId: call.id }));
    if (refused) return set(refused);
    set({ type: 'running' });
    await callTool(serverId, tool.name, call.args).then((result) => set(toolCallStatusFromResult(result)), (error: unknown) => set(toolCallStatusFromError(error)));
  };
  return (
    <div className="grid gap-4">
      <label className="grid gap-1 text-sm font-medium">
        Arguments (JSON; empty for the tool's defaults)
        <textarea className="min-h-16 rounded-md border bg-transparent px-3 py-2 font-mono text-sm" value={json} onChange={(event) => setJson(event.target.value)} />
      </label>
      <div className="flex flex-wrap gap-2">
        {tools.map((each) => (
          <Button key={`${each.serverId}/${each.tool.name}`} variant="outline" size="sm" onClick={() => void run(each)}>
            Call {each.tool.name}
          </Button>
        ))}
      </div>
      {calls.map((call) => (
        <McpToolCallCard key={call.id} callId={call.id} serverId={call.serverId} tool={call.tool} args={call.args} status={call.status} />
      ))}
    </div>
  );
}

function readArguments(json: string, tool: Tool): Record<string, unknown> | undefined {
  if (!json.trim()) return starterArguments(tool);
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
