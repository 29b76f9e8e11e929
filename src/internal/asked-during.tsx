'use client';
/** The "Asked during <tool>" fact both server-request dialogs show for a request tied to a call. */
export function AskedDuring({ callName, label, slot }: { callName: string | undefined; label: string; slot: string }) {
  if (callName === undefined) return null;
  return (
    <div data-slot="dialog-fact">
      <dt data-slot="dialog-term">{label}</dt>
      <dd data-slot="dialog-value">
        <code data-slot={slot} translate="no">
          {callName}
        </code>
      </dd>
    </div>
  );
}
