'use client';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { canOfferRemember, createApprovalStore, type ApprovalStore } from '../../core/approvals.js';
import {
  decideToolCall,
  decisionRecord,
  normalizeTrust,
  type DecidedBy,
  type DecisionReasonCode,
  type DecisionRecord,
  type PolicyMode,
  type ToolDecision,
  type ToolOverride,
  type Trust,
} from '../../core/decisions.js';
import type { Labels } from '../../internal/default-labels.js';
import type { Tool } from '../../core/types.js';
import { LabelsProvider } from '../../internal/labels.js';
import { useUnmount } from '../../internal/use-unmount.js';
import { ToolConfirmDialog, type ConfirmRequest, type ToolConfirmDialogProps } from '../confirm-dialog/confirm-dialog.js';

/** How the host sees one server. */
export interface ServerConfig {
  /** Default `untrusted`. */
  trust?: Trust | undefined;
  /** Name shown to people; default: the server id. */
  name?: string | undefined;
  /** Per-tool overrides for this server, by tool name. */
  overrides?: Readonly<Record<string, ToolOverride>> | undefined;
}

/** One call to decide. */
export interface ApprovalRequest {
  serverId: string;
  /** The tool's definition from `tools/list`; `undefined` when unknown (worst case). */
  tool: Tool | undefined;
  /** The name the call used, when the tool is unknown. */
  toolName?: string | undefined;
  args?: unknown;
}

/** How a request was settled. Every request settles exactly once. */
export interface ApprovalResult {
  outcome: 'run' | 'denied' | 'blocked';
  decidedBy: DecidedBy;
  /** The user asked to remember and the store accepted it. */
  remembered: boolean;
  decision: ToolDecision;
  record: DecisionRecord;
}

/** Props of {@link ToolApprovalProvider}. */
export interface ToolApprovalProviderProps {
  /** Servers by id. Unknown servers are untrusted. */
  servers?: Readonly<Record<string, ServerConfig>> | undefined;
  /** Host-wide mode. Default `default`. */
  mode?: PolicyMode | undefined;
  /** Remembered approvals. Default: a store for this conversation, created once. */
  store?: ApprovalStore | undefined;
  /** Allow "remember" for destructive tools (only used by the default store). Off by default. */
  rememberDestructive?: boolean | undefined;
  /** Every settled request, for the host's log. */
  onDecision?: ((record: DecisionRecord) => void) | undefined;
  /** Text for decision reasons. */
  reasonLabels?: Partial<Record<DecisionReasonCode, string>> | undefined;
  labels?: Partial<Labels> | undefined;
  /** Render your own dialog; receives everything the default one gets. */
  renderDialog?: ((props: ToolConfirmDialogProps) => ReactNode) | undefined;
  /** Clock for decision timestamps. Default `Date.now`. */
  now?: (() => number) | undefined;
  children?: ReactNode;
}

/** What {@link useToolApproval} returns. */
export interface ToolApprovalApi {
  /** Decides a call; asks the user when policy says confirm. The promise always settles. */
  requestApproval(request: ApprovalRequest): Promise<ApprovalResult>;
  /** What policy would say for a call, without asking anyone. */
  previewDecision(request: ApprovalRequest): ToolDecision;
  /** The trust the host gave a server. */
  trustOf(serverId: string): Trust;
  /** The approval store in use. */
  store: ApprovalStore;
  /** Number of confirmations waiting (the first one is on screen). */
  pending: number;
}

interface Pending {
  id: number;
  confirm: ConfirmRequest;
  request: ApprovalRequest;
  settle: (outcome: 'run' | 'denied', remember: boolean, decidedBy?: DecidedBy) => void;
}

const ApprovalContext = createContext<ToolApprovalApi | null>(null);

/**
 * Decides tool calls for everything below it and asks the user one
 * confirmation at a time. Untrusted servers are always asked; nothing is
 * remembered for them. Unmounting denies whatever is still waiting.
 *
 * @example
 * <ToolApprovalProvider servers={{ files: { trust: 'trusted' } }} onDecision={log}>
 *   <Chat />
 * </ToolApprovalProvider>
 */
export function ToolApprovalProvider({ servers, mode, store: storeProp, rememberDestructive, onDecision, reasonLabels, labels, renderDialog, now, children }: ToolApprovalProviderProps) {
  const [ownStore] = useState(() => createApprovalStore({ rememberDestructive }));
  const store = storeProp ?? ownStore;
  const [queue, setQueue] = useState<Pending[]>([]);
  const nextId = useRef(0);
  const live = useRef(new Set<Pending>());
  // Policy config is part of each render's API, so a request made in any effect of
  // the same commit already sees it (a ref updated in the parent's effect would lag
  // behind children's effects). Keyed by content, so inline objects don't churn.
  const configKey = JSON.stringify([servers ?? {}, mode ?? 'default', reasonLabels ?? {}]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- configKey is the content of these three props
  const policy = useMemo(() => ({ servers, mode, reasonLabels }), [configKey]);
  // Callbacks are read when a request settles: the latest commit's are right.
  const latest = useRef({ onDecision, now });
  useEffect(() => {
    latest.current = { onDecision, now };
  });

  const trustOf = useCallback((serverId: string) => normalizeTrust(policy.servers?.[serverId]?.trust), [policy]);

  const evaluate = useCallback(
    (request: ApprovalRequest) => {
      const { servers: config, mode: currentMode, reasonLabels: text } = policy;
      const trust = normalizeTrust(config?.[request.serverId]?.trust);
      const context = { serverId: request.serverId, trust };
      return decideToolCall({
        tool: request.tool,
        toolName: request.toolName,
        trust,
        mode: currentMode,
        overrides: config?.[request.serverId]?.overrides,
        remembered: store.isApproved(request.tool, context),
        annotationsChanged: store.hasChangedSinceApproval(request.tool, context),
        reasonLabels: text,
      });
    },
    [store, policy],
  );

  const requestApproval = useCallback(
    (request: ApprovalRequest) =>
      new Promise<ApprovalResult>((resolve) => {
        const decision = evaluate(request);
        const finish = (outcome: ApprovalResult['outcome'], decidedBy: DecidedBy, remembered: boolean) => {
          const record = decisionRecord(decision, request, { outcome, decidedBy, remembered, timestamp: (latest.current.now ?? Date.now)() });
          try {
            latest.current.onDecision?.(record);
          } finally {
            resolve({ outcome, decidedBy, remembered, decision, record });
          }
        };
        if (decision.action === 'run') return finish('run', decision.decidedBy, false);
        if (decision.action === 'block') return finish('blocked', 'policy', false);
        const trust = decision.trust;
        const canRemember = canOfferRemember(store, decision, request.tool, request.serverId);
        const entry: Pending = {
          id: nextId.current++,
          request,
          confirm: {
            serverId: request.serverId,
            serverName: policy.servers?.[request.serverId]?.name,
            tool: request.tool,
            toolName: request.toolName,
            args: request.args,
            decision,
            canRemember,
          },
          settle: (outcome, remember, decidedBy = 'user') => {
            if (!live.current.delete(entry)) return;
            setQueue((current) => current.filter((item) => item !== entry));
            const remembered = outcome === 'run' && remember && canRemember && store.remember(request.tool, { serverId: request.serverId, trust }).ok;
            finish(outcome, decidedBy, remembered);
          },
        };
        live.current.add(entry);
        setQueue((current) => [...current, entry]);
      }),
    [evaluate, store, policy],
  );

  // Whatever is still waiting when the provider goes away is denied.
  useUnmount(() => {
    for (const entry of [...live.current]) entry.settle('denied', false, 'policy');
  });

  const api = useMemo<ToolApprovalApi>(
    () => ({ requestApproval, previewDecision: evaluate, trustOf, store, pending: queue.length }),
    [requestApproval, evaluate, trustOf, store, queue.length],
  );

  const head = queue[0];
  const content = (
    <ApprovalContext.Provider value={api}>
      {children}
      {head && (
        <DialogSlot
          key={head.id}
          renderDialog={renderDialog}
          props={{ request: head.confirm, onApprove: ({ remember }) => head.settle('run', remember), onDeny: () => head.settle('denied', false) }}
        />
      )}
    </ApprovalContext.Provider>
  );
  return labels ? <LabelsProvider labels={labels}>{content}</LabelsProvider> : content;
}

function DialogSlot({ props, renderDialog }: { props: ToolConfirmDialogProps; renderDialog: ToolApprovalProviderProps['renderDialog'] }) {
  return <>{renderDialog ? renderDialog(props) : <ToolConfirmDialog {...props} />}</>;
}

/**
 * Access to the nearest {@link ToolApprovalProvider}.
 *
 * @example
 * const { requestApproval } = useToolApproval();
 * const { outcome } = await requestApproval({ serverId, tool, args });
 * if (outcome === 'run') await client.callTool({ name: tool.name, arguments: args });
 */
export function useToolApproval(): ToolApprovalApi {
  const api = useContext(ApprovalContext);
  if (!api) throw new Error('useToolApproval() must be used inside <ToolApprovalProvider>.');
  return api;
}

/** The nearest provider, or `null` outside one (for components that work either way). */
export function useOptionalToolApproval(): ToolApprovalApi | null {
  return useContext(ApprovalContext);
}
