import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import type { Db, Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, queryOf } from '../../../http/params.js';
import { declarationOf } from '../../declarationLookup.js';
import { buildTree, descendantIds, findColumn, loadColumns } from '../columns/service.js';
import { modelOfColumn, readFieldValues } from '../contentModels/service.js';
import { accessFilter, applyArticleFilters, columnTitleMap, loadArticle, PUBLIC_COLUMNS, readOneId, toApi } from './service.js';
import { articleInputs } from './inputs.js';
import { pageOf } from '../../../shared/paging.js';

const search = (request: FastifyRequest): Row => ({ ...queryOf(request), ...bodyOf(request) });
const PUBLISHED = 5;

function paging(s: Row) {
  const pageNum = Math.max(1, Number.parseInt(String(s.pageNum ?? s.pageNumber ?? 1), 10) || 1);
  const pageSize = Math.min(Math.max(1, Number.parseInt(String(s.pageSize ?? s.size ?? 10), 10) || 10), 200);
  return { pageNum, pageSize };
}

async function publicPage(db: Db, s: Row, withSub: boolean) {
  const { pageNum, pageSize } = paging(s);
  let base = db.selectFrom('article').where('status', '=', PUBLISHED);
  base = await applyArticleFilters(db, base, s, withSub);
  const total = Number(((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string }).n);
  const rows = await base
    .select([...PUBLIC_COLUMNS])
    .orderBy('sort', 'desc')
    .orderBy('publishTime', 'desc')
    .orderBy('articleId', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  const titles = await columnTitleMap(db);
  return pageOf(rows.map((r) => toApi(r, titles)), { pageNum, pageSize }, total);
}

/** A published article with its column, model values (labelled) and published related articles. */
async function publicDetail(db: Db, row: Row): Promise<Row> {
  const id = Number(row.articleId);
  const titles = await columnTitleMap(db);
  const out: Row = {};
  for (const k of [...PUBLIC_COLUMNS, 'content']) out[k] = row[k];
  const model = await modelOfColumn(db, Number(row.columnId));
  const values = model ? await readFieldValues(db, model, id) : {};
  const relevant = await db
    .selectFrom('article_relevant as r')
    .innerJoin('article as a', 'a.articleId', 'r.relevantId')
    .select(['a.articleId as articleId', 'a.title as title', 'a.publishTime as publishTime', 'a.columnId as columnId', 'a.jumpUrl as jumpUrl'])
    .where('r.articleId', '=', id)
    .where('a.status', '=', PUBLISHED)
    .orderBy('r.id', 'asc')
    .execute();
  return {
    ...toApi(out, titles),
    modelFields: model ? model.fields.map((f) => ({ name: f.fieldFieldName, label: f.fieldTipsName, type: f.fieldType, value: values[f.fieldFieldName] ?? null })) : [],
    relevantList: relevant.map((r) => toApi(r, titles)),
  };
}

async function publishedArticle(db: Db, request: FastifyRequest): Promise<Row> {
  const id = readOneId(queryOf(request), bodyOf(request), ['articleID', 'articleId']);
  const row = await db.selectFrom('article').selectAll().where('articleId', '=', id).where('status', '=', PUBLISHED).executeTakeFirst();
  if (!row) throw notFoundRecord();
  return row;
}

/** The public site's article calls (no login): lists, reads, hits, a column's page data. */
export async function articlePublicRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'article') as ResourceDecl | undefined;
  if (!decl) return;
  const db = app.db;
  const pub = { config: { public: true } };
  const input = articleInputs(decl);

  // Published articles of one column (or of all), sort then newest first.
  app.post('/api/article/webList', { ...pub, schema: input.webList, attachValidation: true }, async (request) => ok(await publicPage(db, search(request), false)));
  // The same list at the path the spec's part 2 names for the public site (docs/spec-calls.md).
  app.post('/web/article/list', { ...pub, schema: input.webList, attachValidation: true }, async (request) => ok(await publicPage(db, search(request), false)));
  // Published articles of a column and every column below it.
  app.post('/api/article/mj/webListByParent', { ...pub, schema: input.byParent, attachValidation: true }, async (request) => {
    const s = search(request);
    const parent = s.parentId ?? s.categoryId ?? s.columnId;
    if (parent === undefined || parent === '') return ok(await publicPage(db, s, true));
    return ok(await publicPage(db, { ...s, columnId: parent, categoryId: undefined }, true));
  });
  // 近日热读: the most read articles published in the last `days` days (default 7, at most 90).
  app.post('/api/article/webJrlyList', { ...pub, schema: input.hot, attachValidation: true }, async (request) => {
    const s = search(request);
    const size = Math.min(Math.max(1, Number.parseInt(String(s.size ?? s.pageSize ?? 10), 10) || 10), 50);
    const days = Math.min(Math.max(1, Number.parseInt(String(s.days ?? 7), 10) || 7), 90);
    const since = new Date(Date.now() - days * 86400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const sinceText = `${since.getFullYear()}-${pad(since.getMonth() + 1)}-${pad(since.getDate())} 00:00:00`;
    let q = db.selectFrom('article').where('status', '=', PUBLISHED).where('publishTime', '>=', sinceText);
    q = await applyArticleFilters(db, q, { columnId: s.columnId ?? s.categoryId }, true);
    const rows = await q.select([...PUBLIC_COLUMNS]).orderBy('hits', 'desc').orderBy('publishTime', 'desc').limit(size).execute();
    const titles = await columnTitleMap(db);
    return ok(rows.map((r) => toApi(r, titles)));
  });

  app.get('/api/article/view', { ...pub, schema: input.view, attachValidation: true }, async (request) => ok(await publicDetail(db, await publishedArticle(db, request))));

  app.get('/api/article/webView', { ...pub, schema: input.view, attachValidation: true }, async (request) => {
    const row = await publishedArticle(db, request);
    const detail = await publicDetail(db, row);
    const siblings = await db
      .selectFrom('article')
      .select(['articleId', 'title'])
      .where('columnId', '=', Number(row.columnId))
      .where('status', '=', PUBLISHED)
      .orderBy('sort', 'desc')
      .orderBy('publishTime', 'desc')
      .orderBy('articleId', 'desc')
      .execute();
    const at = siblings.findIndex((r) => r.articleId === Number(row.articleId));
    const pick = (r: Row | undefined) => (r ? { articleId: Number(r.articleId), title: r.title } : null);
    return ok({ ...detail, prev: pick(siblings[at - 1]), next: pick(siblings[at + 1]) });
  });

  // Preview of any article the caller may see, in any state (the generation preview).
  app.get('/api/article/webGeneraterView', { config: { permission: decl.permissions.get }, schema: input.preview, attachValidation: true }, async (request) => {
    const id = readOneId(queryOf(request), {}, ['articleID', 'articleId']);
    const row = await loadArticle(db, await accessFilter(db, currentUser(request), decl), id);
    return ok({ ...(await publicDetail(db, row)), status: row.status });
  });

  // A column's public data: its fields, its children and the path from the top.
  app.get('/api/article/column', { ...pub, schema: input.column, attachValidation: true }, async (request) => {
    const id = readOneId(queryOf(request), {}, ['categoryId']);
    const column = await findColumn(db, id);
    if (!column) throw notFoundRecord();
    const rows = await loadColumns(db);
    const byId = new Map(rows.map((r) => [r.categoryId, r]));
    const breadcrumb: { categoryId: number; categoryTitle: string }[] = [];
    const seen = new Set<number>();
    for (let cur = byId.get(id); cur && !seen.has(cur.categoryId); cur = byId.get(cur.categoryCategoryId)) {
      seen.add(cur.categoryId);
      breadcrumb.unshift({ categoryId: cur.categoryId, categoryTitle: cur.categoryTitle });
    }
    const sub = new Set(descendantIds(rows, id));
    const children = buildTree(rows.filter((r) => sub.has(r.categoryId))).find((n) => n.categoryId === id)?.children ?? [];
    return ok({ ...column, children, breadcrumb });
  });

}
