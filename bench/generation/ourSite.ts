// Child of the generation benchmark: OUR full-site run on the database GEN_DIR/data (seedSite.ts), through
// the generation service's public entry points — the home page, every list column, every article (the
// screen's "generate all"). Prints files written, time and the process's peak RSS.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { declarationOf } from '../../server/modules/declarationLookup';
import { loadColumns } from '../../server/modules/content/columns/service';
import { SiteGenerator } from '../../server/modules/generation/service';

const dataDir = join(process.env.GEN_DIR as string, 'data');
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench@2026pass', SEED_DEMO: 'off' }), port: 0, host: '127.0.0.1' };
const app = await buildApp(config, { logger: false });

/** The full-site run. After the generation rewrite, point this at the service's own full-site entry point. */
async function generateFullSite(): Promise<void> {
  const generator = new SiteGenerator(app.db, dataDir, declarationOf(app, 'siteSetting'));
  await generator.generateIndex();
  for (const c of await loadColumns(app.db)) if (c.columnType === 1) await generator.generateColumn(c.categoryId);
  await generator.generateArticles(0, '1970-01-01');
}

const countFiles = (d: string): number => readdirSync(d).reduce((n, name) => n + (statSync(join(d, name)).isDirectory() ? countFiles(join(d, name)) : 1), 0);
const t0 = performance.now();
await generateFullSite();
const ms = Math.round(performance.now() - t0);
const files = countFiles(join(dataDir, 'site'));
await app.close();
process.stdout.write(JSON.stringify({ files, ms, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }) + '\n');
process.exit(0);
