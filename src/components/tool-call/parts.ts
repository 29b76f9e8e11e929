/** The parts of a tool call, imported as the `ToolCall` namespace; `ToolCallCard` composes them all. */
export {
  ToolCallApproval as Approval,
  ToolCallArguments as Arguments,
  ToolCallBadges as Badges,
  ToolCallError as Error,
  ToolCallHeader as Header,
  ToolCallNotice as Notice,
  ToolCallProgress as Progress,
  ToolCallResult as Result,
  ToolCallRetry as Retry,
  ToolCallRetryNote as RetryNote,
  ToolCallRoot as Root,
  type ToolCallHeaderProps as HeaderProps,
  type ToolCallResultProps as ResultProps,
  type ToolCallRootProps as RootProps,
} from './tool-call.js';
