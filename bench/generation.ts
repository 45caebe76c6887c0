// Full-site generation throughput (issue 13 compares it with Hugo): seeds N published articles in 50
// columns, runs the exported entry point `generateSite` and prints files/s.
// Usage: npx tsx bench/generation.ts [publishedArticles=20000]
import fs from 'node:fs/promises';
import path from 'node:path';
import { startTestServer } from '../tests/api/helpers/testServer.js';
import { declarationOf } from '../server/modules/declarationLookup.js';
import { generateSite } from '../server/modules/generation/fullSite.js';
import { SiteGenerator } from '../server/modules/generation/service.js';
import { RenderPool } from '../server/modules/generation/worker/pool.js';
import { seedArticles, seedColumns } from './articlesSeed.js';

const published = Number(process.argv[2] ?? 20_000);
const server = await startTestServer();
try {
  const columns = await seedColumns(server.app.db);
  // One in ten seeded articles is not published.
  await seedArticles(server.app.db, columns, Math.ceil(published / 0.9));
  const dataDir = server.app.portal.config.dataDir;
  const pool = new RenderPool();
  const gen = new SiteGenerator(server.app.db, dataDir, declarationOf(server.app, 'siteSetting'), pool);
  await gen.renderIndex(await gen.base()); // workers loaded: the run measures generation, not start-up
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const r = await generateSite(gen);
  const seconds = (performance.now() - t0) / 1000;
  // CPU time of the whole process (main thread and workers): on a shared machine wall time mostly measures the neighbours.
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  let files = 0;
  const walk = async (d: string): Promise<void> => {
    for (const e of await fs.readdir(d, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(path.join(d, e.name));
      else files++;
    }
  };
  await walk(path.join(dataDir, 'site'));
  console.log(JSON.stringify({ articles: r.articles, pages: r.pages, files, seconds: Number(seconds.toFixed(2)), filesPerSecond: Math.round(files / seconds), pagesPerSecond: Math.round(r.pages / seconds), cpuSeconds: Number(cpuSeconds.toFixed(1)), filesPerCpuSecond: Math.round(files / cpuSeconds), workers: pool.size }));
  await pool.close();
} finally {
  await server.close();
}
