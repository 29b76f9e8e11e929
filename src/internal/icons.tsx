import type { SVGProps } from 'react';

/** Small decorative icons; the text beside them carries the meaning. */
export type IconName = 'read-only' | 'write' | 'destructive' | 'idempotent' | 'open-world' | 'closed-world' | 'warning' | 'check' | 'error' | 'clock' | 'spinner' | 'block' | 'file' | 'link';

const PATHS: Record<IconName, string> = {
  'read-only': 'M1.5 8s2.5-4.5 6.5-4.5S14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8Zm6.5 2a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z',
  write: 'M11 2.5l2.5 2.5L6 12.5H3.5V10L11 2.5Z',
  destructive: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.75 9h5.5l.75-9M7 7v4.5M9 7v4.5',
  idempotent: 'M13 8a5 5 0 1 1-1.5-3.5M13 2.5V5h-2.5',
  'open-world': 'M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13Zm-6.5 6.5h13M8 1.5c2 2 2 11 0 13M8 1.5c-2 2-2 11 0 13',
  'closed-world': 'M4 7V5a4 4 0 0 1 8 0v2M3 7h10v7H3V7Z',
  warning: 'M8 1.5l6.5 12h-13L8 1.5ZM8 6v3.5M8 11.5v.5',
  check: 'M3 8.5l3 3 7-7',
  error: 'M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13ZM5.5 5.5l5 5M10.5 5.5l-5 5',
  clock: 'M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13ZM8 4v4l2.5 1.5',
  spinner: 'M8 1.5a6.5 6.5 0 1 0 6.5 6.5',
  block: 'M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13ZM3.5 12.5l9-9',
  file: 'M4 1.5h5l3.5 3.5v9.5H4V1.5ZM9 1.5V5h3.5',
  link: 'M7 9a3 3 0 0 0 4.2.3l2-2a3 3 0 0 0-4.2-4.2l-1 1M9 7a3 3 0 0 0-4.2-.3l-2 2a3 3 0 0 0 4.2 4.2l1-1',
};

/** A 16×16 stroke icon, hidden from assistive technology. */
export function Icon({ name, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-slot="icon"
      data-icon={name}
      {...props}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
