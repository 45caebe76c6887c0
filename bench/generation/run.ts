// Generation benchmark (`npm run bench`, part "generation"): our full-site run beside Hugo (Debian's
// package, installed when missing) on the same published articles, 50 columns, 20 per list page, both on
// tmpfs (/dev/shm), interleaved. 20,000 articles; BENCH_GEN_100K=1 adds 100,000. Files/s, ratio, peak RSS.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startChild } from '../lib/child';
import { freshDatabase } from '../lib/pgDatabase';

interface RunFigures { files: number; ms: number; filesPerSecond: number; maxRssMb: number; cpuMs: number; filesPerCpuSecond: number }

function ensureHugo(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v hugo'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  if (process.getuid?.() !== 0) return null;
  console.error('bench: installing Debian\'s hugo');
  spawnSync('apt-get', ['install', '-y', '-qq', 'hugo'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return spawnSync('sh', ['-c', 'command -v hugo'], { encoding: 'utf8' }).stdout.trim() || null;
}

const countFiles = (d: string): number => readdirSync(d).reduce((n, name) => n + (statSync(join(d, name)).isDirectory() ? countFiles(join(d, name)) : 1), 0);
const perSecond = (files: number, ms: number) => Math.round((files * 1000) / Math.max(ms, 1));
const figures = (files: number, ms: number, cpuMs: number, maxRssMb: number): RunFigures => ({ files, ms, filesPerSecond: perSecond(files, ms), maxRssMb, cpuMs, filesPerCpuSecond: perSecond(files, cpuMs) });

function runHugo(hugo: string, dir: string): RunFigures {
  const out = join(dir, 'hugo', 'public');
  rmSync(out, { recursive: true, force: true });
  const rssFile = join(dir, 'hugo-rss');
  const t0 = performance.now();
  execFileSync('/usr/bin/time', ['-f', '%M %U %S', '-o', rssFile, hugo, '--quiet', '-s', join(dir, 'hugo'), '-d', out], { stdio: ['ignore', 'ignore', 'inherit'] });
  const ms = Math.round(performance.now() - t0);
  const files = countFiles(out);
  const [rssKb, user, sys] = (readFileSync(rssFile, 'utf8').trim().split('\n').pop() ?? '').split(' ').map(Number);
  return figures(files, ms, Math.round(((user ?? 0) + (sys ?? 0)) * 1000), Math.round((rssKb ?? 0) / 1024));
}

async function runOurs(dir: string, env: Record<string, string>): Promise<RunFigures> {
  rmSync(join(dir, 'data', 'site'), { recursive: true, force: true });
  const child = await startChild<{ files: number; ms: number; cpuMs: number; maxRssMb: number }>('bench/generation/ourSite.ts', { ...env, GEN_DIR: dir });
  await new Promise((done) => (child.process.exitCode !== null ? done(null) : child.process.once('exit', done)));
  const { files, ms, cpuMs, maxRssMb } = child.info;
  return figures(files, ms, cpuMs, maxRssMb);
}

async function benchSize(hugo: string, articles: number, rounds: number) {
  const dir = mkdtempSync('/dev/shm/portal-gen-');
  const database = await freshDatabase();
  const env = (extra: Record<string, string>) => (database.url ? { ...extra, DATABASE_URL: database.url } : extra);
  try {
    const seeded = await startChild<{ count: number; published: number; seedMs: number }>('bench/generation/seedSite.ts', env({ GEN_DIR: dir, BENCH_GEN_ARTICLES: String(articles) }));
    await new Promise((done) => (seeded.process.exitCode !== null ? done(null) : seeded.process.once('exit', done)));
    const hugoRuns: RunFigures[] = [];
    const ourRuns: RunFigures[] = [];
    // Interleaved: H O, O H, H O, … so a change in the machine's load hits both alike.
    for (let r = 0; r < rounds; r++) {
      if (r % 2 === 0) {
        hugoRuns.push(runHugo(hugo, dir));
        ourRuns.push(await runOurs(dir, env({})));
      } else {
        ourRuns.push(await runOurs(dir, env({})));
        hugoRuns.push(runHugo(hugo, dir));
      }
    }
    const best = (runs: RunFigures[]) => runs.reduce((a, b) => (b.filesPerSecond > a.filesPerSecond ? b : a));
    const h = best(hugoRuns);
    const o = best(ourRuns);
    // Each round's own ratio (the two runs of a round saw about the same load), and the CPU-time ratio.
    const roundRatios = ourRuns.map((r, i) => Number((r.filesPerSecond / (hugoRuns[i]?.filesPerSecond ?? 1)).toFixed(2)));
    const cpuRatio = Number((o.filesPerCpuSecond / h.filesPerCpuSecond).toFixed(2));
    return { articles, published: seeded.info.published, seedMs: seeded.info.seedMs, hugo: h, ours: o, ratio: Number((o.filesPerSecond / h.filesPerSecond).toFixed(2)), roundRatios, cpuRatio, hugoRuns, ourRuns };
  } finally {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchGeneration() {
  const hugo = ensureHugo();
  if (!hugo) return { skipped: 'hugo is not installed and cannot be installed (not root)' };
  const version = spawnSync(hugo, ['version'], { encoding: 'utf8' }).stdout.trim();
  const rounds = Number(process.env.BENCH_GEN_ROUNDS ?? 1);
  const sizes = [Number(process.env.BENCH_GEN_ARTICLES ?? 20_000), ...(process.env.BENCH_GEN_100K === '1' ? [100_000] : [])];
  const runs = [];
  for (const n of sizes) runs.push(await benchSize(hugo, n, rounds));
  const loop = await startChild<{ pages: number; ms: number; cpuMs: number; pagesPerSecond: number; pagesPerCpuSecond: number }>('bench/generation/renderLoop.ts');
  await new Promise((done) => (loop.process.exitCode !== null ? done(null) : loop.process.once('exit', done)));
  return { hugoVersion: version, rounds, runs, renderLoop: loop.info };
}

export function printGeneration(r: Awaited<ReturnType<typeof benchGeneration>>) {
  console.log('\nStatic generation, full site, 50 columns, 20 per list page, tmpfs (/dev/shm), goal ratio ≥ 1.0, RSS < 1 GB');
  if ('skipped' in r) {
    console.log(`skipped: ${r.skipped}`);
    return;
  }
  console.log(r.hugoVersion);
  for (const s of r.runs) {
    console.log(`${s.articles} articles (${s.published} published): Hugo ${s.hugo.files} files in ${s.hugo.ms} ms = ${s.hugo.filesPerSecond} files/s (RSS ${s.hugo.maxRssMb} MB) | ours ${s.ours.files} files in ${s.ours.ms} ms = ${s.ours.filesPerSecond} files/s (peak RSS ${s.ours.maxRssMb} MB) | ratio ${s.ratio}`);
    console.log(`  per round: ${s.roundRatios.join(', ')} | CPU time: Hugo ${s.hugo.filesPerCpuSecond} files per CPU-second, ours ${s.ours.filesPerCpuSecond} (ratio ${s.cpuRatio})`);
  }
  const l = r.renderLoop;
  console.log(`render loop alone, one core (article page, includes memoised): ${l.pages} pages, ${l.pagesPerSecond} pages/s wall, ${l.pagesPerCpuSecond} pages per CPU-second`);
}
