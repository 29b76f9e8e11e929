'use client';
// The reasons a decision gives, as every dialog lists them: one item per code, in the table's words.
import type { ComponentPropsWithoutRef } from 'react';
import type { Locale } from '../core/text/format.js';
import { formatReason, type DecisionReason } from '../core/text/reasons.js';

export function ReasonList({ reasons, labels, locale, ...props }: { reasons: readonly DecisionReason[]; labels: Readonly<Record<string, string>>; locale: Locale } & ComponentPropsWithoutRef<'ul'>) {
  return (
    <ul {...props} data-slot="dialog-list">
      {reasons.map((reason) => (
        <li key={reason.code} data-code={reason.code} data-slot="dialog-item">
          {formatReason(reason, labels, locale)}
        </li>
      ))}
    </ul>
  );
}
