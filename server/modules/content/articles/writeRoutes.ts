import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import { allowImportedDelete } from '../../../entities/article.js';
import { ok } from '../../../http/envelope.js';
import { PortalError } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, queryOf } from '../../../http/params.js';
import type { ArticleInputs } from './inputs.js';
import { accessFilter, loadArticle, readArticleIds } from './service.js';

/**
 * 删除导入文章, through the local API (the article's hooks run: server/entities/article.ts). 管理员发布 and
 * 修改并… are declared actions (`creates`, `edits`: server/crud/actionSaves.ts).
 */
export function articleWriteRoutes(app: FastifyInstance, decl: ResourceDecl, input: ArticleInputs) {
  const db = app.db;

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
