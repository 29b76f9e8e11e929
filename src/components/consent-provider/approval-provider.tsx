'use client';
import { createElement } from 'react';
import { elicitationKind, samplingKind, toolKind } from '../../core/consent/index.js';
import { ToolConfirmDialog } from '../tool-confirm/tool-confirm-dialog.js';
import { ElicitationDialog } from '../elicitation/elicitation-dialog.js';
import { SamplingDialog } from '../sampling/sampling-dialog.js';
import { ConsentProvider, type ConsentComponents, type ConsentProviderProps } from './consent-provider.js';

/** Props of {@link ToolApprovalProvider}. @deprecated `ConsentProviderProps`. */
export type ToolApprovalProviderProps = ConsentProviderProps;

const DEFAULT_COMPONENTS: ConsentComponents = { tool: ToolConfirmDialog, elicitation: ElicitationDialog, sampling: SamplingDialog };
const kinds = [toolKind(), elicitationKind(), samplingKind()] as const;

/**
 * The 0.3 provider: `ConsentProvider` with the tool, elicitation and sampling
 * kinds and their three dialogs.
 *
 * @deprecated `<ConsentProvider kinds={[toolKind(), elicitationKind(), samplingKind()]} components={{ elicitation: ElicitationDialog, sampling: SamplingDialog }}>`
 * (or a `controller` built with those kinds): a host then ships only the dialogs it passes.
 */
export function ToolApprovalProvider(props: ToolApprovalProviderProps) {
  const components = props.components ? { ...DEFAULT_COMPONENTS, ...props.components } : DEFAULT_COMPONENTS;
  return props.controller ? createElement(ConsentProvider, { ...props, components }) : createElement(ConsentProvider, { kinds, ...props, components });
}
ToolApprovalProvider.displayName = 'ToolApprovalProvider';
