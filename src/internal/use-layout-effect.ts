import { useEffect, useLayoutEffect } from 'react';

/**
 * `useLayoutEffect` in the browser, `useEffect` on a server, where React 18
 * warns about layout effects (they cannot run there, and these only touch
 * focus and the DOM after a commit).
 */
export const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;
