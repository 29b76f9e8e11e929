/**
 * The app gate: every action an MCP App asks of the host goes through the
 * consent engine before anything happens. One gate per rendered app (one UI
 * resource on one server). It speaks the MCP Apps request shapes
 * (`tools/call`, `ui/open-link`, `ui/message`, `ui/update-model-context`,
 * `ui/download-file`, `sampling/createMessage`), so it plugs into ext-apps'
 * `AppBridge` (`gateAppBridge`) or the AI SDK's `MCPAppRenderer`
 * (`aiSdkAppHandlers`) alike.
 */
import type { ConsentControllerCore, ConsentController, ElicitationKindTypes, SamplingKindTypes, SamplingRequest, ToolKindTypes } from '../core/consent/index.js';
import { isObjectLike, numberOption, ownData } from '../core/shared/read.js';
import type { Tool } from '../core/shared/types.js';
import { appReason, type AppDecisionReasonCode } from './messages.js';
import type { AppActionOutcome, AppActionRequest, AppDownloadFile, AppIdentity, AppKindTypes, AppSettled } from './types.js';
import { toolsForApp, toolsOf, toolVisibility } from './visibility.js';

/** A controller that also decides MCP Apps' actions. */
export type AppController = ConsentController<ToolKindTypes | ElicitationKindTypes | SamplingKindTypes | AppKindTypes>;

/** What the host does once an action is allowed. An action without its handler is refused (recorded). */
export interface AppGateOptions {
  /** The consent controller, built with the app kind (`appKind()`) and the tool and sampling kinds; an action of a kind it lacks is refused. */
  controller: ConsentControllerCore;
  /** Which app asks: its server and UI resource (and `fingerprint` from `readAppResource`). */
  app: AppIdentity;
  /** This server's current `tools/list` result (or its tools), read at every call. */
  tools: () => unknown;
  /** Runs an allowed tool call on the app's own server (e.g. `client.callTool`). */
  callTool: (params: { name: string; arguments?: Record<string, unknown> | undefined }) => Promise<unknown>;
  /** Opens an allowed `https` link. Default: a new browsing context with `noopener`. */
  openUrl?: ((url: string) => void | Promise<void>) | undefined;
  /** Posts an allowed message as the person. */
  sendMessage?: ((content: unknown[]) => void | Promise<void>) | undefined;
  /** Keeps the allowed model context (each update replaces the last). */
  updateModelContext?: ((context: { content: unknown[]; structuredContent?: string | undefined }) => void | Promise<void>) | undefined;
  /** Saves an allowed file (name already sanitised). */
  download?: ((file: AppDownloadFile) => void | Promise<void>) | undefined;
  /** The host's model, for an app's sampling requests (reviewed like a server's). Without it, they are refused. */
  sample?: SamplingRequest['sample'];
  /**
   * At most `count` sampling requests per `windowMs` from this app, and as
   * many from all the apps of its server together on this controller (ten
   * instances of one server share one budget); the rest are refused unasked.
   * Default 3 per minute. A value that is not a finite number reads as absent.
   */
  samplingLimit?: { count: number; windowMs: number } | undefined;
  /** Clock for the rate limit. Default `Date.now`. */
  now?: (() => number) | undefined;
}

/** A refused request, as the app sees it. */
export class AppActionRefused extends Error {
  constructor(readonly outcome: 'denied' | 'blocked' | 'replaced') {
    super(outcome === 'denied' ? 'The person refused this request.' : outcome === 'replaced' ? 'A newer update replaced this one.' : 'The host does not allow this request.');
    this.name = 'AppActionRefused';
  }
}

/** The gate's handlers, in MCP Apps' request shapes. */
export interface AppGate {
  callTool(params: unknown): Promise<Record<string, unknown>>;
  openLink(params: unknown): Promise<{ isError?: boolean }>;
  sendMessage(params: unknown): Promise<{ isError?: boolean }>;
  updateModelContext(params: unknown): Promise<Record<string, never>>;
  downloadFile(params: unknown): Promise<{ isError?: boolean }>;
  createSamplingMessage(params: unknown): Promise<Record<string, unknown>>;
  /**
   * The model calls a tool the app registered (the host calls into the app):
   * decided like a server's tool under the app's server trust, asked unless
   * it declares that it only reads, the prompt naming the app; recorded as
   * the app's. Resolves whether to run it.
   */
  approveAppToolCall(tool: unknown, args?: unknown): Promise<boolean>;
  /** The tools this app may call now (its server's tools visible to apps). */
  allowedTools(): string[];
  /** Withdraws everything this app still has waiting (the app was closed). */
  dispose(): void;
}

const refusedCall = (outcome: 'denied' | 'blocked') => ({ isError: true, content: [{ type: 'text', text: new AppActionRefused(outcome).message }] });

function defaultOpenUrl(url: string): void {
  const open = (globalThis as { open?: (url: string, target: string, features: string) => unknown }).open;
  if (typeof open !== 'function') throw new Error('No way to open links here: pass openUrl.');
  open(url, '_blank', 'noopener,noreferrer');
}

// Sampling times of all the apps of one server on one controller: the server's budget, shared.
const serverSampling = new WeakMap<object, Map<string, number[]>>();

/** Whether one more fits `count` per `windowMs`, dropping the times that left the window. */
function fits(times: number[], at: number, count: number, windowMs: number): boolean {
  while (times.length > 0 && at - times[0]! >= windowMs) times.shift();
  return times.length < count;
}

/** Builds the gate for one app. Never throws on what the app sends; refusals come back as MCP errors. */
export function createAppGate(options: AppGateOptions): AppGate {
  const { controller, app } = options;
  const pending = new Set<AbortController>();
  let contextUpdate: AbortController | undefined;
  const samplingTimes: number[] = [];
  const now = options.now ?? Date.now;

  // The kinds the gate asks through, by the controller's public verbs.
  const consent = controller as ConsentControllerCore<ToolKindTypes | SamplingKindTypes | AppKindTypes>;
  const request = (action: AppActionRequest['action'], signal?: AbortSignal): Promise<AppActionOutcome | null> => {
    if (!consent.has('app')) return Promise.resolve(null);
    const abort = new AbortController();
    pending.add(abort);
    const onAbort = () => abort.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    return consent.request('app', { app, action, signal: abort.signal }).finally(() => {
      pending.delete(abort);
      signal?.removeEventListener('abort', onAbort);
    });
  };
  // What another kind settled (the tool or sampling consent), recorded as this app's.
  const record = (type: 'tool-call' | 'sampling', toolName: string | undefined, settled: AppSettled) => request({ type, ...(toolName !== undefined ? { toolName } : {}), settled });
  // Refused by the gate before any kind decided it: recorded as the app's, with the reason alone.
  const refuse = async (type: 'tool-call' | 'sampling', toolName: string | undefined, code: AppDecisionReasonCode): Promise<void> => {
    if (consent.has('app')) await consent.refuse('app', { app, action: { type, ...(toolName !== undefined ? { toolName } : {}) } }, appReason(code));
  };
  const listed = (): Tool[] => {
    try {
      return toolsOf(options.tools());
    } catch {
      return [];
    }
  };
  // Runs an allowed action's handler; a missing handler or one that throws is the app's error, never the host's crash.
  const perform = async (outcome: AppActionOutcome | null, run: (() => void | Promise<void>) | undefined): Promise<{ isError?: boolean }> => {
    if (!outcome || outcome.outcome !== 'allowed' || !run) return { isError: true };
    try {
      await run();
      return {};
    } catch {
      return { isError: true };
    }
  };

  return {
    async callTool(params) {
      const name = ownData(params, 'name');
      const args = ownData(params, 'arguments');
      if (typeof name !== 'string' || name === '') {
        await refuse('tool-call', undefined, 'request-invalid');
        return refusedCall('blocked');
      }
      const tool = listed().find((entry) => entry.name === name);
      if (!tool) {
        // Not this server's tool: another server's (refused: apps stay on their own server) or nobody's.
        await refuse('tool-call', name, consent.shadowsOf(app.serverId, name).length > 0 ? 'app-cross-server' : 'unknown-tool');
        return refusedCall('blocked');
      }
      if (!toolVisibility(tool).app) {
        await refuse('tool-call', name, 'app-tool-not-for-app');
        return refusedCall('blocked');
      }
      if (!consent.has('tool')) {
        await refuse('tool-call', name, 'request-invalid');
        return refusedCall('blocked');
      }
      // Decided like any call (trust, mode, remembered, taint); the tool kind asks a person for an app's call that may write.
      const abort = new AbortController();
      pending.add(abort);
      const result = await consent.request('tool', { serverId: app.serverId, tool, args: isObjectLike(args) ? args : {}, signal: abort.signal, app: { resourceUri: app.resourceUri, name: app.name, version: app.version } });
      pending.delete(abort);
      const outcome = result.outcome === 'run' ? 'allowed' : result.outcome;
      await record('tool-call', name, { outcome, decidedBy: result.decidedBy, reasons: result.decision.reasons });
      if (result.outcome !== 'run') return refusedCall(result.outcome);
      try {
        const value = await options.callTool({ name, ...(isObjectLike(args) ? { arguments: args } : {}) });
        return isObjectLike(value) ? value : { content: [] };
      } catch (error) {
        return { isError: true, content: [{ type: 'text', text: error instanceof Error ? error.message : 'The tool call failed.' }] };
      }
    },
    async openLink(params) {
      const outcome = await request({ type: 'open-link', url: ownData(params, 'url') });
      const view = outcome?.action;
      const href = view?.type === 'open-link' && view.url?.secure ? view.url.href : undefined;
      return perform(outcome, href ? () => (options.openUrl ?? defaultOpenUrl)(href) : undefined);
    },
    async sendMessage(params) {
      if (ownData(params, 'role') !== 'user') {
        await request({ type: 'message', content: [] });
        return { isError: true };
      }
      const outcome = await request({ type: 'message', content: ownData(params, 'content') });
      const view = outcome?.action;
      return perform(outcome, view?.type === 'message' && options.sendMessage ? () => options.sendMessage!(view.content) : undefined);
    },
    async updateModelContext(params) {
      // Only the latest update counts: a newer one withdraws the one still waiting.
      contextUpdate?.abort();
      const mine = new AbortController();
      contextUpdate = mine;
      const outcome = await request({ type: 'model-context', content: ownData(params, 'content'), structuredContent: ownData(params, 'structuredContent') }, mine.signal);
      const view = outcome?.action;
      const result = await perform(outcome, view?.type === 'model-context' && options.updateModelContext && contextUpdate === mine ? () => options.updateModelContext!({ content: view.content, ...(view.structuredContent !== undefined ? { structuredContent: view.structuredContent } : {}) }) : undefined);
      if (contextUpdate !== mine) throw new AppActionRefused('replaced');
      if (result.isError) throw new AppActionRefused(outcome?.outcome === 'denied' ? 'denied' : 'blocked');
      return {};
    },
    async downloadFile(params) {
      const outcome = await request({ type: 'download', contents: ownData(params, 'contents') });
      const view = outcome?.action;
      return perform(
        outcome,
        view?.type === 'download' && options.download
          ? async () => {
              for (const file of view.files) await options.download!(file);
            }
          : undefined,
      );
    },
    async createSamplingMessage(params) {
      const count = numberOption(ownData(options.samplingLimit, 'count'), 3, 0, Number.MAX_SAFE_INTEGER, true);
      const windowMs = numberOption(ownData(options.samplingLimit, 'windowMs'), 60_000, 1, Number.MAX_SAFE_INTEGER);
      const at = now();
      let servers = serverSampling.get(controller);
      if (!servers) serverSampling.set(controller, (servers = new Map()));
      const serverTimes = servers.get(app.serverId) ?? [];
      servers.set(app.serverId, serverTimes);
      if (!fits(samplingTimes, at, count, windowMs) || !fits(serverTimes, at, count, windowMs)) {
        await refuse('sampling', undefined, 'app-rate-limited');
        throw new AppActionRefused('blocked');
      }
      samplingTimes.push(at);
      serverTimes.push(at);
      const abort = new AbortController();
      pending.add(abort);
      if (!consent.has('sampling')) {
        pending.delete(abort);
        await refuse('sampling', undefined, 'sampling-off');
        throw new AppActionRefused('blocked');
      }
      const result = await consent.request('sampling', { serverId: app.serverId, params, sample: options.sample, callName: app.name ?? app.resourceUri, signal: abort.signal, blocking: false });
      pending.delete(abort);
      const outcome = result.outcome === 'approved' ? 'allowed' : result.outcome === 'failed' ? 'blocked' : result.outcome;
      await record('sampling', undefined, { outcome, decidedBy: result.record.decidedBy, reasons: result.record.reasons });
      if (result.outcome !== 'approved' || !result.result) throw new AppActionRefused(outcome === 'denied' ? 'denied' : 'blocked');
      return result.result;
    },
    async approveAppToolCall(tool, args) {
      const name = ownData(tool, 'name');
      if (!isObjectLike(tool) || typeof name !== 'string' || name === '') {
        await refuse('tool-call', undefined, 'request-invalid');
        return false;
      }
      if (!consent.has('tool')) {
        await refuse('tool-call', name, 'request-invalid');
        return false;
      }
      const result = await consent.request('tool', { serverId: app.serverId, tool: tool as unknown as Tool, args: isObjectLike(args) ? args : {}, app: { resourceUri: app.resourceUri, name: app.name, version: app.version } });
      await record('tool-call', name, { outcome: result.outcome === 'run' ? 'allowed' : result.outcome, decidedBy: result.decidedBy, reasons: result.decision.reasons });
      return result.outcome === 'run';
    },
    allowedTools: () => toolsForApp(listed()).map((tool) => tool.name),
    dispose() {
      for (const abort of pending) abort.abort();
      pending.clear();
    },
  };
}
