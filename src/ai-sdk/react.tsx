'use client';
/**
 * react-mcp-annotations/ai-sdk/react — renders an AI SDK tool UI part (from
 * `useChat`) with this library's card, badges and result, and answers its
 * approval request with this library's confirmation, inline or in the dialog.
 * The part is the gate's browser side, shared by every framework's card.
 */
export {
  McpChatError,
  McpToolPart,
  toolCallStatusFromPart,
  useMcpToolPart,
  useRememberedApprovals,
  type McpChatErrorProps,
  type McpToolPartLike,
  type McpToolPartProps,
  type UseMcpToolPartOptions,
} from '../gate/react.js';
