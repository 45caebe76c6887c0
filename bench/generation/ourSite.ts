// Child of the generation benchmark: OUR full-site run on the database GEN_DIR/data (seedSite.ts), through
// the generation service's public entry points — the home page, every list column, every article (the
// screen's "generate all"). Then, unless BENCH_GEN_REPUBLISH=0, a staff member's edit of published articles
// (POST /api/article/update: its reply comes once the page and the lists showing it are on disk, the
// incremental path; BENCH_GEN_EDITS of them, 6 by default), right after the run and again, other articles, once
// the run's writes reached the disk. Prints files and bytes written, time, CPU, the process's peak RSS and the edit times.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { declarationOf } from '../../server/modules/declarationLookup';
import { generateSite, type SiteResult } from '../../server/modules/generation/fullSite';
import { manifestOf } from '../../server/modules/generation/guard/manifest';
import { runPrecompressPass } from '../../server/modules/generation/precompress/pass';
import { SiteGenerator } from '../../server/modules/generation/service';
import { RenderPool } from '../../server/modules/generation/worker/pool';

// GEN_DATA_DIR: a data directory seeded elsewhere (the million-article part seeds through bench/articlesServer.ts).
const dataDir = process.env.GEN_DATA_DIR ?? join(process.env.GEN_DIR as string, 'data');
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench@2026pass', SEED_DEMO: 'off', SCHEDULER: 'off' }), port: 0, host: '127.0.0.1' };
const app = await buildApp(config, { logger: false });
// Progress on stderr (BENCH_GEN_PROGRESS=1, or a site seeded elsewhere: the million-article part's long runs).
const progress = process.env.BENCH_GEN_PROGRESS === '1' || !!process.env.GEN_DATA_DIR;

/** CPU ms of each thread of this process by thread id (Linux /proc; elsewhere none). */
function threadCpu(): Record<string, number> {
  const out: Record<string, number> = {};
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const rest = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ').pop()?.split(' ') ?? [];
      out[tid] = (Number(rest[11]) + Number(rest[12])) * 10;
    }
  } catch {
    // Not Linux: no split.
  }
  return out;
}

/** The run's CPU by thread: the main thread, then every other thread that used ≥ 100 ms (render workers; GC and libuv helpers), largest first. */
function cpuSplit(before: Record<string, number>, after: Record<string, number>): { main: number; others: number[] } {
  const used = Object.entries(after).map(([tid, ms]) => [tid, ms - (before[tid] ?? 0)] as const);
  const others = used.filter(([tid, ms]) => tid !== String(process.pid) && ms >= 100).map(([, ms]) => ms).sort((a, b) => b - a);
  return { main: used.find(([tid]) => tid === String(process.pid))?.[1] ?? 0, others };
}

/** The full-site run: the service's own entry point (home, site pages, every list page, every article). */
async function generateFullSite(): Promise<{ site: SiteResult; threadCpuMs: { main: number; others: number[] } }> {
  const pool = new RenderPool();
  const before = threadCpu();
  try {
    const site = await generateSite(new SiteGenerator(app.db, dataDir, declarationOf(app, 'siteSetting'), pool));
    // Read before the workers stop (their threads leave /proc): the CPU of each kind of thread during the run.
    return { site, threadCpuMs: cpuSplit(before, threadCpu()) };
  } finally {
    await pool.close();
  }
}

/** Files and bytes below `d`: pages (.html) apart from everything (their .br/.gz copies, assets). */
function countFiles(d: string, into = { files: 0, bytes: 0, pages: 0, pageBytes: 0 }) {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const abs = join(d, e.name);
    if (e.isDirectory()) {
      countFiles(abs, into);
      continue;
    }
    const size = statSync(abs).size;
    into.files++;
    into.bytes += size;
    if (e.name.endsWith('.html')) {
      into.pages++;
      into.pageBytes += size;
    }
  }
  return into;
}

/** A staff member's edit of `count` published articles, through the API (the article hook republishes before the reply). */
async function republishTimes(count: number, at = 0.5): Promise<number[]> {
  const password = 'Bench@2026pass';
  const head = { appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' };
  const login = await app.inject({ method: 'POST', url: `/user/loginNoCode?username=admin&password=${encodeURIComponent(password)}`, headers: head });
  const token = (login.json() as { data: { value: string } }).data.value;
  const total = Number((await app.db.selectFrom('article').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 5).executeTakeFirst())?.n ?? 0);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await app.db.selectFrom('article').select(['articleId', 'title']).where('status', '=', 5).orderBy('articleId').offset(Math.floor(((i + at) * total) / count)).limit(1).executeTakeFirst();
    if (!row) break;
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/article/update', headers: { ...head, Authorization: token }, payload: { articleId: row.articleId, title: `${String(row.title)}（修订）` } });
    times.push(Math.round(performance.now() - t));
    // Each edit as it ends, on stderr (a million-article run is long; its parent passes stderr through).
    if (progress) console.error(`ourSite: republished article ${String(row.articleId)} in ${times[times.length - 1]} ms`);
    if ((res.json() as { errorCode: string }).errorCode !== '0') throw new Error(`republish: ${res.body}`);
  }
  return times;
}
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const { site, threadCpuMs } = await generateFullSite();
const ms = Math.round(performance.now() - t0);
// CPU of every thread of the process (main and render workers): less sensitive to a shared machine's load than wall time.
const cpu = process.cpuUsage(cpu0);
const maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
if (progress) console.error(`ourSite: ${site.pages} pages (${site.articles} articles) generated in ${ms} ms, CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms, peak RSS ${maxRssMb} MB, load ${loadavg()[0]?.toFixed(1)}`);
// What is on disk when the site is live (session 39: the files counted at the end, .br/.gz of the pass
// included, were divided by the time until live); not walked for a site seeded elsewhere (a million pages).
const live = process.env.GEN_DATA_DIR ? null : countFiles(join(dataDir, 'site'));
// The site is live; its .br/.gz are made by the background pass (issue 26, session 30), run here at once and
// timed apart: `copiesMs` is the pass alone, so the run plus it is the time until every copy exists.
const c0 = performance.now();
const cpuC0 = process.cpuUsage();
const found = manifestOf(join(dataDir, 'site'));
const copies = found ? await runPrecompressPass(found.manifest) : { ran: false, made: 0, skipped: 0 };
const copiesMs = Math.round(performance.now() - c0);
const copiesCpu = process.cpuUsage(cpuC0);
const copiesRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
if (progress && copies.ran) console.error(`ourSite: copies of ${copies.made} pages made in ${copiesMs} ms`);
// Edits right after the run, while the kernel still writes its pages back (gigabytes at a million), then
// other articles' edits once those writes reached the disk (`sync`, timed): a site in service, where staff edit.
// The first edit also starts the server's render workers (a running server has them): printed apart.
const edits = process.env.BENCH_GEN_REPUBLISH === '0' ? 0 : Number(process.env.BENCH_GEN_EDITS ?? 6);
const [republishColdMs, ...republishWritebackMs] = edits ? await republishTimes(edits, 0.25) : [];
const s0 = performance.now();
if (edits) execFileSync('sync');
const syncMs = Math.round(performance.now() - s0);
const republishMs = edits ? await republishTimes(edits) : [];
if (progress && edits) console.error(`ourSite: the site's writes reached the disk in ${syncMs} ms (sync)`);
// Counted after the edits (which rewrite pages, adding none): a million-article site takes minutes to walk.
const written = countFiles(join(dataDir, 'site'));
await app.close();
process.stdout.write(JSON.stringify({ ...written, files: written.files, live, ms, cpuMs: Math.round((cpu.user + cpu.system) / 1000), maxRssMb, threadCpuMs, republishColdMs, republishWritebackMs, syncMs, republishMs, copiesMade: copies.made, copiesMs, copiesCpuMs: Math.round((copiesCpu.user + copiesCpu.system) / 1000), copiesRssMb }) + '\n');
process.exit(0);
