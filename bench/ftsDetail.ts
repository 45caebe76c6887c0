// Bench part "ftsDetail" (issue 25): what the SQLite FTS5 index's `detail=full` (needed by bm25() for the
// relevance order; migration 2026_s18 rebuilt article_fts with it) costs against `detail=column` (issue 13's
// index: matching only, bm25() answers 0): index size, build time, and the cost of common-word queries —
// the default newest-first top 20 and the relevance path's candidate read (bm25 over the newest 1,000
// matches, as relevance.ts asks it). The same synthetic corpus as the search bench (articlesSeed.ts words
// plus the Zipf tail), tokenised as the indexer does (ftsText), in two throwaway database files.
// `npm run bench -- --only=ftsDetail`; BENCH_FTS_ARTICLES (default 100,000).
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ftsExpression, ftsText, parseKeyword } from '../server/modules/content/search/text';
import { WORDS } from './articlesSeed';
import { tailWords, zipfSampler } from './searchVocabulary';

type Detail = 'full' | 'column';
const QUERIES = ['教育', '医疗', '社保', '乡村振兴', '安全生产', '食品安全', '教育 医疗', '推进 落实'];
const REPEAT = 15;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 0x100000000);
}

/** The articles' title and body token streams (deterministic, like articlesSeed.ts's text). */
function* corpus(count: number): Generator<[string, string]> {
  const rand = rng(20260401);
  const word = () => WORDS[Math.floor(rand() * WORDS.length)] as string;
  const tail = zipfSampler(tailWords());
  for (let i = 0; i < count; i++) {
    const sentences: string[] = [];
    for (let s = 0; s < 8; s++) sentences.push(`${word()}${word()}，${word()}${word()}${word()}，${word()}${word()}。`);
    sentences[5] = `涉及${tail(rand())}、${tail(rand())}和${tail(rand())}。`;
    yield [ftsText(`${word()}${word()}${word()}工作${word()}（第${i}期）`), ftsText(sentences.join(''))];
  }
}

/** The keyword's FTS5 expression exactly as the search writes it (each bigram a term, ANDed). */
const phrase = (q: string) => ftsExpression(parseKeyword(q));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function one(dir: string, detail: Detail, count: number) {
  const file = join(dir, `${detail}.db`);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`create virtual table article_fts using fts5(t, s, b, tokenize = 'unicode61 remove_diacritics 0', content = '', contentless_delete = 1, detail = ${detail})`);
  const insert = db.prepare('insert into article_fts(rowid, t, s, b) values (?, ?, ?, ?)');
  tailWords(); // the vocabulary loaded before the clock starts
  const t0 = performance.now();
  let rowid = 0;
  const batch = db.transaction((rows: [string, string][]) => {
    for (const [t, b] of rows) insert.run(++rowid, t, '', b);
  });
  let rows: [string, string][] = [];
  for (const r of corpus(count)) {
    rows.push(r);
    if (rows.length === 5000) {
      batch(rows);
      rows = [];
    }
  }
  batch(rows);
  db.exec("insert into article_fts(article_fts) values('optimize')");
  db.pragma('wal_checkpoint(TRUNCATE)');
  const buildMs = Math.round(performance.now() - t0);
  const bytes = statSync(file).size;
  const newest = db.prepare('select rowid from article_fts where article_fts match ? order by rowid desc limit 20');
  const ranked = db.prepare('select rowid as k, -bm25(article_fts, 10.0, 4.0, 1.0) as r from article_fts where article_fts match ? order by rowid desc limit 1000');
  const time = (stmt: Database.Statement, q: string) => {
    const ms: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const t = performance.now();
      stmt.all(phrase(q));
      ms.push(performance.now() - t);
    }
    return Math.round(median(ms) * 100) / 100;
  };
  const queries = QUERIES.map((q) => ({ q, matches: (db.prepare('select count(*) as n from article_fts where article_fts match ?').get(phrase(q)) as { n: number }).n, newestTop20Ms: time(newest, q), bm25Newest1000Ms: time(ranked, q) }));
  db.close();
  return { detail, bytes, buildMs, queries };
}

export function benchFtsDetail() {
  const count = Number(process.env.BENCH_FTS_ARTICLES ?? 100_000);
  const dir = mkdtempSync(join(tmpdir(), 'fts-detail-'));
  try {
    const full = one(dir, 'full', count);
    const column = one(dir, 'column', count);
    return { articles: count, full, column, sizeRatio: Math.round((full.bytes / column.bytes) * 100) / 100 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printFtsDetail(r: ReturnType<typeof benchFtsDetail>): void {
  const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;
  console.log(`\nFTS5 detail=full vs detail=column, ${r.articles} articles (median of ${REPEAT} runs per query)`);
  console.log(`index size: full ${mb(r.full.bytes)}, column ${mb(r.column.bytes)} (${r.sizeRatio}×); build ${r.full.buildMs} ms vs ${r.column.buildMs} ms`);
  console.log(`${'query'.padEnd(12)} ${'matches'.padStart(8)}   newest top 20 full / column      bm25 newest 1000 full / column`);
  for (const [n, f] of r.full.queries.entries()) {
    const c = r.column.queries[n];
    console.log(`${f.q.padEnd(12)} ${String(f.matches).padStart(8)}   ${String(f.newestTop20Ms).padStart(8)} / ${String(c?.newestTop20Ms).padEnd(8)} ms      ${String(f.bm25Newest1000Ms).padStart(8)} / ${String(c?.bm25Newest1000Ms)} ms`);
  }
}
