export { ToolSummary, type ToolSummaryProps } from './tool-summary.js';
