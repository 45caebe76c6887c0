import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ArticleTransition } from '../../../../resources/article.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import { allowImportedDelete } from '../../../entities/article.js';
import { ok } from '../../../http/envelope.js';
import { PortalError } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, queryOf } from '../../../http/params.js';
import { ARTICLE_WRITE, type ArticleWrite } from './changes.js';
import type { ArticleInputs } from './inputs.js';
import { accessFilter, articleDetail, loadArticle, readArticleIds, readOneId, readOpinion } from './service.js';

const SAVE_MESSAGES: Record<number, string> = { 4: '已提交审核', 5: '发布成功' };

/**
 * The article writes that are not the generic calls, each through the local API (the article's hooks run:
 * server/entities/article.ts): 管理员发布, 修改并初审通过 / 终审发布 / 退回, 删除导入文章.
 */
export function articleWriteRoutes(app: FastifyInstance, decl: ResourceDecl, input: ArticleInputs) {
  const db = app.db;

  // 管理员发布: like save/role, and may publish at once (with 终审) into any column.
  app.post('/api/article/save/admin', { config: { permission: 'article:saveAdmin' }, schema: input.create, attachValidation: true }, async (request) => {
    const write: ArticleWrite = { admin: true };
    const record = await app.entities.api(currentUser(request)).create('article', { ...bodyOf(request), [ARTICLE_WRITE]: write });
    return ok(await articleDetail(db, record), SAVE_MESSAGES[Number(record.status)] ?? '保存成功');
  });

  /** An edit and a review step in one: the caller's reach is a reviewer's (the granted columns), the write the system's on his behalf. */
  const editAndStep = async (request: FastifyRequest, step: ArticleTransition, action: string, actionName: string) => {
    const user = currentUser(request);
    const body = bodyOf(request);
    const query = queryOf(request);
    const id = readOneId(query, body, ['articleId', 'id']);
    const opinion = readOpinion(query, body, step === 'reject');
    await loadArticle(db, await accessFilter(db, user, decl, 'read'), id);
    const write: ArticleWrite = { step, action, actionName, opinion, by: user };
    const record = await app.entities.api().update('article', id, { ...body, [ARTICLE_WRITE]: write });
    return ok(await articleDetail(db, record), '操作成功');
  };
  app.post('/api/article/updateAndAccept', { config: { permission: 'article:accept' }, schema: input.update, attachValidation: true }, (r) => editAndStep(r, 'accept', 'updateAndAccept', '修改并初审通过'));
  app.post('/api/article/updateAndApprove', { config: { permission: 'article:approve' }, schema: input.update, attachValidation: true }, (r) => editAndStep(r, 'approve', 'updateAndApprove', '修改并终审发布'));
  app.post('/api/article/updateAndReject', { config: { permission: 'article:reject' }, schema: input.update, attachValidation: true }, (r) => editAndStep(r, 'reject', 'updateAndReject', '修改并退回'));

  // 删除导入文章: imported articles only, whatever their state.
  app.post('/api/article/deleteImportArticle', { config: { permission: decl.permissions.delete }, schema: input.ids, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const ids = readArticleIds(queryOf(request), bodyOf(request));
    const access = await accessFilter(db, user, decl, 'own');
    await app.entities.transaction(user, async (api, trx) => {
      for (const id of ids) {
        const row = await loadArticle(trx, access, id);
        if (row.imported !== 1) throw new PortalError(1005, `文章“${String(row.title)}”不是导入的文章，不能用此操作删除`);
      }
      allowImportedDelete(trx);
      await api.delete('article', ids);
    });
    return ok(ids.length, '删除成功');
  });
}
