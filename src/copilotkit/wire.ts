/**
 * What `mcpAgentMiddleware` and the CopilotKit card agree on: AG-UI's wire
 * shapes (as far as they are read here), the interrupt id prefix, the event
 * that carries a tool's annotations, and how the card reads a result.
 * Neither CopilotKit nor AG-UI is imported: the wire is data.
 */
import { ownData } from '../core/shared/read.js';


/** An AG-UI event, read by its `type`. */
export interface AgUiEvent {
  type: string;
  [field: string]: unknown;
}

/** An AG-UI tool call on an assistant message. */
export interface AgUiToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** An AG-UI message, as far as the gate reads it. */
export interface AgUiMessage {
  id: string;
  role: string;
  content?: unknown;
  toolCalls?: AgUiToolCall[] | undefined;
  toolCallId?: string | undefined;
  [field: string]: unknown;
}

/** AG-UI's `RunAgentInput`, as far as the gate reads it. */
export interface RunInput {
  threadId: string;
  runId: string;
  messages: AgUiMessage[];
  tools?: Array<{ name: string; description: string; parameters?: unknown }> | undefined;
  resume?: Array<{ interruptId: string; status: 'resolved' | 'cancelled'; payload?: unknown }> | undefined;
  [field: string]: unknown;
}

/** The id prefix of every interrupt the gate asks: an answer with another id is not for it. */
export const ASK = 'mcp-consent:';

/** The CUSTOM event that carries a tool call's server and annotations to the card. */
export const MCP_EVENT = 'react-mcp-annotations.tool';

/** What a tool message of the gate says, read as untrusted data (the browser could have changed it). */
export interface GateResult {
  /** The tool's server and annotations, when the message is the gate's. */
  mcp?: unknown;
  /** `ran`: the person's view of the result; `refused`: the policy's reasons (wire form); `denied`: the person said no. */
  kind: 'ran' | 'refused' | 'denied' | 'other';
  output?: unknown;
  reasons?: string | undefined;
}

/** Reads a tool message's content (a string of JSON) as the gate wrote it; anything else is `other`. */
export function readGateResult(content: unknown): GateResult {
  let parsed: unknown;
  try {
    parsed = typeof content === 'string' ? JSON.parse(content) : content;
  } catch {
    return { kind: 'other', output: content };
  }
  const mcp = ownData(parsed, 'mcp');
  const reasons = ownData(parsed, 'reasons');
  if (ownData(parsed, 'approved') === false) return { kind: 'denied', mcp };
  if (typeof ownData(parsed, 'error') === 'string' && typeof reasons === 'string') return { kind: 'refused', mcp, reasons };
  if (Array.isArray(ownData(parsed, 'content'))) return { kind: 'ran', mcp, output: parsed };
  return { kind: 'other', mcp, output: parsed };
}
