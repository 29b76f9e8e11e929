// A task-augmented call with the SDK's experimental task client: each status becomes the card's status.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { toolCallStatusFromError, toolCallStatusFromResult, toolCallStatusFromTask, type ToolCallStatus } from 'react-mcp-annotations';

export async function callAsTask(client: Client, name: string, args: Record<string, unknown>, setStatus: (status: ToolCallStatus) => void) {
  let status: ToolCallStatus = { type: 'running' };
  for await (const message of client.experimental.tasks.callToolStream({ name, arguments: args }, undefined, { timeout: 600_000 })) {
    if (message.type === 'taskCreated' || message.type === 'taskStatus') setStatus((status = toolCallStatusFromTask(message.task, status)));
    if (message.type === 'result') setStatus(toolCallStatusFromResult(message.result));
    if (message.type === 'error') setStatus(toolCallStatusFromError(message.error));
  }
  // Cancel: client.experimental.tasks.cancelTask(taskId); after a cancel, treat a stream error as the cancellation.
}
