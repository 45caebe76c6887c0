// Developer aid (issue 25, session 30): every answer of N keywords of the stream × page shapes (the original call,
// and `sortType` relevance and time), each with the count cache off and on, as the worker's code (answer.ts)
// builds it on a kept database: one line per answer (its length and SHA-1) in OUT, and a hash of all. Run it in
// the old tree and in the new one and compare the files: answers byte-identical or not.
// `WORKER_DB=/tmp/x/100000/portal.sqlite N=1500 OUT=/tmp/new.txt npx tsx bench/searchAnswers.ts` (VIA=kysely: see below).
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resultCaches } from '../server/auth/cacheVersions';
import { withStatementCache } from '../server/db/statementCache';
import type { Db } from '../server/db/types';
import { readSearch } from '../server/modules/content/search/params';
import { createSearchCache } from '../server/modules/content/search/resultCache';
import { createUnderstandingStore } from '../server/modules/content/search/understanding/store';
import { answerSearch } from '../server/modules/content/search/worker/answer';
import { sqliteReader } from '../server/modules/content/search/worker/reader';
import { keywordStream } from './searchStream';

// As a search worker reads (worker/reader.ts), or (VIA=kysely) through Kysely's executor, as the request thread does.
const db: Db =
  process.env.VIA === 'kysely'
    ? new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(new SQLite(process.env.WORKER_DB ?? '', { readonly: true, fileMustExist: true })) }) })
    : sqliteReader(process.env.WORKER_DB ?? '');
const understanding = createUnderstandingStore(db);
resultCaches.enabled = false;
const counts = createSearchCache<number>(() => resultCaches.counts);
const { keywords } = keywordStream();
const per = Number(process.env.N ?? 1500);
const list = keywords.filter((_, i) => i % Math.max(1, Math.floor(keywords.length / per)) === 0).slice(0, per);
const out: string[] = [];
const hash = createHash('sha256');
for (const [mode, shapes] of [['', [[1, 20], [3, 20], [2, 200], [40, 20], [1, 10]]], ['relevance', [[1, 20], [3, 20]]], ['time', [[1, 20], [3, 20]]]] as const) {
  for (const countsOn of [false, true]) {
    resultCaches.counts = countsOn;
    for (const kw of list.slice(0, mode ? Math.floor(per / 2) : per)) {
      for (const [p, size] of shapes) {
        const q = { keyword: kw, pageNumber: String(p), pageSize: String(size), ...(mode ? { sortType: mode } : {}) };
        const s = await readSearch(db, q, false);
        const job = mode ? { kind: 'smart' as const, s, keyword: kw } : { kind: 'plain' as const, s };
        const a = await answerSearch(db, job, () => understanding.get(), counts);
        hash.update(a.body);
        out.push(`${mode}|${countsOn}|${kw}|${p}|${size}|${a.body.length}|${createHash('sha1').update(a.body).digest('hex')}`);
      }
    }
  }
}
writeFileSync(process.env.OUT ?? 'search-answers.txt', out.join('\n'));
console.log(out.length, 'answers', hash.digest('hex'));
