// `npm run bench -- --only=login` (issue 23): the login pages /admin/ and /report/ scored by Lighthouse,
// mobile and desktop, beside what the browser loads before the form is visible (bench/loginBundle.ts).
//   BENCH_LOGIN_RUNS=5  each page and form scored 5 times; the run with the median performance is kept.
// Scores swing with the machine's load (Lighthouse multiplies the CPU time it observed): every row carries
// the 1-minute load average of its runs, and the bare server's static login form (no script, no style) is
// scored on mobile before and after, as the calibration of this run.
import { loadavg } from 'node:os';
import { startChild } from './lib/child';
import { measureLoginBundle, type BundleFigures } from './loginBundle';
import { score, withChrome, type Scores } from './site/lighthouse';

export const LOGIN_GOALS = { performance: 90, accessibility: 100 } as const;

export interface LoginRow extends Scores {
  page: string;
  form: 'mobile' | 'desktop';
  /** Performance of every run, in order, and the 1-minute load average at each. */
  runs: { performance: number; tbtMs: number; fcpMs: number; load: number }[];
}

const RUNS = Math.max(1, Number(process.env.BENCH_LOGIN_RUNS ?? 1) || 1);

const load = () => Math.round(loadavg()[0]! * 10) / 10;

async function medianRow(port: number, url: string, page: string, form: 'mobile' | 'desktop'): Promise<LoginRow> {
  const all: (Scores & { load: number })[] = [];
  for (let i = 0; i < RUNS; i++) {
    const before = load();
    const s = await score(port, url, form);
    all.push({ ...s, load: Math.max(before, load()) });
  }
  const sorted = [...all].sort((a, b) => a.performance - b.performance);
  const kept = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { page, form, ...kept, runs: all.map((s) => ({ performance: s.performance, tbtMs: s.inputs.tbtMs, fcpMs: s.inputs.fcpMs, load: s.load })) };
}

export async function benchLogin(): Promise<{ rows: LoginRow[]; bundles: BundleFigures[]; calibration: LoginRow[] }> {
  const server = await startChild<{ port: number; barePort: number }>('bench/servers/frontServer.ts');
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    const bundles = [await measureLoginBundle(base, '/admin/'), await measureLoginBundle(base, '/report/')];
    const rows: LoginRow[] = [];
    const calibration: LoginRow[] = [];
    const bare = `http://127.0.0.1:${server.info.barePort}/form`;
    await withChrome(async (port) => {
      calibration.push(await medianRow(port, bare, 'calibration (before)', 'mobile'));
      for (const page of ['/admin/', '/report/']) {
        for (const form of ['mobile', 'desktop'] as const) rows.push(await medianRow(port, base + page, page, form));
      }
      calibration.push(await medianRow(port, bare, 'calibration (after)', 'mobile'));
    });
    return { rows, bundles, calibration };
  } finally {
    await server.stop();
  }
}

function line(row: LoginRow): string {
  const i = row.inputs;
  const runs = row.runs.length > 1 ? `  runs ${row.runs.map((r) => `${r.performance}@${r.load}`).join(', ')}` : `  load ${row.runs[0]?.load}`;
  return `  ${row.page.padEnd(20)} ${row.form.padEnd(8)} perf ${row.performance}  a11y ${row.accessibility}  bp ${row['best-practices']}  seo ${row.seo}  FCP ${i.fcpMs} ms  TBT ${i.tbtMs} ms  ${i.requests} requests  ${Math.round(i.bytes / 1024)} KiB${runs}${row.failing.length ? '\n      failing: ' + row.failing.join(', ') : ''}`;
}

export function printLogin(r: Awaited<ReturnType<typeof benchLogin>>): void {
  const g = LOGIN_GOALS;
  console.log(`\nLogin pages (goals: performance ≥ ${g.performance} on mobile, accessibility ${g.accessibility}); median of ${RUNS} run(s), load average at each run`);
  for (const b of r.bundles) console.log(`  ${b.page}: ${b.scripts} scripts, ${b.rawBytes} B (${b.gzipBytes} B gzip) until the network is idle; form visible after ${b.msToLoginForm} ms`);
  for (const row of [r.calibration[0]!, ...r.rows, r.calibration[1]!]) console.log(line(row));
}
