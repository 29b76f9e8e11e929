// Guide: pick the kinds a controller asks about (compiled by `npm run typecheck`).
import { createConsentController, elicitationKind, toolKind, type Tool } from 'react-mcp-annotations/core';

export async function askAboutFiles(tool: Tool, args: Record<string, unknown>, params: unknown) {
  const consent = createConsentController({
    kinds: [toolKind(), elicitationKind()],
    servers: { files: { trust: 'trusted', name: 'Files' } },
    onDecision: (record) => console.info(record),
  });
  const call = await consent.requestApproval({ serverId: 'files', tool, args }); // the tool kind's verb
  const form = await consent.request('elicitation', { serverId: 'files', params }); // every kind's verb
  return { ran: call.outcome === 'run', answer: form.result };
}
