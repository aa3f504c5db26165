// ESLint (flat config): the recommended rules of ESLint, typescript-eslint and jsx-a11y,
// and React's two rules of hooks. `npm run lint` runs it with knip (dead code), and so
// does `npm test`. See decision R5 (docs/decisions/) for what is left out and why.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['node_modules/', 'public/', 'src/generated/', '.data/', '.wrangler/', '.scratch/', 'bench/.data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_name` marks an argument kept on purpose (a signature to match).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `declare module 'react' { namespace JSX … }` is how TypeScript adds a custom element.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
    },
  },
  {
    // Components and hooks: the browser's islands and the server's views.
    files: ['islands/**/*.{ts,tsx}', 'src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Request code reaches other services only through the request's gated fetch (src/http/effects.ts, decision S16):
    // a call made before the session check holds would leave for a session that may have ended.
    files: ['src/routes/**', 'src/http/**', 'src/services/**', 'src/maps/**', 'src/views/**', 'src/webhooks/address.ts'],
    ignores: ['src/http/effects.ts', 'src/http/context.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: "Use the request's c.var.outbound (it waits for the session check), or take a fetch as a parameter." },
      ],
    },
  },
  {
    // A function a reader can hold in their head (issue 28): state and rules live in reducers and
    // pure modules, components render. Tests walk long scenarios and are left out.
    files: ['src/**/*.{ts,tsx}', 'islands/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Tests read JSON bodies as `any` by design; Playwright fixtures take `{}` when they need nothing.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-empty-pattern': 'off' },
  },
);
