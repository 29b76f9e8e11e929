/**
 * Problems found in server data. The library never throws on bad input: it
 * fails toward the safe outcome and tells the host through a callback.
 */

/**
 * Machine-readable kinds of annotation problems. The content codes
 * (`block-invalid`, `block-unreadable`, `annotations-invalid`,
 * `audience-invalid`) always mean the block, or the list, is not shown.
 */
export type AnnotationIssueCode =
  | 'tool-invalid'
  | 'tool-name-missing'
  | 'tool-annotations-invalid'
  | 'tool-hint-invalid'
  | 'tool-title-invalid'
  | 'tool-title-sanitized'
  | 'tool-icon-rejected'
  | 'block-invalid'
  | 'annotations-invalid'
  | 'audience-invalid'
  | 'priority-invalid'
  | 'priority-out-of-range'
  | 'last-modified-invalid'
  | 'uri-unsafe'
  | 'media-rejected'
  | 'type-unknown'
  | 'block-unreadable'
  | 'tool-unreadable'
  | 'fingerprint-unavailable'
  | 'schema-invalid'
  | 'request-invalid';

/**
 * One problem with server-supplied data. `path` says where it was (for
 * example `blocks[3].annotations.priority`). `message` never quotes content
 * text, so hosts can log issues without leaking assistant-only content.
 */
export interface AnnotationIssue {
  code: AnnotationIssueCode;
  message: string;
  path: string;
  /** The offending value, for logs. Only annotation values, never block text. */
  value?: unknown;
}

/** Host callback that receives every issue found while processing data. */
export type AnnotationIssueHandler = (issue: AnnotationIssue) => void;

/** Calls the handler if there is one; a throwing handler never breaks rendering. */
export function report(
  onIssue: AnnotationIssueHandler | undefined,
  code: AnnotationIssueCode,
  path: string,
  message: string,
  value?: unknown,
): void {
  if (!onIssue) return;
  try {
    // A value that could not be read (the UNREADABLE mark, a symbol) is left out.
    onIssue(value === undefined || typeof value === 'symbol' ? { code, path, message } : { code, path, message, value });
  } catch {
    // A host's logging bug must not turn into a rendering crash.
  }
}

/** True for a plain, non-null, non-array object. Never throws. */
export { isObjectLike as isRecord } from './read.js';
