// Developer aid (issue 25, session 30): the worker's search code (answer.ts) of two trees — OLD, e.g. an export of
// the branch's base (`git archive <commit> | tar -x -C /tmp/x`, node_modules linked), and NEW, this tree — in one
// process on two read-only connections to a kept database, alternated in batches of BATCH keywords (each
// first every other batch), so that both meet the same load: CPU per search and new ÷ old by frequency class.
// `WORKER_DB=/tmp/x/100000/portal.sqlite OLD=/tmp/old npx tsx bench/searchAB.ts`; MODE (sortType), PER (600).
// Run it with OLD=NEW once to see its own spread (A/A).
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { keywordStream } from './searchStream';

const OLD = process.env.OLD ?? '';
const NEW = process.env.NEW ?? new URL('..', import.meta.url).pathname.replace(/\/$/, '');
async function load(root: string) {
  const { resultCaches } = await import(`${root}/server/auth/cacheVersions.ts`);
  const { withStatementCache } = await import(`${root}/server/db/statementCache.ts`);
  const { readSearch } = await import(`${root}/server/modules/content/search/params.ts`);
  const { createSearchCache } = await import(`${root}/server/modules/content/search/resultCache.ts`);
  const { createUnderstandingStore } = await import(`${root}/server/modules/content/search/understanding/store.ts`);
  const { answerSearch } = await import(`${root}/server/modules/content/search/worker/answer.ts`);
  // The worker's own connection (worker/reader.ts, session 31), or as the worker opened it before.
  const reader = await import(`${root}/server/modules/content/search/worker/reader.ts`).catch(() => null);
  const open = () => {
    const c = new SQLite(process.env.WORKER_DB ?? '', { readonly: true, fileMustExist: true });
    c.pragma('mmap_size = 268435456');
    return new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(c) }) });
  };
  const db = reader ? reader.sqliteReader(process.env.WORKER_DB ?? '') : open();
  const understanding = createUnderstandingStore(db);
  resultCaches.enabled = false;
  resultCaches.counts = false;
  const counts = createSearchCache(() => resultCaches.counts);
  await understanding.get();
  return async (kw: string, mode: string) => {
    const q = { keyword: kw, pageNumber: '1', pageSize: '20', ...(mode ? { sortType: mode } : {}) };
    const s = await readSearch(db, q, false);
    const job = mode ? { kind: 'smart', s, keyword: kw } : { kind: 'plain', s };
    return answerSearch(db, job, () => understanding.get(), counts);
  };
}
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const impl = { old: await load(OLD), new: await load(NEW) };
const { frequency } = keywordStream();
const mode = process.env.MODE ?? '';
const batch = Number(process.env.BATCH ?? 25);
const per = Number(process.env.PER ?? 600);
const out: Record<string, Record<string, number>> = {};
for (const [cls, all] of Object.entries(frequency)) {
  const list = all.slice(0, per);
  for (const f of Object.values(impl)) for (const kw of list.slice(0, 30)) await f(kw, mode); // warm
  const sum = { old: 0, new: 0 };
  for (let i = 0; i < list.length; i += batch) {
    const b = list.slice(i, i + batch);
    // Both see the same keywords, each first half the time (the second reads pages the first brought in).
    const order = (i / batch) % 2 === 0 ? (['old', 'new'] as const) : (['new', 'old'] as const);
    for (const name of order) {
      const t = cpu();
      for (const kw of b) await impl[name](kw, mode);
      sum[name] += cpu() - t;
    }
  }
  out[cls] = { old: Number((sum.old / list.length).toFixed(3)), new: Number((sum.new / list.length).toFixed(3)), ratio: Number((sum.new / sum.old).toFixed(3)) };
  console.log(`${cls.padEnd(6)} old ${out[cls].old} ms new ${out[cls].new} ms per search: new/old ${out[cls].ratio}`);
}
console.log(JSON.stringify(out));
