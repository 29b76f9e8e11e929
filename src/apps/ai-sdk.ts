/**
 * The gate as the AI SDK's `MCPAppRenderer` takes it: `handlers` (with
 * `allowedTools` from the tools' visibility) and the sandbox's
 * `allowedPermissions` from what the person granted. Typed structurally:
 * nothing here imports the AI SDK.
 */
import type { AppGate } from './gate.js';
import { APP_PERMISSIONS, type AppPermission } from './resource.js';

/** The `handlers` prop of the AI SDK's `MCPAppRenderer`, every action through the gate. */
export interface AiSdkAppHandlers {
  allowedTools: string[];
  callTool: (params: { name: string; arguments?: Record<string, unknown> }) => Promise<unknown>;
  openLink: (params: { url: string }) => Promise<unknown>;
  sendMessage: (params: unknown) => Promise<unknown>;
  updateModelContext: (params: unknown) => Promise<unknown>;
}

/**
 * `handlers` for `MCPAppRenderer`. The renderer has no download hook, so an
 * app's downloads cannot reach the host there; use `AppBridge` for them.
 */
export function aiSdkAppHandlers(gate: AppGate): AiSdkAppHandlers {
  return {
    allowedTools: gate.allowedTools(),
    callTool: (params) => gate.callTool(params),
    openLink: (params) => gate.openLink(params),
    sendMessage: (params) => gate.sendMessage(params),
    updateModelContext: (params) => gate.updateModelContext(params),
  };
}

/** `sandbox.allowedPermissions` for `MCPAppRenderer`: only what the person granted (`outcome.granted` of the app's load). */
export function aiSdkAllowedPermissions(granted: readonly string[] | undefined): AppPermission[] {
  return APP_PERMISSIONS.filter((name) => granted?.includes(name));
}
