'use client';
/** The "Asked during <tool>" fact both server-request dialogs show for a request tied to a call. */
export function AskedDuring({ callName, label, slot }: { callName: string | undefined; label: string; slot: string }) {
  if (callName === undefined) return null;
  return (
    <div className="mcp-dialog-fact">
      <dt className="mcp-dialog-term">{label}</dt>
      <dd className="mcp-dialog-value">
        <code data-slot={slot} translate="no" className="mcp-machine-name">
          {callName}
        </code>
      </dd>
    </div>
  );
}
