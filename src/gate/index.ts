/**
 * react-mcp-annotations/gate — the server-side consent gate every framework
 * adapter drives, and the chat store it keeps its state in. No framework
 * import here, and no React.
 *
 * A host usually meets only the store:
 *
 * ```ts
 * const store = createMcpChatStore({ storage: createRedisChatStorage(redis) });
 * ```
 *
 * and gives it to its framework's adapter (`./ai-sdk`, `./tanstack-ai`,
 * `./copilotkit`, …). An adapter of its own opens the gate once per request
 * (`openMcpGate`) and maps its framework's events onto the gate's verbs.
 */
export { openMcpGate, type GateCall, type GateVerdict, type McpGate, type McpGateOptions, type OpenMcpGateOptions } from './gate.js';
export { listMcpTools, McpToolNameConflictError, type GateTool, type McpToolClient, type McpToolWire } from './tools.js';
export { filterForBrowser } from './filter.js';
export { createMcpChatStore, createMemoryChatStorage, createRedisChatStorage, McpChatStoreError, type McpChatStorage, type McpChatStore, type McpChatStoreOptions, type RedisLikeClient } from './store.js';
