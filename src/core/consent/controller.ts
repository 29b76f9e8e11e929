/**
 * The approval controller: one framework-free object that decides every
 * consent a host needs — tool calls, and the requests servers send
 * (elicitation, sampling) — in one queue, at most one on screen, each
 * settled exactly once and recorded. It is the composition of three parts:
 * the queue (queue.ts), the one flow every request takes (flow.ts) and one
 * module per request kind (kinds/), put together by the engine (engine.ts).
 * React subscribes to it with `useSyncExternalStore`; a Node backend can use
 * it directly.
 */
import { createConsentController } from './engine.js';
import { serverKinds } from './kinds/server-kinds.js';
import type { ApprovalController, ApprovalControllerOptions } from './types.js';

export type * from './types.js';

/**
 * Creates the controller for one conversation: tool confirmations,
 * elicitations and sampling reviews in one queue, at most one on screen.
 *
 * @example
 * const approvals = createApprovalController({ servers: { files: { trust: 'trusted' } }, onDecision: log });
 * const { outcome } = await approvals.requestApproval({ serverId: 'files', tool, args });
 * if (outcome === 'run') await client.callTool({ name: tool.name, arguments: args });
 */
export function createApprovalController(options: ApprovalControllerOptions = {}): ApprovalController {
  options ??= {};
  return createConsentController(options, serverKinds);
}

/**
 * A controller for tool calls only: the same queue, flow and records, without
 * the elicitation and sampling modules (a server's elicitation or sampling
 * request is declined unasked, recorded as blocked with `elicitation-off` /
 * `sampling-off`). For hosts — and servers, such as the AI SDK route — that
 * only confirm tool calls and should not pay for the rest.
 */
export function createToolApprovalController(options: ApprovalControllerOptions = {}): ApprovalController {
  options ??= {};
  return createConsentController(options, {});
}
