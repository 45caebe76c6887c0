import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAIL_PERMISSIONS as P, MAIL_STAGE as S } from '../../../../resources/mail.js';
import { applyFilters, readPaging, readSort } from '../../../crud/listQuery.js';
import type { Row } from '../../../db/types.js';
import { MAIL_INPUT } from './inputs.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, isBlank as blank, param, queryOf, readId } from '../../../http/params.js';
import { cleanText } from '../../../public/guard.js';
import { formatDateTime } from '../../../util/time.js';
import { DEFAULT_REPLY_DAYS, departmentName, handlingDepts, labelled, mailDecl } from './common.js';
import { pageOf } from '../../../shared/paging.js';
import { maskPage } from '../../../shared/mask.js';

type Bag = Record<string, unknown>;
const searchOf = (request: FastifyRequest): Bag => ({ ...queryOf(request), ...bodyOf(request) });

/**
 * The departments' side (/mailForum/*): letters transferred to my department, and the department's mailbox
 * settings. The handling records' calls are the declaration's `children[].calls`.
 */
export async function mailForumRoutes(app: FastifyInstance) {
  mailHandlingRoutes(app);
  mailDeptRoutes(app);
}

/** Letters transferred to the caller's department (the return and the reply are declared steps: server/entities/mail/steps.ts). */
function mailHandlingRoutes(app: FastifyInstance) {
  const db = app.db;
  // Letters transferred to my department (and those below it for DEPARTS/ALL), whatever the data scope.
  app.post('/mailForum/mailListByDept', { config: { permission: P.deptList }, schema: MAIL_INPUT.byDept, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const search = searchOf(request);
    const depts = await handlingDepts(db, user);
    const { pageNum, pageSize } = readPaging(search);
    if (depts.length === 0) return ok(pageOf([], { pageNum, pageSize }, 0));
    const sort = readSort(mailDecl, search);
    let base = applyFilters(db.selectFrom('mail'), mailDecl, search).where('transferDeptId', 'in', depts);
    // overdue=1 (the workbench's 超期未办信件): transferred, unreplied and past the deadline.
    if (String(search.overdue ?? '') === '1') base = base.where('stage', '=', S.TRANSFERRED).where('deadline', '<', formatDateTime());
    const n = (await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
    const totalRow = Number(n.n);
    const list = await base.selectAll().orderBy(sql.ref(sort.field), sort.order).orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
    return ok(maskPage(pageOf(list.map(labelled), { pageNum, pageSize }, totalRow)));
  });
}

/** The department's mailbox settings (mail_dept). */
function mailDeptRoutes(app: FastifyInstance) {
  const db = app.db;
  // The department's mailbox settings (mail_dept): shown as a transfer target, days to reply, contact.
  const readDeptId = (request: FastifyRequest) => readId(request, blank(param(request, 'deptId')) ? 'id' : 'deptId');
  app.post('/mailForum/dept/get', { config: { permission: P.deptSettings }, schema: MAIL_INPUT.dept, attachValidation: true }, async (request) => {
    const deptId = readDeptId(request);
    const deptName = await departmentName(db, deptId);
    const row = await db.selectFrom('mail_dept').selectAll().where('deptId', '=', deptId).executeTakeFirst();
    return ok(row ?? { id: null, deptId, deptName, isMailDept: 1, replyDays: DEFAULT_REPLY_DAYS, contactName: null, contactPhone: null, remark: null });
  });

  app.post('/mailForum/dept/save', { config: { permission: P.deptSettings }, schema: MAIL_INPUT.deptSave, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const deptId = readDeptId(request);
    const deptName = await departmentName(db, deptId);
    const values: Row = { deptName, updateTime: formatDateTime() };
    if (!blank(body.isMailDept)) {
      const v = Number(body.isMailDept);
      if (v !== 0 && v !== 1) throw invalidValue('是否信箱部门取值不正确');
      values.isMailDept = v;
    }
    if (!blank(body.replyDays)) {
      const v = Number(body.replyDays);
      if (!Number.isInteger(v) || v < 1 || v > 365) throw invalidValue('办理时限应为1到365天');
      values.replyDays = v;
    }
    if ('contactName' in body) values.contactName = cleanText(body.contactName, { label: '联系人', max: 50 }) || null;
    if ('contactPhone' in body) values.contactPhone = cleanText(body.contactPhone, { label: '联系电话', max: 30 }) || null;
    if ('remark' in body) values.remark = cleanText(body.remark, { label: '备注', max: 500 }) || null;
    const row = await db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('mail_dept').select('id').where('deptId', '=', deptId).executeTakeFirst();
      if (existing) await trx.updateTable('mail_dept').set(values).where('deptId', '=', deptId).execute();
      else await trx.insertInto('mail_dept').values({ deptId, ...values }).execute();
      return trx.selectFrom('mail_dept').selectAll().where('deptId', '=', deptId).executeTakeFirstOrThrow();
    });
    return ok(row, '保存成功');
  });

}
