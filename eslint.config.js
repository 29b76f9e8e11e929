import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';

const FRAMEWORK_IMPORTS = {
  patterns: [
    { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'src/core is framework-free: no React.' },
    { group: ['@radix-ui/*'], message: 'src/core is framework-free: no Radix.' },
    { group: ['../components/*', '../internal/*', '**/components/**', '**/internal/**'], message: 'src/core must not depend on the React layer.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist', 'storybook-static', '**/node_modules', 'coverage', 'test/package/.consumer', 'test/package/.next-host', 'test/package/.vite-host', 'test/package/.shadcn-host', 'examples/*/dist', 'bench/.build', 'bench/results.json', 'screenshots'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', FRAMEWORK_IMPORTS],
      // Core runs without a DOM: no window/document.
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'HTMLElement'],
    },
  },
  {
    files: ['test/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  ...storybook.configs['flat/recommended'],
);
