// `npm run bench -- --only=login` (issue 23): the login pages /admin/ and /report/ scored by Lighthouse,
// mobile and desktop, beside what the browser loads before the form is visible (bench/loginBundle.ts).
import { startChild } from './lib/child';
import { measureLoginBundle, type BundleFigures } from './loginBundle';
import { score, withChrome, type Scores } from './site/lighthouse';

export const LOGIN_GOALS = { performance: 90, accessibility: 100 } as const;

export interface LoginRow extends Scores {
  page: string;
  form: 'mobile' | 'desktop';
}

export async function benchLogin(): Promise<{ rows: LoginRow[]; bundles: BundleFigures[] }> {
  const server = await startChild<{ port: number }>('bench/servers/frontServer.ts');
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    const bundles = [await measureLoginBundle(base, '/admin/'), await measureLoginBundle(base, '/report/')];
    const rows: LoginRow[] = [];
    await withChrome(async (port) => {
      for (const page of ['/admin/', '/report/']) {
        for (const form of ['mobile', 'desktop'] as const) rows.push({ page, form, ...(await score(port, base + page, form)) });
      }
    });
    return { rows, bundles };
  } finally {
    await server.stop();
  }
}

export function printLogin(r: Awaited<ReturnType<typeof benchLogin>>): void {
  const g = LOGIN_GOALS;
  console.log(`\nLogin pages (goals: performance ≥ ${g.performance} on mobile, accessibility ${g.accessibility})`);
  for (const b of r.bundles) console.log(`  ${b.page}: ${b.scripts} scripts, ${b.rawBytes} B (${b.gzipBytes} B gzip) until the network is idle; form visible after ${b.msToLoginForm} ms`);
  for (const row of r.rows) {
    console.log(`  ${row.page.padEnd(9)} ${row.form.padEnd(8)} perf ${row.performance}  a11y ${row.accessibility}  bp ${row['best-practices']}  seo ${row.seo}${row.failing.length ? '  ' + row.failing.join(', ') : ''}`);
  }
}
