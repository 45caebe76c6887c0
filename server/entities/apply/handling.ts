import { APPLY_PENDING, APPLY_STATUS } from '../../../resources/apply.js';
import type { RecordData } from '../../../resources/behaviour.js';
import type { EntityContext } from '../../crud/entity/types.js';
import { invalidValue } from '../../http/errors.js';
import { badState as notAllowed } from '../../shared/records.js';
import { cleanText } from '../../public/guard.js';
import { asInt } from '../../shared/routeHelpers.js';
import { addWorkingDays, today } from '../../../resources/shape/workingDays.js';

const PENDING: readonly number[] = APPLY_PENDING;
const NAME = Object.fromEntries(APPLY_STATUS.map((s) => [s.value, s.label])) as Record<number, string>;
const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A reply's decision (答复 / 不予公开): the text, the department, an attachment that is no script or path trick. */
function replyValues(body: RecordData, original: RecordData, ctx: EntityContext): RecordData {
  const attachment = cleanText(body.replyAttachment, { label: '答复附件', max: 500 });
  if (attachment && (/^\s*(javascript|data|vbscript):/i.test(attachment) || attachment.includes('..'))) throw invalidValue('答复附件地址无效');
  return {
    replyContent: cleanText(body.replyContent, { label: '答复内容', max: 10000, required: true, multiline: true }),
    replyDept: cleanText(body.replyDept ?? ctx.user.deptName ?? original.handleDeptName, { label: '答复部门', max: 100, required: true }),
    replyAttachment: attachment || null,
    replyTime: ctx.now,
    replyUserName: ctx.user.name,
    ...(original.acceptTime ? {} : { acceptTime: ctx.now }),
  };
}

/** A status change: accept (from 待受理), reply, refuse or withdraw (while pending). */
function statusValues(body: RecordData, original: RecordData, ctx: EntityContext): RecordData {
  const from = Number(original.status);
  const to = asInt(body.status, '状态');
  if (!(to in NAME) || to === 0) throw invalidValue('状态的值无效，可选值：1（已受理）、2（已答复）、3（不予公开）、4（已撤回）');
  if (!PENDING.includes(from) || (to === 1 && from !== 0)) throw notAllowed(`申请当前状态为「${NAME[from]}」，不能改为「${NAME[to]}」`);
  if (to === 1) return { status: 1, acceptTime: ctx.now };
  if (to === 2 || to === 3) return { status: to, ...replyValues(body, original, ctx) };
  return { status: to };
}

/**
 * The values of a handling step on /apply/add with the id (accept, reply, refuse, withdraw, extend once,
 * transfer while 待受理, a remark), checked against the application's state; 1002 when nothing changes.
 */
export async function handlingValues(body: RecordData, original: RecordData, ctx: EntityContext, settings: Readonly<Record<string, number>>): Promise<RecordData> {
  const from = Number(original.status);
  const set: RecordData = given(body.status) ? statusValues(body, original, ctx) : {};
  if (Number(body.extend) === 1) {
    if (!PENDING.includes(Number(set.status ?? from))) throw notAllowed('已办结的申请不能延期');
    if (Number(original.extended) === 1) throw notAllowed('该申请已延期过一次，不能再次延期');
    const days = settings.extendDays ?? 0;
    if (days <= 0) throw notAllowed('未设置延期期限');
    Object.assign(set, { extended: 1, deadline: addWorkingDays(String(original.deadline ?? today()), days) });
  }
  if (given(body.handleDeptId) && Number(body.handleDeptId) !== Number(original.handleDeptId)) {
    if (from !== 0 || set.status !== undefined) throw notAllowed('只有待受理的申请可以转办');
    const dept = (await ctx.trx.selectFrom('departments').select(['id', 'name']).where('id', '=', asInt(body.handleDeptId, '受理部门')).executeTakeFirst()) as { id: number; name: string } | undefined;
    if (!dept) throw invalidValue('受理部门不存在');
    Object.assign(set, { handleDeptId: dept.id, handleDeptName: dept.name });
  }
  if (body.remark !== undefined) set.remark = cleanText(body.remark, { label: '办理备注', max: 1000, multiline: true }) || null;
  if (Object.keys(set).length === 0) throw invalidValue('未修改任何内容，不需要提交');
  return set;
}

/**
 * Claims the application in the state it was read in (inside the save's transaction): two officers cannot
 * both reply. A concurrent step that committed first changed the status, so this one is refused.
 */
export async function claimInState(ctx: EntityContext, original: RecordData): Promise<void> {
  const r = await ctx.trx.updateTable('apply').set({ updateTime: ctx.now }).where('id', '=', Number(original.id)).where('status', '=', Number(original.status)).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notAllowed('该申请已被他人处理，请刷新后重试');
}
