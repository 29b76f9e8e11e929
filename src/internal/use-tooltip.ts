'use client';
/**
 * Tooltips for labels shown by the hundred (badges, freshness labels), with
 * no hook and no listener per label: each label renders its explanation as a
 * hidden child (`role="tooltip"`, the label's `aria-describedby`, so nothing
 * needs a hover), and one set of listeners on the document shows it on hover
 * or focus. WCAG 1.4.13: Escape dismisses it wherever focus is (and only
 * it), the pointer can move onto it, it stays until the pointer or focus
 * leaves, and it is shifted to fit the viewport. The trigger is never made a
 * tab stop. A host handler that calls `preventDefault()` keeps it closed.
 * Open or closed is `hidden` alone (no state attribute that repeats it).
 * Freshness labels render no tooltip at all: their absolute time is visually
 * hidden text read in place, and the tooltip that shows it is made on open
 * and removed on close (hundreds of dates, no element each).
 */

const TRIGGER = '[data-slot=tool-badge],[data-slot=freshness]';
// Long enough to cross from the trigger onto the tooltip, short enough to feel immediate.
const CLOSE_DELAY_MS = 120;
// Room kept between a tooltip and the viewport's edge.
const EDGE_PX = 8;

// Per document: labels can live in iframes (and tests make new documents).
const installed = new WeakSet<Document>();
let current: { trigger: Element; tooltip: HTMLElement } | null = null;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

const tooltipOf = (trigger: Element) => trigger.querySelector<HTMLElement>(':scope>[role=tooltip]');

// Made on open for labels that render none (Freshness registers how; badges do not pay for it).
let make: ((trigger: Element) => HTMLElement | null) | undefined;
/** How a label with no rendered tooltip gets one while open (Freshness sets it). */
export function setTooltipMaker(maker: (trigger: Element) => HTMLElement | null): void {
  make = maker;
}
const triggerOf = (target: EventTarget | null): Element | null => (target instanceof Element ? target.closest(TRIGGER) : null);

function cancelClose() {
  clearTimeout(closeTimer);
}

function close() {
  cancelClose();
  if (!current) return;
  current.tooltip.hidden = true;
  current.tooltip.style.translate = '';
  // A made one (no id: nothing describes by it) goes; a rendered one stays, hidden.
  if (!current.tooltip.id) current.tooltip.remove();
  current = null;
}

function open(trigger: Element) {
  cancelClose();
  if (current?.trigger === trigger) return;
  close();
  const tooltip = tooltipOf(trigger) ?? make?.(trigger);
  if (!tooltip) return;
  tooltip.hidden = false;
  current = { trigger, tooltip };
  // Fit the viewport (the trigger's own document's): moved inward along the line when it would overflow.
  const rect = tooltip.getBoundingClientRect();
  const width = trigger.ownerDocument.documentElement.clientWidth;
  const shift = rect.right > width - EDGE_PX ? Math.max(EDGE_PX - rect.left, width - EDGE_PX - rect.right) : rect.left < EDGE_PX ? EDGE_PX - rect.left : 0;
  if (shift !== 0) tooltip.style.translate = `${shift}px 0`;
}

function closeSoon() {
  cancelClose();
  closeTimer = setTimeout(close, CLOSE_DELAY_MS);
}

// Opens the tooltip of the label an event reached (unless a host handler prevented it); returns that label.
function enter(event: Event): Element | null {
  const trigger = triggerOf(event.target);
  if (trigger && !event.defaultPrevented) open(trigger);
  return trigger;
}

function install(doc: Document) {
  doc.addEventListener('mouseover', (event) => {
    const trigger = enter(event);
    if (current && current.trigger !== trigger) closeSoon();
  });
  doc.addEventListener('mouseout', (event) => {
    if (current && !current.trigger.contains(event.relatedTarget as Node | null)) closeSoon();
  });
  doc.addEventListener('focusin', enter);
  doc.addEventListener('focusout', (event) => {
    if (current && current.trigger.contains(event.target as Node) && !current.trigger.contains(event.relatedTarget as Node | null)) close();
  });
  // Caught on window, before a dialog's own Escape (on document) would deny.
  doc.defaultView?.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !current) return;
      // A tooltip whose label went away is not open: that Escape belongs to whatever is below.
      const shown = current.trigger.isConnected;
      close();
      if (shown) event.stopPropagation();
    },
    true,
  );
}

/**
 * A ref callback for a tooltip's trigger: installs the document's listeners
 * on first use (no per-label hook or listener), and closes the tooltip if its
 * trigger goes away while open.
 */
export function tooltipTrigger(element: Element | null): void {
  if (!element) {
    if (current && !current.trigger.isConnected) close();
    return;
  }
  const doc = element.ownerDocument;
  if (installed.has(doc)) return;
  installed.add(doc);
  install(doc);
}
