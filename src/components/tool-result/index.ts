export { ToolResult, type ToolResultProps } from './tool-result.js';
