// MCP Apps in a host: the app asks before it opens (the domains it will reach,
// the permissions it wants), then every action it asks for (tool calls, links,
// messages, context, downloads, sampling) goes through the consent engine.
// Beside the package (see the README's Install): npm install @modelcontextprotocol/sdk@^1.32 @modelcontextprotocol/ext-apps@^2.0.4
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { useMemo } from 'react';
import { ConsentProvider, createConsentController, toolKind, type Tool } from 'react-mcp-annotations';
import { appKind, connectGatedAppBridge, createAppGate, toolsForModel } from 'react-mcp-annotations/apps';
import { AppActionDialog, AppView } from 'react-mcp-annotations/apps/react';

export interface AppsHostProps {
  client: Client;
  serverId: string;
  /** The server's `tools/list`: the model gets `toolsForModel(tools)`, never the raw list. */
  tools: Tool[];
  /** The tool's `_meta.ui.resourceUri`, and `await client.readResource({ uri })`. */
  resourceUri: string;
  read: unknown;
}

export function AppsHost({ client, serverId, tools, resourceUri, read }: AppsHostProps) {
  // Tool calls and the app's own actions (add samplingKind() and the gate's `sample` to lend it your model).
  const controller = useMemo(() => createConsentController({ kinds: [toolKind(), appKind()], servers: { [serverId]: { trust: 'untrusted' } }, toolLists: { [serverId]: tools }, onDecision: (record) => console.info(record) }), [serverId, tools]);
  return (
    <ConsentProvider controller={controller} components={{ app: AppActionDialog }}>
      <AppView
        app={{ serverId, resourceUri }}
        read={read}
        onFrame={(frame, resource, granted) => {
          const gate = createAppGate({
            controller,
            app: { serverId, resourceUri, fingerprint: resource.fingerprint },
            tools: () => tools,
            callTool: (params) => client.callTool(params),
            openUrl: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
          });
          const bridge = new AppBridge(client, { name: 'my-host', version: '1.0.0' }, { serverTools: {}, openLinks: {}, sandbox: { permissions: Object.fromEntries(granted.map((name) => [name, {}])) } });
          bridge.onsizechange = ({ height }) => {
            if (height) frame.style.height = `${height}px`;
          };
          // connect() replaces oncalltool with a forwarder; the gate goes in after it, and is checked.
          void connectGatedAppBridge(bridge, new PostMessageTransport(frame.contentWindow!, frame.contentWindow!), gate);
          return () => {
            gate.dispose();
            void bridge.close();
          };
        }}
      />
    </ConsentProvider>
  );
}

/** What the model may call: app-only tools never reach it. */
export const modelTools = (tools: Tool[]) => toolsForModel(tools);
