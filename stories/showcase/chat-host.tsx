import { useCallback, useEffect, useRef, useState } from 'react';
import { ConsentProvider, ToolCallCard, ToolSummary, toolCallStatusFromApproval, useTaintState, useToolApproval, type ApprovalUI, type ConsentRecord, type ToolCallStatus, type Viewer } from '../../src/index.js';
import type { PolicyMode } from '../../src/core/shared/policy.js';
import { DELETE_RESULT, README_RESULT, SEARCH_RESULT, SERVERS, SERVER_TOOLS, SHOWCASE_NOW, TOOLS } from './data.js';
import styles from './chat-host.module.css';

type Item =
  | { kind: 'message'; id: string; role: 'user' | 'assistant'; text: string }
  | { kind: 'call'; id: string; serverId: string; toolName: string; args: unknown; status: ToolCallStatus };

const INITIAL: Item[] = [
  { kind: 'message', id: 'm1', role: 'user', text: 'Can you summarise our README and tidy up my old notes?' },
  { kind: 'message', id: 'm2', role: 'assistant', text: 'Sure — I’ll read the README first.' },
  { kind: 'call', id: 'c1', serverId: 'files', toolName: 'read_text_file', args: { path: '/workspace/acme-app/README.md' }, status: { type: 'success', result: README_RESULT } },
  { kind: 'message', id: 'm3', role: 'assistant', text: 'The README explains how to start the app. Now let me look for old notes.' },
  { kind: 'call', id: 'c2', serverId: 'notes', toolName: 'search_notes', args: { query: 'older than 90 days' }, status: { type: 'success', result: SEARCH_RESULT } },
  { kind: 'message', id: 'm4', role: 'assistant', text: 'I found three notes older than 90 days. I’d like to delete them.' },
  { kind: 'call', id: 'c3', serverId: 'notes', toolName: 'delete_notes', args: { ids: [4812, 4907, 5012], reason: 'older than 90 days' }, status: { type: 'awaiting-approval' } },
];

/** The host's side of the conversation: a script that calls tools through the approval provider. */
function Transcript({ viewer, approvalUI }: { viewer: Viewer; approvalUI: ApprovalUI }) {
  const { requestApproval } = useToolApproval();
  const [items, setItems] = useState<Item[]>(INITIAL);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const setStatus = useCallback((id: string, status: ToolCallStatus) => {
    setItems((list) => list.map((item) => (item.kind === 'call' && item.id === id ? { ...item, status } : item)));
  }, []);

  // Runs an approved call: simulated MCP progress notifications, then the result.
  const execute = useCallback(
    (id: string) => {
      [0, 1, 2, 3].forEach((step) => {
        timers.current.push(
          setTimeout(() => {
            setStatus(id, step < 3 ? { type: 'running', progress: { progress: step, total: 3, message: `Deleting note ${step + 1} of 3` } } : { type: 'success', result: DELETE_RESULT });
          }, step * 350),
        );
      });
    },
    [setStatus],
  );

  const review = useCallback(
    async (item: Extract<Item, { kind: 'call' }>) => {
      const result = await requestApproval({ serverId: item.serverId, tool: TOOLS[item.toolName], args: item.args, callId: item.id });
      const refused = toolCallStatusFromApproval(result);
      if (refused) setStatus(item.id, refused);
      else execute(item.id);
    },
    [requestApproval, setStatus, execute],
  );

  const pending = items.find((item): item is Extract<Item, { kind: 'call' }> => item.kind === 'call' && item.status.type === 'awaiting-approval');
  // Inline, the waiting card asks right where it is.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (approvalUI !== 'inline' || !pending || asked.current === pending.id) return;
    asked.current = pending.id;
    void review(pending);
  }, [approvalUI, pending, review]);

  return (
    <>
      <ol className={styles.transcript} aria-label="Conversation">
        {items.map((item) =>
          item.kind === 'message' ? (
            <li key={item.id} className={styles.message} data-role={item.role}>
              <span className={styles.author}>{item.role === 'user' ? 'You' : 'Assistant'}</span>
              <p>{item.text}</p>
            </li>
          ) : (
            <li key={item.id} className={styles.call}>
              <ToolCallCard
                headingLevel={2}
                callId={item.id}
                serverId={item.serverId}
                tool={TOOLS[item.toolName]}
                args={item.args}
                status={item.status}
                onCancel={() => {
                  timers.current.forEach(clearTimeout);
                  setStatus(item.id, { type: 'cancelled' });
                }}
                resultProps={{ viewer, order: 'priority', collapseBelow: 0.4, staleAfterMs: 90 * 86_400_000, now: SHOWCASE_NOW, live: false, timeZone: 'UTC' }}
              />
            </li>
          ),
        )}
      </ol>
      <div className={styles.composer}>
        {pending && approvalUI === 'dialog' ? (
          <button type="button" className={styles.primary} onClick={() => review(pending)}>
            Review the pending tool call
          </button>
        ) : (
          <p className={styles.muted}>{pending ? 'The waiting call asks in its card.' : 'No tool call is waiting.'}</p>
        )}
      </div>
    </>
  );
}

function TaintNotice() {
  const tainted = useTaintState();
  const { resetTaint } = useToolApproval();
  if (!tainted) return null;
  return (
    <p className={styles.notice} role="status">
      Content from outside this app is in the conversation: writes and outside calls ask first.{' '}
      <button type="button" className={styles.linkButton} onClick={resetTaint}>
        Reset
      </button>
    </p>
  );
}

/** A composed chat host: two servers (one trusted), badges, a confirmation, results with mixed audiences. */
export function ChatHost() {
  const [viewer, setViewer] = useState<Viewer>('user');
  const [mode, setMode] = useState<PolicyMode>('default');
  const [approvalUI, setApprovalUI] = useState<ApprovalUI>('dialog');
  const [taintGuard, setTaintGuard] = useState(false);
  const [log, setLog] = useState<ConsentRecord[]>([]);
  const onDecision = useCallback((record: ConsentRecord) => setLog((list) => [...list, record]), []);
  return (
    <ConsentProvider servers={SERVERS} mode={mode} approvalUI={approvalUI} taintGuard={taintGuard} onDecision={onDecision}>
      <div className={styles.app}>
        <header className={styles.header}>
          <h1 className={styles.title}>Acme Assistant</h1>
          <fieldset className={styles.segmented}>
            <legend>View</legend>
            {(['user', 'assistant'] as const).map((value) => (
              <label key={value}>
                <input type="radio" name="viewer" value={value} checked={viewer === value} onChange={() => setViewer(value)} />
                {value === 'user' ? 'User view' : 'Assistant (debug) view'}
              </label>
            ))}
          </fieldset>
          <label className={styles.select}>
            Host mode
            <select value={mode} onChange={(event) => setMode(event.currentTarget.value as PolicyMode)}>
              <option value="default">Default</option>
              <option value="always-confirm">Always confirm</option>
              <option value="read-only">Read-only</option>
              <option value="offline">Offline</option>
            </select>
          </label>
          <label className={styles.select}>
            Approvals
            <select value={approvalUI} onChange={(event) => setApprovalUI(event.currentTarget.value as ApprovalUI)}>
              <option value="dialog">In a dialog</option>
              <option value="inline">In the card</option>
            </select>
          </label>
          <label className={styles.select}>
            <input type="checkbox" checked={taintGuard} onChange={(event) => setTaintGuard(event.currentTarget.checked)} /> Taint guard
          </label>
        </header>
        <main className={styles.main}>
          <TaintNotice />
          <Transcript key={approvalUI} viewer={viewer} approvalUI={approvalUI} />
        </main>
        <aside className={styles.aside} aria-label="Connected servers">
          <h2 className={styles.asideTitle}>Connected servers</h2>
          {Object.entries(SERVERS).map(([id, server]) => (
            <section key={id} className={styles.server} aria-labelledby={`server-${id}`}>
              <h3 id={`server-${id}`} className={styles.serverName}>
                {server.name} <span className={styles.trust} data-trust={server.trust}>{server.trust === 'trusted' ? 'Trusted' : 'Not trusted'}</span>
              </h3>
              <p className={styles.muted}>{server.description}</p>
              {SERVER_TOOLS[id]!.map((name) => (
                <ToolSummary key={name} tool={TOOLS[name]} serverId={id} />
              ))}
            </section>
          ))}
          <details className={styles.log}>
            <summary>Decision log ({log.length})</summary>
            <ol>
              {log.map((record, i) => (
                <li key={i}>
                  <code>
                    {record.kind === 'tool' ? `${record.serverId}/${record.toolName}` : `${record.serverId} ${record.kind}`}: {record.outcome} by {record.decidedBy} ({record.kind === 'tool' ? `${record.risk}, ` : ''}
                    {record.trust})
                  </code>
                </li>
              ))}
            </ol>
          </details>
        </aside>
      </div>
    </ConsentProvider>
  );
}
