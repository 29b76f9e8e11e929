/**
 * A controller's types come from the kinds it was built with: the
 * `@ts-expect-error` lines fail to compile (in `npm run typecheck`) if a
 * tool-only controller let elicitation, sampling or app types in.
 */
import { describe, expect, it } from 'vitest';
import { createConsentController, elicitationKind, samplingKind, toolKind, type ConsentRecord, type PendingToolApproval } from '../../src/core/index.js';
import { appKind } from '../../src/apps/index.js';

const tools = createConsentController({ kinds: [toolKind()] });
type ToolPending = ReturnType<typeof tools.getSnapshot>['queue'][number];
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// The pending union of a tool-only controller is the tool prompt, and nothing else.
export const pendingIsToolOnly: Exactly<ToolPending, PendingToolApproval> = true;
export const onlyToolKind: ToolPending['kind'] = 'tool';
// @ts-expect-error A tool-only controller has no elicitation prompts...
export const noElicitation: ToolPending['kind'] = 'elicitation';
// @ts-expect-error ... no sampling prompts...
export const noSampling: ToolPending['kind'] = 'sampling';
// @ts-expect-error ... and no app prompts.
export const noApp: ToolPending['kind'] = 'app';
// Its records are tool records.
export const recordIsTool: Exactly<Parameters<NonNullable<Parameters<typeof createConsentController<[ReturnType<typeof toolKind>]>>[0]['onDecision']>>[0], ConsentRecord & { kind: 'tool' }> = true;

export function verbs() {
  void tools.requestApproval({ serverId: 's', tool: undefined });
  void tools.previewDecision({ serverId: 's', tool: undefined });
  // @ts-expect-error No elicitation verb without the elicitation kind.
  void tools.requestElicitation;
  // @ts-expect-error No sampling verb without the sampling kind.
  void tools.requestSampling;
  // @ts-expect-error No app verb without the app kind.
  void tools.requestAppAction;
  // @ts-expect-error `request` takes only its kinds.
  void tools.request('sampling', { serverId: 's', params: {} });
  // @ts-expect-error An answer must fit its kind.
  tools.respond('id', { action: 'accept' });
}

// Built with more kinds, it has their verbs and prompts.
const every = createConsentController({ kinds: [toolKind(), elicitationKind(), samplingKind(), appKind()] });
export type EveryKind = ReturnType<typeof every.getSnapshot>['queue'][number]['kind'];
export const all: EveryKind[] = ['tool', 'elicitation', 'sampling', 'app'];
export function moreVerbs() {
  void every.requestElicitation({ serverId: 's', params: {} });
  void every.requestSampling({ serverId: 's', params: {} });
  void every.request('app', { app: { serverId: 's', resourceUri: 'ui://x' }, action: { type: 'open-link', url: 'https://example.com' } });
}

describe('controller types', () => {
  it('follow the kinds at run time too', () => {
    expect(tools.kinds).toEqual(['tool']);
    expect('requestElicitation' in tools).toBe(false);
    expect(every.kinds).toEqual(all);
    expect(typeof every.requestAppAction).toBe('function');
  });
});
