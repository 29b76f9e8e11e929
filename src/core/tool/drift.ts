import { isRecord } from '../shared/issues.js';
import { copyArray, finiteNumber, ownData } from '../shared/read.js';
import { TOOL_HINT_NAMES, UNREADABLE_FINGERPRINT, annotationFingerprint, snapshotTool, resolveToolHints, toolRisk, type ResolvedToolHints, type ToolHintName, type ToolRisk } from './tool-hints.js';
import type { ListToolsResult, Tool } from '../shared/types.js';

/** How one tool changed between two `tools/list` results. */
export interface ToolAnnotationChange {
  name: string;
  kind: 'added' | 'removed' | 'changed';
  before: ResolvedToolHints | undefined;
  after: ResolvedToolHints | undefined;
  riskBefore: ToolRisk | undefined;
  riskAfter: ToolRisk | undefined;
  /** Resolved hints whose value changed. */
  changedHints: ToolHintName[];
  /** True when the tool got riskier: higher risk, newly open-world, or no longer idempotent. */
  escalated: boolean;
}

const RISK_RANK: Record<ToolRisk, number> = { read: 0, write: 1, destructive: 2 };

function byName(tools: unknown): Map<string, Tool> {
  const map = new Map<string, Tool>();
  const list = copyArray(isRecord(tools) ? ownData(tools, 'tools') : tools);
  if (!list) return map;
  for (const item of list) {
    const tool = snapshotTool(item);
    if (tool && tool.name !== '' && !map.has(tool.name)) map.set(tool.name, tool);
  }
  return map;
}

/**
 * Compares two tool lists (arrays or `ListToolsResult`s) and reports every
 * tool whose declared annotations changed, appeared or disappeared, with the
 * hints before and after — e.g. read-only → destructive. Each tool is read
 * once; annotations that cannot be compared count as changed. Never throws.
 */
export function diffToolAnnotations(previous: readonly Tool[] | ListToolsResult | undefined, next: readonly Tool[] | ListToolsResult | undefined): ToolAnnotationChange[] {
  const before = byName(previous);
  const after = byName(next);
  const changes: ToolAnnotationChange[] = [];
  for (const [name, tool] of after) {
    const old = before.get(name);
    // An unreadable fingerprint equals nothing, not even itself: report it as changed.
    const fingerprint = annotationFingerprint(tool);
    if (old && fingerprint !== UNREADABLE_FINGERPRINT && annotationFingerprint(old) === fingerprint) continue;
    const hintsAfter = resolveToolHints(tool);
    const hintsBefore = old ? resolveToolHints(old) : undefined;
    const changedHints = hintsBefore ? TOOL_HINT_NAMES.filter((hint) => hintsBefore[hint] !== hintsAfter[hint] || hintsBefore.declared[hint] !== hintsAfter.declared[hint]) : [];
    const riskBefore = hintsBefore ? toolRisk(hintsBefore) : undefined;
    const riskAfter = toolRisk(hintsAfter);
    const escalated =
      hintsBefore !== undefined &&
      (RISK_RANK[riskAfter] > RISK_RANK[riskBefore!] || (!hintsBefore.openWorld && hintsAfter.openWorld) || (hintsBefore.idempotent && !hintsAfter.idempotent));
    changes.push({ name, kind: old ? 'changed' : 'added', before: hintsBefore, after: hintsAfter, riskBefore, riskAfter, changedHints, escalated });
  }
  for (const [name, tool] of before) {
    if (after.has(name)) continue;
    const hints = resolveToolHints(tool);
    changes.push({ name, kind: 'removed', before: hints, after: undefined, riskBefore: toolRisk(hints), riskAfter: undefined, changedHints: [], escalated: false });
  }
  return changes;
}

/**
 * When a cached `tools/list` result goes stale: `fetchedAt + ttlMs` (spec
 * 2026-07-28), or `null` when the result carries no usable `ttlMs`.
 */
export function toolListExpiresAt(result: ListToolsResult | undefined, fetchedAt: number): number | null {
  // Not a finite number reads as absent (undefined >= 0 is false).
  const ttl = finiteNumber(ownData(result, 'ttlMs'))!;
  return ttl >= 0 ? fetchedAt + ttl : null;
}

/** Whether a cached `tools/list` result is past its `ttlMs`. Without a TTL it never expires by itself. */
export function isToolListStale(result: ListToolsResult | undefined, fetchedAt: number, now: number): boolean {
  const expires = toolListExpiresAt(result, fetchedAt);
  return expires !== null && now >= expires;
}
