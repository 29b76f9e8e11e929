/**
 * Readers of what the AI SDK sends back: the approval parts of a tool call in
 * the model messages, the person's answers in the last UI message, and the
 * call an unverifiable approval was for. All read as data, never trusted.
 * And the way back: `toModelMessages`, the one conversion that gives the
 * model its own view of MCP results.
 */
import { convertToModelMessages, type ModelMessage, type ToolSet, type UIMessage } from 'ai';
import { isRecord } from '../core/shared/issues.js';
import { copyArray, ownData } from '../core/shared/read.js';

/** Every part of every message, in order (each list copied once, bounded): `take(part, message)`. */
function eachPart(messages: unknown, take: (part: unknown, message: unknown) => void, key = 'content'): void {
  for (const message of copyArray(messages, 100_000) ?? []) for (const part of copyArray(ownData(message, key), 10_000) ?? []) take(part, message);
}

/** A call's approval requests in the model messages, and the one an approving response answers. */
export interface ApprovalParts {
  /** Whether any approval request names this call: then it was asked, and only its answer may run it. */
  asked: boolean;
  /** The request an approving response answers (the AI SDK matches them by id, in any order). */
  approved?: { approvalId: string; signature: unknown };
}

/** A call's approval requests and responses in the model messages (every one of them, matched by id as the AI SDK does). */
export function approvalPartsOf(messages: readonly unknown[], toolCallId: string): ApprovalParts {
  const requests = new Map<string, unknown>();
  const approvals = new Set<string>();
  eachPart(messages, (part) => {
    const type = ownData(part, 'type');
    const approvalId = ownData(part, 'approvalId');
    if (typeof approvalId !== 'string') return;
    if (type === 'tool-approval-request' && ownData(part, 'toolCallId') === toolCallId) requests.set(approvalId, ownData(part, 'signature'));
    if (type === 'tool-approval-response' && ownData(part, 'approved') === true) approvals.add(approvalId);
  });
  const approvalId = [...requests.keys()].find((id) => approvals.has(id));
  return { asked: requests.size > 0, ...(approvalId !== undefined ? { approved: { approvalId, signature: requests.get(approvalId) } } : {}) };
}

/** A model message that shows `convertToModelMessages` ran without tools: an MCP result sent as raw JSON. */
export function sentWithoutTools(messages: readonly unknown[], isMcp: (toolName: string) => boolean): boolean {
  let sent = false;
  eachPart(messages, (part, message) => {
    const name = ownData(part, 'toolName');
    const output = ownData(part, 'output');
    if (ownData(message, 'role') === 'tool' && ownData(part, 'type') === 'tool-result' && typeof name === 'string' && isMcp(name) && ownData(output, 'type') === 'json' && Array.isArray(ownData(ownData(output, 'value'), 'content'))) sent = true;
  });
  return sent;
}

/**
 * The person's answers in the last UI message that the server has not
 * settled yet (parts in `approval-responded`), each as the call `callOf`
 * makes of its part (parts it makes nothing of are left out).
 */
export function answersInLastMessage<C>(uiMessages: readonly unknown[], callOf: (toolName: string, toolCallId: string, input: unknown, toolMetadata: unknown) => C | undefined): Array<{ call: C; approved: boolean }> {
  const last = (copyArray(uiMessages, 100_000) ?? []).at(-1);
  const answers: Array<{ call: C; approved: boolean }> = [];
  if (ownData(last, 'role') !== 'assistant') return answers;
  eachPart(
    [last],
    (part) => {
      const type = ownData(part, 'type');
      const toolName = type === 'dynamic-tool' ? ownData(part, 'toolName') : typeof type === 'string' && type.startsWith('tool-') ? type.slice(5) : undefined;
      const toolCallId = ownData(part, 'toolCallId');
      const call = ownData(part, 'state') === 'approval-responded' && typeof toolName === 'string' && typeof toolCallId === 'string' ? callOf(toolName, toolCallId, ownData(part, 'input'), ownData(part, 'toolMetadata')) : undefined;
      if (call) answers.push({ call, approved: ownData(ownData(part, 'approval'), 'approved') === true });
    },
    'parts',
  );
  return answers;
}

/** The tool call (name and input) a call id names in the model messages; an empty name when none does. */
export function toolCallIn(modelMessages: readonly unknown[], toolCallId: string): { toolName: string; input: unknown } {
  const found = { toolName: '', input: undefined as unknown };
  eachPart(modelMessages, (part) => {
    if (ownData(part, 'type') !== 'tool-call' || ownData(part, 'toolCallId') !== toolCallId) return;
    const name = ownData(part, 'toolName');
    found.toolName = typeof name === 'string' ? name : '';
    found.input = ownData(part, 'input');
  });
  return found;
}

/**
 * `convertToModelMessages` with the tools it must not be called without:
 * without them `toModelOutput` is skipped and the model would get the user
 * view instead of its own.
 */
export function toModelMessages(messages: UIMessage[], tools: ToolSet): Promise<ModelMessage[]> {
  if (!isRecord(tools)) throw new TypeError('toModelMessages needs the annotated tools: without them the model gets the user view of MCP results.');
  return convertToModelMessages(messages, { tools });
}

