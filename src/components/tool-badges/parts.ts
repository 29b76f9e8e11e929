/** The parts of a badge list, imported as the `ToolBadge` namespace. */
export { ToolBadgeItem as Item, ToolBadgeRoot as Root, type ToolBadgeItemProps as ItemProps, type ToolBadgeRootProps as RootProps } from './tool-badges.js';
