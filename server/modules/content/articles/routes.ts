import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import type { Db, Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { queryOf } from '../../../http/params.js';
import { modelOfColumn, readFieldValues } from '../contentModels/service.js';
import { articleInputs, type ArticleInputs } from './inputs.js';
import { accessFilter, loadArticle, readOneId } from './service.js';
import { declarationOf } from '../../declarationLookup.js';

/** What the article route groups share. */
interface ArticleContext {
  app: FastifyInstance;
  db: Db;
  decl: ResourceDecl;
  input: ArticleInputs;
}

/**
 * /api/article/* beside the generic list (本部门文章 is its `alsoAt` copy), get, save, update, delete and review
 * steps (server/entities/article.ts): model fields and sensitive words. See docs/content.md.
 */
export async function articleRoutes(app: FastifyInstance) {
  const found = declarationOf(app, 'article');
  if (!found) return;
  const decl: ResourceDecl = found;
  const ctx: ArticleContext = { app, db: app.db, decl, input: articleInputs(decl) };
  articleReadRoutes(ctx);
}

/** An article's model fields (敏感词检测 is the declared `wordCheck`; its stored hits the declared child collection). */
function articleReadRoutes({ app, db, decl, input }: ArticleContext) {
  const p = decl.permissions;
  app.get('/api/article/queryFieldOverwrite', { config: { permission: p.get }, schema: input.fieldOverwrite, attachValidation: true }, async (request) => {
    const q = queryOf(request);
    const columnId = readOneId(q, {}, ['columnId']);
    const model = await modelOfColumn(db, columnId);
    if (!(await db.selectFrom('category').select('categoryId').where('categoryId', '=', columnId).executeTakeFirst())) throw invalidValue('栏目不存在');
    let values: Row = {};
    if (model && q.basicId !== undefined && q.basicId !== '') {
      const id = readOneId(q, {}, ['basicId']);
      await loadArticle(db, await accessFilter(db, currentUser(request), decl), id);
      values = await readFieldValues(db, model, id);
    }
    return ok({ model: model ? { cmId: model.cmId, cmTipsName: model.cmTipsName, cmTableName: model.cmTableName } : null, fields: model?.fields ?? [], values });
  });
}
