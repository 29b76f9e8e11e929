// Guide: the provider shows each kind's prompts with its component (compiled by `npm run typecheck`).
import type { ReactNode } from 'react';
import { ConsentProvider, ElicitationDialog, SamplingDialog, elicitationKind, samplingKind, toolKind } from 'react-mcp-annotations';

const kinds = [toolKind(), elicitationKind(), samplingKind()];

export function Consent({ children }: { children: ReactNode }) {
  return (
    <ConsentProvider kinds={kinds} components={{ elicitation: ElicitationDialog, sampling: SamplingDialog }}>
      {children}
    </ConsentProvider>
  );
}
