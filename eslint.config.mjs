// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The architecture's dependency rules, enforced here so `npm test` fails a forbidden import.
 * domain: nothing but itself. contracts: zod and ts-rest. web/widget: contracts, never api/adapters/domain.
 * adapters: domain (and drivers). Only api wires adapters in.
 */
const onlyRelative = {
  regex: '^(?!\\.{1,2}/)',
  message: 'domain/ imports nothing but itself (no frameworks, drivers, React or Node I/O).',
};
const noServerCode = {
  group: [
    '@scrivo/api',
    '@scrivo/api/*',
    '@scrivo/adapters',
    '@scrivo/adapters/*',
    '@scrivo/domain',
    '@scrivo/domain/*',
    '**/api/src/**',
    '**/adapters/src/**',
    '**/domain/src/**',
  ],
  message: 'web/ and widget/ talk to the server only through @scrivo/contracts.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '**/*.gen.ts',
      'worker/**',
      'api/test/fuzz/.venv/**',
      'storybook-static/**',
      '**/.tmp/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // NestJS DI reads constructor parameter types at runtime: type-only imports would erase them.
    files: ['api/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['domain/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [onlyRelative] }] },
  },
  {
    files: ['contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.{1,2}/|zod$|@ts-rest/core$)',
              message: 'contracts/ imports only zod and @ts-rest/core.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['adapters/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@scrivo/api', '@scrivo/api/*', '@nestjs/*', 'react', 'react-dom'],
              message: 'adapters/ implement domain ports; they do not know the API or the UI.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'widget/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServerCode] }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**', 'bench/**', 'scripts/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
