'use client';
/**
 * One polite live region per document, shared by every component: it exists
 * before anything is said (a region mounted with its text is often not
 * read), and each message is a fresh node, so saying "Copied" twice is heard
 * twice. Client only; nothing happens on a server.
 */
const CLEAR_AFTER_MS = 7_000;

function region(doc: Document): HTMLElement {
  const existing = doc.querySelector<HTMLElement>('[data-slot=consent-live-region]');
  if (existing) return existing;
  const element = doc.createElement('div');
  element.dataset.slot = 'consent-live-region';
  element.setAttribute('role', 'status');
  element.setAttribute('aria-live', 'polite');
  element.setAttribute('aria-atomic', 'false');
  doc.body.append(element);
  return element;
}

/** Says `text` politely through the shared live region. Empty text says nothing. */
export function announce(text: string, doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  const message = text.trim();
  if (!doc?.body || message === '') return;
  const live = region(doc);
  const node = doc.createElement('div');
  node.textContent = message;
  live.append(node);
  // Old messages go, so the region never grows and a reader's review shows what is current.
  while (live.childElementCount > 3) live.firstElementChild?.remove();
  setTimeout(() => node.remove(), CLEAR_AFTER_MS);
}
