import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Import direction (docs/architecture.md): web -> domain, server -> domain; domain imports neither. */
const noAppImports = (apps) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: apps.map((app) => ({
        group: [`@grip/${app}`, `@grip/${app}/*`, `**/apps/${app}/**`, `**/${app}/src/**`],
        message: `This package may not import apps/${app} (see docs/architecture.md).`,
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/dist-prerender',
      'data',
      '**/drizzle',
      'test-results',
      'playwright-report',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  { files: ['packages/domain/**'], rules: noAppImports(['server', 'web']) },
  { files: ['apps/web/**'], rules: noAppImports(['server']) },
  { files: ['apps/server/**'], rules: noAppImports(['web']) },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
