import { MAIL_STAGE as S } from '../../../resources/mail.js';
import type { RecordData } from '../../../resources/behaviour.js';
import { ActionAnswer } from '../../crud/actions.js';
import type { ActionRun, EntityContext } from '../../crud/entity/types.js';
import { invalidValue, missingParam, notFoundRecord } from '../../http/errors.js';
import { isBlank as blank } from '../../http/params.js';
import { cleanText } from '../../public/guard.js';
import { formatDateTime, parseDateTime } from '../../util/time.js';
import { addHistory, bumpCount, departmentName, notAllowed, replyDays } from '../../modules/interaction/mail/common.js';
import { callerDepartments } from '../../crud/aliasOptions.js';


/** A letter the caller's department handles: transferred to one of his handling departments (any for ALL; the 本部门信件 list's). */
async function requireHandled(ctx: EntityContext, mail: RecordData): Promise<void> {
  if (ctx.caller.dataScope === 'ALL') return;
  const depts = await callerDepartments(ctx.trx, ctx.caller, 'byScope');
  if (!depts.includes(Number(mail.transferDeptId))) throw notFoundRecord();
}

/** 审核: auditStatus 1 accepts the letter for handling, 2 does not (then a reason is required). */
const examine: ActionRun = async ({ records, body, ctx }) => {
  const raw = body.auditStatus ?? body.status;
  if (blank(raw)) throw missingParam('auditStatus');
  const audit = Number(raw);
  if (audit !== 1 && audit !== 2) throw invalidValue('审核结果取值不正确');
  const remark = cleanText(body.examineRemark ?? body.remarks, { label: '审核意见', max: 500, required: audit === 2 });
  for (const m of records) {
    const id = Number(m.id);
    await ctx.api.update('mail', id, { stage: audit === 1 ? S.ACCEPTED : S.REJECTED, examineRemark: remark || null, examineTime: ctx.now, examineUserName: ctx.user.name });
    await addHistory(ctx.trx, id, audit === 1 ? 'examine' : 'reject', ctx.caller, { remarks: remark || null });
  }
  return new ActionAnswer(null, audit === 1 ? '审核通过' : '已设为不予受理');
};

/** 转办 to a department (idsAuditDto), with a deadline from its reply days; waiting letters are accepted by it. */
const transfer: ActionRun = async ({ records, body, ctx }) => {
  const deptRaw = body.deptId ?? body.transferDeptId;
  if (blank(deptRaw)) throw missingParam('deptId');
  const deptId = Number(deptRaw);
  if (!Number.isSafeInteger(deptId) || deptId <= 0) throw invalidValue('参数格式不正确：deptId');
  const deptName = await departmentName(ctx.trx, deptId);
  const remarks = cleanText(body.remarks ?? body.transferRemark, { label: '转办意见', max: 500 });
  const days = await replyDays(ctx.trx, deptId);
  const deadline = formatDateTime(new Date(Date.now() + days * 24 * 3600_000));
  for (const m of records) {
    const id = Number(m.id);
    const values: RecordData = { stage: S.TRANSFERRED, transferDeptId: deptId, transferDeptName: deptName, transferTime: ctx.now, transferRemark: remarks || null, deadline, returnRemark: null, returnTime: null };
    if (Number(m.stage) === S.PENDING) Object.assign(values, { examineTime: ctx.now, examineUserName: ctx.user.name });
    await ctx.api.update('mail', id, values);
    await addHistory(ctx.trx, id, 'transfer', ctx.caller, { toDeptId: deptId, toDeptName: deptName, remarks: remarks || null });
    await bumpCount(ctx.trx, deptId, deptName, 'receivedCount');
  }
  return new ActionAnswer(null, `已转办至${deptName}`);
};

/** 登记入库: once, after the reply (the declaration's `when` asks for the reply). */
const rk: ActionRun = async ({ records, ctx }) => {
  const [mail] = records;
  if (!mail) throw notFoundRecord();
  if (Number(mail.rkFlag) === 1) throw notAllowed('信件已登记入库');
  await ctx.api.update('mail', Number(mail.id), { rkFlag: 1, rkTime: ctx.now });
  await addHistory(ctx.trx, Number(mail.id), 'rk', ctx.caller);
  return null;
};

/**
 * 答复 (saveMailForumDto { mailId, content }): the department replies to letters transferred to it; the
 * office (ALL) may also answer accepted or returned letters itself. A replied letter's text may be corrected.
 */
const reply: ActionRun = async ({ records, body, ctx }) => {
  const content = cleanText(body.content ?? body.replyContent, { label: '答复内容', max: 5000, required: true, multiline: true });
  const [mail] = records;
  if (!mail) throw notFoundRecord();
  await requireHandled(ctx, mail);
  const stage = Number(mail.stage);
  const allowed: number[] = ctx.caller.dataScope === 'ALL' ? [S.ACCEPTED, S.TRANSFERRED, S.RETURNED, S.REPLIED] : [S.TRANSFERRED, S.REPLIED];
  if (!allowed.includes(stage)) throw notAllowed('信件当前状态不能答复');
  const id = Number(mail.id);
  let row: RecordData;
  if (stage === S.REPLIED) row = await ctx.api.update('mail', id, { replyContent: content });
  else {
    const dept = mail.transferDeptId ? Number(mail.transferDeptId) : null;
    const replyDeptId = dept ?? (Number(ctx.caller.deptId ?? 0) || null);
    const replyDept = dept ? mail.transferDeptName : ctx.caller.deptName;
    row = await ctx.api.update('mail', id, { status: 1, stage: S.REPLIED, replyDeptId, replyDept, replyTime: ctx.now, replyContent: content, replyUserName: ctx.user.name });
    if (dept) {
      const name = String(mail.transferDeptName ?? '');
      await bumpCount(ctx.trx, dept, name, 'repliedCount');
      if (mail.deadline && parseDateTime(String(mail.deadline)).getTime() < Date.now()) await bumpCount(ctx.trx, dept, name, 'overdueCount');
    }
  }
  await addHistory(ctx.trx, id, 'reply', ctx.caller, { content });
  return row;
};

/** 退回 (idsRemarksDto): the department sends letters back with its reasons; the office transfers them again. */
const returnMail: ActionRun = async ({ records, body, ctx }) => {
  const remarks = cleanText(body.remarks, { label: '退回说明', max: 500, required: true });
  for (const m of records) await requireHandled(ctx, m);
  for (const m of records) {
    const id = Number(m.id);
    const dept = Number(m.transferDeptId);
    const name = String(m.transferDeptName ?? '');
    await ctx.api.update('mail', id, { stage: S.RETURNED, returnRemark: remarks, returnTime: ctx.now });
    await addHistory(ctx.trx, id, 'return', ctx.caller, { remarks, toDeptId: dept, toDeptName: name });
    await bumpCount(ctx.trx, dept, name, 'returnedCount');
  }
  return null;
};

/** The staff's handling steps of resources/mail.ts's actions. */
export const mailSteps: Readonly<Record<string, ActionRun>> = { examine, transfer, rk, reply, return: returnMail };
