/** The parts of the badge row (`Root`, `Item`), for badges of your own; `ToolBadges` composes them. */
export * as ToolBadge from './parts.js';
export { ToolBadges, type ToolBadgesProps } from './tool-badges.js';
