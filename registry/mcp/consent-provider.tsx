'use client';
// From the react-mcp-annotations registry: the package's ConsentProvider, showing the copied
// dialogs. The provider decides what runs, what asks and what is blocked; these only show it.
import { ConsentProvider, elicitationKind, samplingKind, toolKind, type ConsentProviderProps } from 'react-mcp-annotations';
import { McpElicitationDialog } from '@/components/mcp/elicitation-dialog';
import { McpSamplingDialog } from '@/components/mcp/sampling-dialog';
import { McpToolConfirm } from '@/components/mcp/tool-confirm';

const kinds = [toolKind(), elicitationKind(), samplingKind()];
const dialogs = { tool: McpToolConfirm, elicitation: McpElicitationDialog, sampling: McpSamplingDialog };

/**
 * `ConsentProvider` showing the copied dialogs: tool calls, elicitation and sampling (your
 * `kinds` or `controller` replace those three; your `components` win over the copied ones).
 */
export function McpConsentProvider(props: ConsentProviderProps) {
  const components = { ...dialogs, ...props.components };
  return props.controller ? <ConsentProvider {...props} components={components} /> : <ConsentProvider kinds={kinds} {...props} components={components} />;
}
