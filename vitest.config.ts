import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { parse } from 'yaml';

const serverApiTests = ['server/src/**/*.api.test.ts'];
const postgres = process.env.TEST_DATABASE_URL;
if (!postgres) {
  console.log(
    '[vitest] TEST_DATABASE_URL is not set: the server API tests run on SQLite only (set it to run them on PostgreSQL too).',
  );
}

// The AWS SDK (the S3 content store's tests) warns once per process that its releases after
// January 2027 will need Node 22; the pinned release supports Node 20 (ADR 0020).
const quietSdk = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

// The server API tests run the server with its contract as JSON, as the bundle `npm start` runs
// has it: parsed here once per run, not from the YAML for every server a test file starts
// (server/src/testing/embedded-contract.ts). The unit project's tests read the YAML.
const contractJson = JSON.stringify(parse(readFileSync(new URL('./openapi/openapi.yaml', import.meta.url), 'utf8')));
const embeddedContract = ['server/src/testing/embedded-contract.ts'];

// Test files of the web and server projects share their worker's module graph (isolate: false):
// importing the app or the server once per file instead of once per worker halves their CPU time.
// Each server test file starts its own server and database, and the server keeps its state in the
// app it builds; the web setup cleans the DOM, storage and stubs after every test (ADR 0017). The
// unit project stays isolated: some of its files mock modules (node:fs).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['src/test/setup.ts'],
          // Rendering MUI dialogs in jsdom and typing into them takes seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'unit',
          include: ['server/src/**/*.test.ts', 'openapi/**/*.test.ts'],
          exclude: serverApiTests,
          environment: 'node',
          env: quietSdk,
        },
      },
      {
        test: {
          name: 'server-sqlite',
          include: serverApiTests,
          environment: 'node',
          env: { QUIRE_TEST_DB: 'sqlite', ...quietSdk },
          setupFiles: embeddedContract,
          provide: { contractJson },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverApiTests,
                environment: 'node',
                env: { QUIRE_TEST_DB: 'postgres', ...quietSdk },
                setupFiles: embeddedContract,
                provide: { contractJson },
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
    ],
  },
});
