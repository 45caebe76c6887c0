import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, queryOf } from '../../../http/params.js';
import type { PortalUser } from '../../../http/fastifyTypes.js';
import { modelOfColumn, readFieldValues, saveFieldValues } from '../contentModels/service.js';
import { ARTICLE_WRITE, tellFollowers, type ArticleWrite } from './changes.js';
import { accessFilter, loadArticle, parseFlags, readArticleIds } from './service.js';
import { articleInputs, type ArticleInputs } from './inputs.js';

/**
 * /api/article/articleCopy and the search-index rebuild (排序 / 上移 are the declaration's `ordering`,
 * server/crud/ordering.ts). Copies are written through the local API (the article's hooks run: history, followers).
 */
export async function articleOrderRoutes(app: FastifyInstance, decl: ResourceDecl) {
  const input = articleInputs(decl);
  articleCopyRoute(app, decl, input);
  articleIndexRoute(app, input);
}

/** The copy's values: the source's text and settings, as a new draft. */
function copyValues(src: Row, columnId: number, user: PortalUser): Row {
  const flags = parseFlags(String(src.flags ?? '').replace(/^,|,$/g, ''));
  const write: ArticleWrite = { copyOf: Number(src.articleId), by: user, admin: user.permissions.has('article:saveAdmin') };
  const kept = ['title', 'subTitle', 'content', 'summary', 'thumbnail', 'source', 'author', 'keywords', 'jumpUrl'];
  return { ...Object.fromEntries(kept.map((k) => [k, src[k]])), columnId, flags, sort: 0, [ARTICLE_WRITE]: write };
}

/** Copies of articles, into their own column or another, model values included. */
function articleCopyRoute(app: FastifyInstance, decl: ResourceDecl, input: ArticleInputs) {
  const db = app.db;
  app.post('/api/article/articleCopy', { config: { permission: 'article:copy' }, schema: input.copy, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const body = bodyOf(request);
    const query = queryOf(request);
    const ids = readArticleIds(query, body);
    const targetRaw = body.columnId ?? body.categoryId ?? query.columnId;
    const access = await accessFilter(db, user, decl);
    const created = await app.entities.transaction(undefined, async (api, trx) => {
      const out: number[] = [];
      for (const id of ids) {
        const src = await loadArticle(trx, access, id);
        const target = targetRaw === undefined || targetRaw === '' ? src.columnId : Number(targetRaw);
        if (!Number.isSafeInteger(target) || target <= 0) throw invalidValue('参数格式不正确：columnId');
        const newId = Number((await api.create('article', copyValues(src, target, user))).articleId);
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
    return ok(created, '复制成功');
  });

}

/** Tells search (and the pages) again about some articles, or all. */
function articleIndexRoute(app: FastifyInstance, input: ArticleInputs) {
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
    for (const r of rows) await tellFollowers(app.entities.runtime.services, Number(r.articleId), Number(r.status) === 5 ? 'published' : 'changed');
    return ok({ count: rows.length }, '索引已更新');
  });

}
