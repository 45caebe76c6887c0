import { articleStatusLabel } from '../../resources/article.js';
import type { RecordData } from '../../resources/behaviour.js';
import { ActionAnswer } from '../crud/actions.js';
import { defineBehaviour } from '../crud/entity/define.js';
import type { ActionRun, EntityContext } from '../crud/entity/types.js';
import type { Db } from '../db/types.js';
import { invalidValue, missingParam, PortalError } from '../http/errors.js';
import { isBlank as blank } from '../http/params.js';
import { readArticleIds, readOpinion } from '../modules/content/articles/service.js';
import { createdBy } from '../shared/records.js';
import { formatDateTime } from '../util/time.js';

/**
 * 信息报送: a submission is an article saved from the reporting app, marked in `article_report` (only here):
 * in the save's transaction (ARTICLE_CREATED), gone with the article. The audit runs the article's steps.
 */

/** A new article saved from the reporting app (appKey reportSite) is the caller's submission: marked in the save's transaction. */
export async function markSubmission(record: RecordData, ctx: EntityContext): Promise<void> {
  if (ctx.caller.appKey !== 'reportSite') return;
  const now = formatDateTime();
  await ctx.trx.insertInto('article_report').values({ articleId: Number(record.articleId), reportTime: now, ...createdBy(ctx.caller, now) }).execute();
}

/** A deleted article is no longer a submission. */
export async function forgetReported(db: Db, articleId: number): Promise<void> {
  await db.deleteFrom('article_report').where('articleId', '=', articleId).execute();
}

/** Submissions among the ids that the caller's article list reaches (his scope, or his granted columns); else 1003. */
async function loadReports(ctx: EntityContext, ids: number[]): Promise<RecordData[]> {
  const marked = await ctx.trx.selectFrom('article_report').select('articleId').where('articleId', 'in', ids).execute();
  const rows = await ctx.api.find('article', { where: { articleId: marked.map((m) => Number(m.articleId)) }, columns: ['articleId', 'status', 'title'] });
  if (rows.length !== ids.length) throw new PortalError(1003, '报送信息不存在或无权操作');
  return rows;
}

/** The article's review step a decision takes at a state, and the permission key it needs. */
function stepOf(decision: 'pass' | 'reject', state: number, has: (k: string) => boolean): { name: string; key: string } | null {
  if (decision === 'pass' && state === 4) return { name: 'accept', key: 'article:accept' };
  if (decision === 'pass' && state === 6) return { name: 'approve', key: 'article:approve' };
  if (decision === 'reject' && state === 4) return has('article:accept') ? { name: 'acceptReject', key: 'article:accept' } : { name: 'reject', key: 'article:reject' };
  if (decision === 'reject' && state === 6) return { name: 'reject', key: 'article:reject' };
  return null;
}

/** reportDto { ids | articleId, status: 1 通过 | 2 退回, opinion }: the article's step, run through the local API as the caller. */
const audit: ActionRun = async ({ body, ctx }) => {
  const user = ctx.caller;
  const ids = readArticleIds({}, body);
  const raw = body.status ?? body.auditStatus ?? body.type;
  if (blank(raw)) throw missingParam('status');
  const decision = String(raw) === '1' || raw === 'pass' ? 'pass' : String(raw) === '2' || raw === 'reject' ? 'reject' : null;
  if (!decision) throw invalidValue('status的值无效，可选值：1（通过）、2（退回）');
  const opinion = readOpinion({}, body, decision === 'reject');
  const rows = await loadReports(ctx, ids);
  const states = new Set(rows.map((r) => Number(r.status)));
  if (states.size > 1) throw new PortalError(1005, '所选报送处于不同的审核阶段，请分别审核');
  const state = [...states][0] as number;
  const has = (k: string) => user.permissions.has(k);
  const step = stepOf(decision, state, has);
  if (!step) throw new PortalError(1005, `当前状态为${articleStatusLabel(state)}，不能审核`);
  if (!has(step.key)) throw new PortalError(1005, `当前状态为${articleStatusLabel(state)}，您没有${decision === 'pass' ? (state === 4 ? '初审' : '终审') : '退回'}权限`);
  const data = await ctx.api.runAction('article', step.name, { ids, body: opinion === null || opinion === undefined ? {} : { opinion } });
  return new ActionAnswer(data, decision === 'pass' ? (state === 4 ? '初审通过' : '已发布') : '已退回');
};

export default defineBehaviour({ name: 'report', actions: { audit } });
