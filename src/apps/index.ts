// react-mcp-annotations/apps: a consent layer for MCP Apps, framework-free. Nothing here imports ext-apps or the AI SDK.
export { toolSetForModel, toolsForModel } from './visibility.js';
export {
  APP_RESOURCE_MIME_TYPE,
  readAppResource,
  appCsp,
  appFrameAttributes,
  type AppResource,
  type AppPermission,
} from './resource.js';
export { appKind } from './kind.js';
export { createAppGate, type AppGate, type AppGateOptions } from './gate.js';
export { gateAppBridge, connectGatedAppBridge } from './bridge.js';
export { aiSdkAllowedPermissions, aiSdkAppHandlers } from './ai-sdk.js';
export type {
  AppIdentity,
  AppActionResponse,
  AppDownloadFile,
  AppRecord,
  PendingAppAction,
  AppKindTypes,
} from './types.js';
