import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const services = ['identity', 'orders', 'inventory', 'billing', 'ai-parser'];

/** Import patterns that reach into a service's code from outside it. */
const serviceSources = (names) =>
  names.map((name) => `**/services/${name}/**`).concat(names.map((name) => `**/${name}/src/**`));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'coverage/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // No consistent-type-imports: Nest's DI and validation read classes imported as values.
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  // Type-aware rules on every TypeScript file (each file's own tsconfig: the root one, or web's).
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['**/*.config.{js,ts}', 'eslint.config.js', 'web/vite.config.ts', 'web/vitest.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  // The architecture's boundaries (docs/architecture.md): the gateway reaches services over TCP only,
  // a service reaches another only through libs/contracts, and libs depend on no app.
  {
    files: ['gateway/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: serviceSources(services),
              message: 'The gateway calls services over RPC (libs/contracts clients), never their code.',
            },
          ],
        },
      ],
    },
  },
  ...services.map((service) => ({
    files: [`services/${service}/{src,test}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...serviceSources(services.filter((other) => other !== service)), '**/gateway/**'],
              message: `The ${service} service reaches other services through libs/contracts (RPC and queues), never their code.`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['libs/*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...serviceSources(services), '**/gateway/**', '**/web/**'],
              message: 'Libraries depend on no app.',
            },
          ],
        },
      ],
    },
  },
  {
    // ai-parser runs its tools through one runner: timeouts, output caps, a memory limit, kill on abort.
    files: ['services/ai-parser/src/**/*.ts'],
    ignores: ['services/ai-parser/src/common/run-process.ts', '**/*.spec.ts'],
    // The TypeScript rule's key, so this adds to the service's boundary rule above instead of replacing it.
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        ...['node:child_process', 'child_process'].map((name) => ({
          name,
          message: 'Run tools with runProcess (services/ai-parser/src/common/run-process.ts).',
        })),
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      // The wire types come from libs/contracts; their code (class-validator, Nest) never ships to the browser.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@erp/contracts',
              allowTypeImports: true,
              message: 'The web app imports @erp/contracts as types only (`import type`).',
            },
          ],
          patterns: [
            {
              group: ['@erp/common', '@erp/testing', '**/libs/**', '**/gateway/**', '**/services/**'],
              message: 'The web app imports no server code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', '.ci/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
