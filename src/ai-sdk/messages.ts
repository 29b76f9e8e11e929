/**
 * Readers of what the AI SDK sends back: the approval parts of a tool call in
 * the model messages, the person's answers in the last UI message, and the
 * call an unverifiable approval was for. All read as data, never trusted.
 */
import { copyArray, ownData } from '../core/shared/read.js';

export interface ApprovalParts {
  request?: { approvalId: string; signature: unknown };
  response?: { approved: boolean };
}

/** The approval request and response of one tool call in the model messages, if any. */
export function approvalPartsOf(messages: readonly unknown[], toolCallId: string): ApprovalParts {
  const found: ApprovalParts = {};
  const list = copyArray(messages, 100_000) ?? [];
  for (const message of list) {
    const content = copyArray(ownData(message, 'content'), 10_000);
    if (!content) continue;
    for (const part of content) {
      const type = ownData(part, 'type');
      if (type === 'tool-approval-request' && ownData(part, 'toolCallId') === toolCallId) {
        const approvalId = ownData(part, 'approvalId');
        if (typeof approvalId === 'string') {
          found.request = { approvalId, signature: ownData(part, 'signature') };
        }
      }
      if (type === 'tool-approval-response' && found.request && ownData(part, 'approvalId') === found.request.approvalId) found.response = { approved: ownData(part, 'approved') === true };
    }
  }
  return found;
}

/** A model message that shows `convertToModelMessages` ran without tools: an MCP result sent as raw JSON. */
export function sentWithoutTools(messages: readonly unknown[], isMcp: (toolName: string) => boolean): boolean {
  for (const message of copyArray(messages, 100_000) ?? []) {
    if (ownData(message, 'role') !== 'tool') continue;
    for (const part of copyArray(ownData(message, 'content'), 10_000) ?? []) {
      if (ownData(part, 'type') !== 'tool-result') continue;
      const name = ownData(part, 'toolName');
      const output = ownData(part, 'output');
      if (typeof name === 'string' && isMcp(name) && ownData(output, 'type') === 'json' && Array.isArray(ownData(ownData(output, 'value'), 'content'))) return true;
    }
  }
  return false;
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
  for (const part of copyArray(ownData(last, 'parts'), 10_000) ?? []) {
    if (ownData(part, 'state') !== 'approval-responded') continue;
    const type = ownData(part, 'type');
    const toolName = type === 'dynamic-tool' ? ownData(part, 'toolName') : typeof type === 'string' && type.startsWith('tool-') ? type.slice(5) : undefined;
    const toolCallId = ownData(part, 'toolCallId');
    const call = typeof toolName === 'string' && typeof toolCallId === 'string' ? callOf(toolName, toolCallId, ownData(part, 'input'), ownData(part, 'toolMetadata')) : undefined;
    if (call) answers.push({ call, approved: ownData(ownData(part, 'approval'), 'approved') === true });
  }
  return answers;
}

/** The tool call (name and input) a call id names in the model messages; an empty name when none does. */
export function toolCallIn(modelMessages: readonly unknown[], toolCallId: string): { toolName: string; input: unknown } {
  let toolName = '';
  let input: unknown;
  for (const message of copyArray(modelMessages, 100_000) ?? []) {
    for (const part of copyArray(ownData(message, 'content'), 10_000) ?? []) {
      if (ownData(part, 'type') === 'tool-call' && ownData(part, 'toolCallId') === toolCallId) {
        const name = ownData(part, 'toolName');
        toolName = typeof name === 'string' ? name : '';
        input = ownData(part, 'input');
      }
    }
  }
  return { toolName, input };
}
