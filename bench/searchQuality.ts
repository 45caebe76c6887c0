// Search benchmark part "searchQuality" (issue 25): the judged query set tests/fixtures/search-judged.json — a
// hand-written corpus of county-site articles and queries with graded judgements — published into a fresh
// portal (no demo data; the preset synonyms and corrections as on any first start), then each query asked
// with sortType=relevance and, as the anchor, without sortType (today's default: every bigram, newest
// first). Prints nDCG@10 and the share of queries whose best answer is in the top 3, with the ratio.
// Quality only: no speed is measured here. `npm run bench -- --only=searchQuality` (`--pg` for PostgreSQL).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, login, startTestServer } from '../tests/api/helpers/testServer';
import { root } from './lib/child';
import { bestInTop, ndcgAt } from './lib/ndcg';

interface Judged {
  docs: { key: string; title: string; subTitle?: string; content: string }[];
  queries: { q: string; judged: Record<string, number> }[];
}
interface Measures { ndcg10: number; best3: number; perQuery: { q: string; ndcg10: number; best3: boolean; found: number }[] }

const pad = (n: number) => String(n).padStart(2, '0');
/** Publish dates spread by position (3–722 days ago), independent of relevance. */
function dateOf(i: number): string {
  const d = new Date(Date.now() - (3 + ((i * 53) % 720)) * 86_400_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} 09:00:00`;
}

function measures(runs: { q: string; ranked: string[]; judged: Record<string, number> }[]): Measures {
  const perQuery = runs.map((r) => ({ q: r.q, ndcg10: ndcgAt(r.ranked, r.judged, 10), best3: bestInTop(r.ranked, r.judged, 3), found: r.ranked.length }));
  const mean = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / (xs.length || 1)) * 1000) / 1000;
  return { ndcg10: mean(perQuery.map((p) => p.ndcg10)), best3: mean(perQuery.map((p) => (p.best3 ? 1 : 0))), perQuery };
}

export async function benchSearchQuality() {
  const set = JSON.parse(readFileSync(join(root, 'tests/fixtures/search-judged.json'), 'utf8')) as Judged;
  const server = await startTestServer({ seedDemo: false });
  try {
    const token = await login(server.url, 'admin', server.adminPassword);
    const column = (await server.app.db.insertInto('category').values({ categoryTitle: '评测栏目', categoryCategoryId: 0, columnType: 1, categorySort: 0 }).returning('categoryId').executeTakeFirstOrThrow()) as { categoryId: number };
    const keyOf = new Map<number, string>();
    for (const [i, d] of set.docs.entries()) {
      const r = await call<{ articleId: number }>(server.url, '/api/article/save/admin', { token, body: { columnId: Number(column.categoryId), status: 5, title: d.title, subTitle: d.subTitle, content: `<p>${d.content}</p>`, publishTime: dateOf(i) } });
      if (r.body.errorCode !== '0') throw new Error(`${d.key}: ${r.body.errorMsg}`);
      keyOf.set(r.body.data.articleId, d.key);
    }
    const ask = async (extra: Record<string, string>) => {
      const runs = [];
      for (const { q, judged } of set.queries) {
        const r = await call<{ list: { articleId: number }[] }>(server.url, '/api/article/queryEsArticle', { method: 'GET', query: { keyword: q, pageNumber: 1, pageSize: 10, ...extra } });
        runs.push({ q, judged, ranked: (r.body.data?.list ?? []).map((h) => keyOf.get(h.articleId) ?? `other:${h.articleId}`) });
      }
      return measures(runs);
    };
    const anchor = await ask({});
    const time = await ask({ sortType: 'time' });
    const relevance = await ask({ sortType: 'relevance' });
    return { docs: set.docs.length, queries: set.queries.length, anchor, time, relevance };
  } finally {
    await server.close();
  }
}

export function printSearchQuality(r: Awaited<ReturnType<typeof benchSearchQuality>>): void {
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
  console.log(`\nSearch quality: ${r.queries} judged queries over ${r.docs} articles (tests/fixtures/search-judged.json)`);
  console.log(`${'ordering'.padEnd(50)} nDCG@10   best answer in top 3`);
  const line = (name: string, m: Measures) => console.log(`${name.padEnd(50)} ${m.ndcg10.toFixed(3).padStart(7)}   ${(m.best3 * 100).toFixed(1).padStart(5)} %`);
  line('anchor: no sortType (every bigram, newest first)', r.anchor);
  line('sortType=time (understood query, newest first)', r.time);
  line('sortType=relevance', r.relevance);
  console.log(`relevance ÷ anchor: nDCG@10 ${ratio(r.relevance.ndcg10, r.anchor.ndcg10)}, top 3 ${ratio(r.relevance.best3, r.anchor.best3)}`);
  const worst = [...r.relevance.perQuery].sort((a, b) => a.ndcg10 - b.ndcg10).slice(0, 5);
  console.log(`lowest by relevance: ${worst.map((w) => `${w.q} ${w.ndcg10.toFixed(2)}`).join('，')}`);
}
