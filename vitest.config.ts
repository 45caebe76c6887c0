import { defineConfig } from 'vitest/config';

// Three projects: `unit` (providers, components, helpers; jsdom + MSW), `api` (the real server on a real
// database over HTTP), `browser` (headless Debian Chromium through playwright-core against `npm start`'s server).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One server and database per file; files run one at a time so PostgreSQL runs don't fight.
          fileParallelism: false,
        },
      },
      {
        // Two server processes behind nginx on one PostgreSQL (needs scripts/with-postgres.sh).
        test: {
          name: 'multi',
          include: ['tests/multi/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
