import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import { applyScope, scopeRule } from '../../../auth/dataScope.js';
import { searchOf } from '../../../crud/routes.js';
import { maskPersonalPage } from '../../../crud/personal.js';
import { getRecord } from '../../../crud/service.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { missingParam, notFoundRecord } from '../../../http/errors.js';
import { badState as notAllowed } from '../../../shared/records.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, readId } from '../../../http/params.js';
import { cleanPhone, guardPublicSubmission, normaliseQueryCode } from '../../../public/guard.js';
import { createSmsSender } from '../../../notify/sms.js';
import { asInt, optionalUser } from '../../../shared/routeHelpers.js';
import { formatDateTime } from '../../../util/time.js';
import { APPLY_PENDING, APPLY_STATUS } from '../../../../resources/apply.js';
import { today } from '../../../../resources/shape/workingDays.js';
import type { ApplyInputs } from './inputs.js';

const PENDING: readonly number[] = APPLY_PENDING;
const DAY_MS = 24 * 3600_000;

/** Staff overviews and the department's list (reads; the writes are the entity's). */
export function applyOfficeRoutes(app: FastifyInstance, decl: ResourceDecl, I: ApplyInputs) {
  const db = app.db;
  const perm = decl.permissions;
  // Overview of the screen: counts per status and overdue, within the caller's scope.
  app.post('/app/list', { config: { permission: perm.list }, schema: I.none, attachValidation: true }, async (request) => {
    const rule = await scopeRule(db, currentUser(request), decl);
    const counts = await applyScope(db.selectFrom('apply'), rule).select(['status', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy('status').execute();
    const overdue = Number((await applyScope(db.selectFrom('apply'), rule).select((eb) => eb.fn.countAll<number | string>().as('n')).where('status', 'in', [...PENDING]).where('deadline', '<', today()).executeTakeFirst())?.n ?? 0);
    const byStatus = APPLY_STATUS.map(({ value, label }) => ({ value, label, count: Number(counts.find((c) => c.status === value)?.n ?? 0) }));
    return ok({ total: byStatus.reduce((s, b) => s + b.count, 0), overdue, byStatus });
  });

  // The applications of one department (default the caller's): the generic list's search and answer.
  app.post('/apply/listByDept', { config: { permission: perm.list }, schema: I.listByDept, attachValidation: true }, async (request) => {
    const search = searchOf(request);
    const user = currentUser(request);
    const raw = search.deptId ?? search.handleDeptId ?? user.deptId;
    if (raw === undefined || raw === null || raw === '') throw missingParam('deptId');
    return ok(maskPersonalPage(decl, await app.entities.api(user).list('apply', { ...search, handleDeptId: asInt(raw, 'deptId') })));
  });

  // Handling departments with their pending and overdue counts (counts within the caller's scope).
  app.post('/apply/dept/list', { config: { permission: perm.list }, schema: I.none, attachValidation: true }, async (request) => {
    const rule = await scopeRule(db, currentUser(request), decl);
    const depts = await db.selectFrom('departments').select(['id', 'name', 'phone', 'parentId']).orderBy('sort').orderBy('id').execute();
    const rows = await applyScope(db.selectFrom('apply'), rule).select(['handleDeptId', 'status', 'deadline']).execute();
    const t = today();
    // A missing status counts as 0 (待受理).
    const pending = (r: (typeof rows)[number]) => PENDING.includes(r.status ?? 0);
    return ok(depts.map((d) => {
      const mine = rows.filter((r) => r.handleDeptId === d.id);
      return { ...d, total: mine.length, pending: mine.filter(pending).length, overdue: mine.filter((r) => pending(r) && r.deadline && r.deadline < t).length };
    }));
  });
}

/** SMS reminder to the handling department: staff with apply:remind, or the applicant (query code + phone). */
export function applyReminderRoute(app: FastifyInstance, decl: ResourceDecl, I: ApplyInputs) {
  const db = app.db;
  const sms = createSmsSender(db, app.log);
  app.post('/apply/sms/reminder', { config: { public: true }, schema: I.reminder, attachValidation: true }, async (request) => {
    const body = { ...(request.query as Record<string, unknown>), ...bodyOf(request) };
    const id = readId(request);
    const user = await optionalUser(app, request);
    let row: Row | undefined;
    if (user && user.permissions.has('apply:remind')) {
      row = await getRecord(db, decl, user, id);
    } else {
      const code = normaliseQueryCode(body.queryCode);
      if (!code) throw missingParam('queryCode');
      const phone = cleanPhone(body.phone, 'phone');
      row = await db.selectFrom('apply').selectAll().where('id', '=', id).where('queryCode', '=', code).where('phone', '=', phone).executeTakeFirst();
      if (!row) throw notFoundRecord();
    }
    if (!PENDING.includes(Number(row.status))) throw notAllowed('该申请已办结，无需催办');
    const since = formatDateTime(new Date(Date.now() - DAY_MS));
    const recent = await db.selectFrom('sms_log').select('id').where('bizType', '=', 'apply-reminder').where('bizId', '=', id).where('createTime', '>=', since).executeTakeFirst();
    if (recent) throw notAllowed('该申请24小时内已催办过，请勿重复催办');
    const dept = await db.selectFrom('departments').select(['name', 'phone']).where('id', '=', Number(row.handleDeptId)).executeTakeFirst();
    const phone = dept?.phone?.trim();
    if (!phone) throw notAllowed('受理部门未登记联系电话，无法发送短信');
    if (!user) await guardPublicSubmission(app, request, 'apply-remind', { captcha: false });
    const content = `【云溪县人民政府门户网站】依申请公开事项「${String(row.infoName).slice(0, 30)}」（查询码${String(row.queryCode)}）尚待办理，答复期限${String(row.deadline ?? '')}，请及时处理。`;
    const status = await sms.send({ phone, content, bizType: 'apply-reminder', bizId: id });
    return ok({ status, deptName: dept?.name ?? '' }, status === 'failed' ? '短信发送失败，已记录' : '已发送催办提醒');
  });
}
