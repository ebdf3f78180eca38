import { defineConfig } from 'vitest/config';

// One runner, three projects: pure rules, the server against real databases, and real Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['apps/server/test/setup/fail-on-console-error.ts'],
          globalSetup: ['apps/server/test/setup/database-template.ts'],
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          globalSetup: ['apps/server/test/setup/database-template.ts'],
        },
      },
    ],
  },
});
