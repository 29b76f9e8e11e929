import { isRecord, report, type AnnotationIssueHandler } from '../shared/issues.js';
import { finiteNumber } from '../shared/read.js';

/** Priority used for blocks that declare none, unless the host picks another. */
export const DEFAULT_NEUTRAL_PRIORITY = 0.5;

/** Options for reading priorities. */
export interface PriorityOptions<T = unknown> {
  /** Priority given to blocks without a usable one. Default 0.5. */
  neutral?: number | undefined;
  onAnnotationIssue?: AnnotationIssueHandler | undefined;
  /** Reads an item's priority; defaults to the block's `annotations.priority`. */
  priorityOf?: ((item: T, index: number) => number | undefined) | undefined;
}

/**
 * A usable priority: a finite number clamped to [0, 1] (clamping is
 * reported); anything else (`"high"`, `NaN`, `Infinity`, `null`) is
 * `undefined` and reported when present.
 */
export function normalizePriority(value: unknown, onIssue?: AnnotationIssueHandler, path = 'annotations.priority'): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    report(onIssue, 'priority-invalid', path, 'The priority is not a finite number; it is ignored.', value);
    return undefined;
  }
  if (value < 0 || value > 1) {
    report(onIssue, 'priority-out-of-range', path, 'The priority is outside [0, 1]; it was clamped.', value);
    return value < 0 ? 0 : 1;
  }
  return value;
}

/** The declared priority of a block, normalised; `undefined` when absent or unusable. */
export function blockPriority(block: unknown, onIssue?: AnnotationIssueHandler, path = 'block'): number | undefined {
  if (!isRecord(block) || !isRecord(block.annotations)) return undefined;
  const value = block.annotations.priority;
  // Fast path for the common, valid case.
  if (typeof value === 'number' && value >= 0 && value <= 1) return value;
  return normalizePriority(value, onIssue, `${path}.annotations.priority`);
}

/** Returns a function giving each item's effective priority (absent = neutral). */
function effectivePriority<T>(options: PriorityOptions<T>): (item: T, index: number) => number {
  // A neutral that is not a finite number reads as absent.
  const neutral = Math.min(1, Math.max(0, finiteNumber(options.neutral) ?? DEFAULT_NEUTRAL_PRIORITY));
  const onIssue = options.onAnnotationIssue;
  // Issue paths are only built when there is someone to tell.
  const read = options.priorityOf ?? ((item: T, index: number) => blockPriority(item, onIssue, onIssue && `blocks[${index}]`));
  return (item, index) => {
    const p = read(item, index);
    // A host's priorityOf that answers NaN or a non-number sorts as neutral.
    return typeof p === 'number' && !Number.isNaN(p) ? p : neutral;
  };
}

/**
 * Blocks sorted by priority, highest first. Stable: ties keep the server's
 * order. Blocks without a usable priority sort as `neutral` (default 0.5).
 * Returns a new array; the input is not changed.
 */
export function orderByPriority<T>(blocks: readonly T[], options: PriorityOptions<T> = {}): T[] {
  options ??= {};
  // A list that is not one (a result without content, from plain JavaScript) orders as empty.
  if (!Array.isArray(blocks)) return [];
  const priorityOf = effectivePriority(options);
  const n = blocks.length;
  const priorities = new Float64Array(n);
  for (let i = 0; i < n; i++) priorities[i] = priorityOf(blocks[i]!, i);
  // A counting sort over the distinct priorities (few in practice): stable by
  // construction, and the only comparison sort is the platform's numeric one.
  const distinct = Float64Array.from(new Set(priorities)).sort().reverse();
  const rank = new Map<number, number>();
  for (let k = 0; k < distinct.length; k++) rank.set(distinct[k]!, k);
  const starts = new Uint32Array(distinct.length + 1);
  const ranks = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const k = rank.get(priorities[i]!)!;
    ranks[i] = k;
    starts[k + 1]!++;
  }
  for (let k = 1; k < starts.length; k++) starts[k]! += starts[k - 1]!;
  const out = new Array<T>(n);
  for (let i = 0; i < n; i++) out[starts[ranks[i]!]!++] = blocks[i]!;
  return out;
}

/** Blocks split around a threshold; both parts keep the input order. */
export interface PrioritySplit<T> {
  /** Blocks whose priority is at or above the threshold. */
  shown: T[];
  /** Blocks below the threshold, to fold into a disclosure. */
  folded: T[];
}

/**
 * Splits blocks for "collapse below a threshold": a block is folded when its
 * priority (absent = neutral) is strictly below `threshold`.
 */
export function splitByPriority<T>(blocks: readonly T[], threshold: number, options: PriorityOptions<T> = {}): PrioritySplit<T> {
  options ??= {};
  const priorityOf = effectivePriority(options);
  const shown: T[] = [];
  const folded: T[] = [];
  if (!Array.isArray(blocks)) return { shown, folded };
  // Every index (a hole too), as orderByPriority counts them: nothing is lost between the two.
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!;
    (priorityOf(block, index) < threshold ? folded : shown).push(block);
  }
  return { shown, folded };
}
