import { defineConfig } from 'vitest/config';

/**
 * Three suites: fast unit tests, server integration tests on a real
 * PostgreSQL, and the browser app's component tests (jsdom).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'eslint-rules/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          // The files share their workers' module graph: each file imports the whole
          // server (about 6 s of module loading per file on a two-core machine, half of
          // the suite's time when every file loaded it afresh). Nothing is kept between
          // files: every file makes its own app on a database of its own
          // (support/test-app.ts) and no file mocks a module or changes the environment.
          isolate: false,
          // Runs after the other suites, with its own worker count.
          sequence: { groupOrder: 1 },
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
