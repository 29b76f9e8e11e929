// Type-checked by a consumer under moduleResolution bundler and nodenext with skipLibCheck off.
import { ConsentProvider, ContentBlocks, ToolBadges, type ApprovalResult, type ToolApprovalApi, type ToolCallStatus } from 'react-mcp-annotations';
import { decideToolCall, selectForViewer, type ContentBlock, type Tool, type ToolDecision } from 'react-mcp-annotations/core';

const tool: Tool = { name: 'read_file', annotations: { readOnlyHint: true } };
const blocks: ContentBlock[] = [{ type: 'text', text: 'hi', annotations: { audience: ['user'] } }];
const decision: ToolDecision = decideToolCall({ tool, trust: 'trusted' });
const visible: ContentBlock[] = selectForViewer(blocks, 'user');
const status: ToolCallStatus = { type: 'running', progress: { progress: 1, total: 2 } };
const components = [ContentBlocks, ConsentProvider, ToolBadges] as const;

export async function ask(api: ToolApprovalApi): Promise<ApprovalResult['outcome']> {
  return (await api.requestApproval({ serverId: 's', tool })).outcome;
}
export { components, decision, status, visible };

// The namespaced parts and the controller, as a host imports them.
import { ToolBadge, ToolConfirm, createConsentController, toolCallStatusFromResult, toolKind, type ConsentController, type ToolKindTypes } from 'react-mcp-annotations';
const controller: ConsentController<ToolKindTypes> = createConsentController({ kinds: [toolKind()], servers: { s: { trust: 'trusted' } } });
const parts = [ToolConfirm.Root, ToolConfirm.Action, ToolBadge.Root, ToolBadge.Item] as const;
const fromResult: ToolCallStatus = toolCallStatusFromResult({ content: [] });
export { controller, fromResult, parts };
