/**
 * Promise 1 at the network boundary: an MCP tool result split into what the
 * person's browser may receive and what the model gets.
 */
import { selectForViewer } from '../core/content/audience.js';
import { structuredContentVisible } from '../core/content/content.js';
import { ownData, UNREADABLE } from '../core/shared/read.js';


/** What the user and the model each get from one MCP tool result. */
export interface McpResultViews {
  /** For the browser and persisted UI messages: no assistant-only block; no `structuredContent` or `_meta` unless opted in. */
  user: Record<string, unknown>;
  /** For the model: no user-only block. */
  assistant: unknown;
}

/**
 * Splits a tool output into the user's and the model's view (promise 1 at
 * the network boundary). A `CallToolResult` is split by audience; any other
 * output (e.g. structured output of a tool with an `outputSchema`) has no
 * audience, so the user sees it only when the host opts in. Never throws.
 */
export function splitMcpResult(output: unknown, options: { includeStructuredContent?: boolean | undefined } = {}): McpResultViews {
  options ??= {};
  const content = ownData(output, 'content');
  const isError = ownData(output, 'isError') === true;
  // One rule for structuredContent (it has no audience): the model's, and the user's only when the host opts in.
  const userSeesStructured = structuredContentVisible('user', options.includeStructuredContent === true);
  if (!Array.isArray(content)) {
    return { user: userSeesStructured && output !== UNREADABLE ? { content: [], structuredContent: output } : { content: [] }, assistant: output === UNREADABLE ? { content: [] } : output };
  }
  const structured = ownData(output, 'structuredContent');
  const hasStructured = structured !== undefined && structured !== UNREADABLE;
  // `@ai-sdk/mcp` turns a structuredContent-only result into one text block holding its JSON, with
  // no audience. That block *is* the structured content: it follows the structuredContent rule.
  const standIn = hasStructured && isStructuredStandIn(content, structured);
  return {
    user: {
      content: standIn && !userSeesStructured ? [] : selectForViewer(content, 'user'),
      ...(isError ? { isError: true } : {}),
      ...(hasStructured && userSeesStructured ? { structuredContent: structured } : {}),
    },
    assistant: {
      content: selectForViewer(content, 'assistant'),
      ...(isError ? { isError: true } : {}),
      ...(hasStructured && structuredContentVisible('assistant') ? { structuredContent: structured } : {}),
    },
  };
}

/** Whether `content` is only the text serialisation of `structured` (what `@ai-sdk/mcp` puts in for a structuredContent-only result). */
function isStructuredStandIn(content: readonly unknown[], structured: unknown): boolean {
  if (content.length !== 1) return false;
  const [block] = content;
  if (ownData(block, 'type') !== 'text' || ownData(block, 'annotations') !== undefined) return false;
  try {
    return ownData(block, 'text') === JSON.stringify(structured);
  } catch {
    return false;
  }
}

/** The model's text of its view: one text block as itself, anything else as JSON. */
export function modelText(view: unknown): string {
  const content = ownData(view, 'content');
  if (Array.isArray(content) && content.length === 1 && ownData(content[0], 'type') === 'text' && ownData(view, 'isError') !== true) {
    const text = ownData(content[0], 'text');
    if (typeof text === 'string') return text;
  }
  return JSON.stringify(view ?? null);
}
