import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAIL_PERMISSIONS as P, MAIL_STAGE as S } from '../../../../resources/mail.js';
import { scopeRule, applyScope } from '../../../auth/dataScope.js';
import { applyFilters, readSort } from '../../../crud/listQuery.js';
import { listRecords } from '../../../crud/service.js';
import type { Db, Row } from '../../../db/types.js';
import { MAIL_INPUT } from './inputs.js';
import { ok } from '../../../http/envelope.js';
import { forbidden, invalidValue, missingParam } from '../../../http/errors.js';
import { currentUser, type PortalUser } from '../../../http/fastifyTypes.js';
import { bodyOf, param, queryOf, readId, readIds, readSize } from '../../../http/params.js';
import { cleanText, newQueryCode } from '../../../public/guard.js';
import { formatDateTime } from '../../../util/time.js';
import { addHistory, bumpCount, departmentName, labelled, mailDecl, notAllowed, replyDays, scopedMail, scopedMails } from './common.js';
import { sendWorkbook } from '../../../shared/excel.js';
import { cleanLetter } from './letter.js';
import { maskPage, PERSONAL_FIELDS } from '../../../shared/mask.js';
import { dropMasked, revealOrMask } from '../../../shared/sensitiveView.js';

type Bag = Record<string, unknown>;
const searchOf = (request: FastifyRequest): Bag => ({ ...queryOf(request), ...bodyOf(request) });
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** ids from `ids` (array or comma list) or a single `id`, query or body. */
function readIdsOrId(request: FastifyRequest): number[] {
  if (!blank(param(request, 'ids'))) return readIds(request, 'ids');
  if (!blank(param(request, 'id'))) return [readId(request, 'id')];
  throw missingParam('ids');
}

export const MAIL_EXPORT_COLUMNS = [
  { header: '编号', key: 'id', width: 8 },
  { header: '信件标题', key: 'title', width: 30 },
  { header: '信件类型', key: 'typeName', width: 10 },
  { header: '信箱', key: 'boxTypeName', width: 14 },
  { header: '写信人', key: 'name', width: 10 },
  { header: '联系电话', key: 'phone', width: 14 },
  { header: '收信时间', key: 'receivedAt', width: 20 },
  { header: '状态', key: 'statusName', width: 8 },
  { header: '办理阶段', key: 'stageName', width: 10 },
  { header: '转办部门', key: 'transferDeptName', width: 16 },
  { header: '答复部门', key: 'replyDept', width: 16 },
  { header: '答复时间', key: 'replyTime', width: 20 },
  { header: '答复内容', key: 'replyContent', width: 40 },
  { header: '满意度', key: 'satisfactionName', width: 10 },
  { header: '信件内容', key: 'content', width: 60 },
];

async function listAll(db: Db, user: PortalUser, search: Bag, max = 10_000): Promise<Row[]> {
  const rule = await scopeRule(db, user, mailDecl);
  const sort = readSort(mailDecl, search);
  return await applyScope(applyFilters(db.selectFrom('mail'), mailDecl, search), rule)
    .selectAll()
    .orderBy(sql.ref(sort.field), sort.order)
    .orderBy('id', 'desc')
    .limit(max)
    .execute();
}

/** Transfers letters to a department, with a deadline from its reply days. */
async function transferMails(db: Db, request: FastifyRequest) {
  const user = currentUser(request);
  const ids = readIdsOrId(request);
  const deptRaw = param(request, 'deptId') ?? param(request, 'transferDeptId');
  if (blank(deptRaw)) throw missingParam('deptId');
  const deptId = Number(deptRaw);
  if (!Number.isSafeInteger(deptId) || deptId <= 0) throw invalidValue('参数格式不正确：deptId');
  const deptName = await departmentName(db, deptId);
  const remarks = cleanText(param(request, 'remarks') ?? param(request, 'transferRemark'), { label: '转办意见', max: 500 });
  const mails = await scopedMails(db, user, ids);
  const allowed: number[] = [S.PENDING, S.ACCEPTED, S.RETURNED];
  if (mails.some((m) => !allowed.includes(Number(m.stage)))) throw notAllowed('信件当前状态不能转办');
  const days = await replyDays(db, deptId);
  const now = new Date();
  const nowText = formatDateTime(now);
  const deadline = formatDateTime(new Date(now.getTime() + days * 24 * 3600_000));
  await db.transaction().execute(async (trx) => {
    for (const m of mails) {
      const id = m.id;
      const values: Row = { stage: S.TRANSFERRED, transferDeptId: deptId, transferDeptName: deptName, transferTime: nowText, transferRemark: remarks || null, deadline, returnRemark: null, returnTime: null, updateTime: nowText };
      if (Number(m.stage) === S.PENDING) Object.assign(values, { examineTime: nowText, examineUserName: user.name });
      await trx.updateTable('mail').set(values).where('id', '=', id).execute();
      await addHistory(trx, id, 'transfer', user, { toDeptId: deptId, toDeptName: deptName, remarks: remarks || null });
      await bumpCount(trx, deptId, deptName, 'receivedCount');
    }
  });
  return ok(null, `已转办至${deptName}`);
}

/** The admin side of the leader mailbox: /mail/*. */
export async function mailRoutes(app: FastifyInstance) {
  mailSaveRoute(app);
  mailWorkflowRoutes(app);
  mailReadRoutes(app);
}

/** /mail/add: a letter entered by staff, or (with `id`) a change, publication included. */
function mailSaveRoute(app: FastifyInstance) {
  const db = app.db;
  const isPublishOnly = (body: Bag) => Object.keys(body).every((k) => k === 'id' || k === 'publicFlag');
  const bodyHasId = (request: FastifyRequest) => !blank(((request.body ?? {}) as Bag).id);

  app.post('/mail/add', {
    config: {
      permission: (request) => {
        const body = (request.body ?? {}) as Bag;
        if (!bodyHasId(request)) return P.create;
        return isPublishOnly(body) ? P.publish : P.update;
      },
    },
    schema: MAIL_INPUT.save,
    attachValidation: true,
  }, async (request) => {
    const user = currentUser(request);
    // A masked number sent back by the form is dropped, never stored.
    const body = dropMasked(bodyOf(request), [...PERSONAL_FIELDS.phones, ...PERSONAL_FIELDS.ids]);
    const now = formatDateTime();
    if (blank(body.id)) {
      // Staff enter a letter received by post or phone; it follows the same workflow.
      const values = await cleanLetter(db, body);
      const row = await db.transaction().execute(async (trx) => {
        const inserted = (await trx
          .insertInto('mail')
          .values({ ...values, status: 0, stage: S.PENDING, publicFlag: 0, source: 2, queryCode: newQueryCode(), receivedAt: now, creatorId: user.userId, creatorName: user.name, createTime: now, updateTime: now })
          .returning('id')
          .executeTakeFirstOrThrow()) as { id: number };
        await addHistory(trx, inserted.id, 'create', user);
        return trx.selectFrom('mail').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
      });
      return ok(row, '新增成功');
    }
    const id = readId(request, 'id');
    const mail = await scopedMail(db, user, id);
    const changes: Row = await cleanLetter(db, Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'publicFlag' && k !== 'id')), true);
    let publishAction: 'publish' | 'unpublish' | null = null;
    if ('publicFlag' in body) {
      if (!user.permissions.has(P.publish)) throw forbidden();
      const flag = Number(body.publicFlag);
      if (flag !== 0 && flag !== 1) throw invalidValue('是否公开取值不正确');
      if (flag === 1 && Number(mail.status) !== 1) throw notAllowed('信件尚未答复，不能公开');
      if (flag === 1 && Number((changes.isPublic ?? mail.isPublic)) !== 1) throw notAllowed('来信人不同意公开，不能公开');
      if (flag !== Number(mail.publicFlag)) {
        changes.publicFlag = flag;
        changes.publishTime = flag === 1 ? now : null;
        publishAction = flag === 1 ? 'publish' : 'unpublish';
      }
    }
    const row = await db.transaction().execute(async (trx) => {
      if (Object.keys(changes).length > 0) {
        await trx.updateTable('mail').set({ ...changes, updateTime: now }).where('id', '=', id).execute();
        const dept = mail.transferDeptId ? mail.transferDeptId : null;
        if (dept && 'satisfaction' in changes && changes.satisfaction !== mail.satisfaction) {
          const name = String(mail.transferDeptName ?? '');
          const was = Number(mail.satisfaction);
          const now2 = Number(changes.satisfaction);
          if (was === 1 || was === 2) await bumpCount(trx, dept, name, 'satisfiedCount', -1);
          if (was === 3) await bumpCount(trx, dept, name, 'unsatisfiedCount', -1);
          if (now2 === 1 || now2 === 2) await bumpCount(trx, dept, name, 'satisfiedCount');
          if (now2 === 3) await bumpCount(trx, dept, name, 'unsatisfiedCount');
        }
        const other = Object.keys(changes).filter((k) => k !== 'publicFlag' && k !== 'publishTime');
        if (other.length) await addHistory(trx, id, 'update', user, { remarks: `修改：${other.join('、')}` });
        if (publishAction) await addHistory(trx, id, publishAction, user);
      }
      return trx.selectFrom('mail').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    });
    return ok(row, '修改成功');
  });
}

/** The office's handling: register, delete, examine, transfer. */
function mailWorkflowRoutes(app: FastifyInstance) {
  const db = app.db;
  app.post('/mail/addMailRk', { config: { permission: P.rk }, schema: MAIL_INPUT.id, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const id = readId(request);
    const mail = await scopedMail(db, user, id);
    if (Number(mail.status) !== 1) throw notAllowed('信件尚未答复，不能登记入库');
    if (Number(mail.rkFlag) === 1) throw notAllowed('信件已登记入库');
    const now = formatDateTime();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('mail').set({ rkFlag: 1, rkTime: now, updateTime: now }).where('id', '=', id).execute();
      await addHistory(trx, id, 'rk', user);
    });
    return ok(null, '登记入库成功');
  });

  const deleteMails = async (user: PortalUser, ids: number[]) => {
    await scopedMails(db, user, ids);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('mail_forum').where('mailId', 'in', ids).execute();
      await trx.deleteFrom('mail').where('id', 'in', ids).execute();
    });
    return ok(null, '删除成功');
  };
  app.post('/mail/del', { config: { permission: P.delete }, schema: MAIL_INPUT.id, attachValidation: true }, async (request) => deleteMails(currentUser(request), [readId(request)]));
  app.post('/mail/dels', { config: { permission: P.delete }, schema: MAIL_INPUT.idList, attachValidation: true }, async (request) => deleteMails(currentUser(request), readIdsOrId(request)));

  // examine: auditStatus 1 accept for handling, 2 not accepted (invalid: needs a reason).
  app.post('/mail/examine', { config: { permission: P.examine }, schema: MAIL_INPUT.examine, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const ids = readIdsOrId(request);
    const raw = param(request, 'auditStatus') ?? param(request, 'status');
    if (blank(raw)) throw missingParam('auditStatus');
    const audit = Number(raw);
    if (audit !== 1 && audit !== 2) throw invalidValue('审核结果取值不正确');
    const remark = cleanText(param(request, 'examineRemark') ?? param(request, 'remarks'), { label: '审核意见', max: 500, required: audit === 2 });
    const mails = await scopedMails(db, user, ids);
    if (mails.some((m) => Number(m.stage) !== S.PENDING)) throw notAllowed('只能审核待审核的信件');
    const now = formatDateTime();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('mail')
        .set({ stage: audit === 1 ? S.ACCEPTED : S.REJECTED, examineRemark: remark || null, examineTime: now, examineUserName: user.name, updateTime: now })
        .where('id', 'in', ids)
        .execute();
      for (const id of ids) await addHistory(trx, id, audit === 1 ? 'examine' : 'reject', user, { remarks: remark || null });
    });
    return ok(null, audit === 1 ? '审核通过' : '已设为不予受理');
  });

  // Transfer to a department (idsAuditDto: ids, deptId, remarks). Allowed while waiting (transfer implies
  // acceptance), accepted, or returned by another department.
  app.post('/mail/mailTransfer', { config: { permission: P.transfer }, schema: MAIL_INPUT.transfer, attachValidation: true }, (request) => transferMails(db, request));
}

/** Reading letters: one, the lists, the export, the portal's and the dashboard's latest. */
function mailReadRoutes(app: FastifyInstance) {
  const db = app.db;
  app.post('/mail/get', { config: { permission: P.get }, schema: MAIL_INPUT.id, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const mail = await scopedMail(db, user, readId(request));
    const records = await db.selectFrom('mail_forum').selectAll().where('mailId', '=', mail.id as number).orderBy('id', 'asc').execute();
    // The writer's phone and ID number in full only for 查看敏感信息 (logged).
    return ok({ ...(await revealOrMask(db, request, labelled(mail), PERSONAL_FIELDS, `领导信箱信件 ${String(mail.queryCode ?? mail.id)}`)), records });
  });

  app.post('/mail/list', { config: { permission: P.list }, schema: MAIL_INPUT.list, attachValidation: true }, async (request) => ok(maskPage(await listRecords(db, mailDecl, currentUser(request), searchOf(request)))));

  // 书记/县长信箱: the leaders' boxes (boxType 1 and 2) unless a boxType is asked for.
  app.post('/mail/smzjlist', { config: { permission: P.list }, schema: MAIL_INPUT.list, attachValidation: true }, async (request) => {
    const search = searchOf(request);
    if (blank(search.boxType)) search.boxType = [1, 2];
    return ok(maskPage(await listRecords(db, mailDecl, currentUser(request), search)));
  });

  app.post('/mail/mailBoxExcel', { config: { permission: P.export }, schema: MAIL_INPUT.list, attachValidation: true }, async (request, reply) => {
    const rows = (await listAll(db, currentUser(request), searchOf(request))).map(labelled);
    return sendWorkbook(reply, `领导信箱信件_${formatDateTime().slice(0, 10)}.xlsx`, [{ name: '领导信箱', columns: MAIL_EXPORT_COLUMNS, rows }]);
  });

  // 县长信箱 (szxx): the latest published letters to the county head, for the portal's home block.
  app.post('/mail/szxxList', { config: { permission: P.list }, schema: MAIL_INPUT.none, attachValidation: true }, async () => {
    const rows = await db
      .selectFrom('mail')
      .select(['id', 'title', 'type', 'boxType', 'receivedAt', 'replyDept', 'replyTime', 'status'])
      .where('boxType', '=', 2)
      .where('publicFlag', '=', 1)
      .orderBy('receivedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(10)
      .execute();
    return ok(rows.map(labelled));
  });

  // The newest letters in the caller's scope (dashboard).
  app.post('/mail/top', { config: { permission: P.list }, schema: MAIL_INPUT.size, attachValidation: true }, async (request) => {
    const size = readSize(request, 'size', 10, 50);
    const rule = await scopeRule(db, currentUser(request), mailDecl);
    const rows = await applyScope(db.selectFrom('mail'), rule)
      .select(['id', 'title', 'type', 'boxType', 'name', 'status', 'stage', 'receivedAt', 'transferDeptName'])
      .orderBy('receivedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .execute();
    return ok(rows.map(labelled));
  });
}
