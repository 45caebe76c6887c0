import type { FastifyRequest } from 'fastify';
import { searchOf } from '../../../crud/routes.js';
import { deleteRecords } from '../../../crud/service.js';
import type { RowUpdate } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, readId, readIds } from '../../../http/params.js';
import { cleanText } from '../../../public/guard.js';
import { formatDateTime } from '../../../util/time.js';
import { revealOrMask } from '../../../shared/sensitiveView.js';
import { asInt} from '../../../shared/routeHelpers.js';
import {
  addWorkingDays,
  APPLY_STATUS_NAME,
  decorate,
  parseApplication,
  PENDING,
  readSettings,
  today,
} from './service.js';

import { APPLY_PERSONAL, notAllowed, type ApplyContext } from './context.js';
/** Staff: list, detail, delete; registering a request and handling it (accept, reply, refuse, withdraw, extend, transfer). */
export function applyAdminRoutes(ctx: ApplyContext) {
  const { app, decl, db, perm, load, page, insertApplication, inputs: I } = ctx;
  app.post('/apply/list', { config: { permission: perm.list }, schema: I.list, attachValidation: true }, async (request) => ok(await page(currentUser(request), searchOf(request))));
  app.post('/apply/listByDept', { config: { permission: perm.list }, schema: I.listByDept, attachValidation: true }, async (request) => {
    const search = searchOf(request);
    const user = currentUser(request);
    const raw = search.deptId ?? search.handleDeptId ?? user.deptId;
    if (raw === undefined || raw === null || raw === '') throw missingParam('deptId');
    return ok(await page(user, { ...search, handleDeptId: undefined }, asInt(raw, 'deptId')));
  });

  app.post('/apply/get', { config: { permission: perm.get }, schema: I.id, attachValidation: true }, async (request) => {
    const row = await load(request, readId(request));
    return ok(await revealOrMask(db, request, row, APPLY_PERSONAL, `依申请公开 ${String(row.queryCode ?? '')}`));
  });

  app.post('/apply/delete', { config: { permission: perm.delete }, schema: I.id, attachValidation: true }, async (request) => ok(await deleteRecords(db, decl, currentUser(request), [readId(request)]), '删除成功'));
  app.post('/apply/dels', { config: { permission: perm.delete }, schema: I.ids, attachValidation: true }, async (request) => ok(await deleteRecords(db, decl, currentUser(request), readIds(request)), '删除成功'));

  // Create (a request received at the counter or by letter) or handle (accept, reply, refuse, withdraw, extend, transfer).
  const hasId = (request: FastifyRequest) => {
    const b = (request.body ?? {}) as Record<string, unknown>;
    return !!b && typeof b === 'object' && b.id !== undefined && b.id !== null && b.id !== '';
  };
  app.post('/apply/add', { config: { permission: (r) => (hasId(r) ? 'apply:handle' : perm.create) }, schema: I.save, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const user = currentUser(request);
    if (!hasId(request)) {
      const values = await parseApplication(db, body);
      const row = await insertApplication(values, { source: 2, creatorId: user.userId, ip: null });
      return ok(decorate(row), '登记成功');
    }
    const id = asInt(body.id, 'id');
    const existing = await load(request, id);
    const from = Number(existing.status);
    const now = formatDateTime();
    const set: RowUpdate<'apply'> = {};
    const settings = await readSettings(db);
    if (body.status !== undefined && body.status !== null && body.status !== '') {
      const to = asInt(body.status, '状态');
      if (!(to in APPLY_STATUS_NAME) || to === 0) throw invalidValue('状态的值无效，可选值：1（已受理）、2（已答复）、3（不予公开）、4（已撤回）');
      if (!PENDING.includes(from) || (to === 1 && from !== 0)) throw notAllowed(`申请当前状态为「${APPLY_STATUS_NAME[from]}」，不能改为「${APPLY_STATUS_NAME[to]}」`);
      set.status = to;
      if (to === 1) set.acceptTime = now;
      if (to === 2 || to === 3) {
        set.replyContent = cleanText(body.replyContent, { label: '答复内容', max: 10000, required: true, multiline: true });
        set.replyDept = cleanText(body.replyDept ?? user.deptName ?? existing.handleDeptName, { label: '答复部门', max: 100, required: true });
        const attachment = cleanText(body.replyAttachment, { label: '答复附件', max: 500 });
        if (attachment && (/^\s*(javascript|data|vbscript):/i.test(attachment) || attachment.includes('..'))) throw invalidValue('答复附件地址无效');
        set.replyAttachment = attachment || null;
        set.replyTime = now;
        set.replyUserName = user.name;
        if (!existing.acceptTime) set.acceptTime = now;
      }
    }
    if (Number(body.extend) === 1) {
      if (!PENDING.includes(Number(set.status ?? from)) ) throw notAllowed('已办结的申请不能延期');
      if (Number(existing.extended) === 1) throw notAllowed('该申请已延期过一次，不能再次延期');
      if (settings.extendDays <= 0) throw notAllowed('未设置延期期限');
      set.extended = 1;
      set.deadline = addWorkingDays(String(existing.deadline ?? today()), settings.extendDays);
    }
    if (body.handleDeptId !== undefined && body.handleDeptId !== null && body.handleDeptId !== '' && Number(body.handleDeptId) !== Number(existing.handleDeptId)) {
      if (from !== 0 || set.status !== undefined) throw notAllowed('只有待受理的申请可以转办');
      const dept = await db.selectFrom('departments').select(['id', 'name']).where('id', '=', asInt(body.handleDeptId, '受理部门')).executeTakeFirst();
      if (!dept) throw invalidValue('受理部门不存在');
      set.handleDeptId = dept.id;
      set.handleDeptName = dept.name;
    }
    if (body.remark !== undefined) set.remark = cleanText(body.remark, { label: '办理备注', max: 1000, multiline: true }) || null;
    if (Object.keys(set).length === 0) throw invalidValue('未修改任何内容，不需要提交');
    set.updateTime = now;
    // Conditional on the status read above: two officers cannot both reply.
    const r = await db.updateTable('apply').set(set).where('id', '=', id).where('status', '=', from).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw notAllowed('该申请已被他人处理，请刷新后重试');
    const after = decorate(await db.selectFrom('apply').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    return ok(after, '操作成功');
  });

}
