/**
 * react-mcp-annotations/ai-sdk — the approval policy and the audience rule
 * for the Vercel AI SDK (`ai` 7), on the server. No React here; the tool-part
 * component is in `react-mcp-annotations/ai-sdk/react`.
 *
 * The whole route in one call (Next.js: `app/api/chat/route.ts`):
 *
 * ```ts
 * export const POST = createMcpChatRoute({ model, tools: async () => client.tools(), servers, secret, store: createMcpChatStore(), authorize });
 * ```
 *
 * The chat store comes from `react-mcp-annotations/gate`. The parts, for a
 * hand-written route: `annotateMcpTools`, `mcpToolApproval`
 * (spread into `streamText`), `toModelMessages`.
 */
export {
  annotateMcpTools,
  McpClientNameError,
  type AnnotateMcpToolsOptions,
} from './tools.js';
export { toModelMessages } from './messages.js';
export { mcpToolApproval, type McpToolApprovalOptions } from './approval.js';
export type { ToolOverride } from '../core/shared/policy.js';
export { createMcpChatRoute, type McpChatRouteOptions } from './route.js';
