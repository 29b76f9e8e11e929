/**
 * One chat's consent state for one request to the route: loaded once from
 * the chat store, decided through a consent controller built on it, with the
 * records of a decision held until the state is saved (a decision that could
 * not be saved is reported as what it became: refused, `store-unavailable`).
 */
import { createConsentController, toolKind, type ConsentController, type ConsentPolicy, type DecisionRecord, type ToolKindTypes } from '../core/consent/index.js';
import type { Tool } from '../core/shared/types.js';
import { aiSdkReason, type AiSdkReasonCode } from './reasons.js';
import { McpChatStoreError, type McpChatConsent, type McpChatStore } from './store.js';

/** One MCP tool call, as the adapter asks about it. */
export interface McpCall {
  serverId: string;
  tool: Tool;
  toolName: string;
  args: unknown;
  callId: string;
}

/** What a session needs. */
export interface ChatSessionOptions extends Pick<ConsentPolicy, 'servers' | 'mode' | 'taintGuard'> {
  chatId: string;
  store: McpChatStore;
  onDecision?: ((record: DecisionRecord) => void) | undefined;
}

/** The chat's state, once loaded. */
export interface OpenedChat {
  consent: McpChatConsent;
  controller: ConsentController<ToolKindTypes>;
}

/** The session of one request. */
export interface ChatSession {
  /** Loads the chat's state (once): an unreachable store rejects with `McpChatStoreError`. */
  open(): Promise<OpenedChat>;
  /** The loaded state, when it is: used without an await (every await delays the call). */
  ready(): OpenedChat | undefined;
  /** Refuses a call for an adapter's reason, recorded at once (never held). Returns the reason. */
  refuse(code: AiSdkReasonCode, call: McpCall): ReturnType<typeof aiSdkReason>;
  /** The chat store failed for a call: reported, and the call refused (`store-unavailable`). Anything else is thrown again. */
  unavailable(error: unknown, call: McpCall): ReturnType<typeof aiSdkReason>;
  /** Holds the records of one call until its state is saved. */
  hold(callId: string): DecisionRecord[];
  /** Stops holding a call's records (without reporting them). */
  release(callId: string): void;
  /**
   * Runs a decision, then saves the chat's state; only then are its held
   * records reported. When the state cannot be saved, the call is refused
   * (`store-unavailable`) and `ifUnsaved` is what it became.
   */
  settle<T>(call: McpCall, decide: () => Promise<T>, ifUnsaved: (reason: ReturnType<typeof aiSdkReason>) => T, records?: DecisionRecord[]): Promise<T>;
}

/** Opens the session of one request. */
export function createChatSession(options: ChatSessionOptions): ChatSession {
  const { chatId, store } = options;
  // A host's logging bug must not turn a refusal into a run.
  const emit = (record: DecisionRecord) => {
    try {
      options.onDecision?.(record);
    } catch {
      // ignored
    }
  };
  const policy = { servers: options.servers, mode: options.mode, taintGuard: options.taintGuard };
  // Records wait until the chat's state is saved.
  const held = new Map<string, DecisionRecord[]>();
  // Refusals need no chat state (they are made when it cannot be read, too): their own controller, reported at once.
  let refusals: ConsentController<ToolKindTypes> | undefined;
  let loading: Promise<OpenedChat> | undefined;
  let loaded: OpenedChat | undefined;

  const open = () =>
    (loading ??= store.consent(chatId).then(
      (consent) =>
        (loaded = {
          consent,
          controller: createConsentController({
            ...policy,
            kinds: [toolKind()],
            store: consent.approvals,
            onDecision(record) {
              const hold = record.callId !== undefined ? held.get(record.callId) : undefined;
              if (hold) hold.push(record);
              else emit(record);
            },
          }),
        }),
    ));

  const hold = (callId: string) => {
    const records: DecisionRecord[] = [];
    held.set(callId, records);
    return records;
  };

  const refuse: ChatSession['refuse'] = (code, call) => {
    const reason = aiSdkReason(code);
    refusals ??= createConsentController({ ...policy, kinds: [toolKind()], onDecision: emit });
    // Settled (and recorded) within this call: the flow refuses synchronously.
    void refusals.refuse('tool', call, reason);
    return reason;
  };

  const unavailable: ChatSession['unavailable'] = (error, call) => {
    if (!McpChatStoreError.isInstance(error)) throw error;
    store.reportError(error);
    return refuse('store-unavailable', call);
  };

  return {
    open,
    ready: () => loaded,
    refuse,
    unavailable,
    hold,
    release: (callId) => void held.delete(callId),
    async settle(call, decide, ifUnsaved, records = hold(call.callId)) {
      let value;
      try {
        value = await decide();
        const { consent } = loaded ?? (await open());
        if (consent.pending()) await consent.flush();
      } catch (error) {
        return ifUnsaved(unavailable(error, call));
      } finally {
        held.delete(call.callId);
      }
      records.forEach(emit);
      return value;
    },
  };
}
