// Developer aid (issue 25, session 28): the search worker's own CPU per uncached search, by frequency class,
// without HTTP nor a load: the worker's code (answer.ts) on a read-only connection to a kept SQLite
// database, as searchWorker.ts opens it, beside the bare FTS5 top 20 of the same keywords.
// `WORKER_DB=/tmp/x/100000/portal.sqlite npx tsx bench/searchWorkerCpu.ts` (node --cpu-prof for a profile).
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { resultCaches } from '../server/auth/cacheVersions';
import { withStatementCache } from '../server/db/statementCache';
import type { Db } from '../server/db/types';
import { readSearch } from '../server/modules/content/search/params';
import { createSearchCache } from '../server/modules/content/search/resultCache';
import { ftsExpression, parseKeyword } from '../server/modules/content/search/text';
import { createUnderstandingStore } from '../server/modules/content/search/understanding/store';
import { answerSearch } from '../server/modules/content/search/worker/answer';
import { keywordStream } from './searchStream';

const file = process.env.WORKER_DB ?? '';
const connection = new SQLite(file, { readonly: true, fileMustExist: true });
for (const p of (process.env.PROF_PRAGMAS ?? '').split(';').filter(Boolean)) connection.pragma(p);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
// PROF_SQL: CPU per statement text (wall time of the synchronous native call, which is CPU here).
let sqlTime = new Map<string, { n: number; ms: number }>();
if (process.env.PROF_SQL) {
  const prepare = connection.prepare.bind(connection);
  (connection as unknown as { prepare: unknown }).prepare = (text: string) => {
    const st = prepare(text);
    for (const m of ['all', 'get', 'run'] as const) {
      const f = (st[m] as (...a: unknown[]) => unknown).bind(st);
      (st as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => { const t = cpu(); try { return f(...a); } finally { const e = sqlTime.get(text) ?? { n: 0, ms: 0 }; e.n++; e.ms += cpu() - t; sqlTime.set(text, e); } };
    }
    return st;
  };
}
const db: Db = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(connection) }) });
const understanding = createUnderstandingStore(db);
resultCaches.enabled = false;
resultCaches.counts = false;
const counts = createSearchCache<number>(() => resultCaches.counts);
const per = Number(process.env.PROF_PER ?? 400);
const rounds = Number(process.env.PROF_ROUNDS ?? 3);
const modes = (process.env.PROF_MODES ?? '').split(',');
const { frequency } = keywordStream();
const bodies: string[] = [];
async function one(kw: string, mode: string) {
  const q = { keyword: kw, pageNumber: process.env.PROF_PAGE ?? '1', pageSize: process.env.PROF_SIZE ?? '20', ...(mode ? { sortType: mode } : {}) };
  const s = await readSearch(db, q, false);
  const job = mode ? { kind: 'smart' as const, s, keyword: kw } : { kind: 'plain' as const, s };
  const a = await answerSearch(db, job, () => understanding.get(), counts);
  if (process.env.PROF_SAVE) bodies.push(a.body.toString());
}
await understanding.get();
for (const w of ['会议', '乡村振兴', '医保']) await one(w, '');
for (let r = 0; r < rounds; r++) {
  for (const [name, all] of Object.entries(frequency).filter(([n]) => !process.env.PROF_CLASSES || process.env.PROF_CLASSES.split(',').includes(n))) {
    const list = all.slice(r * per, (r + 1) * per);
    let t = cpu();
    for (const kw of list) await sql`select rowid as k from article_fts where article_fts match ${ftsExpression(parseKeyword(kw))} order by rowid desc limit 20`.execute(db);
    const bare = (cpu() - t) / list.length;
    const line = [`${name.padEnd(6)} bare ${bare.toFixed(3)} ms`];
    for (const m of modes) {
      sqlTime = new Map();
      t = cpu();
      for (const kw of list) await one(kw, m);
      if (process.env.PROF_SQL) line.push([...sqlTime.values()].map((e) => (e.ms / list.length).toFixed(3)).join('+') + ' sql');
      line.push(`${m || 'orig'} ${((cpu() - t) / list.length).toFixed(3)} ms (×${((cpu() - t) / list.length / bare).toFixed(1)})`);
    }
    console.log(line.join(' | '));
  }
}
for (const [t, e] of [...sqlTime].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) console.log(`${e.n} × ${(e.ms / e.n).toFixed(3)} ms = ${e.ms.toFixed(0)} ms: ${t.slice(0, 160)}`);
if (process.env.PROF_SAVE) (await import('node:fs')).writeFileSync(process.env.PROF_SAVE, bodies.join('\n'));
