// Search benchmark part "searchQuality" (issue 25): the judged query set tests/fixtures/search-judged.json — a
// hand-written corpus of county-site articles and queries with graded judgements (3 the answer, 2 very relevant,
// 1 related) and a class per query (word, pinyin, wrong character, place, document number…) — published into a fresh
// portal (no demo data; the preset synonyms and corrections as on any first start), then each query asked
// with sortType=relevance and, as the anchor, without sortType (today's default: every bigram, newest
// first). Prints nDCG@10 and the share of queries whose best answer is in the top 3, with the ratio, and nDCG@10 per
// query class so a class where relevance loses shows.
// Quality only: no speed is measured here. `npm run bench -- --only=searchQuality` (`--pg` for PostgreSQL).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, login, startTestServer } from '../tests/api/helpers/testServer';
import { root } from './lib/child';
import { bestInTop, ndcgAt } from './lib/ndcg';

interface Judged {
  docs: { key: string; title: string; subTitle?: string; content: string; daysAgo?: number }[];
  queries: { q: string; kind: string; judged: Record<string, number> }[];
}
interface PerQuery { q: string; kind: string; ndcg10: number; best3: boolean; found: number; top: string[] }
interface Measures { ndcg10: number; best3: number; perKind: Record<string, { n: number; ndcg10: number; best3: number }>; perQuery: PerQuery[] }

const pad = (n: number) => String(n).padStart(2, '0');
/** Publish date: the doc's own age when it has one (last year's notice), else spread by position (3–722 days ago). */
function dateOf(i: number, daysAgo?: number): string {
  const d = new Date(Date.now() - (daysAgo ?? 3 + ((i * 53) % 720)) * 86_400_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} 09:00:00`;
}

const mean = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / (xs.length || 1)) * 1000) / 1000;

function summary(ps: PerQuery[]) {
  return { n: ps.length, ndcg10: mean(ps.map((p) => p.ndcg10)), best3: mean(ps.map((p) => (p.best3 ? 1 : 0))) };
}

function measures(runs: { q: string; kind: string; ranked: string[]; judged: Record<string, number> }[]): Measures {
  const perQuery = runs.map((r) => ({ q: r.q, kind: r.kind, ndcg10: ndcgAt(r.ranked, r.judged, 10), best3: bestInTop(r.ranked, r.judged, 3), found: r.ranked.length, top: r.ranked }));
  const kinds = [...new Set(perQuery.map((p) => p.kind))];
  const perKind = Object.fromEntries(kinds.map((k) => [k, summary(perQuery.filter((p) => p.kind === k))]));
  const { ndcg10, best3 } = summary(perQuery);
  return { ndcg10, best3, perKind, perQuery };
}

export async function benchSearchQuality() {
  const set = JSON.parse(readFileSync(join(root, 'tests/fixtures/search-judged.json'), 'utf8')) as Judged;
  const server = await startTestServer({ seedDemo: false });
  try {
    const token = await login(server.url, 'admin', server.adminPassword);
    const column = (await server.app.db.insertInto('category').values({ categoryTitle: '评测栏目', categoryCategoryId: 0, columnType: 1, categorySort: 0 }).returning('categoryId').executeTakeFirstOrThrow()) as { categoryId: number };
    const keyOf = new Map<number, string>();
    for (const [i, d] of set.docs.entries()) {
      const r = await call<{ articleId: number }>(server.url, '/api/article/save/admin', { token, body: { columnId: Number(column.categoryId), status: 5, title: d.title, subTitle: d.subTitle, content: `<p>${d.content}</p>`, publishTime: dateOf(i, d.daysAgo) } });
      if (r.body.errorCode !== '0') throw new Error(`${d.key}: ${r.body.errorMsg}`);
      keyOf.set(r.body.data.articleId, d.key);
    }
    const ask = async (extra: Record<string, string>) => {
      const runs = [];
      for (const { q, kind, judged } of set.queries) {
        const r = await call<{ list: { articleId: number }[] }>(server.url, '/api/article/queryEsArticle', { method: 'GET', query: { keyword: q, pageNumber: 1, pageSize: 10, ...extra } });
        runs.push({ q, kind, judged, ranked: (r.body.data?.list ?? []).map((h) => keyOf.get(h.articleId) ?? `other:${h.articleId}`) });
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
  console.log(`relevance ÷ time: nDCG@10 ${ratio(r.relevance.ndcg10, r.time.ndcg10)}, top 3 ${ratio(r.relevance.best3, r.time.best3)}`);
  console.log(`nDCG@10 by query class (queries): ${'anchor'.padStart(8)} ${'time'.padStart(7)} ${'relevance'.padStart(10)}`);
  for (const [kind, rel] of Object.entries(r.relevance.perKind)) {
    const cell = (m: Measures) => (m.perKind[kind]?.ndcg10 ?? 0).toFixed(3);
    const loses = rel.ndcg10 < (r.time.perKind[kind]?.ndcg10 ?? 0) || rel.ndcg10 < (r.anchor.perKind[kind]?.ndcg10 ?? 0);
    console.log(`  ${`${kind} (${rel.n})`.padEnd(26)} ${cell(r.anchor).padStart(8)} ${cell(r.time).padStart(7)} ${cell(r.relevance).padStart(10)}${loses ? '  ← relevance lower' : ''}`);
  }
  const worst = [...r.relevance.perQuery].sort((a, b) => a.ndcg10 - b.ndcg10).slice(0, 10);
  console.log(`lowest by relevance: ${worst.map((w) => `${w.q} ${w.ndcg10.toFixed(2)}`).join('，')}`);
}
