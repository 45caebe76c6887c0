// Developer aid (issue 25 speed, session 28): where a PostgreSQL search spends the database's time. For
// PROF_PER keywords of each frequency class, the statements one uncached `queryEsArticle` runs (captured),
// each then run again under EXPLAIN (ANALYZE, BUFFERS): execution time per statement summed per class, and
// the plan of the slowest. `DATABASE_URL=… PROF_DIR=… npx tsx bench/searchExplainPg.ts` on a database
// searchProfile.ts seeded. PROF_MODES as there (`,relevance,time`).
import { CompiledQuery } from 'kysely';
import { buildApp } from '../server/app';
import { resultCaches } from '../server/auth/cacheVersions';
import { loadConfig } from '../server/config';
import { maintainHeads, knowHeads } from '../server/modules/content/search/pgHead';
import { setPgHeadOff } from '../server/modules/content/search/pgMatches';
import { installCapture } from './lib/capture';
import { keywordStream } from './searchStream';

const config = { ...loadConfig({ ...process.env, DATA_DIR: process.env.PROF_DIR ?? '/tmp/s28-prof', ADMIN_PASSWORD: 'Bench@2026pass', SEED_DEMO: 'off' }), port: 0, host: '127.0.0.1' };
const app = await buildApp(config, { logger: false });
resultCaches.enabled = false;
resultCaches.counts = false;
const capture = installCapture(app.db);
const per = Number(process.env.PROF_PER ?? 10);
const { frequency } = keywordStream();
const modes = (process.env.PROF_MODES ?? '').split(',');
const shape = (q: string) => q.replace(/\s+/g, ' ').slice(0, 90);
await app.inject({ url: `/api/article/queryEsArticle?keyword=${encodeURIComponent('会议')}&sortType=relevance` });
// Session 29: the index's heads (pgHead.ts) built first, as a running server does in the background.
const heads = await maintainHeads(app.db);
knowHeads(app.db, heads);
console.log(`heads: ${heads.map((h) => `${h.size} (${h.rows} rows)`).join(', ') || 'none'}`);
if (process.env.PROF_COMPARE) await compare();
for (const mode of modes) {
  for (const [name, list] of Object.entries(frequency)) {
    const byShape = new Map<string, { ms: number; n: number; worst: number; plan: string }>();
    for (const kw of list.slice(0, per)) {
      const url = `/api/article/queryEsArticle?keyword=${encodeURIComponent(kw)}&pageNumber=1&pageSize=20${mode ? `&sortType=${mode}` : ''}`;
      const statements = await capture.during(() => app.inject({ url }));
      let settings: string[] = [];
      for (const st of statements) {
        // A `set local` (pgMatches.ts) holds for the statements after it in its transaction: explained the same way.
        if (/^\s*set local/i.test(st.sql)) settings.push(st.sql);
        if (/^\s*(commit|rollback)/i.test(st.sql)) settings = [];
        if (!/^\s*(select|with)/i.test(st.sql)) continue;
        const set = settings;
        const plan = await app.db.transaction().execute(async (trx) => {
          for (const x of set) await trx.executeQuery(CompiledQuery.raw(x));
          return trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, buffers) ${st.sql}`, [...st.parameters]));
        });
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        const ms = Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? 0);
        const e = byShape.get(shape(st.sql)) ?? { ms: 0, n: 0, worst: 0, plan: '' };
        e.ms += ms;
        e.n++;
        if (ms > e.worst) [e.worst, e.plan] = [ms, `${kw}: ${text}`];
        byShape.set(shape(st.sql), e);
      }
    }
    console.log(`\n== ${name} ${mode || 'original'} (${per} keywords): execution ms per search by statement`);
    for (const [s, e] of [...byShape].sort((a, b) => b[1].ms - a[1].ms)) console.log(`${(e.ms / per).toFixed(2).padStart(7)} ms  ×${e.n}  worst ${e.worst.toFixed(1)}  ${s}`);
    const worst = [...byShape.values()].sort((a, b) => b.worst - a.worst)[0];
    if (worst && process.env.PROF_PLANS) console.log(worst.plan);
  }
}
await app.close();

/**
 * PROF_COMPARE=1: the answers with the heads and without (SEARCH_PG_HEAD's switch), for PROF_COMPARE keywords of
 * each class, the original call, sortType=time and relevance, pages 1 and 3: list, totalRow, totalCapped must be
 * the same; facets are counted apart (with the heads sortType=time counts the newest 1,000 matches).
 */
async function compare() {
  const n = Number(process.env.PROF_COMPARE) || 20;
  let same = 0;
  let facetsDiffer = 0;
  const differ: string[] = [];
  for (const [name, list] of Object.entries(frequency)) {
    for (const kw of list.slice(0, n)) {
      for (const extra of ['', '&sortType=time', '&sortType=relevance', '&pageNumber=3']) {
        const url = `/api/article/queryEsArticle?keyword=${encodeURIComponent(kw)}&pageSize=20${extra}`;
        setPgHeadOff(true);
        const old = (await app.inject({ url })).json() as { data: Record<string, unknown> };
        setPgHeadOff(false);
        const now = (await app.inject({ url })).json() as { data: Record<string, unknown> };
        const core = (d: Record<string, unknown>) => JSON.stringify({ ...d, facets: undefined });
        if (core(old.data) === core(now.data)) same++;
        else differ.push(`${name} ${kw}${extra}`);
        if (JSON.stringify(old.data.facets) !== JSON.stringify(now.data.facets)) facetsDiffer++;
      }
    }
  }
  console.log(`compare: ${same} answers the same (list, totals), ${differ.length} differ${differ.length ? `: ${differ.slice(0, 10).join('; ')}` : ''}; facets differ in ${facetsDiffer}`);
}
