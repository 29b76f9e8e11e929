// vitest-axe 0.1 declares its matchers on the old `Vi` namespace; vitest 4 reads them from `Matchers`
// (which `Assertion` extends: augmenting `Assertion` itself clashes with other libraries' augmentations).
import 'vitest';
import type { AxeMatchers } from 'vitest-axe/matchers';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
  interface Matchers<T = any> extends AxeMatchers {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AsymmetricMatchersContaining extends AxeMatchers {}
}
