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
          // Runs after the other suites, with its own worker count.
          sequence: { groupOrder: 1 },
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
