/**
 * Wiring the gate into ext-apps' `AppBridge` (1.7.x for SDK 1.x, 2.0.x for
 * SDK v2: the same handler names). `connect()` replaces `oncalltool` with a
 * forwarder to the server whenever the bridge has a client and the server
 * has tools, so a gate set before it would be lost: the gate is installed
 * after `connect()`, and checked.
 */
import type { AppGate } from './gate.js';

/** The part of `AppBridge` the gate uses (typed structurally: nothing here imports ext-apps). */
export interface AppBridgeLike {
  connect(transport: never): Promise<void>;
  oncalltool?: ((params: never, extra: never) => Promise<unknown>) | undefined;
  onopenlink?: ((params: never, extra: never) => Promise<unknown>) | undefined;
  onmessage?: ((params: never, extra: never) => Promise<unknown>) | undefined;
  onupdatemodelcontext?: ((params: never, extra: never) => Promise<unknown>) | undefined;
  ondownloadfile?: ((params: never, extra: never) => Promise<unknown>) | undefined;
  // ext-apps declares a setter only.
  oncreatesamplingmessage?: ((params: never, extra: never) => Promise<unknown>) | undefined;
}

type Handler = 'oncalltool' | 'onopenlink' | 'onmessage' | 'onupdatemodelcontext' | 'ondownloadfile' | 'oncreatesamplingmessage';

/** Sets every app-initiated request handler of a connected bridge to the gate; returns the tool-call handler it set. Call it after `await bridge.connect(…)`. */
export function gateAppBridge(bridge: AppBridgeLike, gate: AppGate): (params: unknown) => Promise<unknown> {
  const target = bridge as unknown as Record<Handler, (params: unknown) => Promise<unknown>>;
  const callTool = (params: unknown) => gate.callTool(params);
  target.oncalltool = callTool;
  target.onopenlink = (params) => gate.openLink(params);
  target.onmessage = (params) => gate.sendMessage(params);
  target.onupdatemodelcontext = (params) => gate.updateModelContext(params);
  target.ondownloadfile = (params) => gate.downloadFile(params);
  target.oncreatesamplingmessage = (params) => gate.createSamplingMessage(params);
  return callTool;
}

/**
 * Connects the bridge, then installs the gate, so `connect()` cannot replace
 * it, and checks that the tool-call handler in place is the gate's; if not,
 * the bridge is closed and the promise rejects.
 */
export async function connectGatedAppBridge<T>(bridge: AppBridgeLike & { close?: () => Promise<void> }, transport: T, gate: AppGate): Promise<void> {
  await bridge.connect(transport as never);
  const callTool = gateAppBridge(bridge, gate);
  if ((bridge as { oncalltool?: unknown }).oncalltool === callTool) return;
  await bridge.close?.();
  throw new Error('The app bridge did not keep the consent gate; the app was closed.');
}
