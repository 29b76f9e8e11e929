import type { DecisionReason } from './decisions.js';
import { isRecord } from './issues.js';
import { UNREADABLE, ownData } from './read.js';
import type { CallToolResult } from './types.js';

/** MCP progress from `notifications/progress`. */
export interface ToolCallProgress {
  progress: number;
  total?: number | undefined;
  message?: string | undefined;
}

/** A tool call's life, as one discriminated union. */
export type ToolCallStatus =
  | { type: 'awaiting-approval' }
  | { type: 'running'; progress?: ToolCallProgress | undefined }
  | { type: 'success'; result: CallToolResult }
  | { type: 'error'; result?: CallToolResult | undefined; message?: string | undefined }
  | { type: 'blocked'; reasons: readonly DecisionReason[] }
  | { type: 'denied' }
  | { type: 'cancelled' };

/** The `data-state` values of a tool call. */
export type ToolCallState = ToolCallStatus['type'];

/**
 * The `data-state` for a status. A result with `isError` is an error even
 * when reported as success, so the UI never shows a failed call as done.
 */
export function toolCallState(status: ToolCallStatus): ToolCallState {
  if (status.type === 'success' && status.result?.isError === true) return 'error';
  return status.type;
}

/** Progress as a fraction in [0, 1], or `null` when indeterminate. */
export function progressFraction(progress: ToolCallProgress | undefined): number | null {
  if (!progress) return null;
  const { progress: done, total } = progress;
  if (typeof done !== 'number' || typeof total !== 'number' || !Number.isFinite(done) || !Number.isFinite(total) || total <= 0) return null;
  return Math.min(1, Math.max(0, done / total));
}

/**
 * The status for whatever `client.callTool()` returned: `success`, or `error`
 * when the result says `isError` (or is not a result at all). Accepts the
 * SDK's return type as is, so hosts need no cast.
 *
 * @example
 * setStatus(toolCallStatusFromResult(await client.callTool({ name, arguments: args })));
 */
export function toolCallStatusFromResult(result: unknown): ToolCallStatus {
  if (!isRecord(result)) return { type: 'error', message: 'The server returned a result this app cannot read.' };
  const content = ownData(result, 'content');
  if (!Array.isArray(content)) {
    // The SDK's compatibility shape for very old servers: { toolResult }.
    const legacy = ownData(result, 'toolResult');
    if (legacy !== undefined && legacy !== UNREADABLE) return { type: 'success', result: { content: [], structuredContent: legacy } };
    return { type: 'error', message: 'The server returned a result without content.' };
  }
  const normalized = result as unknown as CallToolResult;
  return ownData(result, 'isError') === true ? { type: 'error', result: normalized } : { type: 'success', result: normalized };
}

/** The status for a call that threw (network, timeout, protocol error). */
export function toolCallStatusFromError(error: unknown): ToolCallStatus {
  let message = 'The call failed.';
  try {
    if (error instanceof Error && error.message) message = error.message;
    else if (typeof error === 'string' && error) message = error;
  } catch {
    // Keep the generic message.
  }
  return { type: 'error', message };
}

/**
 * The status for an approval that did not let the call run (`blocked` with
 * its reasons, or `denied`); `undefined` when it may run.
 */
export function toolCallStatusFromApproval(approval: { outcome: 'run' | 'denied' | 'blocked'; decision: { reasons: readonly DecisionReason[] } }): ToolCallStatus | undefined {
  if (approval.outcome === 'blocked') return { type: 'blocked', reasons: approval.decision.reasons };
  if (approval.outcome === 'denied') return { type: 'denied' };
  return undefined;
}
