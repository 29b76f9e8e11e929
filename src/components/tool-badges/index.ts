export * as ToolBadge from './parts.js';
export { ToolBadges, type ToolBadgesProps } from './tool-badges.js';
