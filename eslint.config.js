// ESLint for the whole repository: typescript-eslint's type-checked recommended rules, with
// formatting left to Prettier (eslint-config-prettier turns off the rules that would fight it).
// `npm run lint` checks both; `npm run fix` rewrites what can be rewritten.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['.output/', '.wxt/', 'node_modules/', 'docs/', 'coverage/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names fail the build; a leading underscore marks a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `void promise` marks a promise deliberately not awaited (an event handler's work).
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // An `async` function that awaits nothing still turns a throw into a rejection, which is why
      // interface implementations here are written async.
      '@typescript-eslint/require-await': 'off',
      // State and services are made by factories (createX) whose methods are closures, never `this`.
      '@typescript-eslint/unbound-method': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'max-len': [
        'error',
        {
          code: 140,
          ignoreUrls: true,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
          ignoreComments: false,
        },
      ],
    },
  },
  {
    // Plain JS files (configs, the Chromium check script) are not in a TypeScript project.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests, the benchmark and the demo/dev launchers print what they measured or serve.
    files: ['tests/**'],
    rules: {
      'no-console': 'off',
      // Values read back from a browser (Playwright's evaluate) or from JSON are `any` by nature;
      // the assertions that follow check them.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // Real-browser tests send source text into the page on purpose.
      '@typescript-eslint/no-implied-eval': 'off',
      // Fakes reject with whatever an AbortSignal carries, as the platform does.
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
  prettier,
);
