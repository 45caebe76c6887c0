// Developer aid (issue 25 speed): one uncached search at a time, per keyword class, beside the bare FTS top 20
// on the same database; no load. PROF_DIR keeps the seeded database between runs (SQLite), PROF_ARTICLES its
// size. `npx tsx bench/searchProfile.ts` (add --cpu-prof to node via NODE_OPTIONS for a profile). With
// DATABASE_URL the same on PostgreSQL (seeded when its index is empty; the bare query is the GIN top 20).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { resultCaches } from '../server/auth/cacheVersions';
import { loadConfig } from '../server/config';
import { rebuildSearchIndex } from '../server/modules/content/search/indexer';
import { ftsExpression, parseKeyword } from '../server/modules/content/search/text';
import { seedArticles, seedColumns } from './articlesSeed';
import { keywordStream } from './searchStream';

const rows = Number(process.env.PROF_ARTICLES ?? 20_000);
const dir = process.env.PROF_DIR ?? `/tmp/s22-prof-${rows}`;
mkdirSync(dir, { recursive: true });
const pg = !!process.env.DATABASE_URL;
const config = { ...loadConfig({ ...process.env, DATA_DIR: dir, ADMIN_PASSWORD: 'Bench@2026pass', SEED_DEMO: 'off' }), port: 0, host: '127.0.0.1' };
const fresh = pg ? null : !existsSync(`${dir}/portal.sqlite`);
const app = await buildApp(config, { logger: false });
const empty = async () => (await sql<{ n: number }>`select count(*) as n from (select 1 from article limit 1) x`.execute(app.db)).rows[0]?.n;
if (fresh ?? Number(await empty()) === 0) {
  await seedArticles(app.db, await seedColumns(app.db), rows);
  await rebuildSearchIndex(app.db);
  await sql`analyze`.execute(app.db);
}
resultCaches.enabled = false;
resultCaches.counts = false;
const per = Number(process.env.PROF_PER ?? 30);
const { frequency, keywords } = keywordStream();
const pin = keywords.filter((k) => /^[a-z]+$/.test(k)).slice(0, per);
const sets: Record<string, string[]> = { rare: frequency.rare.slice(0, per), middle: frequency.middle.slice(0, per), common: frequency.common.slice(0, per), pinyin: pin };
const pct = (a: number[], p: number) => a.slice().sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))]?.toFixed(2);
const time = async (f: () => Promise<unknown>) => { const t = performance.now(); await f(); return performance.now() - t; };
// PostgreSQL: the CPU of the database's backends too (clock ticks of /proc/<pid>/stat; the cluster must be local).
const backends = async () => (pg ? (await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`.execute(app.db)).rows.map((r) => r.pid) : []);
const ticks = (pids: number[]) => pids.reduce((a, pid) => { try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []; return a + (Number(f[11]) + Number(f[12])) * 10; } catch { return a; } }, 0);
const dbCpu = async <T>(f: () => Promise<T>) => { const before = await backends(); const t0 = ticks(before); const r = await f(); const after = [...new Set([...before, ...(await backends())])]; return { r, ms: ticks(after) - t0 }; };
const modes = (process.env.PROF_MODES ?? ',relevance,time').split(',');
// Warm up (understanding tools, prepared statements).
await app.inject({ url: `/api/article/queryEsArticle?keyword=${encodeURIComponent('会议')}&sortType=relevance` });
for (const [name, list] of Object.entries(sets)) {
  const bare: number[] = [];
  const cpu = process.cpuUsage();
  const bareDb = await backends();
  const bareTicks = ticks(bareDb);
  const top20 = (kw: string) =>
    pg
      ? sql`select "articleId" from article_search where terms @> ${parseKeyword(kw).terms.map((t) => t.text)}::text[] order by "docKey" desc limit 20`
      : sql`select rowid as k from article_fts where article_fts match ${ftsExpression(parseKeyword(kw))} order by rowid desc limit 20`;
  for (const kw of list) bare.push(await time(() => top20(kw).execute(app.db)));
  const used = process.cpuUsage(cpu);
  const line = [`${name.padEnd(7)} bare cpu ${((used.user + used.system) / 1000 / list.length).toFixed(2)}${pg ? ` db ${((ticks(bareDb) - bareTicks) / list.length).toFixed(2)}` : ''} p50 ${pct(bare, 0.5)}`];
  for (const m of modes) {
    const t: number[] = [];
    const cpu = process.cpuUsage();
    const { ms } = await dbCpu(async () => { for (const kw of list) t.push(await time(() => app.inject({ url: `/api/article/queryEsArticle?keyword=${encodeURIComponent(kw)}&pageNumber=1&pageSize=20${m ? `&sortType=${m}` : ''}` }))); });
    const used = process.cpuUsage(cpu);
    // CPU per search: what a loaded machine disturbs least (wall times queue behind other processes).
    line.push(`${m || 'orig'} cpu ${((used.user + used.system) / 1000 / list.length).toFixed(2)}${pg ? ` db ${(ms / list.length).toFixed(2)}` : ''} p50 ${pct(t, 0.5)} p90 ${pct(t, 0.9)}`);
  }
  console.log(line.join(' | '));
}
await app.close();
