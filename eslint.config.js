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

/** The sub-resources of the node graph (server/src/modules/nodes/<name>/). */
const NODE_SUB_RESOURCES = [
  'content',
  'versions',
  'locks',
  'associations',
  'renditions',
  'copy-move',
  'trash',
  'downloads',
];

/**
 * no-restricted-imports for server files: never the web app, and what `extra` forbids. A later
 * block for the same files replaces an earlier one's options, so every block repeats the first.
 */
function serverImports(files, extra) {
  const web = { group: ['**/src/*', '../../../src/**'], message: 'The server must not import the web app.' };
  return { files, rules: { 'no-restricted-imports': ['error', { patterns: extra ? [web, extra] : [web] }] } };
}

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
  // The server never imports the web app, and vice versa: the contract is their only link.
  serverImports(['server/**/*.ts']),
  // Lower layers never reach up (ADR 0013): db/ and http/ import no module; migrations are frozen.
  serverImports(['server/src/db/**/*.ts', 'server/src/http/**/*.ts', 'server/src/content-store/**/*.ts'], {
    regex: '(^|/)modules/',
    message: 'db/, http/ and content-store/ are below the modules: they import none of them (ADR 0013).',
  }),
  // The node graph (ADR 0013): core/ imports nothing of nodes/ above it; a sub-resource imports core,
  // nodes' own service and presenter, and no other sub-resource (content and trash: renditions' service).
  serverImports(['server/src/modules/nodes/core/**/*.ts'], {
    regex: '^\\.\\./(?!\\.\\./)',
    message: 'nodes/core is the base of the node graph: it never imports nodes/ or its sub-resources (ADR 0013).',
  }),
  ...NODE_SUB_RESOURCES.map((name) =>
    serverImports([`server/src/modules/nodes/${name}/**/*.ts`], {
      regex: `^\\.\\./(?!\\.\\./|core/|nodes\\.(service|presenter)\\.ts$${name === 'content' || name === 'trash' ? '|renditions/renditions\\.service\\.ts$' : ''})`,
      message: `A sub-resource of nodes/ imports core/, nodes.service and nodes.presenter, never another sub-resource (ADR 0013).`,
    }),
  ),
  serverImports(['server/src/modules/nodes/*.ts'], {
    regex: `^\\./(${NODE_SUB_RESOURCES.join('|')})/`,
    message: 'nodes/ never imports its sub-resources: they import it (ADR 0013).',
  }),
  {
    // Identity's layers: people/ is below groups/ and auth/, which read its records (groups check a
    // member exists, the authenticator signs people in). people/ names what it needs of them
    // (PasswordThrottle, TicketsRevoker, isAdmin) and services.ts wires them in; groups/ never
    // imports auth/.
    files: ['server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './server/src/modules/people',
              from: ['./server/src/modules/auth', './server/src/modules/groups'],
              message: 'people/ is below auth/ and groups/: name what you need as an interface, wired in services.ts.',
            },
            {
              target: './server/src/modules/groups',
              from: './server/src/modules/auth',
              message: 'groups/ is below auth/: the authenticator reads groups, never the other way round.',
            },
          ],
        },
      ],
    },
  },
  {
    // Access is decided in services (through nodes/core's gate), never in a route handler (ADR 0013).
    files: ['server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(require|resolve|resolveFolder|readable|loadFor)$/]',
          message: 'Route handlers do not decide access: call a service that does (ADR 0013).',
        },
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
