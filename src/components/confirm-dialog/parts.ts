/** The parts of a tool confirmation, imported as the `ToolConfirm` namespace. */
export {
  ToolConfirmAction as Action,
  ToolConfirmArguments as Arguments,
  ToolConfirmBadges as Badges,
  ToolConfirmCancel as Cancel,
  ToolConfirmContent as Content,
  ToolConfirmDescription as Description,
  ToolConfirmReasons as Reasons,
  ToolConfirmRemember as Remember,
  ToolConfirmRoot as Root,
  ToolConfirmTitle as Title,
  type ToolConfirmArgumentsProps as ArgumentsProps,
  type ToolConfirmButtonProps as ButtonProps,
  type ToolConfirmContentProps as ContentProps,
  type ToolConfirmRootProps as RootProps,
} from './confirm-dialog.js';
