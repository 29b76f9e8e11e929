// Without React: a Node backend deciding what goes where, with the same rules as the components.
import { createConsentController, decideToolCall, selectForViewer, toolKind, type ConsentRecord, type ContentBlock, type Tool } from 'react-mcp-annotations/core';

declare const tool: Tool;
declare const result: { content: ContentBlock[] };
declare function log(record: ConsentRecord): void;

export const forModel = selectForViewer(result.content, 'assistant'); // user-only blocks stay out
export const decision = decideToolCall({ tool, trust: 'untrusted' }); // → { action: 'confirm', risk, reasons }
export const consent = createConsentController({ kinds: [toolKind()], servers: { files: { trust: 'trusted' } }, onDecision: log });
