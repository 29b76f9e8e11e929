'use client';
// The provider's context and the hooks that read it, apart from the provider
// itself (which renders every consent dialog): a card or a badge that only
// reads trust or its own prompt does not pull the dialogs into a bundle.
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { ApprovalStore } from '../../core/tool/approvals.js';
import type { ApprovalRequest, ApprovalResult, ConsentController, ConsentControllerCore, KindTypes, PendingToolApproval, ToolKindTypes } from '../../core/consent/index.js';
import { normalizeTrust, type Trust } from '../../core/shared/policy.js';
import { type ToolDecision } from '../../core/tool/decide.js';

/** Where tool confirmations appear: one dialog at a time, or inside each call's card. */
export type ApprovalUI = 'dialog' | 'inline';

/** What {@link useToolApproval} returns. Stable: it never changes while the provider lives. */
export interface ToolApprovalApi {
  /** Decides a call; asks the user when policy says confirm. Always resolves, never rejects. */
  requestApproval(request: ApprovalRequest): Promise<ApprovalResult>;
  /** What policy would say for a call, without asking anyone. */
  previewDecision(request: ApprovalRequest): ToolDecision;
  /** The trust the host gave a server. */
  trustOf(serverId: string): Trust;
  /** Resets the taint guard. */
  resetTaint(): void;
  /** The approval store in use. */
  store: ApprovalStore;
  /** The controller behind the provider. */
  controller: ConsentControllerCore<KindTypes>;
}

/** Internal: what the provider shares with its parts. */
export interface Shared {
  controller: ConsentControllerCore<KindTypes>;
  api: ToolApprovalApi;
  approvalUI: ApprovalUI;
  /** Cards register their element so focus can return to the call when a dialog closes. */
  cards: Map<string, HTMLElement>;
}

/** Internal: the provider's stable value. */
export const ProviderContext = createContext<Shared | null>(null);


function useShared(hook: string): Shared {
  const shared = useContext(ProviderContext);
  if (!shared) throw new Error(`${hook} must be used inside <ConsentProvider>.`);
  return shared;
}

/**
 * Access to the nearest {@link ConsentProvider}. The returned object is
 * stable, so calling this does not re-render a component when requests come
 * and go.
 *
 * @example
 * const { requestApproval } = useToolApproval();
 * const { outcome } = await requestApproval({ serverId, tool, args, callId });
 * if (outcome === 'run') await client.callTool({ name: tool.name, arguments: args });
 */
export function useToolApproval(): ToolApprovalApi {
  return useShared('useToolApproval()').api;
}

/** The nearest provider's API, or `null` outside one (for components that work either way). */
export function useOptionalToolApproval(): ToolApprovalApi | null {
  return useContext(ProviderContext)?.api ?? null;
}

/**
 * The controller of the nearest provider, typed by the kinds you say it was
 * built with (default: the tool kind).
 *
 * @example
 * const consent = useConsentController<ToolKindTypes | ElicitationKindTypes>();
 */
export function useConsentController<T extends KindTypes = ToolKindTypes>(): ConsentController<T> {
  return useShared('useConsentController()').controller as unknown as ConsentController<T>;
}

const noSubscribe = () => () => {};

/** How many prompts are waiting (every kind). Re-renders only when the number changes. */
export function usePendingCount(): number {
  const { controller } = useShared('usePendingCount()');
  return useSyncExternalStore(controller.subscribe, () => controller.getSnapshot().queue.length, () => 0);
}


/** Whether the taint guard has tripped in this conversation. */
export function useTaintState(): boolean {
  const { controller } = useShared('useTaintState()');
  return useSyncExternalStore(controller.subscribe, () => controller.getSnapshot().tainted, () => false);
}

/**
 * The trust of a server as the nearest provider sees it, re-rendering only
 * when it changes; `fallback` (normalised) outside a provider or without a
 * server id. Inside a provider, a `fallback` of `untrusted` can only make it
 * more cautious, never less.
 */
export function useServerTrust(serverId: string | undefined, fallback?: Trust | undefined): Trust {
  const shared = useContext(ProviderContext);
  const controller = shared?.controller;
  const subscribe = controller && serverId !== undefined ? controller.subscribe : noSubscribe;
  const fromProvider = useSyncExternalStore(
    subscribe,
    () => (controller && serverId !== undefined ? controller.trustOf(serverId) : undefined),
    () => (controller && serverId !== undefined ? controller.trustOf(serverId) : undefined),
  );
  if (fromProvider === undefined) return normalizeTrust(fallback);
  return fallback !== undefined && normalizeTrust(fallback) === 'untrusted' ? 'untrusted' : fromProvider;
}

const NO_SHADOWS: readonly string[] = [];

/**
 * The other servers whose tool lists offer this name (the provider's
 * `toolLists`): a shadowed name is flagged wherever the tool is shown. `[]`
 * outside a provider or when none.
 */
export function useToolShadows(serverId: string | undefined, toolName: string | undefined): readonly string[] {
  const shared = useContext(ProviderContext);
  const controller = shared?.controller;
  const active = controller !== undefined && serverId !== undefined && toolName !== undefined && toolName !== '';
  // A string snapshot: equal lists compare equal, so nothing re-renders for an unchanged answer.
  const read = () => (active ? controller.shadowsOf(serverId, toolName).join('\u0000') : '');
  const key = useSyncExternalStore(active ? controller.subscribe : noSubscribe, read, read);
  return useMemo(() => (key === '' ? NO_SHADOWS : key.split('\u0000')), [key]);
}

/** The prompt waiting for one call, if any. Re-renders only when that prompt changes. */
export function usePendingApproval(callId: string | undefined): PendingToolApproval | undefined {
  const shared = useContext(ProviderContext);
  const controller = shared?.controller;
  const select = useCallback(
    (): PendingToolApproval | undefined => (controller && callId !== undefined ? (controller.getSnapshot().queue.find((item) => item.kind === 'tool' && item.callId === callId) as PendingToolApproval | undefined) : undefined),
    [controller, callId],
  );
  const item = useSyncExternalStore(controller && callId !== undefined ? controller.subscribe : noSubscribe, select, () => undefined);
  return item?.kind === 'tool' ? item : undefined;
}

/** Internal: what cards need from the provider without re-rendering on queue changes. */
export function useApprovalShared(): Shared | null {
  return useContext(ProviderContext);
}
