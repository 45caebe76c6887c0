// Child of the generation benchmark: OUR full-site run on the database GEN_DIR/data (seedSite.ts), through
// the generation service's public entry points — the home page, every list column, every article (the
// screen's "generate all"). Prints files written, time and the process's peak RSS.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { declarationOf } from '../../server/modules/declarationLookup';
import { generateSite } from '../../server/modules/generation/fullSite';
import { SiteGenerator } from '../../server/modules/generation/service';
import { RenderPool } from '../../server/modules/generation/worker/pool';

const dataDir = join(process.env.GEN_DIR as string, 'data');
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench@2026pass', SEED_DEMO: 'off' }), port: 0, host: '127.0.0.1' };
const app = await buildApp(config, { logger: false });

/** The full-site run: the service's own entry point (home, site pages, every list page, every article). */
async function generateFullSite(): Promise<void> {
  const pool = new RenderPool();
  try {
    await generateSite(new SiteGenerator(app.db, dataDir, declarationOf(app, 'siteSetting'), pool));
  } finally {
    await pool.close();
  }
}

const countFiles = (d: string): number => readdirSync(d).reduce((n, name) => n + (statSync(join(d, name)).isDirectory() ? countFiles(join(d, name)) : 1), 0);
const t0 = performance.now();
const cpu0 = process.cpuUsage();
await generateFullSite();
const ms = Math.round(performance.now() - t0);
// CPU of every thread of the process (main and render workers): less sensitive to a shared machine's load than wall time.
const cpu = process.cpuUsage(cpu0);
const files = countFiles(join(dataDir, 'site'));
await app.close();
process.stdout.write(JSON.stringify({ files, ms, cpuMs: Math.round((cpu.user + cpu.system) / 1000), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }) + '\n');
process.exit(0);
