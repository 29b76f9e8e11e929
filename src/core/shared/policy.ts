/**
 * The vocabulary every decision shares: how far a server is trusted, the
 * host's mode, per-tool overrides, what happens and who decided. Malformed
 * values fail closed here, once.
 */

/** How far the host trusts a server. The default everywhere is `untrusted`. */
export type Trust = 'trusted' | 'untrusted';

/**
 * Host-wide policy mode.
 * - `default`: confirmation as trust and hints require.
 * - `always-confirm`: every call is confirmed (high-stakes sessions).
 * - `read-only`: every tool that is not read-only is blocked.
 * - `offline`: every open-world tool is blocked.
 */
export type PolicyMode = 'default' | 'always-confirm' | 'read-only' | 'offline';

/** Host override for one tool name: run without asking (trusted only), always ask, or never run. */
export type ToolOverride = 'allow' | 'confirm' | 'deny';

/** What happens to a request. */
export type DecisionAction = 'run' | 'confirm' | 'block';

/** Who settled a request. */
export type DecidedBy = 'policy' | 'user' | 'remembered';

const MODES: ReadonlySet<unknown> = new Set<PolicyMode>(['default', 'always-confirm', 'read-only', 'offline']);

/** Anything but exactly `'trusted'` is untrusted: typos fail closed. */
export function normalizeTrust(trust: unknown): Trust {
  return trust === 'trusted' ? 'trusted' : 'untrusted';
}

/** Unknown modes become `always-confirm`: typos fail closed. */
export function normalizeMode(mode: unknown): PolicyMode {
  if (mode === undefined) return 'default';
  return MODES.has(mode) ? (mode as PolicyMode) : 'always-confirm';
}
