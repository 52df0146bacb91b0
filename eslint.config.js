import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web app's features, each a folder of src/features/.
const webFeatures = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARE = 'move what both need to src/lib or src/components, or compose the features in src/app';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'node_modules/',
      'openapi/schema.gen.ts',
      'server/src/modules/search/afts/afts.parser.generated.*',
      'test-results/',
      'playwright-report/',
      'data/',
    ],
  },
  { languageOptions: { globals: { ...globals.node } } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The server never imports the web app, and vice versa: the contract is their only link.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/*', '../../../src/**'], message: 'The server must not import the web app.' }] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // MUI components (a dialog's first field, the sign-in form's only task) may take focus.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The web app talks to the server only through the API client.' },
          ],
        },
      ],
    },
  },
  {
    // The web app's layers (docs/architecture.md, "The web app"): shared (components, lib) ->
    // features -> app. A feature never imports another feature; app/ composes them.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: `Features do not import each other: ${SHARE}.`,
            })),
            {
              target: './src/features',
              from: './src/app',
              message: 'Features never import the app: the app composes them.',
            },
            {
              target: ['./src/components', './src/lib'],
              from: ['./src/features', './src/app'],
              message: 'Shared code (components, lib) imports neither features nor the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations work on an untyped Kysely by design.
    files: ['server/src/db/migrations/*.ts', 'server/src/db/migrate.ts', 'server/src/http/openapi.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
