import { appendFileSync, mkdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// An error thrown outside any test (a stray rejection, an 'error' event nobody listens to) fails the run;
// its whole text and stack also go to test-results/unhandled-errors.log, which `npm test` prints last.
function keepUnhandledError(error: { name?: string; message: string; stack?: string; type?: string; VITEST_TEST_PATH?: string }): void {
  mkdirSync('test-results', { recursive: true });
  const where = error.VITEST_TEST_PATH ? ` while ${error.VITEST_TEST_PATH} ran` : '';
  const extra = Object.entries(error).filter(([k]) => !['stack', 'message', 'stacks'].includes(k));
  appendFileSync(
    'test-results/unhandled-errors.log',
    `${new Date().toISOString()} ${error.type ?? 'Error'}${where}\n${error.stack ?? error.message}\n${JSON.stringify(Object.fromEntries(extra)).slice(0, 2000)}\n\n`,
  );
}

// expect.poll's own default is 1 s: on two cores shared by four stages a page or a row written after an
// answer can take longer than that to show. A poll still fails if the state never comes; it only waits longer.
const poll = (timeout: number) => ({ poll: { timeout, interval: 50 } });

/** Unit tests without a DOM (their own project, environment node). */
const NODE_UNITS = ['tests/unit/server/**/*.test.ts', 'tests/unit/architecture/**/*.test.ts', 'tests/unit/bench/**/*.test.ts', 'tests/unit/resources/**/*.test.ts'];

// The projects: `unit` (providers, components, helpers; jsdom + MSW), `unit-node` (the server's units; node),
// `api` (the real server on a real database over HTTP), `multi` (two instances behind nginx), `browser` (headless
// Debian Chromium through playwright-core against `npm start`'s server).
export default defineConfig({
  test: {
    onUnhandledError: (error) => keepUnhandledError(error),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: NODE_UNITS,
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // One jsdom and one module graph per worker, as the other projects: a fresh jsdom and a fresh import
          // of react-admin and MUI for each of the 66 files was 73 s of `environment` and 77 s of `import` of
          // the project's 250 s alone; now 62 s (session 35). Each file's tests unmount what they render
          // (setup.ts); green in ten shuffled file orders, one worker and two.
          isolate: false,
          // Rendering whole screens in jsdom (charts, lazy chunks) takes seconds on a busy 2-core machine: with
          // the API stage beside it (load 11) two tests at this default took 18.9 s and 19.8 s of the 20 s it was.
          testTimeout: 60_000,
          expect: poll(10_000),
        },
      },
      {
        // The server's, the architecture's and the bench's units need no DOM: a jsdom per file cost about a
        // second of CPU each (session 34). Run with the app's units by `npm run test:unit` and the suite's unit stage.
        test: {
          name: 'unit-node',
          include: NODE_UNITS,
          environment: 'node',
          // One module graph for these files (as `api`): 67 s → 22 s alone, and green in shuffled file orders.
          isolate: false,
          testTimeout: 60_000,
          expect: poll(10_000),
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // `npm test` runs four stages at once on two cores: a test that generates the site, or a file's
          // close that waits for the generation and audio it started, takes several times longer than alone.
          // On PostgreSQL at load 14, startup.test.ts (three fresh databases migrated from nothing) took 57 s
          // of the 60 s this was; 2.6 s on SQLite.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          expect: poll(15_000),
          // One server and database per file; files run one at a time so PostgreSQL runs don't fight.
          fileParallelism: false,
          // The files share one module graph: each would otherwise load and transform the whole server
          // again (seconds per file). Every file builds its own app, database and directories, and puts
          // back any environment variable it sets.
          isolate: false,
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
          expect: poll(15_000),
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          // The walks through every menu (then menu-smoke, spec-routes) took 51 s and 43 s beside two API stages
          // (load 15): a slower machine must not turn them into timeouts.
          testTimeout: 300_000,
          hookTimeout: 180_000,
          expect: poll(15_000),
          fileParallelism: false,
          // As for `api`: one module graph for every file; each file starts its own server, and its pages share
          // one Chromium per process (tests/browser/lib/chromium.ts), each file in contexts of its own.
          isolate: false,
        },
      },
    ],
  },
});
