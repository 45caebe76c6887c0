import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applyScope, scopeRule } from '../../../auth/dataScope.js';
import { applyFilters, readPaging, readSort } from '../../../crud/listQuery.js';
import { searchOf } from '../../../crud/routes.js';
import { deleteRecords, getRecord } from '../../../crud/service.js';
import { sql } from 'kysely';
import type { NewRow, Row, RowOf, RowUpdate } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../../../http/errors.js';
import { currentUser, type PortalUser } from '../../../http/fastifyTypes.js';
import { bodyOf, readId, readIds } from '../../../http/params.js';
import { admitPublicSubmission, cleanPhone, cleanText, guardPublicSubmission, newQueryCode, normaliseQueryCode } from '../../../public/guard.js';
import { createSmsSender } from '../../../notify/sms.js';
import { formatDateTime } from '../../../util/time.js';
import { maskRow } from '../../../shared/mask.js';
import { revealOrMask } from '../../../shared/sensitiveView.js';
import { declarationOf } from '../../declarationLookup.js';
import { applyProofRoutes, checkProof } from './proof.js';
import { asInt, atRoot, optionalUser} from '../../../shared/routeHelpers.js';
import { sendDownload } from '../../../shared/download.js';
import { sendWorkbook, type SheetColumn } from '../../../shared/excel.js';
import {
  addWorkingDays,
  applicationDocx,
  APPLY_STATUS_NAME,
  decorate,
  parseApplication,
  parseSettings,
  PENDING,
  publicView,
  readSettings,
  today,
} from './service.js';
import { pageOf, wholePage } from '../../../shared/paging.js';

const notAllowed = (msg: string) => new PortalError(1005, msg);
const DAY_MS = 24 * 3600_000;
/** Personal data masked in lists, exports and Word files (server/shared/mask.ts). */
const APPLY_PERSONAL = { phones: ['phone'], ids: ['idNumber'] } as const;

/** The export's columns; the phone is masked by the Excel builder's hook. */
const APPLY_EXPORT_COLUMNS: SheetColumn[] = [
  { header: '查询码', key: 'queryCode' },
  { header: '申请人类型', key: 'applicantType', map: (v) => (Number(v) === 1 ? '个人' : '法人/其他组织') },
  { header: '申请人', key: 'name', map: (_v, r) => (Number(r.applicantType) === 1 ? r.name : r.orgName) },
  { header: '联系电话', key: 'phone' },
  { header: '所需信息名称', key: 'infoName', width: 30 },
  { header: '受理部门', key: 'handleDeptName' },
  { header: '状态', key: 'statusName' },
  { header: '申请时间', key: 'createTime', width: 20 },
  { header: '答复期限', key: 'deadline', width: 20 },
  { header: '是否逾期', key: 'overdue', map: (v) => (Number(v) === 1 ? '是' : '否') },
  { header: '答复部门', key: 'replyDept' },
  { header: '答复时间', key: 'replyTime', width: 20 },
];

/**
 * 依申请公开 (spec part 2 "Applications for disclosure"). Admin calls under /apply/*, /app/list and
 * /export/WbExcel; public ones under /web/apply/* and /apply/sms/reminder. Records belong to the handling
 * department (`handleDeptId`) for data scopes. Statuses, deadlines, decisions: docs/interaction-forms.md.
 */
export const applyRoutes = atRoot(async function applyRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'apply');
  if (!decl) return;
  // The declaration's table is fixed (resources/apply.ts: 'apply'): the typed handle.
  const db = app.db;
  const perm = decl.permissions;
  const sms = createSmsSender(db, app.log);
  const load = async (request: FastifyRequest, id: number) => decorate(await getRecord(db, decl, currentUser(request), id));

  /** The scoped, filtered query of a search (+ `overdue`, + a department). */
  const searchQuery = async (user: PortalUser, search: Record<string, unknown>, deptId?: number) => {
    const rule = await scopeRule(db, user, decl);
    let q = applyScope(applyFilters(db.selectFrom('apply'), decl, search), rule);
    if (deptId !== undefined) q = q.where('handleDeptId', '=', deptId);
    if (search.overdue !== undefined && search.overdue !== null && search.overdue !== '') {
      const t = today();
      q = Number(search.overdue) === 1
        ? q.where('status', 'in', PENDING).where('deadline', '<', t)
        : q.where((eb) => eb.or([eb('status', 'not in', PENDING), eb('deadline', '>=', t), eb('deadline', 'is', null)]));
    }
    // dueWithin=n (the workbench's near-deadline to-do): pending, not yet overdue, due within n working days.
    if (search.dueWithin !== undefined && search.dueWithin !== null && search.dueWithin !== '') {
      const n = Number(search.dueWithin);
      if (!Number.isInteger(n) || n < 0 || n > 60) throw invalidValue('dueWithin的值应为0到60的整数（工作日）');
      const t = today();
      q = q.where('status', 'in', PENDING).where('deadline', '>=', t).where('deadline', '<=', addWorkingDays(t, n));
    }
    return q;
  };
  const page = async (user: PortalUser, search: Record<string, unknown>, deptId?: number) => {
    const { pageNum, pageSize } = readPaging(search);
    const sort = readSort(decl, search);
    const q = await searchQuery(user, search, deptId);
    const total = Number((await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0);
    // The sort column is a declared sortable name, checked by readSort.
    const list = (await q.selectAll().orderBy(sql.ref(sort.field), sort.order).orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute()).map(decorate);
    return pageOf(list.map((r) => maskRow(r, APPLY_PERSONAL)), { pageNum, pageSize }, total);
  };

  app.post('/apply/list', { config: { permission: perm.list } }, async (request) => ok(await page(currentUser(request), searchOf(request))));
  app.post('/apply/listByDept', { config: { permission: perm.list } }, async (request) => {
    const search = searchOf(request);
    const user = currentUser(request);
    const raw = search.deptId ?? search.handleDeptId ?? user.deptId;
    if (raw === undefined || raw === null || raw === '') throw missingParam('deptId');
    return ok(await page(user, { ...search, handleDeptId: undefined }, asInt(raw, 'deptId')));
  });

  app.post('/apply/get', { config: { permission: perm.get } }, async (request) => {
    const row = await load(request, readId(request));
    return ok(await revealOrMask(db, request, row, APPLY_PERSONAL, `依申请公开 ${String(row.queryCode ?? '')}`));
  });

  app.post('/apply/delete', { config: { permission: perm.delete } }, async (request) => ok(await deleteRecords(db, decl, currentUser(request), [readId(request)]), '删除成功'));
  app.post('/apply/dels', { config: { permission: perm.delete } }, async (request) => ok(await deleteRecords(db, decl, currentUser(request), readIds(request)), '删除成功'));

  // Create (a request received at the counter or by letter) or handle (accept, reply, refuse, withdraw, extend, transfer).
  const hasId = (request: FastifyRequest) => {
    const b = (request.body ?? {}) as Record<string, unknown>;
    return !!b && typeof b === 'object' && b.id !== undefined && b.id !== null && b.id !== '';
  };
  app.post('/apply/add', { config: { permission: (r) => (hasId(r) ? 'apply:handle' : perm.create) } }, async (request) => {
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

  async function insertApplication(values: Row, extra: { source: number; creatorId: number | null; ip: string | null }): Promise<RowOf<'apply'>> {
    const settings = await readSettings(db);
    const now = formatDateTime();
    const row: Row = {
      ...values,
      queryCode: newQueryCode(),
      status: 0,
      source: extra.source,
      extended: 0,
      deadline: addWorkingDays(now, settings.replyDays),
      creatorId: extra.creatorId,
      ip: extra.ip,
      createTime: now,
      updateTime: now,
    };
    // The applicant's values were checked by parseApplication.
    const inserted = await db.insertInto('apply').values(row as NewRow<'apply'>).returning('id').executeTakeFirstOrThrow();
    return db.selectFrom('apply').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
  }

  // Overview of the screen: counts per status and overdue, within the caller's scope.
  app.post('/app/list', { config: { permission: perm.list } }, async (request) => {
    const user = currentUser(request);
    const rule = await scopeRule(db, user, decl);
    const counts = await applyScope(db.selectFrom('apply'), rule).select(['status', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy('status').execute();
    const overdue = Number((await applyScope(db.selectFrom('apply'), rule).select((eb) => eb.fn.countAll<number | string>().as('n')).where('status', 'in', PENDING).where('deadline', '<', today()).executeTakeFirst())?.n ?? 0);
    const byStatus = Object.entries(APPLY_STATUS_NAME).map(([value, label]) => ({ value: Number(value), label, count: Number(counts.find((c) => c.status === Number(value))?.n ?? 0) }));
    return ok({ total: byStatus.reduce((s, b) => s + b.count, 0), overdue, byStatus });
  });

  // Handling departments with their pending and overdue counts (counts within the caller's scope).
  app.post('/apply/dept/list', { config: { permission: perm.list } }, async (request) => {
    const rule = await scopeRule(db, currentUser(request), decl);
    const depts = await db.selectFrom('departments').select(['id', 'name', 'phone', 'parentId']).orderBy('sort').orderBy('id').execute();
    const rows = await applyScope(db.selectFrom('apply'), rule).select(['handleDeptId', 'status', 'deadline']).execute();
    const t = today();
    return ok(
      depts.map((d) => {
        const mine = rows.filter((r) => r.handleDeptId === d.id);
        return {
          ...d,
          total: mine.length,
          // A missing status counts as 0 (待受理).
          pending: mine.filter((r) => PENDING.includes(r.status ?? 0)).length,
          overdue: mine.filter((r) => PENDING.includes(r.status ?? 0) && r.deadline && r.deadline < t).length,
        };
      }),
    );
  });

  app.post('/apply/system', { config: { permission: 'apply:system' } }, async (request) => {
    const values = parseSettings(bodyOf(request));
    const now = formatDateTime();
    if (Object.keys(values).length) {
      await db.transaction().execute(async (trx) => {
        for (const [key, value] of Object.entries(values)) {
          await trx.deleteFrom('apply_setting').where('key', '=', key).execute();
          await trx.insertInto('apply_setting').values({ key, value: String(value), updateTime: now }).execute();
        }
      });
    }
    return ok(await readSettings(db), Object.keys(values).length ? '保存成功' : '操作成功');
  });

  const docx = (withReply: boolean) => async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const row = await load(request, readId(request));
    const name = `${withReply ? '政府信息公开申请及答复' : '政府信息公开申请表'}_${String(row.queryCode)}.docx`;
    return sendDownload(reply, await applicationDocx(maskRow(row, APPLY_PERSONAL), withReply), name);
  };
  app.post('/apply/download', { config: { permission: 'apply:word' } }, docx(false));
  app.post('/apply/exportWord', { config: { permission: 'apply:word' } }, docx(true));

  app.post('/export/WbExcel', { config: { permission: 'apply:export' } }, async (request, reply) => {
    const search = searchOf(request);
    const q = await searchQuery(currentUser(request), search);
    const rows = (await q.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc').limit(50_000).execute()).map(decorate);
    return sendWorkbook(reply, `依申请公开_${today()}.xlsx`, [{ name: '依申请公开', columns: APPLY_EXPORT_COLUMNS, rows }]);
  });

  // SMS reminder to the handling department: staff with apply:remind, or the applicant (query code + phone).
  app.post('/apply/sms/reminder', { config: { public: true } }, async (request) => {
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

  // ---- public ----
  await app.register(applyProofRoutes);
  app.post('/web/apply/dept/list', { config: { public: true } }, async () =>
    ok(await db.selectFrom('departments').select(['id', 'name', 'phone', 'parentId']).orderBy('sort').orderBy('id').execute()),
  );
  app.post('/web/apply/dept', { config: { public: true } }, async (request) => {
    const d = await db.selectFrom('departments').select(['id', 'name', 'phone', 'desc', 'parentId']).where('id', '=', readId(request)).executeTakeFirst();
    if (!d) throw notFoundRecord();
    return ok(d);
  });

  app.post('/web/apply/save', { config: { public: true } }, async (request) => {
    await admitPublicSubmission(app, request); // the flood gate before the reads below
    const values = await parseApplication(db, bodyOf(request));
    values.proofFile = await checkProof(app.portal.config.dataDir, bodyOf(request).proofFile);
    await guardPublicSubmission(app, request, 'apply', { captcha: true });
    const row = await insertApplication(values, { source: 1, creatorId: null, ip: (request.ip || '').slice(0, 64) });
    return ok({ queryCode: row.queryCode, deadline: row.deadline, createTime: row.createTime }, '申请已提交，请牢记查询码');
  });

  /** The visitor's own application: query code plus the phone or the ID number given in it. */
  const findOwn = async (request: FastifyRequest, id?: number): Promise<Row> => {
    const search = searchOf(request);
    const code = normaliseQueryCode(search.queryCode);
    if (!code) throw missingParam('查询码');
    const phone = typeof search.phone === 'string' && search.phone.trim() ? cleanPhone(search.phone, 'phone') : '';
    const idNumber = typeof search.idNumber === 'string' ? search.idNumber.trim().toUpperCase() : '';
    if (!phone && !idNumber) throw missingParam('联系电话或证件号码');
    await guardPublicSubmission(app, request, 'apply-query', { captcha: false });
    let q = db.selectFrom('apply').selectAll().where('queryCode', '=', code);
    if (id !== undefined) q = q.where('id', '=', id);
    q = phone ? q.where('phone', '=', phone) : q.where('idNumber', '=', idNumber);
    const row = await q.executeTakeFirst();
    if (!row) throw notFoundRecord();
    return publicView(row);
  };
  app.post('/web/apply/find', { config: { public: true } }, async (request) => ok(await findOwn(request)));
  app.post('/web/apply/get', { config: { public: true } }, async (request) => ok(await findOwn(request, readId(request))));
  app.post('/web/apply/list', { config: { public: true } }, async (request) => {
    const row = await findOwn(request);
    return ok(wholePage([row]));
  });
});
