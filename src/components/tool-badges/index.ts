export { ToolBadge, ToolBadges, ToolBadgesRoot, Root, Badge, type ToolBadgeProps, type ToolBadgesProps, type ToolBadgesRootProps } from './tool-badges.js';
