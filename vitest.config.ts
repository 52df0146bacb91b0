import { defineConfig } from 'vitest/config';

const serverApiTests = ['server/src/**/*.api.test.ts'];
const postgres = process.env.TEST_DATABASE_URL;
if (!postgres) {
  console.log(
    '[vitest] TEST_DATABASE_URL is not set: the server API tests run on SQLite only (set it to run them on PostgreSQL too).',
  );
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
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
        },
      },
      {
        test: {
          name: 'server-sqlite',
          include: serverApiTests,
          environment: 'node',
          env: { QUIRE_TEST_DB: 'sqlite' },
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
                env: { QUIRE_TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
    ],
  },
});
