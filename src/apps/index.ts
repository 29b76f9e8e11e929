// react-mcp-annotations/apps: a consent layer for MCP Apps, framework-free. Nothing here imports ext-apps or the AI SDK.
export { toolVisibility, toolsForModel, toolsForApp, toolSetForModel, type ToolVisibility } from './visibility.js';
export {
  APP_RESOURCE_MIME_TYPE,
  APP_DOMAIN_KINDS,
  APP_PERMISSIONS,
  readAppResource,
  appNeedsConsent,
  appCsp,
  appFrameAttributes,
  withCspMeta,
  cspSource,
  type AppResource,
  type AppGrants,
  type AppFrameAttributes,
  type AppDomainKind,
  type AppPermission,
} from './resource.js';
export { sanitizeFileName, appKind } from './kind.js';
export { createAppGate, AppActionRefused, type AppController, type AppGate, type AppGateOptions } from './gate.js';
export { gateAppBridge, connectGatedAppBridge, type AppBridgeLike } from './bridge.js';
export { aiSdkAppHandlers, aiSdkAllowedPermissions, type AiSdkAppHandlers } from './ai-sdk.js';
export type {
  AppIdentity,
  AppActionRequest,
  AppActionOutcome,
  AppActionResponse,
  AppActionView,
  AppDecision,
  AppDownloadFile,
  AppRecord,
  AppSettled,
  PendingAppAction,
  AppKindTypes,
} from './types.js';
export { appReasonLabels, appReasonMessages, type AppReasonCode } from './messages.js';
