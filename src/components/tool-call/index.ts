/** The parts of a tool call card, for a layout of your own; `ToolCallCard` composes them. */
export * as ToolCall from './parts.js';
export { ToolCallCard, type ToolCallCardProps } from './tool-call-card.js';
