import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, PortalError } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, queryOf } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { modelOfColumn, readFieldValues, saveFieldValues } from '../contentModels/service.js';
import type { ArticleChange } from './hooks.js';
import { accessFilter, addFlow, checkTargetColumn, loadArticle, readArticleIds, readOneId } from './service.js';
import { articleInputs, type ArticleInputs } from './inputs.js';
import { createdBy } from '../../../shared/records.js';
import { insertArticle, setArticleSort } from '../../../entities/article.js';

/** /api/article/articleCopy, articleSort, articleUp and the search-index rebuild: order and copies of articles. */
export async function articleOrderRoutes(app: FastifyInstance, decl: ResourceDecl, fire: Fire) {
  const input = articleInputs(decl);
  articleCopyRoute(app, decl, fire, input);
  articleSortRoutes(app, decl, fire, input);
  articleIndexRoute(app, fire, input);
}

type Fire = (changes: [number, ArticleChange][]) => Promise<void>;

/** Copies of articles, into their own column or another, model values included. */
function articleCopyRoute(app: FastifyInstance, decl: ResourceDecl, fire: Fire, input: ArticleInputs) {
  const db = app.db;
  app.post('/api/article/articleCopy', { config: { permission: 'article:copy' }, schema: input.copy, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const body = bodyOf(request);
    const query = queryOf(request);
    const ids = readArticleIds(query, body);
    const targetRaw = body.columnId ?? body.categoryId ?? query.columnId;
    const access = await accessFilter(db, user, decl);
    const created = await db.transaction().execute(async (trx) => {
      const out: number[] = [];
      const now = formatDateTime();
      for (const id of ids) {
        const src = await loadArticle(trx, access, id);
        const target = targetRaw === undefined || targetRaw === '' ? src.columnId : Number(targetRaw);
        if (!Number.isSafeInteger(target) || target <= 0) throw invalidValue('参数格式不正确：columnId');
        await checkTargetColumn(trx, user, target, !user.permissions.has('article:saveAdmin'));
        const { articleId: _omit, ...rest } = src;
        void _omit;
        const newId = await insertArticle(trx, {
          ...rest,
          columnId: target,
          status: 3,
          hits: 0,
          imported: 0,
          sort: 0,
          publishTime: null,
          submitTime: null,
          lastOpinion: null,
          ...createdBy(user, now),
        });
        await addFlow(trx, user, { articleId: newId, action: 'copy', actionName: '复制', fromStatus: null, toStatus: 3, opinion: `复制自文章${id}` });
        const srcModel = await modelOfColumn(trx, src.columnId);
        const dstModel = await modelOfColumn(trx, target);
        if (srcModel && dstModel && srcModel.cmId === dstModel.cmId) {
          const values = await readFieldValues(trx, srcModel, id);
          await saveFieldValues(trx, dstModel, newId, values);
        }
        out.push(newId);
      }
      return out;
    });
    await fire(created.map((id) => [id, 'changed']));
    return ok(created, '复制成功');
  });

}

/** The order of articles in a column: a sort value, or one place up. */
function articleSortRoutes(app: FastifyInstance, decl: ResourceDecl, fire: Fire, input: ArticleInputs) {
  const db = app.db;
  app.post('/api/article/articleSort', { config: { permission: 'article:sort' }, schema: input.sort, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const body = bodyOf(request);
    const query = queryOf(request);
    const items: { id: number; sort: number }[] = Array.isArray(body.list)
      ? (body.list as Row[]).map((it) => ({ id: readOneId({}, it ?? {}, ['articleId']), sort: Number(it?.sort) }))
      : [{ id: readOneId(query, body, ['articleId', 'id']), sort: Number(body.sort ?? query.sort) }];
    for (const it of items) if (!Number.isInteger(it.sort) || it.sort < 0 || it.sort > 999999) throw invalidValue('排序必须是0–999999的整数');
    const access = await accessFilter(db, user, decl);
    await db.transaction().execute(async (trx) => {
      for (const it of items) {
        await loadArticle(trx, access, it.id);
        await setArticleSort(trx, it.id, it.sort);
      }
    });
    await fire(items.map((it) => [it.id, 'changed']));
    return ok(items.length, '排序成功');
  });

  // Moves an article one place up in its column's order (sort desc, publish time desc, id desc).
  app.post('/api/article/articleUp', { config: { permission: 'article:sort' }, schema: input.up, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const id = readOneId(queryOf(request), bodyOf(request), ['articleId', 'id']);
    const access = await accessFilter(db, user, decl);
    await db.transaction().execute(async (trx) => {
      const row = await loadArticle(trx, access, id);
      const list = (await trx
        .selectFrom('article')
        .select(['articleId', 'sort'])
        .where('columnId', '=', row.columnId)
        .orderBy('sort', 'desc')
        .orderBy('publishTime', 'desc')
        .orderBy('articleId', 'desc')
        .execute()) as { articleId: number; sort: number }[];
      const at = list.findIndex((r) => r.articleId === id);
      if (at <= 0) throw new PortalError(1005, '已经是本栏目的第一篇，不能上移');
      const prev = list[at - 1] as { articleId: number; sort: number };
      const mine = row.sort;
      const theirs = prev.sort;
      if (mine === theirs) {
        await setArticleSort(trx, id, theirs + 1);
      } else {
        await setArticleSort(trx, id, theirs);
        await setArticleSort(trx, prev.articleId, mine);
      }
    });
    await fire([[id, 'changed']]);
    return ok(id, '上移成功');
  });

}

/** Tells search (and the pages) again about some articles, or all. */
function articleIndexRoute(app: FastifyInstance, fire: Fire, input: ArticleInputs) {
  const db = app.db;
  app.post('/api/article/manualSavaEs', { config: { permission: 'article:approve' }, schema: input.reindex, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const query = queryOf(request);
    const hasIds = [body.ids, query.ids, body.articleId, query.articleId].some((v) => v !== undefined && v !== '');
    let rows: Row[];
    if (hasIds) {
      rows = await db.selectFrom('article').select(['articleId', 'status']).where('articleId', 'in', readArticleIds(query, body)).execute();
    } else {
      rows = await db.selectFrom('article').select(['articleId', 'status']).execute();
    }
    await fire(rows.map((r) => [Number(r.articleId), Number(r.status) === 5 ? 'published' : 'changed']));
    return ok({ count: rows.length }, '索引已更新');
  });

}
