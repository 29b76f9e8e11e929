// An MCP Apps host: lists the server's tools that have an app, runs one through the consent engine, then renders its
// app in a sandboxed frame only after the person saw what it declared; every action the app asks for is gated, and
// every decision is logged on the page.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { useEffect, useMemo, useState } from 'react';
import { ConsentProvider, ContentBlocks, createConsentController, samplingKind, starterArguments, toolKind, useConsentController, type ConsentRecord, type SamplingKindTypes, type ToolKindTypes } from 'react-mcp-annotations';
import { appKind, connectGatedAppBridge, createAppGate, toolsForModel, type AppDownloadFile, type AppKindTypes, type AppPermission, type AppRecord, type AppResource } from 'react-mcp-annotations/apps';
import { AppActionDialog, AppView } from 'react-mcp-annotations/apps/react';

const SERVER_ID = 'server';
const uiOf = (tool: Tool) => (tool._meta as { ui?: { resourceUri?: unknown } } | undefined)?.ui?.resourceUri;

interface Opened {
  tool: Tool;
  args: Record<string, unknown>;
  result: CallToolResult;
  read: unknown;
  listing: unknown;
}

export function App({ serverUrl, label }: { serverUrl: string; label: string }) {
  const [log, setLog] = useState<string[]>([]);
  const controller = useMemo(
    () =>
      createConsentController({
        // Tool calls, the apps' own actions, and their sampling requests (refused: this host lends no model).
        kinds: [toolKind(), samplingKind(), appKind()],
        servers: { [SERVER_ID]: { trust: 'untrusted', name: label } },
        onDecision: (record) => setLog((lines) => [...lines, describe(record)]),
      }),
    [label],
  );
  return (
    <ConsentProvider controller={controller} components={{ app: AppActionDialog }}>
      <main>
        <h1>MCP Apps host: {label}</h1>
        <Host serverUrl={serverUrl} say={(line) => setLog((lines) => [...lines, line])} />
        <section className="panel" aria-labelledby="log-title">
          <h2 id="log-title">Decisions</h2>
          <ol className="log" aria-live="polite">
            {log.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ol>
        </section>
      </main>
    </ConsentProvider>
  );
}

function describe(record: ConsentRecord | AppRecord): string {
  if (record.kind === 'app') return `app ${record.app.name ?? record.app.resourceUri}: ${record.action.type}${record.action.detail ? ` (${record.action.detail})` : ''} → ${record.outcome} by ${record.decidedBy}${record.granted ? ` [granted: ${record.granted.join(', ') || 'nothing'}]` : ''}`;
  if (record.kind === 'tool') return `tool ${record.toolName}: ${record.outcome} by ${record.decidedBy}`;
  return `${record.kind}: ${record.outcome} by ${record.decidedBy}`;
}

function Host({ serverUrl, say }: { serverUrl: string; say: (line: string) => void }) {
  const controller = useConsentController<ToolKindTypes | SamplingKindTypes | AppKindTypes>();
  const [client, setClient] = useState<Client | null>(null);
  const [tools, setTools] = useState<Tool[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [context, setContext] = useState<{ content: unknown[]; structuredContent?: string | undefined } | null>(null);

  useEffect(() => {
    const next = new Client({ name: 'react-mcp-annotations-apps-host', version: '0.3.0' }, { capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } } as never });
    let closed = false;
    next
      .connect(new StreamableHTTPClientTransport(new URL(serverUrl)))
      .then(() => next.listTools())
      .then(({ tools: listed }) => {
        if (closed) return;
        setTools(listed);
        controller.setPolicy({ ...controller.getPolicy(), toolLists: { [SERVER_ID]: listed } });
        setClient(next);
      })
      .catch((reason: unknown) => !closed && setError(reason instanceof Error ? reason.message : String(reason)));
    return () => {
      closed = true;
      void next.close();
    };
  }, [serverUrl, controller]);

  // The model's view: app-only tools never reach it. Here the person starts the tools that have an app.
  const withApps = toolsForModel(tools).filter((tool) => typeof uiOf(tool) === 'string');

  async function run(tool: Tool) {
    if (!client) return;
    const args = (starterArguments(tool) ?? {}) as Record<string, unknown>;
    const { outcome } = await controller.requestApproval({ serverId: SERVER_ID, tool, args });
    if (outcome !== 'run') return;
    const result = (await client.callTool({ name: tool.name, arguments: args })) as CallToolResult;
    const uri = uiOf(tool) as string;
    const read = await client.readResource({ uri });
    const { resources } = await client.listResources();
    setOpened({ tool, args, result, read, listing: resources.find((entry) => entry.uri === uri) });
  }

  function connect(frame: HTMLIFrameElement, resource: AppResource, grants: AppPermission[]) {
    if (!client || !opened || !frame.contentWindow) return undefined;
    const app = { serverId: SERVER_ID, resourceUri: resource.uri, name: opened.tool.title ?? opened.tool.name, fingerprint: resource.fingerprint };
    const gate = createAppGate({
      controller,
      app,
      tools: () => tools,
      callTool: (params) => client.callTool(params),
      openUrl: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
      sendMessage: (content) => say(`chat ← app message: ${JSON.stringify(content).slice(0, 200)}`),
      updateModelContext: (next) => setContext(next),
      download: (file) => save(file),
    });
    const bridge = new AppBridge(client, { name: 'react-mcp-annotations-apps-host', version: '0.3.0' }, {
      serverTools: {},
      serverResources: {},
      openLinks: {},
      downloadFile: {},
      message: { text: {} },
      updateModelContext: { text: {} },
      sandbox: { permissions: Object.fromEntries(grants.map((name) => [name, {}])) },
    });
    // The app says how tall it is; the frame follows.
    bridge.onsizechange = ({ height }) => {
      if (typeof height === 'number') frame.style.height = `${Math.min(Math.max(height, 120), 2000)}px`;
    };
    bridge.oninitialized = () => {
      void bridge.sendToolInput({ arguments: opened.args });
      void bridge.sendToolResult(opened.result);
    };
    connectGatedAppBridge(bridge, new PostMessageTransport(frame.contentWindow, frame.contentWindow), gate).catch((reason: unknown) => say(`bridge: ${String(reason)}`));
    return () => {
      gate.dispose();
      void bridge.close();
    };
  }

  if (error) return <p role="alert">Could not reach {serverUrl}: {error}</p>;
  if (!client) return <p role="status">Connecting to {serverUrl}…</p>;
  return (
    <>
      <section className="panel" aria-labelledby="tools-title">
        <h2 id="tools-title">Tools with an app</h2>
        {withApps.length === 0 ? (
          <p>This server has no tool with an app.</p>
        ) : (
          <ul className="tools">
            {withApps.map((tool) => (
              <li key={tool.name}>
                <button type="button" onClick={() => void run(tool)}>
                  Run {tool.title ?? tool.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {opened && (
        <section className="panel" aria-labelledby="app-title">
          <h2 id="app-title">{opened.tool.title ?? opened.tool.name}</h2>
          <AppView
            key={`${opened.tool.name}-${JSON.stringify(opened.result).length}`}
            app={{ serverId: SERVER_ID, resourceUri: uiOf(opened.tool) as string, name: opened.tool.title ?? opened.tool.name }}
            read={opened.read}
            listing={opened.listing}
            style={{ minHeight: 320 }}
            onFrame={(frame, resource, grants) => connect(frame, resource, grants)}
          />
        </section>
      )}
      {context && (
        <section className="panel" aria-labelledby="context-title">
          <h2 id="context-title">What the model will be told</h2>
          <ContentBlocks blocks={context.content as never} />
          {context.structuredContent && <pre>{context.structuredContent}</pre>}
        </section>
      )}
    </>
  );
}

function save(file: AppDownloadFile) {
  if (file.uri) {
    window.open(file.uri, '_blank', 'noopener,noreferrer');
    return;
  }
  const bytes = file.blob !== undefined ? Uint8Array.from(atob(file.blob), (char) => char.charCodeAt(0)) : new TextEncoder().encode(file.text ?? '');
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mimeType }));
  const anchor = Object.assign(document.createElement('a'), { href: url, download: file.name });
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
