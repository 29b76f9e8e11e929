// The README's recipe is compiled code: its block must equal examples/recipe.tsx,
// which `npm run typecheck` (and the packed-package consumer check) compiles.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('README', () => {
  it('quotes examples/recipe.tsx exactly', () => {
    const readme = read('README.md');
    const match = /<!-- recipe:begin examples\/recipe\.tsx -->\n```tsx\n([\s\S]*?)```\n<!-- recipe:end -->/.exec(readme);
    expect(match, 'the recipe block and its markers').not.toBeNull();
    expect(match![1]).toBe(read('examples/recipe.tsx'));
  });

  it('states the two set-up commands and that the package is not published yet', () => {
    const readme = read('README.md');
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
    expect(readme).toMatch(/not on the npm registry yet/);
  });
});
