import type { RecordData, WhereData } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';
import { isOrderOnly } from '../crud/ordering.js';
import type { EntityChangeArgs, EntityContext } from '../crud/entity/types.js';
import { dynamic, type DynamicDb } from '../db/types.js';
import { PortalError } from '../http/errors.js';
import { tellCreated, tellFollowers } from '../modules/content/articles/changes.js';
import { articleDetail, assertTransition, isReviewer } from '../modules/content/articles/service.js';
import { modelOfColumn, physicalTable } from '../modules/content/contentModels/service.js';
import { userColumnIds } from '../modules/content/columns/service.js';
import { articleAfterChange, articleBeforeChange, articleBeforeValidate, writeIn } from './article/save.js';
import { articleSteps } from './article/steps.js';
import { articleEnrich, articleListIn, articleListWhere, articleModelValues } from './article/list.js';

/**
 * 文章 (docs/content.md): get, create (/api/article/save/role), update and delete on the generic routes,
 * the review steps as declared actions (./article/steps.ts), every write — the module's 管理员发布, 修改并…,
 * copies and order included — through the local API, so these hooks always run: the body's parts and the
 * state machine (./article/save.ts), the history, model values, sensitive-word hits, and after the commit
 * the search index, static pages, audio and reports (their modules' followers: articles/changes.ts).
 * The list is the generic list route's, with its filters, answer and queue from ./article/list.ts.
 */

/** Transactions in which 删除导入文章 deletes: imported articles go whatever their state. */
const importedDeletes = new WeakSet<DynamicDb>();
export const allowImportedDelete = (trx: DynamicDb) => void importedDeletes.add(trx);

/**
 * The state is checked again inside the transaction, and the row is held: two reviewers acting at once
 * cannot both succeed (1005 for the second).
 */
async function holdInState({ operation, data, original, ctx }: EntityChangeArgs): Promise<void> {
  if (operation !== 'update' || !original || isOrderOnly(data)) return;
  const id = Number(original.articleId);
  const before = Number(original.status);
  const r = await dynamic(ctx.trx).updateTable('article').set({ status: before }).where('articleId', '=', id).where('status', '=', before).executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new PortalError(1005, '文章状态已被他人修改，请刷新后重试');
}

/** Deletes what hangs on the articles: model values, relations both ways (the hits and history are declared children). */
async function removeDependents(records: readonly RecordData[], ctx: EntityContext): Promise<void> {
  const ids = records.map((r) => Number(r.articleId));
  for (const r of records) {
    if (!importedDeletes.has(ctx.trx) || Number(r.imported) !== 1) assertTransition('delete', Number(r.status));
    const model = await modelOfColumn(ctx.trx, Number(r.columnId));
    if (model) await dynamic(ctx.trx).deleteFrom(physicalTable(model.cmTableName)).where('articleId', '=', Number(r.articleId)).execute();
  }
  await ctx.trx.deleteFrom('article_relevant').where((eb) => eb.or([eb('articleId', 'in', ids), eb('relevantId', 'in', ids)])).execute();
}

const SAVE_MESSAGES: Record<number, string> = { 4: '已提交审核', 5: '发布成功' };

export default defineBehaviour({
  name: 'article',
  hooks: {
    beforeValidate: [articleBeforeValidate],
    beforeChange: [
      async (args) => {
        const values = await articleBeforeChange(args);
        await holdInState(args);
        return values;
      },
    ],
    afterChange: [
      async ({ operation, record, ctx }) => {
        const change = await articleAfterChange(record, ctx);
        // A staff save's new article (no copy, no demo data): the reports' mark, in this transaction.
        if (operation === 'create' && change && !writeIn(ctx)?.copyOf) await tellCreated(record, ctx);
        if (change) await ctx.afterCommit(() => tellFollowers(ctx.services, Number(record.articleId), change));
      },
    ],
    beforeDelete: [({ records, ctx }) => removeDependents(records, ctx)],
    afterDelete: [
      async ({ records, ctx }) => {
        for (const r of records) await ctx.afterCommit(() => tellFollowers(ctx.services, Number(r.articleId), 'removed'));
      },
    ],
    // Reviewers reach every article of the columns granted to their roles, to read, copy and review; editing,
    // deleting and withdrawing go by the data scope only.
    grant: [
      async ({ operation, ctx }) => {
        if (!['list', 'get', 'action:copy', 'action:accept', 'action:acceptReject', 'action:approve', 'action:reject', 'action:takeDown'].includes(operation)) return;
        if (!isReviewer(ctx.caller)) return;
        const cols = await userColumnIds(ctx.trx, ctx.caller);
        const grant: WhereData = cols === null ? {} : { columnId: cols };
        return grant;
      },
    ],
    listWhere: [articleListWhere, articleListIn],
    enrich: [articleEnrich],
    readDetail: [articleModelValues],
    afterGet: [({ record, ctx }) => articleDetail(ctx.trx, record)],
    // The save answers the article as its detail does, and says what happened.
    afterSave: [
      async ({ operation, body, record, ctx }) => {
        const status = Number(record.status);
        const message = operation === 'create' ? (SAVE_MESSAGES[status] ?? '保存成功') : Number(body.status) === 4 && status === 4 ? '已提交审核' : '操作成功';
        return { data: await articleDetail(ctx.trx, record), message };
      },
    ],
  },
  actions: articleSteps,
});
