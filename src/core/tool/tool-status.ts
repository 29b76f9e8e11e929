import type { DecisionReason } from '../text/reasons.js';
import { sanitizeText } from '../text/sanitize.js';
import { isRecord } from '../shared/issues.js';
import { UNREADABLE, ownData, readOwn } from '../shared/read.js';
import type { CallToolResult } from '../shared/types.js';
import type { ToolCallErrorCode } from '../text/messages.js';

/** MCP progress from `notifications/progress`. */
export interface ToolCallProgress {
  progress: number;
  total?: number | undefined;
  message?: string | undefined;
}

/** A background task behind a call (spec 2025-11-25 tasks), as the card shows it. */
export interface ToolTaskInfo {
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  /** The server's words for where the task is. */
  statusMessage?: string | undefined;
}

/** A tool call's life, as one discriminated union. */
export type ToolCallStatus =
  | { type: 'awaiting-approval' }
  | { type: 'running'; progress?: ToolCallProgress | undefined; task?: ToolTaskInfo | undefined }
  /** The call waits for the person's answer (a task's `input_required`, or a 2026-07-28 `input_required` result). */
  | { type: 'input-required'; message?: string | undefined; task?: ToolTaskInfo | undefined }
  | { type: 'success'; result: CallToolResult }
  /**
   * `message` is the server's (or the SDK's) words; `code` says why in this
   * app's words, formatted from the message table (`status.<code>`).
   */
  | { type: 'error'; result?: CallToolResult | undefined; message?: string | undefined; code?: ToolCallErrorCode | undefined; task?: ToolTaskInfo | undefined }
  | { type: 'blocked'; reasons: readonly DecisionReason[] }
  | { type: 'denied' }
  | { type: 'cancelled'; message?: string | undefined; task?: ToolTaskInfo | undefined };

/** The `data-state` values of a tool call. */
export type ToolCallState = ToolCallStatus['type'];

const STATUS_TYPES: ReadonlySet<unknown> = new Set<ToolCallState>(['awaiting-approval', 'running', 'input-required', 'success', 'error', 'blocked', 'denied', 'cancelled']);

/**
 * A status as the card reads it, however the host built it (by hand, from
 * JSON, from an old version): a copy of its own data fields of the right
 * kind (the others left out, a blocked call's unreadable reasons too); a
 * success without a result is an error, and anything that is not a status
 * at all an error the card can show ("This app cannot show this tool
 * call."). Never throws.
 */
export function readToolCallStatus(status: unknown): ToolCallStatus {
  const type = ownData(status, 'type');
  if (!STATUS_TYPES.has(type)) return { type: 'error', code: 'part-unreadable' };
  const field = (key: string) => {
    const value = ownData(status, key);
    return isRecord(value) ? value : undefined;
  };
  const result = field('result');
  if (type === 'success' && !result) return { type: 'error', code: 'result-unreadable' };
  const task = field('task');
  const progress = field('progress');
  const data = readOwn;
  const taskState = data(task, 'status');
  const code = ownData(status, 'code');
  const reasons = ownData(status, 'reasons');
  return {
    type,
    message: data(status as Record<string, unknown>, 'message'),
    // Copies of own data: what the parts read cannot change, or throw, under them.
    progress: progress && { progress: data(progress, 'progress'), total: data(progress, 'total'), message: data(progress, 'message') },
    task: task && { taskId: data(task, 'taskId'), status: typeof taskState === 'string' ? taskState : undefined, statusMessage: data(task, 'statusMessage') },
    result,
    code: typeof code === 'string' ? code : undefined,
    reasons: Array.isArray(reasons) ? reasons.filter(isRecord) : type === 'blocked' ? [] : undefined,
  } as ToolCallStatus;
}

/**
 * The `data-state` for a status. A result with `isError` is an error even
 * when reported as success, so the UI never shows a failed call as done.
 * A status that cannot be read is an error.
 */
export function toolCallState(status: ToolCallStatus): ToolCallState {
  const read = readToolCallStatus(status);
  if (read.type === 'success' && ownData(read.result, 'isError') === true) return 'error';
  return read.type;
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
  if (!isRecord(result)) return { type: 'error', code: 'result-unreadable' };
  // Protocol 2026-07-28: only a `complete` result is final; `input_required` waits for the person.
  const resultType = ownData(result, 'resultType');
  if (resultType === 'input_required') return { type: 'input-required' };
  if (resultType !== undefined && resultType !== 'complete') return { type: 'error', code: 'result-unknown' };
  const content = ownData(result, 'content');
  if (!Array.isArray(content)) {
    // The SDK's compatibility shape for very old servers: { toolResult }.
    const legacy = ownData(result, 'toolResult');
    if (legacy !== undefined && legacy !== UNREADABLE) return { type: 'success', result: { content: [], structuredContent: legacy } };
    return { type: 'error', code: 'result-no-content' };
  }
  const normalized = result as unknown as CallToolResult;
  return ownData(result, 'isError') === true ? { type: 'error', result: normalized } : { type: 'success', result: normalized };
}

/** The status for a call that threw (network, timeout, protocol error); `cancelled` for an `AbortError` (the call was aborted). */
export function toolCallStatusFromError(error: unknown): ToolCallStatus {
  let message: string | undefined;
  let aborted = false;
  try {
    if (error instanceof Error && error.message) message = error.message;
    else if (typeof error === 'string' && error) message = error;
    // An aborted call (the host's AbortSignal, or the person's Stop) was cancelled, not failed.
    aborted = typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
  } catch {
    // Keep the generic code.
  }
  if (aborted) return message === undefined ? { type: 'cancelled' } : { type: 'cancelled', message };
  return message === undefined ? { type: 'error', code: 'call-failed' } : { type: 'error', message };
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

const TASK_STATUSES: ReadonlySet<unknown> = new Set(['working', 'input_required', 'completed', 'failed', 'cancelled']);

/** Longest task status message shown, in code points. */
export const TASK_MESSAGE_MAX_LENGTH = 500;

// working and input_required alternate; completed, failed and cancelled are final.
const TASK_ORDER: Readonly<Record<ToolTaskInfo['status'], number>> = { working: 0, input_required: 0, completed: 1, failed: 1, cancelled: 1 };

/** The task state a status last showed, when it came from a task. */
function previousTaskStatus(previous: ToolCallStatus | undefined): ToolTaskInfo | undefined {
  if (!previous) return undefined;
  if (previous.type === 'running' || previous.type === 'input-required' || previous.type === 'error' || previous.type === 'cancelled') return previous.task;
  return undefined;
}

function isTerminalStatus(previous: ToolCallStatus): boolean {
  switch (previous.type) {
    case 'success':
    case 'error':
    case 'cancelled':
    case 'denied':
    case 'blocked':
      return true;
    case 'running':
      return previous.task?.status === 'completed';
    default:
      return false;
  }
}

/**
 * The status for a task update (`taskCreated` / `taskStatus` from the SDK's
 * `callToolStream`, or `tasks/get`): working, waiting for input, failed or
 * cancelled. A completed task keeps running until its result arrives. An
 * unreadable task is an error.
 */
export function toolCallStatusFromTask(task: unknown, previous?: ToolCallStatus): ToolCallStatus {
  const taskId = ownData(task, 'taskId');
  const status = ownData(task, 'status');
  if (typeof taskId !== 'string' || !TASK_STATUSES.has(status)) return { type: 'error', code: 'task-unreadable' };
  const raw = ownData(task, 'statusMessage');
  // Server text: direction and invisible characters shown, length bounded.
  const message = typeof raw === 'string' ? sanitizeText(raw, TASK_MESSAGE_MAX_LENGTH).text : undefined;
  const info: ToolTaskInfo = { taskId, status: status as ToolTaskInfo['status'], ...(message ? { statusMessage: message } : {}) };
  // Status only moves forward: after a final state (completed, failed, cancelled, a result), a late update changes nothing.
  const before = previousTaskStatus(previous);
  if (previous && (before === undefined || before.taskId === taskId)) {
    if (isTerminalStatus(previous)) return previous;
    if (before !== undefined && TASK_ORDER[info.status] < TASK_ORDER[before.status]) return previous;
  }
  switch (info.status) {
    case 'input_required':
      return { type: 'input-required', task: info, ...(info.statusMessage ? { message: info.statusMessage } : {}) };
    case 'failed':
      return info.statusMessage ? { type: 'error', message: info.statusMessage, task: info } : { type: 'error', code: 'task-failed', task: info };
    case 'cancelled':
      return { type: 'cancelled', task: info, ...(info.statusMessage ? { message: info.statusMessage } : {}) };
    default:
      return { type: 'running', task: info, ...(previous?.type === 'running' && previous.progress ? { progress: previous.progress } : {}) };
  }
}

/**
 * The progress to show after a `notifications/progress`: the new one only
 * when it moved forward. Replayed or out-of-order notifications (which a
 * resumed stream can deliver) never move a bar backwards.
 */
export function nextProgress(previous: ToolCallProgress | undefined, next: unknown): ToolCallProgress | undefined {
  const value = ownData(next, 'progress');
  if (typeof value !== 'number' || !Number.isFinite(value)) return previous;
  if (previous && value <= previous.progress) return previous;
  const total = ownData(next, 'total');
  const message = ownData(next, 'message');
  return { progress: value, ...(typeof total === 'number' && Number.isFinite(total) ? { total } : {}), ...(typeof message === 'string' ? { message } : {}) };
}

/** Longest status message (progress, task, error, cancel) shown, in code points. */
export const STATUS_MESSAGE_MAX_LENGTH = TASK_MESSAGE_MAX_LENGTH;

/**
 * The message a status carries, as a person may read it: progress message,
 * task status message, error or cancel text — server text, so direction and
 * invisible characters are shown and the length is bounded, however the
 * status was built. `undefined` when there is none.
 */
export function statusMessage(given: ToolCallStatus): string | undefined {
  const status = readToolCallStatus(given);
  let raw: unknown;
  switch (status.type) {
    case 'running':
      raw = status.progress?.message ?? status.task?.statusMessage;
      break;
    case 'input-required':
      raw = status.message ?? status.task?.statusMessage;
      break;
    case 'error':
    case 'cancelled':
      raw = status.message;
      break;
    default:
      return undefined;
  }
  const text = sanitizeText(raw, STATUS_MESSAGE_MAX_LENGTH).text;
  return text === '' ? undefined : text;
}
