// 报送统计 (/api/report/reportDeptList) over BENCH_REPORTS submissions (default 20,000), SQLite, in process
// (app.inject): the counts read through the article's list (local API `find`, grouped in JS) beside the
// anchor of the same run, the report list's first page (/api/report/reportList). Prints medians of 7 runs,
// ratios and the load average; writes bench/results/<BENCH_OUT or 2026-11-29-s25-report-counts>.json.
import { sql } from 'kysely';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedArticles, seedColumns } from './articlesSeed';

const rows = Number(process.env.BENCH_REPORTS ?? 20_000);
const password = 'Bench@2026pass';
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-reports-'));
const config = { ...loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, ADMIN_PASSWORD: password, SEED_DEMO: 'off' }), port: 0, host: '127.0.0.1' };
const app = await buildApp(config, { logger: false });
await seedArticles(app.db, await seedColumns(app.db), rows);
// Every article a submission, from one of the departments.
await sql`insert into article_report ("articleId", "reportTime", "deptId", "deptName", "createTime", "updateTime") select "articleId", "createTime", "deptId", "deptName", "createTime", "createTime" from article`.execute(app.db);
await sql`analyze`.execute(app.db);
const login = await app.inject({ method: 'POST', url: `/user/loginNoCode?username=admin&password=${encodeURIComponent(password)}`, headers: { appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' } });
const token = (login.json() as { data: { value: string } }).data.value;
const headers = { Authorization: token, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' };

async function median(url: string, body: Record<string, unknown>): Promise<{ ms: number; check: unknown }> {
  const times: number[] = [];
  let check: unknown;
  for (let i = 0; i < 8; i++) {
    const t = performance.now();
    const r = await app.inject({ method: 'POST', url, headers, payload: body });
    const ms = performance.now() - t;
    const json = r.json() as { errorCode: string; data: { totalRow?: number; list: { total?: number }[] } };
    if (json.errorCode !== '0') throw new Error(`${url}: ${JSON.stringify(json)}`);
    // The list's total; the counts' submissions counted (summed over the groups).
    check = url.endsWith('reportDeptList') ? json.data.list.reduce((n, g) => n + Number(g.total ?? 0), 0) : json.data.totalRow;
    if (i > 0) times.push(ms); // the first run warms the caches
  }
  times.sort((a, b) => a - b);
  return { ms: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10, check };
}

const load = loadavg().map((n) => Math.round(n * 100) / 100);
const anchor = await median('/api/report/reportList', { pageNum: 1, pageSize: 10 });
const out: Record<string, unknown> = { rows, load, anchorMs: anchor.ms, anchorTotal: anchor.check };
for (const groupBy of ['dept', 'month', 'status']) {
  const r = await median('/api/report/reportDeptList', { groupBy });
  out[groupBy] = { ms: r.ms, counted: r.check, ratio: Math.round((r.ms / anchor.ms) * 10) / 10 };
  console.log(`reportDeptList groupBy=${groupBy}: ${r.ms} ms (counted ${String(r.check)}) = ${(r.ms / anchor.ms).toFixed(1)}× the anchor reportList page (${anchor.ms} ms); load ${load.join(' ')}`);
}
writeFileSync(join('bench/results', `${process.env.BENCH_OUT ?? '2026-11-29-s25-report-counts'}.json`), `${JSON.stringify(out, null, 2)}\n`);
await app.close();
