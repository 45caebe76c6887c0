import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { bodyOf, queryOf } from '../../../http/params.js';
import { tellFollowers } from './changes.js';
import { readArticleIds } from './service.js';
import { articleInputs, type ArticleInputs } from './inputs.js';

/**
 * The search-index rebuild (排序 / 上移 are the declaration's `ordering`, server/crud/ordering.ts; 复制 its
 * action's generic `copy`, server/crud/actionCopy.ts).
 */
export async function articleOrderRoutes(app: FastifyInstance, decl: ResourceDecl) {
  articleIndexRoute(app, articleInputs(decl));
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
