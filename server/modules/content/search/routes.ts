import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { resultCaches } from '../../../auth/cacheVersions.js';
import type { Db, DialectName, Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue } from '../../../http/errors.js';
import { queryOf } from '../../../http/params.js';
import { pageOf } from '../../../shared/paging.js';
import { formatDateTime } from '../../../util/time.js';
import { descendantIds, loadColumns } from '../columns/service.js';
import { dialectOf, docKeyFrom } from './indexer.js';
import { createSearchCache } from './resultCache.js';
import { highlighter } from './highlight.js';
import { ftsExpression, parseKeyword, type KeywordQuery } from './text.js';
import { createWordTally } from './wordTally.js';

/** dateType → days back. */
const DATE_TYPES: Record<string, number> = { '0': 7, '1': 30, '2': 90 };
const MAX_KEYWORD = 50;
const MAX_PAGE = 1000;
/** totalRow counts matches up to this many (or ten pages past the asked one); more answers `totalCapped`. */
const COUNT_CAP = 1000;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const text = (v: unknown) => (blank(v) ? '' : String(Array.isArray(v) ? v[0] : v).trim());

function intParam(v: unknown, name: string, fallback: number, min: number, max: number): number {
  if (blank(v)) return fallback;
  const n = Number(text(v));
  if (!Number.isInteger(n) || n < min) throw invalidValue(`参数格式不正确：${name}`);
  return Math.min(n, max);
}

function keywordParam(v: unknown, name: string): KeywordQuery | null {
  const t = text(v);
  if (!t) return null;
  if ([...t].length > MAX_KEYWORD) throw invalidValue(`${name}长度不能超过${MAX_KEYWORD}个字符`);
  return parseKeyword(t);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Q = SelectQueryBuilder<any, any, any>;

interface Search {
  keyword: KeywordQuery | null;
  title: KeywordQuery | null;
  titleText: string;
  content: KeywordQuery | null;
  since: string | null;
  /** The same bound as a docKey (both at minute precision, so the two agree). */
  sinceKey: number | null;
  columnIds: number[] | null;
  zwgk: boolean;
  wjType: string;
  wjbh: string;
  year: number | null;
  day: string | null;
  pageNumber: number;
  pageSize: number;
}

/** esType: empty or `all` = every published article; `zwgk` = disclosure documents; a column id = that column and those below it. */
async function readEsType(db: Db, v: unknown): Promise<{ columnIds: number[] | null; zwgk: boolean }> {
  const t = text(v).toLowerCase();
  if (!t || t === 'all') return { columnIds: null, zwgk: false };
  if (t === 'zwgk') return { columnIds: null, zwgk: true };
  const id = Number(t);
  if (!Number.isSafeInteger(id) || id <= 0) throw invalidValue('esType的值无效，可选值：all（全部）、zwgk（政务公开文件）或栏目ID');
  return { columnIds: descendantIds(await loadColumns(db), id), zwgk: false };
}

async function readSearch(db: Db, q: Row, zwgk: boolean): Promise<Search> {
  const dateType = text(q.dateType);
  if (dateType && !(dateType in DATE_TYPES)) throw invalidValue('dateType的值无效，可选值：0（近7天）、1（近30天）、2（近90天）');
  const days = dateType ? (DATE_TYPES[dateType] as number) : null;
  const es = await readEsType(db, q.esType);
  const sinceMs = days === null ? null : Math.floor((Date.now() - days * 86_400_000) / 60_000) * 60_000;
  const out: Search = {
    keyword: keywordParam(q.keyword, '关键词'),
    title: null,
    titleText: '',
    content: null,
    since: sinceMs === null ? null : formatDateTime(new Date(sinceMs)),
    sinceKey: sinceMs === null ? null : docKeyFrom(sinceMs),
    columnIds: es.columnIds,
    zwgk: zwgk || es.zwgk,
    wjType: '',
    wjbh: '',
    year: null,
    day: null,
    pageNumber: intParam(q.pageNumber ?? q.pageNum, 'pageNumber', 1, 1, MAX_PAGE),
    pageSize: intParam(q.pageSize, 'pageSize', 10, 1, 200),
  };
  if (zwgk) {
    out.titleText = text(q.title);
    out.title = keywordParam(q.title, '标题');
    out.content = keywordParam(q.content, '内容');
    out.wjType = text(q.wjType).slice(0, 50);
    out.wjbh = text(q.wjbh).slice(0, 100);
    if (!blank(q.year)) {
      const y = Number(text(q.year));
      if (!Number.isInteger(y) || y < 1900 || y > 2999) throw invalidValue('year格式应为四位年份，如2026');
      out.year = y;
    }
    if (!blank(q.dataTime)) {
      const d = text(q.dataTime);
      if (!/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(d)) throw invalidValue('dataTime格式应为YYYY-MM-DD');
      out.day = d.slice(0, 10);
    }
  }
  return out;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(q: Q, s: Search, dialect: DialectName): Q {
  const words = [s.keyword, s.content].filter((k): k is KeywordQuery => !!k);
  // A keyword made only of punctuation asks for nothing that can be found.
  if ([...words, s.title].some((k) => k && k.terms.length === 0)) return q.where(sql<boolean>`1 = 0`);
  if (dialect === 'sqlite') {
    const exprs = words.map((k) => ftsExpression(k));
    if (s.title) exprs.push(ftsExpression(s.title, 't'));
    if (exprs.length) {
      const match = exprs.map((e) => `(${e})`).join(' AND ');
      q = q.where(sql<boolean>`s.docKey in (select rowid from article_fts where article_fts match ${match})`);
    }
  } else {
    const terms = [...new Set([...words, ...(s.title ? [s.title] : [])].flatMap((k) => k.terms.map((t) => t.text)))];
    if (terms.length) q = q.where(sql<boolean>`s.terms @> ${sql.val(terms)}::text[]`);
  }
  if (s.titleText) q = q.where(sql<boolean>`lower(s.title) like ${like(s.titleText.toLowerCase())} escape '\\'`);
  if (s.since) q = q.where('s.publishTime', '>=', s.since);
  if (s.columnIds) q = q.where('s.columnId', 'in', s.columnIds);
  if (s.zwgk) q = q.where('s.zwgk', '=', 1);
  if (s.wjType) q = q.where('s.wjType', '=', s.wjType);
  if (s.wjbh) q = q.where(sql<boolean>`s.wjbh like ${like(s.wjbh)} escape '\\'`);
  if (s.year !== null) q = q.where('s.docYear', '=', s.year);
  if (s.day) q = q.where('s.docDay', '=', s.day);
  return q;
}

/** The FTS5 expression when the words and the date are the only conditions (SQLite's fast path), else null. */
function ftsOnly(s: Search, dialect: DialectName): string | null {
  if (dialect !== 'sqlite' || s.columnIds || s.zwgk || s.wjType || s.wjbh || s.year !== null || s.day || s.titleText) return null;
  const words = [s.keyword, s.content].filter((k): k is KeywordQuery => !!k);
  if (!words.length || words.some((k) => k.terms.length === 0)) return null;
  return words.map((k) => `(${ftsExpression(k)})`).join(' AND ');
}

/** What a page of hits reads: the index row, the article and its column title (both page statements). */
const PAGE_FIELDS = [
  's.docKey', 's.wjType', 's.wjbh', 's.docYear', 's.docDay', 's.excerpt',
  'a.articleId', 'a.title', 'a.subTitle', 'a.columnId', 'a.summary', 'a.thumbnail', 'a.source', 'a.author', 'a.publishTime', 'a.jumpUrl', 'a.hits', 'a.status',
  'c.categoryTitle',
] as const;

/**
 * One statement for the page: the index row, the article and its column title, in the order of `keys`
 * (newest first). Articles missing from the table are left out.
 */
async function pageRows(q: Q, keys: readonly number[]): Promise<Row[]> {
  const rows = await q
    .innerJoin('article as a', 'a.articleId', 's.articleId')
    .leftJoin('category as c', 'c.categoryId', 'a.columnId')
    .select(PAGE_FIELDS)
    .execute();
  return ordered(rows as Row[], keys);
}

/** The rows in the order of `keys`; keys without a row are left out. */
function ordered(rows: readonly Row[], keys: readonly number[]): Row[] {
  const byKey = new Map(rows.map((r) => [Number(r.docKey), r]));
  return keys.flatMap((k): Row[] => { const r = byKey.get(k); return r ? [r] : []; });
}

// SQLite's page statement as fixed text (one prepared statement for any keyword and page): building it with
// Kysely cost more than running it.
const PAGE_COLUMNS = sql.raw(PAGE_FIELDS.map((f) => f.replace(/\.(\w+)$/, '."$1"')).join(', '));
const PAGE_JOINS = sql.raw('join article a on a."articleId" = s."articleId" left join category c on c."categoryId" = a."columnId"');

/** Counts matches, or answers a count kept for the same query and cap (createSearchCache). */
type CountKept = (db: Db, query: unknown, load: () => Promise<number>) => Promise<number>;

/** What the count depends on: every condition, not the page. */
const countKey = (s: Search, cap: number) => ({ ...s, pageNumber: 0, pageSize: 0, cap });

async function runSearch(db: Db, s: Search, kept: CountKept) {
  const dialect = dialectOf(db);
  const offset = (s.pageNumber - 1) * s.pageSize;
  // Counting every match of a common word costs more than the page: count up to a cap (docs/search-and-reports.md).
  const cap = Math.max(COUNT_CAP, offset + s.pageSize * 10);
  let counted: number;
  let hits: Row[];
  const match = ftsOnly(s, dialect);
  if (match !== null) {
    // Newest first is the rowid order: FTS5 streams the page without sorting all the matches.
    const bound = s.sinceKey === null ? sql`` : sql` and rowid >= ${s.sinceKey}`;
    counted = await kept(db, countKey(s, cap), async () => Number(((await sql<{ n: number }>`select count(*) as n from (select 1 from article_fts where article_fts match ${match}${bound} limit ${cap + 1})`.execute(db)).rows[0]?.n) ?? 0));
    // The page's keys and their rows in one statement: FTS5 yields the 20 keys, three primary-key lookups each.
    const keys = sql`select rowid as k from article_fts where article_fts match ${match}${bound} order by rowid desc limit ${s.pageSize} offset ${offset}`;
    hits = (await sql<Row>`select ${PAGE_COLUMNS} from (${keys}) f join article_search s on s."docKey" = f.k ${PAGE_JOINS} order by f.k desc`.execute(db)).rows;
  } else {
    const base = where(db.selectFrom('article_search as s') as Q, s, dialect);
    const limited = base.select(sql<number>`1`.as('one')).limit(cap + 1);
    counted = await kept(db, countKey(s, cap), async () => Number(((await db.selectFrom(limited.as('m')).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string }).n));
    const keys = (await base.select('s.docKey').orderBy('s.docKey', 'desc').limit(s.pageSize).offset(offset).execute()).map((r) => Number(r.docKey));
    hits = keys.length ? await pageRows(db.selectFrom('article_search as s').where('s.docKey', 'in', keys), keys) : [];
  }
  const marks = highlighter([s.keyword, s.content, s.title].flatMap((k) => k?.parts ?? []));
  const list = hits.flatMap((a) => {
    // Published is checked here, not in SQL: with `status = 5` there SQLite may walk the status index (half the
    // table) instead of 20 primary-key lookups.
    if (a.status !== 5) return [];
    const body = String(a.excerpt ?? '');
    const title = String(a.title ?? '');
    return [
      {
        articleId: a.articleId,
        title,
        subTitle: a.subTitle ?? null,
        highlightTitle: marks.mark(title),
        highlightContent: marks.markedSnippet(body),
        summary: a.summary ?? null,
        columnId: a.columnId,
        columnTitle: String(a.categoryTitle ?? ''),
        publishTime: a.publishTime,
        source: a.source ?? null,
        author: a.author ?? null,
        thumbnail: a.thumbnail ?? null,
        jumpUrl: a.jumpUrl ?? null,
        hits: Number(a.hits ?? 0),
        wjType: a.wjType ?? null,
        wjbh: a.wjbh ?? null,
        year: a.docYear === null || a.docYear === undefined ? null : Number(a.docYear),
        dataTime: a.docDay ?? null,
      },
    ];
  });
  const total = Math.min(counted, cap);
  return { ...pageOf(list, { pageNum: s.pageNumber, pageSize: s.pageSize }, total), totalCapped: counted > cap };
}

/** GET /api/article/queryEsArticle and /queryEsArticleZWGK: public full-text search of published articles. */
export async function searchRoutes(app: FastifyInstance) {
  const db = app.db;
  const pub = { config: { public: true } };
  // Results cached until the index or a shown field changes (resultCache.ts); hot words counted off the path.
  // The answer is kept serialised: a hit costs the counter read and the send. Match counts are kept the same
  // way for every page of a query (paging through a common word counts once).
  const cached = createSearchCache<string>();
  const counts = createSearchCache<number>(() => resultCaches.counts);
  const words = createWordTally(db, (e) => app.log.error(e));
  app.addHook('onClose', async () => words.flush());
  const handle = (zwgk: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const q = queryOf(request);
    const s = await readSearch(db, q, zwgk);
    const body = await cached(db, s, async () => JSON.stringify(ok(await runSearch(db, s, counts))));
    // A search from the portal counts its keyword once (first page only) for the hot-words block.
    if (s.pageNumber === 1 && typeof q.keyword === 'string') words.add(q.keyword);
    return reply.type('application/json; charset=utf-8').send(body);
  };
  app.get('/api/article/queryEsArticle', pub, handle(false));
  app.get('/api/article/queryEsArticleZWGK', pub, handle(true));
}
