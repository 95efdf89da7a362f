// ESLint: `npm run lint` (with Prettier's check), `npm run lint:fix` to apply the fixable ones.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['dist/', '.data/', 'coverage/', 'uploads/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `x == null` is the one loose comparison used, on purpose: null or undefined.
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': 'error',
      'no-console': 'error',
      // A leading underscore marks what is unused on purpose (Express's 4-argument error handler, a field
      // taken out of an object with a rest), as the compiler's noUnusedLocals allows.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Type-aware, two rules only: a promise nobody awaits loses its error and its order (money moves, outbox
    // pushes). The type information costs about one tsc run; the rest of recommendedTypeChecked reports
    // thousands of `any` uses in tests, and no-misused-promises would add some 25 s to every run.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Command-line tools print to the terminal on purpose.
    files: ['scripts/**', 'test/scale-out/run.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests and benches read JSON answers field by field; typing each answer adds nothing the assertions do not check.
    files: ['test/**', 'scripts/bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // CommonJS files load with require (.dependency-cruiser.cjs reads shared/domain/area-order.json).
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
