// Child of the generation benchmark: a portal database in GEN_DIR/data (on tmpfs) with BENCH_GEN_ARTICLES
// articles over 50 top-level list columns, and the same published articles as Hugo content in
// GEN_DIR/hugo (theme: hugoTheme.ts) and, with a minimal theme on that content, GEN_DIR/hugo-min. Prints one JSON line when done.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { rebuildSearchIndex } from '../../server/modules/content/search/indexer';
import { seedArticles } from '../articlesSeed';
import { writeHugoArticles, writeHugoSite, writeMinimalHugoSite, type HugoArticle } from './hugoTheme';

const dir = process.env.GEN_DIR as string;
const count = Number(process.env.BENCH_GEN_ARTICLES ?? 20_000);
const dataDir = join(dir, 'data');
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench@2026pass', SEED_DEMO: 'off', SCHEDULER: 'off' }), port: 0, host: '127.0.0.1' };
const app = await buildApp(config, { logger: false });
const t0 = performance.now();
const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
const columnIds: number[] = [];
for (let i = 1; i <= 50; i++) {
  const r = (await app.db.insertInto('category').values({ categoryTitle: `栏目${i}`, categoryCategoryId: 0, columnType: 1, categorySort: i, createTime: now, updateTime: now }).returning('categoryId').executeTakeFirstOrThrow()) as { categoryId: number };
  const id = Number(r.categoryId);
  await app.db.updateTable('category').set({ columnPath: `/${id}` }).where('categoryId', '=', id).execute();
  columnIds.push(id);
}
await seedArticles(app.db, columnIds, count);
// Indexed now, so the generation runs' start-up has no search index to build.
await rebuildSearchIndex(app.db);
const hugoDir = join(dir, 'hugo');
mkdirSync(hugoDir, { recursive: true });
writeHugoSite(hugoDir, columnIds.map((id, i) => ({ id, title: `栏目${i + 1}`, sort: i + 1 })));
writeMinimalHugoSite(join(dir, 'hugo-min'), join(hugoDir, 'content'));
// The published articles as Hugo content, 10,000 at a time (keyset), so a million fit in memory.
let published = 0;
for (let after = 0; ; ) {
  const rows = (await app.db.selectFrom('article').select(['articleId', 'columnId', 'title', 'content', 'source', 'author', 'publishTime', 'sort']).where('status', '=', 5).where('articleId', '>', after).orderBy('articleId').limit(10_000).execute()) as HugoArticle[];
  if (!rows.length) break;
  writeHugoArticles(hugoDir, rows);
  published += rows.length;
  after = Number(rows[rows.length - 1]?.articleId);
}
const seedMs = Math.round(performance.now() - t0);
await app.close();
writeFileSync(join(dir, 'seeded.json'), JSON.stringify({ count, published }));
process.stdout.write(JSON.stringify({ count, published, seedMs }) + '\n');
process.exit(0);
