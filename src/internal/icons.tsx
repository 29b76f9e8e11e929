import type { ComponentPropsWithoutRef } from 'react';

/** Small decorative icons; the text beside them carries the meaning. Painted by CSS (a mask), one element each. */
export type IconName =
  | 'read-only'
  | 'write'
  | 'destructive'
  | 'idempotent'
  | 'open-world'
  | 'closed-world'
  | 'background'
  | 'warning'
  | 'check'
  | 'error'
  | 'clock'
  | 'spinner'
  | 'block'
  | 'file'
  | 'link'
  | 'copy'
  | 'info'
  | 'chevron';

/** A 1em icon, hidden from assistive technology. The shape comes from the stylesheet (`[data-icon]`). */
export function Icon({ name, ...props }: { name: IconName } & ComponentPropsWithoutRef<'span'>) {
  return <span aria-hidden="true" data-slot="icon" data-icon={name} {...props} />;
}
