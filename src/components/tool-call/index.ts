export * as ToolCall from './parts.js';
export { ToolCallCard, type ToolCallCardProps } from './tool-call-card.js';
