export { ToolCallCard, type ToolCallCardProps } from './tool-call-card.js';
