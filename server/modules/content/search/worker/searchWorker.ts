// A search worker (issue 26): answers searches on its own read-only connection to the SQLite file, so a
// search's statements and its highlighting run beside the request thread instead of on it (WAL: every
// statement sees the latest commit, as the request thread's own reader does). On PostgreSQL (session 28) it
// holds a small pool of its own: the statements already ran in the database's processes, but reading their
// rows, highlighting and building the answer was the request thread's work.
import { parentPort, workerData } from 'node:worker_threads';
import { resultCaches } from '../../../../auth/cacheVersions.js';
import { openPostgresReader } from '../../../../db/connect.js';
import type { Db } from '../../../../db/types.js';
import { createSearchCache } from '../resultCache.js';
import { createUnderstandingStore } from '../understanding/store.js';
import { answerSearch } from './answer.js';
import { sqliteReader } from './reader.js';
import type { FromSearchWorker, SearchSource, ToSearchWorker } from './protocol.js';

const source = workerData as SearchSource;
const db: Db = 'databaseUrl' in source ? openPostgresReader(source.databaseUrl, source.connections) : sqliteReader(source.file);
// The staff's tables and the pinyin lexicon, kept here as on the request thread (invalidated with it).
const understanding = createUnderstandingStore(db);
// Match counts kept per query behind the search counter, like the request thread's (routes.ts).
const counts = createSearchCache<number>(() => resultCaches.counts);
const port = parentPort as NonNullable<typeof parentPort>;
const send = (m: FromSearchWorker) => port.postMessage(m);

port.on('message', (m: ToSearchWorker) => {
  if (m.kind === 'invalidate') return understanding.invalidate(m.titlesToo);
  // The bench switches the count cache on the request thread; each job carries the switch.
  resultCaches.counts = m.counts;
  answerSearch(db, m.job, () => understanding.get(), counts).then(
    // The body's memory moves to the request thread (answer.ts), not copied.
    (answer) => port.postMessage({ kind: 'done', id: m.id, answer } satisfies FromSearchWorker, [answer.body.buffer as ArrayBuffer]),
    (error: unknown) => send({ kind: 'failed', id: m.id, message: error instanceof Error ? error.message : String(error) }),
  );
});
// Ready once the understanding tools are built (a second or two): until then the request thread answers.
understanding.get().then(
  () => send({ kind: 'ready' }),
  () => send({ kind: 'ready' }),
);
