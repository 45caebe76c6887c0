import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, queryOf } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { articleInputs } from './inputs.js';
import { declarationOf } from '../../declarationLookup.js';
import { accessFilter, columnTitleMap, loadArticle, readOneId, toApi } from './service.js';

/** /article/relevant/*: related articles of an article (/articleVoice/* is served by ../voice). */
export async function relevantRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'article') as ResourceDecl | undefined;
  if (!decl) return;
  const input = articleInputs(decl);
  const db = app.db;

  async function listOf(articleId: number) {
    const titles = await columnTitleMap(db);
    const rows = await db
      .selectFrom('article_relevant as r')
      .innerJoin('article as a', 'a.articleId', 'r.relevantId')
      .select(['r.id as id', 'r.articleId as articleId', 'r.relevantId as relevantId', 'a.title as title', 'a.status as status', 'a.columnId as columnId', 'a.publishTime as publishTime'])
      .where('r.articleId', '=', articleId)
      .orderBy('r.id', 'asc')
      .execute();
    return rows.map((r) => ({ ...toApi(r, titles), id: r.id, relevantId: r.relevantId }));
  }

  app.post('/article/relevant/getArticleRelevantList', { config: { permission: decl.permissions.get }, schema: input.relevantList, attachValidation: true }, async (request) => {
    const id = readOneId(queryOf(request), bodyOf(request), ['id', 'articleId']);
    await loadArticle(db, await accessFilter(db, currentUser(request), decl), id);
    return ok(await listOf(id));
  });

  // saveArticleRelevantDto: { articleId, relevantIds: [] } (or one relevantId); adds, keeping existing ones.
  app.post('/article/relevant/save', { config: { permission: decl.permissions.update }, schema: input.relevantSave, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const articleId = readOneId(queryOf(request), body, ['articleId']);
    const raw = body.relevantIds ?? body.relevantId ?? body.ids;
    if (raw === undefined || raw === null || raw === '') throw missingParam('relevantIds');
    const ids = [...new Set((Array.isArray(raw) ? raw : String(raw).split(',')).map(Number))];
    if (ids.length === 0 || ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw invalidValue('参数格式不正确：relevantIds');
    if (ids.length > 50) throw invalidValue('一次最多关联50篇文章');
    if (ids.includes(articleId)) throw invalidValue('不能关联文章本身');
    const access = await accessFilter(db, currentUser(request), decl);
    await loadArticle(db, access, articleId);
    await db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom('article').select('articleId').where('articleId', 'in', ids).execute();
      if (found.length !== ids.length) throw invalidValue('相关文章不存在');
      const have = new Set((await trx.selectFrom('article_relevant').select('relevantId').where('articleId', '=', articleId).execute()).map((r) => r.relevantId));
      const now = formatDateTime();
      for (const relevantId of ids) if (!have.has(relevantId)) await trx.insertInto('article_relevant').values({ articleId, relevantId, createTime: now }).execute();
    });
    return ok(await listOf(articleId), '保存成功');
  });

  // idDto: the id of the relation (as getArticleRelevantList answers it).
  app.post('/article/relevant/deleteArticleRelevant', { config: { permission: decl.permissions.update }, schema: input.relevantDelete, attachValidation: true }, async (request) => {
    const id = readOneId(queryOf(request), bodyOf(request), ['id']);
    const row = await db.selectFrom('article_relevant').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFoundRecord();
    await loadArticle(db, await accessFilter(db, currentUser(request), decl), row.articleId);
    await db.deleteFrom('article_relevant').where('id', '=', id).execute();
    return ok(null, '删除成功');
  });
}
