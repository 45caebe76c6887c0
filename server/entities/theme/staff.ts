import type { RecordData } from '../../../resources/behaviour.js';
import { ActionAnswer } from '../../crud/actions.js';
import type { ActionRun, EntityContext } from '../../crud/entity/types.js';
import { invalidValue, missingParam } from '../../http/errors.js';
import { isMasked } from '../../shared/mask.js';
import { cleanEmail, cleanPhone, cleanText } from '../../public/guard.js';
import { badState, departmentName } from '../../shared/records.js';
import { checkAuditStep, flagOf, inFamily, readAuditStatus, readRemark } from './rules.js';

/**
 * The staff's steps on themes (declared actions of resources/theme.ts, `run` here): each reads its
 * records in the caller's scope (the generic action route), checks the channel family and the states,
 * and writes through the local API, so the theme's own hooks and scope run for every change.
 */

const setAll = async (ctx: EntityContext, records: readonly RecordData[], values: RecordData) => {
  for (const r of records) await ctx.api.update('theme', Number(r.id), values);
};
const passed = (records: readonly RecordData[], refusal: string) => {
  if (records.some((r) => Number(r.status) !== 1)) throw badState(refusal);
};
const open = (records: readonly RecordData[], refusal: string) => {
  if (records.some((r) => Number(r.handleState) === 1)) throw badState(refusal);
};

/** 审核: all or nothing; a theme not passed is hidden. */
const audit: ActionRun = async ({ records, body, ctx }) => {
  const status = readAuditStatus(body);
  inFamily(records, body);
  for (const r of records) checkAuditStep(Number(r.status), status);
  const values: RecordData = { status, auditRemark: readRemark(body), auditTime: ctx.now };
  if (status !== 1) values.isShow = 0;
  await setAll(ctx, records, values);
  return new ActionAnswer(records.length, '审核成功');
};

/** 审核/公开 in one step: `{ ids, status?, isShow? }` (docs/interaction-forums.md); showing needs a passed theme whose author agreed. */
const show: ActionRun = async (args) => {
  const { body, ctx } = args;
  let { records } = args;
  if (body.status !== undefined && body.status !== null && body.status !== '') {
    const status = readAuditStatus(body);
    if (!ctx.caller.permissions.has('theme:audit')) throw badState('没有审核权限');
    await audit(args);
    if (status !== 1) return new ActionAnswer(records.length, '审核成功');
    records = await ctx.api.find('theme', { where: { id: records.map((r) => Number(r.id)) } });
  }
  const isShow = flagOf(body, 'isShow', 1, '是否显示的值无效，可选值：0（不显示）、1（显示）');
  inFamily(records, body);
  if (isShow === 1) {
    passed(records, '只有审核通过的主题才能公开显示');
    if (records.some((r) => Number(r.isOpen) === 0)) throw badState('留言人不同意公开，不能公开显示');
  }
  await setAll(ctx, records, { isShow });
  return new ActionAnswer(records.length, isShow === 1 ? '已公开' : '已隐藏');
};

/** 转办: passed, unfinished themes to a department, which then sees them in its scope and replies. */
const transfer: ActionRun = async ({ records, body, ctx }) => {
  const raw = body.deptId;
  if (raw === undefined || raw === null || raw === '') throw missingParam('deptId');
  const deptId = Number(raw);
  if (!Number.isSafeInteger(deptId) || deptId <= 0) throw invalidValue('参数格式不正确：deptId');
  const remark = readRemark(body);
  inFamily(records, body);
  passed(records, '只有审核通过的主题才能转办');
  open(records, '已办结的主题不能转办');
  const deptName = await departmentName(ctx.trx, deptId);
  await setAll(ctx, records, { deptId, deptName, transferRemark: remark, transferTime: ctx.now });
  return new ActionAnswer(records.length, '转办成功');
};

/** 办结: passed and not yet handled. */
const examine: ActionRun = async ({ records, body, ctx }) => {
  inFamily(records, { family: 'all', ...body });
  passed(records, '只有审核通过的主题才能办结');
  open(records, '该主题已办结');
  await setAll(ctx, records, { handleState: 1, examineTime: ctx.now });
  return new ActionAnswer(records.length, '办结成功');
};

/** 推荐 / 取消推荐 (`isRecommend`, default 1): only shown themes are recommended. */
const recommend: ActionRun = async ({ records, body, ctx }) => {
  const isRecommend = flagOf(body, 'isRecommend', 1, '推荐的值无效，可选值：0（否）、1（是）');
  if (isRecommend === 1 && records.some((t) => Number(t.status) !== 1 || Number(t.isShow) !== 1)) throw badState('只有已公开的主题才能推荐');
  await setAll(ctx, records, { isRecommend });
  return new ActionAnswer(records.length, isRecommend ? '推荐成功' : '已取消推荐');
};

/** 修改: the staff's edits of title, content, contact and consent (only the fields sent); the state stays. */
const update: ActionRun = async ({ records, body, ctx }) => {
  const values: RecordData = {};
  if (body.title !== undefined) values.title = cleanText(body.title, { label: '标题', max: 100, required: true });
  if (body.content !== undefined) values.content = cleanText(body.content, { label: '内容', max: 5000, required: true, multiline: true });
  if (body.name !== undefined) values.name = cleanText(body.name, { label: '留言人', max: 50 });
  if (body.phone !== undefined && !isMasked(body.phone)) values.phone = cleanPhone(body.phone, '联系电话', { required: false });
  if (body.email !== undefined) values.email = cleanEmail(body.email, '电子邮箱', { required: false });
  if (body.isOpen !== undefined) values.isOpen = flagOf({ isOpen: body.isOpen === '' ? 2 : body.isOpen }, 'isOpen', 2, '留言人同意公开的值无效，可选值：0（不同意）、1（同意）');
  inFamily(records, body);
  const [row] = records;
  if (values.isOpen === 0 && Number(row!.isShow) === 1) values.isShow = 0;
  return new ActionAnswer(await ctx.api.update('theme', Number(row!.id), values), '修改成功');
};

export const staffActions = { audit, show, transfer, examine, recommend, update };
