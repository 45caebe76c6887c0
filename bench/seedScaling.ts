// `npx tsx bench/seedScaling.ts` (issue 26, session 29): the articles bench's seeding (bench/articlesSeed.ts) the
// old way (inserting into the indexed table, 'keep') and the new way (secondary indexes dropped for the load and
// created after, 'rebuild'), back to back at each size of BENCH_MILLION_SIZES (default 20000,100000,300000):
// articles/s, process CPU per 1,000 articles (SQLite works in this process), the load average before and after.
// Both seed with BENCH_SEED_NOW pinned, so the two databases must be the same: row counts, a hash of every
// article row, the schema (sqlite_master / pg_indexes) and, at sizes up to BENCH_SEED_SEARCH_MAX (20000), the
// answers of /api/article/queryEsArticle for a few words after the search index is built. On PostgreSQL when
// DATABASE_URL is set (a fresh database per seeding, bench/lib/pgDatabase.ts). Writes BENCH_SEED_OUT (JSON).
import { sql, type Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { rebuildSearchIndex } from '../server/modules/content/search/indexer';
import { seedArticles, seedColumns } from './articlesSeed';
import type { SeedIndexes } from './lib/bulkLoad';
import { freshDatabase } from './lib/pgDatabase';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;
const sizes = (process.env.BENCH_MILLION_SIZES ?? '20000,100000,300000').split(',').map(Number).filter((n) => n > 0);
const searchMax = Number(process.env.BENCH_SEED_SEARCH_MAX ?? 20_000);
const WORDS = ['乡村振兴', '医疗', '茶叶', '垃圾分类', '合作社'];
process.env.BENCH_SEED_NOW ??= String(Date.parse('2026-11-30T00:00:00Z'));
const load = () => loadavg().map((x) => Number(x.toFixed(2)));
const sha = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

/** What must be equal between the two ways of seeding. */
async function fingerprint(db: Db, sqlite: boolean) {
  const count = async (q: string) => Number((await sql.raw<{ n: number }>(q).execute(db)).rows[0]?.n ?? 0);
  const byStatus = (await sql<{ status: number; n: number }>`select status, count(*) as n from article group by status order by status`.execute(db)).rows.map((r) => `${r.status}:${Number(r.n)}`);
  const hash = createHash('sha256');
  for (let after = 0; ; ) {
    const rows = await db.selectFrom('article').selectAll().where('articleId', '>', after).orderBy('articleId').limit(5000).execute();
    if (!rows.length) break;
    for (const r of rows) hash.update(JSON.stringify(r));
    after = Number(rows[rows.length - 1]?.articleId);
  }
  const schemaRows = sqlite
    ? (await sql<{ s: string }>`select type || ' ' || name || ' ' || tbl_name || ' ' || coalesce(sql, '') as s from sqlite_master order by type, name`.execute(db)).rows
    : (await sql<{ s: string }>`select tablename || ' ' || indexname || ' ' || indexdef as s from pg_indexes where schemaname = current_schema() order by tablename, indexname`.execute(db)).rows;
  // sqlite_master rows read "index <name> <table> …", pg_indexes rows "<table> <name> …".
  const articleIndexes = schemaRows.filter((r) => (sqlite ? r.s.startsWith('index ') && r.s.split(' ')[2] === 'article' : r.s.split(' ')[0] === 'article')).length;
  return {
    articles: await count('select count(*) as n from article'),
    columns: await count('select count(*) as n from category'),
    byStatus,
    articleRowsSha: hash.digest('hex').slice(0, 16),
    schemaSha: sha(schemaRows.map((r) => r.s).join('\n')),
    schemaEntries: schemaRows.length,
    articleIndexes,
    schema: schemaRows.map((r) => r.s),
  };
}

/** The public search's answers for WORDS (after the search index is built), each as total, ids and a hash of the body. */
async function searches(app: Awaited<ReturnType<typeof buildApp>>) {
  const indexed = await rebuildSearchIndex(app.db);
  const answers: Record<string, { total: number; ids: number[]; bodySha: string }> = {};
  for (const w of WORDS) {
    const r = await app.inject({ method: 'GET', url: `/api/article/queryEsArticle?keyword=${encodeURIComponent(w)}&pageNumber=1&pageSize=20` });
    const body = JSON.parse(r.body) as { errorCode: string; data?: { totalRow?: number; total?: number; list?: { articleId?: number; id?: number }[] } };
    const list = body.data?.list ?? [];
    answers[w] = { total: Number(body.data?.totalRow ?? body.data?.total ?? -1), ids: list.map((a) => Number(a.articleId ?? a.id)), bodySha: sha(r.body) };
  }
  return { indexed, answers };
}

/** One seeding of `rows` articles on a fresh database, the way `mode` says. */
async function seedOnce(rows: number, mode: SeedIndexes) {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(join(process.env.BENCH_TMP ?? tmpdir(), 'portal-seed-scaling-'));
  const config = { ...loadConfig({ ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench@2026pass', SEED_DEMO: 'off', SCHEDULER: 'off' }), port: 0 };
  const app = await buildApp(config, { logger: false });
  const sqlite = app.portal.dialect === 'sqlite';
  try {
    const loadBefore = load();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const columns = await seedColumns(app.db);
    await seedArticles(app.db, columns, rows, 500, 10_000, mode);
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const loadAfter = load();
    const print = await fingerprint(app.db, sqlite);
    const search = rows <= searchMax ? await searches(app) : undefined;
    const figures = { rows, mode, dialect: app.portal.dialect, seedMs: Math.round(ms), articlesPerSecond: Math.round((rows * 1000) / ms), cpuMsPerKArticles: Number(((cpu.user + cpu.system) / 1000 / (rows / 1000)).toFixed(1)), loadBefore, loadAfter };
    console.error(`seed ${JSON.stringify(figures)}`);
    return { ...figures, fingerprint: print, search };
  } finally {
    await app.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The differences between two seedings' fingerprints and search answers ([] = the same database). */
function differences(a: Awaited<ReturnType<typeof seedOnce>>, b: Awaited<ReturnType<typeof seedOnce>>): string[] {
  const out: string[] = [];
  const { schema: sa, ...fa } = a.fingerprint;
  const { schema: sb, ...fb } = b.fingerprint;
  for (const k of Object.keys(fa) as (keyof typeof fa)[]) if (JSON.stringify(fa[k]) !== JSON.stringify(fb[k])) out.push(`${k}: ${JSON.stringify(fa[k])} vs ${JSON.stringify(fb[k])}`);
  for (const s of sa) if (!sb.includes(s)) out.push(`schema only in ${a.mode}: ${s}`);
  for (const s of sb) if (!sa.includes(s)) out.push(`schema only in ${b.mode}: ${s}`);
  if (JSON.stringify(a.search) !== JSON.stringify(b.search)) out.push(`search answers differ: ${JSON.stringify(a.search)} vs ${JSON.stringify(b.search)}`);
  return out;
}

// A first seeding of each way, not counted: the first start compiles the code both ways then run warm.
for (const mode of ['keep', 'rebuild'] as const) await seedOnce(2000, mode);
const runs = [];
for (const rows of sizes) {
  // Old then new, back to back at each size, so both see about the same load.
  const keep = await seedOnce(rows, 'keep');
  const rebuild = await seedOnce(rows, 'rebuild');
  const diff = differences(keep, rebuild);
  const strip = (r: typeof keep) => ({ ...r, fingerprint: { ...r.fingerprint, schema: undefined } });
  runs.push({ rows, keep: strip(keep), rebuild: strip(rebuild), speedup: Number((rebuild.articlesPerSecond / keep.articlesPerSecond).toFixed(2)), same: diff.length === 0, differences: diff });
  console.error(`size ${rows}: keep ${keep.articlesPerSecond}/s, rebuild ${rebuild.articlesPerSecond}/s, ×${runs[runs.length - 1]?.speedup}, same database: ${diff.length === 0}${diff.length ? ` (${diff.slice(0, 5).join('; ')})` : ''}`);
}
// Linearity: each size's rate beside the smallest size's rate of the same way (1.0 = linear).
const first = runs[0];
const scaling = runs.map((r) => ({ rows: r.rows, keepRateVsFirst: first ? Number((r.keep.articlesPerSecond / first.keep.articlesPerSecond).toFixed(2)) : null, rebuildRateVsFirst: first ? Number((r.rebuild.articlesPerSecond / first.rebuild.articlesPerSecond).toFixed(2)) : null }));
const result = { date: new Date().toISOString(), seedNow: process.env.BENCH_SEED_NOW, sizes, runs, scaling };
console.log(JSON.stringify({ scaling, runs: runs.map((r) => ({ rows: r.rows, keep: r.keep.articlesPerSecond, rebuild: r.rebuild.articlesPerSecond, speedup: r.speedup, same: r.same })) }, null, 1));
if (process.env.BENCH_SEED_OUT) writeFileSync(process.env.BENCH_SEED_OUT, `${JSON.stringify(result, null, 1)}\n`);
process.exit(runs.every((r) => r.same) ? 0 : 1);
