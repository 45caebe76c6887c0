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
import { accessFilter, columnTitleMap, loadArticle, PUBLIC_COLUMNS, readOneId, toApi } from './service.js';
import { articleInputs } from './inputs.js';

const PUBLISHED = 5;

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

/**
 * The public site's article calls (no login) beside the declared reads (webList, webListByParent, 近日热读:
 * resources/article.ts) and the hit counter: an article's detail, a column's page data.
 */
export async function articlePublicRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'article') as ResourceDecl | undefined;
  if (!decl) return;
  const db = app.db;
  const pub = { config: { public: true } };
  const input = articleInputs(decl);

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
