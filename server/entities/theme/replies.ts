import type { RecordData } from '../../../resources/behaviour.js';
import { ActionAnswer } from '../../crud/actions.js';
import type { ActionRun, EntityContext } from '../../crud/entity/types.js';
import type { Row } from '../../db/types.js';
import { invalidValue, missingParam, notFoundRecord } from '../../http/errors.js';
import { idListOf, idsOf } from '../../http/params.js';
import { cleanText } from '../../public/guard.js';
import { badState } from '../../shared/records.js';
import { checkAuditStep, inFamily, readAuditStatus, readRemark } from './rules.js';

/**
 * A theme's replies: its child collection `replies` (theme_reply; resources/theme.ts `children`: the get
 * call answers them, a delete takes them along). Writing one is a declared action of the theme: a reply
 * is a department's (type 2), published after its own audit, and every change keeps the theme's reply
 * counters (count, replied flag, first reply time) through the local API.
 */

/** The themes of these ids in the caller's scope and the call's channel family (1003 otherwise). */
async function themesInReach(ctx: EntityContext, ids: readonly number[], body: RecordData): Promise<RecordData[]> {
  const themes = await ctx.api.find('theme', { where: { id: [...new Set(ids)] } });
  if (themes.length !== new Set(ids).size) throw notFoundRecord();
  inFamily(themes, body);
  return themes;
}

/** Replies by id whose themes the caller reaches. */
async function repliesInReach(ctx: EntityContext, ids: readonly number[], body: RecordData): Promise<Row[]> {
  const replies = (await ctx.trx.selectFrom('theme_reply').selectAll().where('id', 'in', [...ids]).execute()) as Row[];
  if (replies.length !== ids.length) throw notFoundRecord();
  await themesInReach(ctx, replies.map((r) => Number(r.themeId)), body);
  return replies;
}

/** The theme's reply counters after its replies changed: published count, replied flag, first reply time. */
async function keepCounters(ctx: EntityContext, themeIds: readonly number[]): Promise<void> {
  for (const themeId of new Set(themeIds)) {
    const published = (await ctx.trx.selectFrom('theme_reply').select('replyTime').where('themeId', '=', themeId).where('status', '=', 1).orderBy('replyTime', 'asc').execute()) as Row[];
    await ctx.api.update('theme', themeId, { replyCount: published.length, replyState: published.length > 0 ? 1 : 0, firstReplyTime: published[0]?.replyTime ?? null });
  }
}

const readReply = async (ctx: EntityContext, id: number) => (await ctx.trx.selectFrom('theme_reply').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;

/** 回复 (`/ll/theme/reply/save`): a new department reply (`themeId`), or an edit of an unpublished one (`id`). */
const save: ActionRun = async ({ body, ctx }) => {
  const content = cleanText(body.content, { label: 'content', max: 5000, required: true, multiline: true });
  if (body.id !== undefined && body.id !== null && body.id !== '') {
    const id = Number(body.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFoundRecord();
    const [reply] = await repliesInReach(ctx, [id], body);
    if (Number(reply!.status) === 1) throw badState('已发布的回复不能修改');
    await ctx.trx.updateTable('theme_reply').set({ content, status: 0, auditRemark: null, auditTime: null, updateTime: ctx.now }).where('id', '=', id).execute();
    return new ActionAnswer(await readReply(ctx, id), '保存成功');
  }
  if (body.themeId === undefined || body.themeId === null || body.themeId === '') throw invalidValue('缺少必填参数：themeId');
  const themeId = Number(body.themeId);
  if (!Number.isSafeInteger(themeId) || themeId <= 0) throw invalidValue('参数格式不正确：themeId');
  const [theme] = await themesInReach(ctx, [themeId], body);
  if (Number(theme!.status) !== 1) throw badState('只有审核通过的主题才能回复');
  if (Number(theme!.handleState) === 1) throw badState('已办结的主题不能再回复');
  const u = ctx.caller;
  const inserted = (await ctx.trx
    .insertInto('theme_reply')
    .values({ themeId, type: 2, content, status: 0, replyDeptId: u.deptId, replyDeptName: u.deptName, replyUserId: u.userId, replyName: u.name, replyTime: ctx.now, createTime: ctx.now, updateTime: ctx.now })
    .returning('id')
    .executeTakeFirstOrThrow()) as Row;
  return new ActionAnswer(await readReply(ctx, Number(inserted.id)), '保存成功');
};

/** 回复审核: replies pass (published) or fail; the themes' counters follow. */
const audit: ActionRun = async ({ body, ctx }) => {
  const ids = idListOf(body);
  const status = readAuditStatus(body);
  const remark = readRemark(body);
  const replies = await repliesInReach(ctx, ids, { family: 'all', ...body });
  for (const r of replies) checkAuditStep(Number(r.status), status);
  await ctx.trx.updateTable('theme_reply').set({ status, auditRemark: remark, auditTime: ctx.now, updateTime: ctx.now }).where('id', 'in', ids).execute();
  await keepCounters(ctx, replies.map((r) => Number(r.themeId)));
  return new ActionAnswer(ids.length, '审核成功');
};

/** 删除回复 (`ids`); the themes' counters follow. */
const remove: ActionRun = async ({ body, ctx }) => {
  const ids = idsOf(body.ids, 'ids');
  if (!ids.length) throw missingParam('ids');
  const replies = await repliesInReach(ctx, ids, body);
  await ctx.trx.deleteFrom('theme_reply').where('id', 'in', ids).execute();
  await keepCounters(ctx, replies.map((r) => Number(r.themeId)));
  return new ActionAnswer(ids.length, '删除成功');
};

export const replyActions = { reply: save, replyAudit: audit, replyDelete: remove };
