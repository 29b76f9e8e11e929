/**
 * The built-in kinds as most tests use them: a controller and a provider
 * with tool calls, elicitation and sampling (and the apps' one with the app
 * kind too), built the way a host builds them.
 */
import { createConsentController, elicitationKind, samplingKind, toolKind, type ConsentRecord, type ConsentSettings, type ElicitationKindTypes, type SamplingKindTypes, type ToolKindTypes } from '../../src/core/index.js';
import type { ApprovalController } from '../../src/core/consent/built-in.js';
import { ConsentProvider, ElicitationDialog, SamplingDialog, useConsentController, type ConsentProviderProps } from '../../src/index.js';
import { appKind, type AppKindTypes } from '../../src/apps/index.js';
import type { AppController } from '../../src/apps/gate.js';

/** Tool calls, elicitation and sampling. */
export const builtInKinds = () => [toolKind(), elicitationKind(), samplingKind()] as const;

/** A controller with the three built-in kinds. */
export function createBuiltInController(options: ConsentSettings<ConsentRecord> = {}): ApprovalController {
  return createConsentController({ ...options, kinds: builtInKinds() });
}

/** A controller with the three built-in kinds and the app kind. */
export function createAppsController(options: ConsentSettings<ConsentRecord | AppKindTypes['record']> = {}): AppController {
  return createConsentController({ ...options, kinds: [...builtInKinds(), appKind()] });
}

const kinds = builtInKinds();
const components = { elicitation: ElicitationDialog, sampling: SamplingDialog };

/** `ConsentProvider` with the three built-in kinds and their dialogs (a `controller` given is used as it is). */
export function BuiltInProvider(props: ConsentProviderProps) {
  const all = { ...components, ...props.components };
  return props.controller ? <ConsentProvider {...props} components={all} /> : <ConsentProvider kinds={kinds} {...props} components={all} />;
}

/** The provider's controller, typed with the three built-in kinds. */
export const useBuiltInController = () => useConsentController<ToolKindTypes | ElicitationKindTypes | SamplingKindTypes>();
