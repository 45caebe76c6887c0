// Where the API tests' servers log their errors (level error and above): a test server logs nothing else, and
// before this nothing at all — a follower that failed after a commit (static pages, the search index) left only
// a stale page for a test to find. `npm test` prints this file's end when a stage failed (scripts/test-all.mjs).
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'vitest';

export const SERVER_ERROR_LOG = path.resolve('test-results', 'server-errors.log');

/** A log stream for one test server: each line it gets, stamped with the running test file and test. */
export function serverErrorStream(): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const state = expect.getState();
      const where = `${path.relative(process.cwd(), state.testPath ?? '?')} > ${state.currentTestName ?? '(outside a test)'}`;
      try {
        mkdirSync(path.dirname(SERVER_ERROR_LOG), { recursive: true });
        appendFileSync(SERVER_ERROR_LOG, `${where}\n${chunk.toString('utf8').trimEnd().replace(/\n/g, ' ').slice(0, 4000)}\n`);
      } catch {
        // a test's own log is never worth failing it
      }
      done();
    },
  });
}
