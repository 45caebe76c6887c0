import { defineBehaviour } from '../crud/entity/define.js';
import { dynamic, type Db, type NewRow, type Row } from '../db/types.js';
import { PortalError } from '../http/errors.js';
import { modelOfColumn, physicalTable } from '../modules/content/contentModels/service.js';

/**
 * 文章: still on its module routes (server/modules/content/articles/: the review workflow, copies, order,
 * model values, sensitive words). This file is the one place that writes the `article` table: the module
 * calls these stores inside its own transaction, so a later hook of the article has one home, and the
 * saves stay as fast as before (issue 26 measures them; the generic create would add a read per save).
 */
export default defineBehaviour({ name: 'article' });

/** A new article's row; answers its id. */
export async function insertArticle(trx: Db, values: Row): Promise<number> {
  const row = await trx.insertInto('article').values(values as NewRow<'article'>).returning('articleId').executeTakeFirstOrThrow();
  return row.articleId;
}

/**
 * Changes an article only while it is still in the state `before` was read in: two reviewers acting at
 * once cannot both succeed (1005 for the second).
 */
export async function updateArticleInState(trx: Db, id: number, before: number, values: Row): Promise<void> {
  const r = await trx.updateTable('article').set(values).where('articleId', '=', id).where('status', '=', before).executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new PortalError(1005, '文章状态已被他人修改，请刷新后重试');
}

/** An article's place in its column's order. */
export async function setArticleSort(trx: Db, id: number, sort: number): Promise<void> {
  await trx.updateTable('article').set({ sort }).where('articleId', '=', id).execute();
}

/** Deletes articles with what hangs on them: model values, relations both ways, sensitive hits, history. */
export async function removeArticles(trx: Db, ids: number[]): Promise<void> {
  for (const id of ids) {
    const row = await trx.selectFrom('article').select('columnId').where('articleId', '=', id).executeTakeFirst();
    const model = row ? await modelOfColumn(trx, row.columnId) : undefined;
    if (model) await dynamic(trx).deleteFrom(physicalTable(model.cmTableName)).where('articleId', '=', id).execute();
  }
  await trx.deleteFrom('article_relevant').where((eb) => eb.or([eb('articleId', 'in', ids), eb('relevantId', 'in', ids)])).execute();
  await trx.deleteFrom('article_sensitive').where('articleId', 'in', ids).execute();
  await trx.deleteFrom('article_flow').where('articleId', 'in', ids).execute();
  await trx.deleteFrom('article').where('articleId', 'in', ids).execute();
}
