// A tool call that fails with -32042 (UrlElicitationRequiredError) gets the same consent as a URL elicitation.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { elicitationsFromError } from 'react-mcp-annotations/mcp';
import { createConsentController, elicitationKind, toolKind } from 'react-mcp-annotations';

// The host's controller (or `useConsentController()` inside a ConsentProvider built with these kinds).
const controller = createConsentController({ kinds: [toolKind(), elicitationKind()], servers: { everything: { trust: 'untrusted' } } });

export async function callWithUrlConsent(client: Client, serverId: string, callId: string, name: string, args: Record<string, unknown>) {
  try {
    return await client.callTool({ name, arguments: args });
  } catch (error) {
    for (const params of elicitationsFromError(error)) {
      const { result } = await controller.requestElicitation({ serverId, params, callId });
      if (result.action !== 'accept') throw error;
    }
    return client.callTool({ name, arguments: args }); // once
  }
}
