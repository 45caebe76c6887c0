import type { WhereData } from '../../../resources/behaviour.js';
import { ActionAnswer } from '../../crud/actions.js';
import type { ActionRun } from '../../crud/entity/types.js';
import { PortalError } from '../../http/errors.js';
import { tellFollowers } from '../../modules/content/articles/changes.js';
import { readArticleIds } from '../../modules/content/articles/service.js';
import { allowImportedDelete } from '../article.js';

/**
 * 删除导入文章: imported articles only, whatever their state, through the local API (their dependents go with
 * them). The ids as every article call reads them (`ids`, `articleId`…; at most 200), each in the caller's reach.
 */
const deleteImported: ActionRun = async ({ body, ctx }) => {
  const ids = readArticleIds({}, body);
  const found = await ctx.api.find('article', { where: { articleId: ids }, columns: ['articleId', 'title', 'imported'] });
  const byId = new Map(found.map((r) => [Number(r.articleId), r]));
  for (const id of ids) {
    const row = byId.get(id);
    if (row && Number(row.imported) !== 1) throw new PortalError(1005, `文章“${String(row.title)}”不是导入的文章，不能用此操作删除`);
  }
  allowImportedDelete(ctx.trx);
  await ctx.api.delete('article', ids);
  return ids.length;
};

/** Tells search (and the pages) again about some articles (`ids`, `articleId`), or all, once the call has committed. */
const reindex: ActionRun = async ({ body, ctx }) => {
  const named = [body.ids, body.articleId].some((v) => v !== undefined && v !== '');
  const where: WhereData = named ? { articleId: readArticleIds({}, body) } : {};
  const rows = await ctx.api.asSystem().find('article', { where, columns: ['articleId', 'status'], limit: Number.MAX_SAFE_INTEGER });
  for (const r of rows) await ctx.afterCommit(() => tellFollowers(ctx.services, Number(r.articleId), Number(r.status) === 5 ? 'published' : 'changed'));
  return new ActionAnswer({ count: rows.length }, '索引已更新');
};

/** The declared actions of resources/article.ts that keep the articles, not their workflow. */
export const articleUpkeep: Record<string, ActionRun> = { deleteImported, reindex };
