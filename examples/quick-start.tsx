// Quick start: a server's tools with their badges; each call is asked for, run, and its result shown to the person.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { useEffect, useState } from 'react';
import { ConsentProvider, ToolCallCard, ToolSummary, starterArguments, toolCallStatusFromApproval, toolCallStatusFromError, toolCallStatusFromResult, useToolApproval, type Tool, type ToolCallStatus } from 'react-mcp-annotations';
import 'react-mcp-annotations/styles.css';

const client = new Client({ name: 'my-host', version: '1.0.0' });
let listed: Promise<Tool[]> | undefined; // connect once, though React runs effects twice in development
const listTools = (url: string) => (listed ??= client.connect(new StreamableHTTPClientTransport(new URL(url))).then(async () => (await client.listTools()).tools));

// Untrusted (the default for a server you do not know): its hints only ever make the UI more careful.
export const QuickStart = ({ url }: { url: string }) => (
  <ConsentProvider servers={{ everything: { trust: 'untrusted', name: 'Everything server' } }}>
    <Tools url={url} />
  </ConsentProvider>
);
function Tools({ url }: { url: string }) {
  const [tools, setTools] = useState<Tool[] | string>([]); // a string: why it could not connect (CORS?)
  const [call, setCall] = useState<{ tool: Tool; args: Record<string, unknown>; status: ToolCallStatus }>();
  const { requestApproval } = useToolApproval();
  useEffect(() => void listTools(url).then(setTools, (error: unknown) => setTools(String(error))), [url]);
  const run = async (tool: Tool, args = starterArguments(tool)) => {
    const set = (status: ToolCallStatus) => setCall({ tool, args, status });
    set({ type: 'awaiting-approval' }); // The provider runs it, asks the person, or blocks it; it always answers.
    const refused = toolCallStatusFromApproval(await requestApproval({ serverId: 'everything', tool, args }));
    if (refused) return set(refused);
    set({ type: 'running' });
    await client.callTool({ name: tool.name, arguments: args }).then((result) => set(toolCallStatusFromResult(result)), (error: unknown) => set(toolCallStatusFromError(error)));
  };
  if (typeof tools === 'string') return <p role="alert">Could not connect: {tools}</p>;
  const list = tools.map((tool) => (
    <li key={tool.name}>
      <ToolSummary tool={tool} serverId="everything" />
      <button onClick={() => void run(tool)}>Call {tool.name}</button>
    </li>
  ));
  return (<>{call && <ToolCallCard serverId="everything" tool={call.tool} args={call.args} status={call.status} />}<ul aria-label="Tools">{list}</ul></>);
}
