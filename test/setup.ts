import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, expect } from 'vitest';
import * as axeMatchers from 'vitest-axe/matchers';

expect.extend(axeMatchers);

afterEach(() => {
  cleanup();
});

// Files of a worker share one page (`isolate: false`): each starts from an empty one, whatever the last left behind.
beforeAll(() => {
  if (typeof document === 'undefined') return;
  document.body.replaceChildren();
  document.head.querySelectorAll('style, [data-radix-focus-guard]').forEach((node) => node.remove());
  document.body.removeAttribute('style');
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});

// jsdom lacks these; Radix and layout code call them.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
if (typeof Element !== 'undefined') {
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
}
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}
