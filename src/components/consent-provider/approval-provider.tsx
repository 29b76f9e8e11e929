'use client';
import { createApprovalController } from '../../core/consent/controller.js';
import { ToolConfirmDialog } from '../tool-confirm/tool-confirm-dialog.js';
import { ElicitationDialog } from '../elicitation/elicitation-dialog.js';
import { SamplingDialog } from '../sampling/sampling-dialog.js';
import { ConsentProvider, type ConsentComponents, type ToolApprovalProviderProps } from './consent-provider.js';

export type {
  ApprovalRequest,
  ApprovalResult,
  ConsentComponents,
  ServerConfig,
  ToolApprovalProviderBaseProps,
  ToolApprovalProviderControllerProps,
  ToolApprovalProviderCreationProps,
  ToolApprovalProviderOptionsProps,
  ToolApprovalProviderPolicyProps,
  ToolApprovalProviderProps,
} from './consent-provider.js';

const DEFAULT_COMPONENTS: ConsentComponents = { tool: ToolConfirmDialog, elicitation: ElicitationDialog, sampling: SamplingDialog };

/**
 * Decides tool calls and server requests for everything below it and asks
 * the user, one prompt at a time (or inline in each card), with every
 * built-in dialog: `ConsentProvider` with `createApprovalController` and
 * `components` defaulting to `ToolConfirmDialog`, `ElicitationDialog` and
 * `SamplingDialog` (replace one, or leave it out with `null`). A host that
 * only confirms tool calls pays less with `ConsentProvider`.
 *
 * @example
 * <ToolApprovalProvider servers={{ files: { trust: 'trusted' } }} onDecision={log}>
 *   <Chat />
 * </ToolApprovalProvider>
 */
export function ToolApprovalProvider(props: ToolApprovalProviderProps) {
  const components = props.components ? { ...DEFAULT_COMPONENTS, ...props.components } : DEFAULT_COMPONENTS;
  // The deprecated renderDialog replaces the default tool dialog, as it always did.
  const withRender = props.renderDialog && props.components?.tool === undefined ? { ...components, tool: undefined } : components;
  return props.controller ? <ConsentProvider {...props} components={withRender} /> : <ConsentProvider createController={createApprovalController} {...props} components={withRender} />;
}
ToolApprovalProvider.displayName = 'ToolApprovalProvider';
