// Generation benchmark (`npm run bench`, part "generation", docs/benchmarks.md): our full-site run beside
// Hugo (Debian's package, installed when missing) on the same published articles, 50 columns, 20 per list
// page, all on tmpfs (/dev/shm), interleaved: Hugo with the theme equivalent to our default skin, Hugo with a
// minimal theme, ours as shipped (pages plus .br/.gz copies and the site guard's pristine copies) and ours
// with SITE_PRECOMPRESS=off (one file per page, like Hugo). Sizes: --size=20000,100000 (or
// BENCH_GEN_ARTICLES; BENCH_GEN_100K=1 adds 100,000); Hugo is skipped above 200,000 unless BENCH_GEN_HUGO=1.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { startChild } from '../lib/child';
import { freshDatabase } from '../lib/pgDatabase';

interface RunFigures { files: number; pages: number; mb: number; ms: number; filesPerSecond: number; pagesPerSecond: number; maxRssMb: number; cpuMs: number; filesPerCpuSecond: number; pagesPerCpuSecond: number; load: number[] }
/** threadCpuMs: CPU of the main thread and of every other thread over 100 ms (render workers first, then V8/libuv helpers). */
/**
 * copies*: the background pass that makes the .br/.gz after the site is live (issue 26, session 30): pages it
 * compressed, its own wall and CPU time; `allMs` = the run plus the pass, the time until every copy exists.
 */
interface OurFigures extends RunFigures { republishMs: number[]; republishColdMs?: number; republishWritebackMs?: number[]; syncMs?: number; threadCpuMs?: { main: number; others: number[] }; copiesMade: number; copiesMs: number; copiesCpuMs: number; allMs: number; allPagesPerSecond: number; allPagesPerCpuSecond: number; copiesRssMb: number }

function ensureHugo(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v hugo'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  if (process.getuid?.() !== 0) return null;
  console.error('bench: installing Debian\'s hugo');
  spawnSync('apt-get', ['install', '-y', '-qq', 'hugo'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return spawnSync('sh', ['-c', 'command -v hugo'], { encoding: 'utf8' }).stdout.trim() || null;
}

function countFiles(d: string, into = { files: 0, pages: 0, bytes: 0 }) {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    if (e.isDirectory()) countFiles(join(d, e.name), into);
    else {
      into.files++;
      if (e.name.endsWith('.html')) into.pages++;
      into.bytes += statSync(join(d, e.name)).size;
    }
  }
  return into;
}
const perSecond = (n: number, ms: number) => Math.round((n * 1000) / Math.max(ms, 1));
/** The machine's load average (1, 5, 15 minutes) when a run ended: the bench shares 2 cores with other sessions. */
const loadNow = () => os.loadavg().map((l) => Number(l.toFixed(1)));
const figures = (w: { files: number; pages: number; bytes: number }, ms: number, cpuMs: number, maxRssMb: number): RunFigures => ({
  files: w.files, pages: w.pages, mb: Math.round(w.bytes / 1048576), ms, filesPerSecond: perSecond(w.files, ms), pagesPerSecond: perSecond(w.pages, ms), maxRssMb, cpuMs, filesPerCpuSecond: perSecond(w.files, cpuMs), pagesPerCpuSecond: perSecond(w.pages, cpuMs), load: loadNow(),
});

function runHugo(hugo: string, dir: string, site: string): RunFigures {
  const out = join(dir, site, 'public');
  rmSync(out, { recursive: true, force: true });
  const rssFile = join(dir, 'hugo-rss');
  const t0 = performance.now();
  execFileSync('/usr/bin/time', ['-f', '%M %U %S', '-o', rssFile, hugo, '--quiet', '-s', join(dir, site), '-d', out], { stdio: ['ignore', 'ignore', 'inherit'] });
  const ms = Math.round(performance.now() - t0);
  const [rssKb, user, sys] = (readFileSync(rssFile, 'utf8').trim().split('\n').pop() ?? '').split(' ').map(Number);
  const written = countFiles(out);
  rmSync(out, { recursive: true, force: true });
  return figures(written, ms, Math.round(((user ?? 0) + (sys ?? 0)) * 1000), Math.round((rssKb ?? 0) / 1024));
}

async function runOurs(dir: string, env: Record<string, string>): Promise<OurFigures> {
  rmSync(join(dir, 'data', 'site'), { recursive: true, force: true });
  rmSync(join(dir, 'data', 'site-guard'), { recursive: true, force: true });
  type Child = { files: number; pages: number; bytes: number; ms: number; cpuMs: number; maxRssMb: number; republishMs: number[]; republishColdMs?: number; republishWritebackMs?: number[]; syncMs?: number; threadCpuMs?: OurFigures['threadCpuMs']; copiesMade?: number; copiesMs?: number; copiesCpuMs?: number; copiesRssMb?: number; live?: { files: number; pages: number; bytes: number } | null };
  const child = await startChild<Child>('bench/generation/ourSite.ts', { ...env, GEN_DIR: dir });
  await new Promise((done) => (child.process.exitCode !== null ? done(null) : child.process.once('exit', done)));
  const { ms, cpuMs, maxRssMb, republishMs, republishColdMs, republishWritebackMs, syncMs, threadCpuMs, copiesMade = 0, copiesMs = 0, copiesCpuMs = 0, copiesRssMb = maxRssMb } = child.info;
  const allMs = ms + copiesMs;
  const all = { allMs, allPagesPerSecond: perSecond(child.info.pages, allMs), allPagesPerCpuSecond: perSecond(child.info.pages, cpuMs + copiesCpuMs) };
  // Files and bytes as they were when the site went live (the .br/.gz of the background pass came after).
  return { ...figures(child.info.live ?? child.info, ms, cpuMs, maxRssMb), republishMs, republishColdMs, republishWritebackMs, syncMs, threadCpuMs, copiesMade, copiesMs, copiesCpuMs, copiesRssMb, ...all };
}

const best = <T extends RunFigures>(runs: T[]): T => runs.reduce((a, b) => (b.pagesPerSecond > a.pagesPerSecond ? b : a));
const ratio = (a: number, b: number) => (b > 0 ? Number((a / b).toFixed(2)) : null);

async function benchSize(hugo: string | null, articles: number, rounds: number) {
  const dir = mkdtempSync('/dev/shm/portal-gen-');
  const database = await freshDatabase();
  const env = (extra: Record<string, string>) => (database.url ? { ...extra, DATABASE_URL: database.url } : extra);
  try {
    const seeded = await startChild<{ count: number; published: number; seedMs: number }>('bench/generation/seedSite.ts', env({ GEN_DIR: dir, BENCH_GEN_ARTICLES: String(articles) }));
    await new Promise((done) => (seeded.process.exitCode !== null ? done(null) : seeded.process.once('exit', done)));
    const withHugo = hugo && (articles <= 200_000 || process.env.BENCH_GEN_HUGO === '1') ? hugo : null;
    const runs = { hugo: [] as RunFigures[], hugoMinimal: [] as RunFigures[], ours: [] as OurFigures[], oursPlain: [] as OurFigures[], oursLiquid: [] as OurFigures[], oursInline: [] as OurFigures[] };
    // BENCH_GEN_LIQUID=1: ours as shipped but with LiquidJS alone (SITE_COMPILED_TEMPLATES=off), the state before issue 26's session 26.
    const liquidToo = process.env.BENCH_GEN_LIQUID === '1';
    // BENCH_GEN_INLINE=1: ours with the copies made inside the run (SITE_PRECOMPRESS=inline), the behaviour before session 30.
    const inlineToo = process.env.BENCH_GEN_INLINE === '1';
    const steps: (() => Promise<void>)[] = [
      async () => void (withHugo && runs.hugo.push(runHugo(withHugo, dir, 'hugo'))),
      async () => void (withHugo && runs.hugoMinimal.push(runHugo(withHugo, dir, 'hugo-min'))),
      async () => void runs.ours.push(await runOurs(dir, env({}))),
      async () => void runs.oursPlain.push(await runOurs(dir, env({ SITE_PRECOMPRESS: 'off', BENCH_GEN_REPUBLISH: '0' }))),
      async () => void (liquidToo && runs.oursLiquid.push(await runOurs(dir, env({ SITE_COMPILED_TEMPLATES: 'off', BENCH_GEN_REPUBLISH: '0' })))),
      async () => void (inlineToo && runs.oursInline.push(await runOurs(dir, env({ SITE_PRECOMPRESS: 'inline', BENCH_GEN_REPUBLISH: '0' })))),
    ];
    // Interleaved, the order reversed every other round, so a change in the machine's load hits all alike.
    for (let r = 0; r < rounds; r++) for (const step of r % 2 ? [...steps].reverse() : steps) await step();
    const o = best(runs.ours);
    const plain = best(runs.oursPlain);
    const h = runs.hugo.length ? best(runs.hugo) : null;
    const m = runs.hugoMinimal.length ? best(runs.hugoMinimal) : null;
    // Ratios of HTML pages per second (each writes one file per page; ours also .br/.gz beside each), and of files per second.
    // Each round's own ratios (the runs of one round see about the same load), ours as shipped against each Hugo.
    const roundRatios = runs.ours.map((ours, i) => ({
      pagesVsHugo: runs.hugo[i] ? ratio(ours.pagesPerSecond, runs.hugo[i].pagesPerSecond) : null,
      pagesVsHugoMinimal: runs.hugoMinimal[i] ? ratio(ours.pagesPerSecond, runs.hugoMinimal[i].pagesPerSecond) : null,
    }));
    const ratios = {
      pagesVsHugo: h && ratio(o.pagesPerSecond, h.pagesPerSecond), pagesVsHugoMinimal: m && ratio(o.pagesPerSecond, m.pagesPerSecond),
      plainPagesVsHugo: h && ratio(plain.pagesPerSecond, h.pagesPerSecond), plainPagesVsHugoMinimal: m && ratio(plain.pagesPerSecond, m.pagesPerSecond),
      filesVsHugo: h && ratio(o.filesPerSecond, h.filesPerSecond), filesVsHugoMinimal: m && ratio(o.filesPerSecond, m.filesPerSecond),
      cpuVsHugo: h && ratio(o.pages / o.cpuMs, h.pages / h.cpuMs), cpuVsHugoMinimal: m && ratio(o.pages / o.cpuMs, m.pages / m.cpuMs),
      plainCpuVsHugo: h && ratio(plain.pages / plain.cpuMs, h.pages / h.cpuMs),
      // Until every copy exists (the run plus the background pass): the whole work, beside Hugo's whole run.
      allPagesVsHugo: h && ratio(o.allPagesPerSecond, h.pagesPerSecond), allPagesVsHugoMinimal: m && ratio(o.allPagesPerSecond, m.pagesPerSecond),
      allCpuVsHugo: h && ratio(o.allPagesPerCpuSecond, h.pagesPerCpuSecond),
    };
    const liquid = runs.oursLiquid.length ? best(runs.oursLiquid) : null;
    const inline = runs.oursInline.length ? best(runs.oursInline) : null;
    return { articles, published: seeded.info.published, seedMs: seeded.info.seedMs, hugo: h, hugoMinimal: m, ours: o, oursPlain: plain, oursLiquid: liquid, oursInline: inline, ratios, roundRatios, runs };
  } finally {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The sizes asked: --size=20000,100000, else BENCH_GEN_ARTICLES (20,000) and 100,000 with BENCH_GEN_100K=1. */
function sizes(): number[] {
  const arg = process.argv.find((a) => a.startsWith('--size='));
  if (arg) return arg.slice(7).split(',').map(Number).filter((n) => n > 0);
  return [Number(process.env.BENCH_GEN_ARTICLES ?? 20_000), ...(process.env.BENCH_GEN_100K === '1' ? [100_000] : [])];
}

export async function benchGeneration() {
  const hugo = ensureHugo();
  const version = hugo ? spawnSync(hugo, ['version'], { encoding: 'utf8' }).stdout.trim() : 'hugo is not installed and cannot be installed (not root): no anchor';
  const rounds = Number(process.env.BENCH_GEN_ROUNDS ?? 1);
  const runs = [];
  for (const n of sizes()) runs.push(await benchSize(hugo, n, rounds));
  const loop = await startChild<{ pages: number; ms: number; cpuMs: number; pagesPerSecond: number; pagesPerCpuSecond: number }>('bench/generation/renderLoop.ts');
  await new Promise((done) => (loop.process.exitCode !== null ? done(null) : loop.process.once('exit', done)));
  return { hugoVersion: version, workers: Math.min(os.availableParallelism(), 8), rounds, runs, renderLoop: loop.info };
}

/** Where our CPU went: the main thread, the render workers (the two largest other threads with GENERATION_WORKERS=2) and the rest. */
const threads = (f: RunFigures & { threadCpuMs?: OurFigures['threadCpuMs'] }) => {
  const t = f.threadCpuMs;
  return t ? `; CPU by thread: main ${t.main} ms, others ${t.others.join(' / ')} ms, cores busy ${(f.cpuMs / Math.max(f.ms, 1)).toFixed(2)}` : '';
};
const line = (f: RunFigures) => `${f.pages} pages, ${f.files} files, ${f.mb} MB in ${f.ms} ms = ${f.pagesPerSecond} pages/s, ${f.filesPerSecond} files/s (CPU ${f.cpuMs} ms = ${f.pagesPerCpuSecond} pages per CPU-second, peak RSS ${f.maxRssMb} MB; load ${f.load.join(' ')}${threads(f)})`;

export function printGeneration(r: Awaited<ReturnType<typeof benchGeneration>>) {
  console.log('\nStatic generation, full site, 50 columns, 20 per list page, tmpfs (/dev/shm); goals: ≥ 2× Hugo (equivalent theme), ≥ 1.5× Hugo (minimal theme), RSS < 1 GB at 100,000');
  console.log(`${r.hugoVersion}; our render workers: ${r.workers}`);
  for (const s of r.runs) {
    console.log(`${s.articles} articles (${s.published} published):`);
    if (s.hugo) console.log(`  Hugo, equivalent theme: ${line(s.hugo)}`);
    if (s.hugoMinimal) console.log(`  Hugo, minimal theme:    ${line(s.hugoMinimal)}`);
    console.log(`  ours, as shipped, until the site is live (pages; their .br/.gz after): ${line(s.ours)}`);
    console.log(`  ours, as shipped, until every .br/.gz exists: ${s.ours.allMs} ms = ${s.ours.allPagesPerSecond} pages/s (the background pass: ${s.ours.copiesMade} pages in ${s.ours.copiesMs} ms, CPU ${s.ours.copiesCpuMs} ms; run + pass ${s.ours.allPagesPerCpuSecond} pages per CPU-second; peak RSS ${s.ours.copiesRssMb} MB)`);
    console.log(`  ours, SITE_PRECOMPRESS=off (.html only):         ${line(s.oursPlain)}`);
    if (s.oursInline) console.log(`  ours, copies made inside the run (SITE_PRECOMPRESS=inline, before session 30): ${line(s.oursInline)}; ratio pages/s vs equivalent: ${s.hugo ? ratio(s.oursInline.pagesPerSecond, s.hugo.pagesPerSecond) : '–'}`);
    if (s.oursLiquid) console.log(`  ours as shipped with LiquidJS alone (SITE_COMPILED_TEMPLATES=off): ${line(s.oursLiquid)}; compiled / LiquidJS alone: ${ratio(s.ours.pagesPerSecond, s.oursLiquid.pagesPerSecond)} pages/s, ${ratio(s.ours.pages / s.ours.cpuMs, s.oursLiquid.pages / s.oursLiquid.cpuMs)} pages per CPU-second`);
    const q = s.ratios;
    // Pages/s is the comparable figure: each side writes one HTML page per article and list page (Hugo's 50
    // alias pages aside); until live, ours has written the pages and the .br/.gz of its few inline files only.
    if (s.hugo) console.log(`  ratio pages/s until live (best rounds): ${q.pagesVsHugo} vs equivalent (goal 2; ${q.plainPagesVsHugo} with SITE_PRECOMPRESS=off), ${q.pagesVsHugoMinimal} vs minimal (goal 1.5; ${q.plainPagesVsHugoMinimal} off); until every copy exists: ${q.allPagesVsHugo} vs equivalent, ${q.allPagesVsHugoMinimal} vs minimal; files/s: ${q.filesVsHugo} / ${q.filesVsHugoMinimal}; pages per CPU-second: ${q.cpuVsHugo} vs equivalent until live, ${q.allCpuVsHugo} with the pass, ${q.cpuVsHugoMinimal} vs minimal`);
    if (s.hugo) console.log(`  each round's own pages/s ratio (as shipped): ${s.roundRatios.map((x) => `${x.pagesVsHugo} / ${x.pagesVsHugoMinimal}`).join(', ')} (vs equivalent / vs minimal); seeding took ${s.seedMs} ms`);
    else console.log('  no Hugo run at this size (BENCH_GEN_HUGO=1 runs it)');
    const rep = s.ours.republishMs;
    if (rep.length) console.log(`  republishing one article (POST /api/article/update until its page and lists are on disk), the run's writes on disk (sync ${s.ours.syncMs} ms): ${rep.join(', ')} ms (max ${Math.max(...rep)}; goal < 200); right after the run: ${s.ours.republishWritebackMs?.join(', ')} ms (the first edit, which also starts the server's render workers: ${s.ours.republishColdMs} ms)`);
  }
  const l = r.renderLoop;
  console.log(`render loop alone, one core (article page, includes memoised): ${l.pages} pages, ${l.pagesPerSecond} pages/s wall, ${l.pagesPerCpuSecond} pages per CPU-second`);
}
