import { PostgresAdapter, sql } from 'kysely';
import { type Db, type DialectName, type Row, dynamic, type NewRow } from '../../../db/types.js';
import { loadModel, physicalTable, type Model } from '../contentModels/service.js';
import { cleanPendingLists } from './pgPending.js';
import { excerptOf, ftsText, htmlToText, termSet } from './text.js';

/** Article ids per statement (an `in` list each database takes without a second thought). */
const IDS_PER_STATEMENT = 500;

/** Names of content-model fields that carry the disclosure (政务公开) document data. */
export const ZWGK_FIELDS = {
  wjType: ['wjlx', 'wjtype', 'wj_type'],
  wjbh: ['wjbh'],
  docDate: ['cwrq', 'fwrq', 'datatime', 'data_time'],
} as const;

export function dialectOf(db: Db): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Newest-first order key: publish minute × 10^7 + articleId mod 10^7 (exact in a JS number until the year 3700). */
export function docKeyOf(publishTime: string, articleId: number): number {
  const t = Date.parse(publishTime.replace(' ', 'T'));
  const minute = Number.isFinite(t) && t > 0 ? Math.floor(t / 60_000) : 0;
  return minute * 10_000_000 + (articleId % 10_000_000);
}

/** The smallest docKey of a moment (dateType bounds). */
export const docKeyFrom = (ms: number) => Math.floor(ms / 60_000) * 10_000_000;

interface Doc {
  articleId: number;
  docKey: number;
  columnId: number;
  /** Title and subtitle together (what `title` filters and the answer's order key read). */
  title: string;
  mainTitle: string;
  subTitle: string;
  body: string;
  publishTime: string;
  zwgk: number;
  wjType: string | null;
  wjbh: string | null;
  docYear: number | null;
  docDay: string | null;
}

const ARTICLE_FIELDS = ['articleId', 'columnId', 'title', 'subTitle', 'content', 'status', 'publishTime', 'createTime'] as const;
const pick = (model: Model, names: readonly string[]) => model.fields.find((f) => names.includes(f.fieldFieldName.toLowerCase()))?.fieldFieldName;

/** The index rows of published articles: text, publish time and the model's disclosure fields. */
async function buildDocs(db: Db, rows: readonly Row[]): Promise<Doc[]> {
  const published = rows.filter((r) => Number(r.status) === 5);
  if (!published.length) return [];
  const columnIds = [...new Set(published.map((r) => Number(r.columnId)))];
  const cols = await db.selectFrom('category').select(['categoryId', 'columnContentModelId']).where('categoryId', 'in', columnIds).execute();
  const models = new Map<number, Model | undefined>();
  const modelCache = new Map<number, Model | undefined>();
  for (const c of cols) {
    const cmId = c.columnContentModelId === null || c.columnContentModelId === undefined ? null : c.columnContentModelId;
    if (cmId === null) continue;
    if (!modelCache.has(cmId)) modelCache.set(cmId, await loadModel(db, cmId));
    models.set(c.categoryId, modelCache.get(cmId));
  }
  // Model values of the articles whose model has disclosure fields, one query per model.
  const values = new Map<number, Row>();
  for (const model of new Set([...models.values()].filter((m): m is Model => !!m))) {
    const wanted = [pick(model, ZWGK_FIELDS.wjType), pick(model, ZWGK_FIELDS.wjbh), pick(model, ZWGK_FIELDS.docDate)].filter((x): x is string => !!x);
    if (!wanted.length) continue;
    const ids = published.filter((r) => models.get(Number(r.columnId)) === model).map((r) => Number(r.articleId));
    for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
      const found = (await dynamic(db).selectFrom(physicalTable(model.cmTableName)).select(['articleId', ...wanted]).where('articleId', 'in', ids.slice(i, i + IDS_PER_STATEMENT)).execute()) as Row[];
      for (const f of found) values.set(Number(f.articleId), f);
    }
  }
  return published.map((r) => {
    const model = models.get(Number(r.columnId));
    const v = values.get(Number(r.articleId)) ?? {};
    const field = (names: readonly string[]) => {
      const name = model ? pick(model, names) : undefined;
      const x = name ? v[name] : null;
      return x === null || x === undefined || String(x).trim() === '' ? null : String(x).trim();
    };
    const wjType = field(ZWGK_FIELDS.wjType);
    const wjbh = field(ZWGK_FIELDS.wjbh);
    const docDate = field(ZWGK_FIELDS.docDate);
    const publishTime = String(r.publishTime ?? r.createTime ?? '');
    const day = /^\d{4}-\d{2}-\d{2}/.test(docDate ?? '') ? (docDate as string).slice(0, 10) : publishTime.slice(0, 10);
    const zwgk = model && (pick(model, ZWGK_FIELDS.wjbh) || pick(model, ZWGK_FIELDS.wjType)) ? 1 : 0;
    return {
      articleId: Number(r.articleId),
      docKey: docKeyOf(publishTime, Number(r.articleId)),
      columnId: Number(r.columnId),
      title: [r.title, r.subTitle].filter(Boolean).join(' '),
      mainTitle: String(r.title ?? ''),
      subTitle: String(r.subTitle ?? ''),
      body: htmlToText(r.content),
      publishTime,
      zwgk,
      wjType,
      wjbh,
      docYear: /^\d{4}/.test(day) ? Number(day.slice(0, 4)) : null,
      docDay: day || null,
    };
  });
}

/** Body tokens a PostgreSQL vector keeps (ranking reads the vector of each candidate: bounded). */
const MAX_VECTOR_TOKENS = 3000;

/** PostgreSQL's weighted vector of the bigram tokens: A title, B subtitle, D body (ts_rank_cd weighs them). */
function weightedVector(d: Doc) {
  const body = ftsText(d.body).split(' ').slice(0, MAX_VECTOR_TOKENS).join(' ');
  return sql`setweight(to_tsvector('simple', ${ftsText(d.mainTitle)}), 'A') || setweight(to_tsvector('simple', ${ftsText(d.subTitle)}), 'B') || setweight(to_tsvector('simple', ${body}), 'D')`;
}

async function removeDocs(db: Db, dialect: DialectName, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  if (dialect === 'sqlite') {
    const keys = await db.selectFrom('article_search').select('docKey').where('articleId', 'in', [...ids]).execute();
    if (keys.length) await db.deleteFrom('article_fts').where(sql.ref('rowid'), 'in', keys.map((k) => Number(k.docKey))).execute();
  }
  await db.deleteFrom('article_search').where('articleId', 'in', [...ids]).execute();
}

async function writeDocs(db: Db, dialect: DialectName, docs: readonly Doc[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 200) {
    const chunk = docs.slice(i, i + 200);
    const rows = chunk.map((d) => {
      const row: NewRow<'article_search'> = {
        articleId: d.articleId, docKey: d.docKey, columnId: d.columnId, title: d.title, publishTime: d.publishTime, zwgk: d.zwgk,
        wjType: d.wjType, wjbh: d.wjbh, docYear: d.docYear, docDay: d.docDay, excerpt: excerptOf(d.body),
      };
      if (dialect === 'postgres') {
        // Title terms twice: plain (any match) and `t:`-prefixed (title-only candidates of the relevance order).
        row.terms = [...termSet(`${d.title} ${d.body}`), ...termSet(d.title).map((t) => `t:${t}`)];
        Object.assign(row, { tsv: weightedVector(d) });
      }
      return row;
    });
    await db.insertInto('article_search').values(rows).execute();
    if (dialect === 'sqlite') {
      await db.insertInto('article_fts').values(chunk.map((d) => ({ rowid: d.docKey, t: ftsText(d.mainTitle), s: ftsText(d.subTitle), b: ftsText(d.body) }))).execute();
    }
  }
}

/**
 * True when none of the articles is published or in the index: a draft saved again (issue 26). One statement
 * instead of a transaction of four; an id without its article (deleted) goes the whole way.
 */
async function nothingToSync(db: Db, ids: readonly number[]): Promise<boolean> {
  if (ids.length > IDS_PER_STATEMENT) return false; // one statement, as the sync's own chunks
  const rows = await db
    .selectFrom('article as a')
    .select(['a.status', (eb) => eb.exists(eb.selectFrom('article_search as s').select('s.articleId').whereRef('s.articleId', '=', 'a.articleId')).as('indexed')])
    .where('a.articleId', 'in', [...ids])
    .execute();
  return rows.length === new Set(ids).size && rows.every((r) => Number(r.status) !== 5 && !Number(r.indexed));
}

/** Brings the index of some articles in line with the table: published ones (re)indexed, others dropped. */
export async function syncArticles(db: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length || (await nothingToSync(db, ids))) return;
  const dialect = dialectOf(db);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
      const part = ids.slice(i, i + IDS_PER_STATEMENT);
      const rows = await trx.selectFrom('article').select([...ARTICLE_FIELDS]).where('articleId', 'in', [...part]).execute();
      await removeDocs(trx, dialect, part);
      await writeDocs(trx, dialect, await buildDocs(trx, rows));
    }
  });
}

/**
 * Rebuilds the whole index from the published articles, in batches of `batch` inside transactions
 * (first start, bulk imports, the benchmark). Answers how many articles are indexed.
 */
export async function rebuildSearchIndex(db: Db, batch = 2000): Promise<number> {
  const dialect = dialectOf(db);
  await db.deleteFrom('article_search').execute();
  if (dialect === 'sqlite') await sql`insert into article_fts(article_fts) values ('delete-all')`.execute(db);
  let last = 0;
  let count = 0;
  for (;;) {
    const rows = await db.selectFrom('article').select([...ARTICLE_FIELDS]).where('status', '=', 5).where('articleId', '>', last).orderBy('articleId').limit(batch).execute();
    if (!rows.length) break;
    last = Number(rows[rows.length - 1]?.articleId);
    await db.transaction().execute(async (trx) => writeDocs(trx, dialect, await buildDocs(trx, rows)));
    count += rows.length;
  }
  // One segment instead of the hundreds a bulk load leaves: a common word's matches are then read 3–6× faster.
  if (dialect === 'sqlite') await sql`insert into article_fts(article_fts) values ('optimize')`.execute(db);
  // PostgreSQL: the rows a bulk load leaves in the GIN pending list, which every search reads (pgPending.ts).
  else await cleanPendingLists(db);
  return count;
}
