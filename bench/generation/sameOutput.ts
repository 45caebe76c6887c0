// Issue 26's byte-for-byte check of the generated site: the demo site (SEED_DEMO on: every kind of page,
// content-model fields, forum, survey and economy pages) plus BENCH_SAME_ARTICLES (2,000) seeded articles,
// generated twice with the service's own full-site entry point — once with LiquidJS alone
// (SITE_COMPILED_TEMPLATES=off), once as shipped — and every written file compared; only the 生成时间 stamps
// (generatedAt) may differ. Usage: npx tsx bench/generation/sameOutput.ts. Exits 1 when a file differs.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { declarationOf } from '../../server/modules/declarationLookup';
import { generateSite } from '../../server/modules/generation/fullSite';
import { SiteGenerator } from '../../server/modules/generation/service';
import { RenderPool } from '../../server/modules/generation/worker/pool';
import { seedArticles, seedColumns } from '../articlesSeed';

const dir = mkdtempSync('/dev/shm/portal-same-');
const dataDir = join(dir, 'data');
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench@2026pass', SEED_DEMO: 'on', SCHEDULER: 'off' }), port: 0, host: '127.0.0.1' };
const app = await buildApp(config, { logger: false });
await seedArticles(app.db, await seedColumns(app.db, 20), Number(process.env.BENCH_SAME_ARTICLES ?? 2000));

/** One full run with SITE_COMPILED_TEMPLATES=`mode` (render workers read it when they start), copied to `into`. */
async function generate(mode: string, into: string): Promise<number> {
  process.env.SITE_COMPILED_TEMPLATES = mode;
  const pool = new RenderPool();
  try {
    const r = await generateSite(new SiteGenerator(app.db, dataDir, declarationOf(app, 'siteSetting'), pool));
    cpSync(join(dataDir, 'site'), into, { recursive: true });
    return r.pages;
  } finally {
    await pool.close();
  }
}

function files(root: string, d = root, out: string[] = []): string[] {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    if (e.isDirectory()) files(root, join(d, e.name), out);
    else out.push(relative(root, join(d, e.name)));
  }
  return out;
}

const STAMP = /生成时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?/g;
let failed = 0;
try {
  const pagesA = await generate('off', join(dir, 'liquid'));
  const pagesB = await generate('on', join(dir, 'compiled'));
  const a = files(join(dir, 'liquid')).filter((f) => !/\.(br|gz)$/.test(f)).sort();
  const b = files(join(dir, 'compiled')).filter((f) => !/\.(br|gz)$/.test(f)).sort();
  if (a.join('\n') !== b.join('\n')) {
    failed++;
    console.log('different file lists', a.length, b.length);
  }
  let compared = 0;
  for (const f of a) {
    const x = readFileSync(join(dir, 'liquid', f), 'utf8').replace(STAMP, '生成时间：*');
    const y = readFileSync(join(dir, 'compiled', f), 'utf8').replace(STAMP, '生成时间：*');
    compared++;
    if (x !== y) {
      failed++;
      if (failed < 5) console.log('differs:', f);
    }
  }
  console.log(JSON.stringify({ pagesLiquid: pagesA, pagesCompiled: pagesB, filesCompared: compared, differing: failed }));
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
