// Developer aid (issue 25 speed, session 30): the answers of many uncached searches written to one file, so
// two trees (old and new code, e.g. `git archive` of the old commit with this file copied in) can be compared
// on the same kept database with `cmp`/`diff`. `DATABASE_URL=… npx tsx bench/searchAnswersDump.ts out.json`;
// DUMP_PER keywords per frequency class (20), every page shape and sortType below, plus filtered searches.
import { writeFileSync } from 'node:fs';
import { buildApp } from '../server/app';
import { resultCaches } from '../server/auth/cacheVersions';
import { loadConfig } from '../server/config';
import { maintainHeads, knowHeads } from '../server/modules/content/search/pgHead';
import { keywordStream } from './searchStream';

const out = process.argv[2] ?? '/tmp/search-answers.json';
const config = { ...loadConfig({ ...process.env, DATA_DIR: process.env.PROF_DIR ?? '/tmp/search-answers-dump', ADMIN_PASSWORD: 'Bench@2026pass', SEED_DEMO: 'off' }), port: 0, host: '127.0.0.1' };
const app = await buildApp(config, { logger: false });
resultCaches.enabled = false;
resultCaches.counts = false;
if (process.env.DATABASE_URL) knowHeads(app.db, await maintainHeads(app.db));
const per = Number(process.env.DUMP_PER ?? 20);
const { frequency } = keywordStream();
const column = (await app.db.selectFrom('category').select('categoryId').where('categoryTitle', 'like', '基准栏目%').orderBy('categorySort').executeTakeFirst())?.categoryId;
const shapes = ['', '&pageNumber=3', '&pageNumber=7&pageSize=10', '&sortType=time', '&sortType=time&pageNumber=2', '&sortType=relevance', '&sortType=relevance&pageNumber=3', `&esType=${column}`, '&sortType=time&year=2025', '&dateType=2'];
const answers: Record<string, unknown> = {};
for (const [name, list] of Object.entries(frequency)) {
  for (const kw of list.slice(0, per)) {
    for (const extra of shapes) {
      const url = `/api/article/queryEsArticle?keyword=${encodeURIComponent(kw)}${extra.includes('pageSize') ? '' : '&pageSize=20'}${extra}`;
      answers[`${name} ${kw}${extra}`] = (await app.inject({ url })).json();
    }
  }
}
writeFileSync(out, JSON.stringify(answers, null, 1));
console.log(`${Object.keys(answers).length} answers → ${out}`);
await app.close();
