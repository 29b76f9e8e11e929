import type { DecisionReason } from './decisions.js';
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
