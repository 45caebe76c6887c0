import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consumeCaptcha } from '../../../auth/captcha.js';
import type { Db, Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../../../http/errors.js';
import { bodyOf, param, requireString } from '../../../http/params.js';
import { cleanPhone, cleanText, guardPublicSubmission, setPublicLimits } from '../../../public/guard.js';
import { formatDateTime } from '../../../util/time.js';
import { badState } from '../../../shared/records.js';
import { createPeopleSession, frozenPerson, personOf } from './peopleSession.js';
import { maskIdNumber } from '../../../shared/mask.js';
import { PEOPLE_INPUT } from './inputs.js';
import { ssoRoutes } from './sso/routes.js';

const ID_NUMBER_RE = /^\d{17}[\dX]$/;

/** Member center: /api/person/pageList, /admin/people/*, /web/people/* (spec part 1 §7 "People", part 2 "Session, people and visitors"). */
export async function peopleRoutes(app: FastifyInstance) {
  // Logins are commoner than posts: a household shares an IP.
  setPublicLimits(app, 'peopleLogin', { perWindow: 20, windowMinutes: 10, perDay: 100 });

  // Multipart bodies on this plugin's routes are drained unread (there is no upload storage yet).
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    payload.on('end', () => done(null, { multipart: true }));
    payload.on('error', (e) => done(e));
    payload.resume();
  });

  peopleStaffRoutes(app);
  peopleLoginRoute(app);
  // 统一身份认证: /web/people/checkLoginNoCode (OpenID Connect code or CAS ticket), ssoConfig, ssoStart.
  await app.register(ssoRoutes);
  peopleSelfRoutes(app);
}

function readPeopleId(request: FastifyRequest): number {
  const body = bodyOf(request);
  const raw = body.puPeopleId ?? param(request, 'puPeopleId') ?? body.id;
  if (raw === undefined || raw === null || raw === '') throw missingParam('puPeopleId');
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) throw invalidValue('参数格式不正确：puPeopleId');
  return n;
}

async function load(trx: Db, id: number) {
  const row = await trx.selectFrom('person').selectAll().where('puPeopleId', '=', id).executeTakeFirst();
  if (!row) throw notFoundRecord();
  return row;
}

/** Staff on members: real-name review, freeze, marked as seen. */
function peopleStaffRoutes(app: FastifyInstance) {
  const db = app.db;
  // /api/person/pageList and /admin/people/getPeopleDetail are the generic routes (server/entities/person.ts).
  // audit { puPeopleId, authStatus: SUCCESS | FAIL, remark }: only a person under review (userStatus 1).
  app.post('/admin/people/peopleAudit', { config: { permission: 'person:audit' }, schema: PEOPLE_INPUT.audit, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const id = readPeopleId(request);
    const authStatus = String(body.authStatus ?? (Number(body.userStatus) === 2 ? 'SUCCESS' : Number(body.userStatus) === 3 ? 'FAIL' : ''));
    if (!authStatus) throw missingParam('authStatus');
    if (authStatus !== 'SUCCESS' && authStatus !== 'FAIL') throw invalidValue('认证状态的值无效，可选值：SUCCESS（认证成功）、FAIL（认证失败）');
    const remark = cleanText(body.remark ?? body.auditRemark, { label: '审核意见', max: 200 });
    if (authStatus === 'FAIL' && !remark) throw missingParam('remark');
    return db.transaction().execute(async (trx) => {
      const row = await load(trx, id);
      if (Number(row.userStatus) !== 1) throw badState('该会员不在审核中，不能审核');
      const now = formatDateTime();
      await trx
        .updateTable('person')
        .set({ authStatus, userStatus: authStatus === 'SUCCESS' ? 2 : 3, auditRemark: remark || null, auditTime: now, updateTime: now })
        .where('puPeopleId', '=', id)
        .execute();
      return ok(await load(trx, id), '审核成功');
    });
  });
  // audit { puPeopleId, state: 1 freeze | 0 unfreeze, remark }: freezing ends the person's sessions.
  app.post('/admin/people/banAudit', { config: { permission: 'person:ban' }, schema: PEOPLE_INPUT.ban, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const id = readPeopleId(request);
    if (body.state === undefined || body.state === null || body.state === '') throw missingParam('state');
    const state = Number(body.state);
    if (state !== 0 && state !== 1) throw invalidValue('账号状态的值无效，可选值：0（正常）、1（冻结）');
    const remark = cleanText(body.remark ?? body.banRemark, { label: '冻结原因', max: 200 });
    return db.transaction().execute(async (trx) => {
      const row = await load(trx, id);
      if (Number(row.state) === state) throw badState(state === 1 ? '该会员已被冻结' : '该会员未被冻结');
      await trx.updateTable('person').set({ state, banRemark: state === 1 ? remark || null : null, updateTime: formatDateTime() }).where('puPeopleId', '=', id).execute();
      if (state === 1) await trx.updateTable('people_sessions').set({ revoked: 1 }).where('puPeopleId', '=', id).execute();
      return ok(await load(trx, id), state === 1 ? '冻结成功' : '解冻成功');
    });
  });
  // audit { puPeopleId } or { ids: [] }: marked as seen by staff.
  app.post('/admin/people/readAudit', { config: { permission: 'person:read' }, schema: PEOPLE_INPUT.read, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const raw = body.ids ?? body.puPeopleId ?? param(request, 'puPeopleId');
    if (raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && !raw.length)) throw missingParam('puPeopleId');
    const ids = [...new Set((Array.isArray(raw) ? raw : String(raw).split(',')).map(Number))];
    if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw invalidValue('参数格式不正确：puPeopleId');
    await db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom('person').select('puPeopleId').where('puPeopleId', 'in', ids).execute();
      if (found.length !== ids.length) throw notFoundRecord();
      await trx.updateTable('person').set({ readState: 1 }).where('puPeopleId', 'in', ids).execute();
    });
    return ok(ids.length, '操作成功');
  });

}

/** Phone and image code → a citizen token. */
function peopleLoginRoute(app: FastifyInstance) {
  const db = app.db;
  // Phone + image code → a citizen token (people_sessions). A new phone registers (userStatus 0 待完善).
  app.post('/web/people/mobileLogin', { config: { public: true }, schema: PEOPLE_INPUT.login, attachValidation: true }, async (request) => {
    const phoneRaw = requireString(request, 'peoplePhone');
    const photoCode = requireString(request, 'photoCode');
    const codeId = requireString(request, 'codeId');
    await guardPublicSubmission(app, request, 'peopleLogin', { captcha: false });
    if (!(await consumeCaptcha(db, codeId, photoCode))) throw new PortalError(2002, '验证码错误或已过期');
    const phone = cleanPhone(phoneRaw, 'peoplePhone');
    if (!/^1[3-9]\d{9}$/.test(phone)) throw invalidValue('请输入正确的手机号');
    const now = formatDateTime();
    const person = await db.transaction().execute(async (trx) => {
      let row = await trx.selectFrom('person').selectAll().where('phone', '=', phone).executeTakeFirst();
      if (!row) {
        const inserted = (await trx
          .insertInto('person')
          .values({ phone, authType: 0, userStatus: 0, authStatus: 'WAIT', state: 0, readState: 0, createTime: now, updateTime: now })
          .returning('puPeopleId')
          .executeTakeFirstOrThrow()) as { puPeopleId: number };
        row = await load(trx, inserted.puPeopleId);
      }
      return row;
    });
    if (Number(person.state) === 1) throw frozenPerson();
    await db.updateTable('person').set({ lastLoginTime: now }).where('puPeopleId', '=', person.puPeopleId).execute();
    const token = await createPeopleSession(db, person.puPeopleId);
    return ok({ value: token, puPeopleId: person.puPeopleId, phone, name: person.name ?? null, userStatus: person.userStatus }, '登录成功');
  });
}

/** The citizen's own record and real-name submission. */
function peopleSelfRoutes(app: FastifyInstance) {
  const db = app.db;
  app.post('/web/people/getPeopleDetail', { config: { public: true }, schema: PEOPLE_INPUT.none, attachValidation: true }, async (request) => {
    const p = await personOf(app, request, true);
    return ok({ ...p, idNumber: maskIdNumber(p.idNumber) ?? null });
  });
  /**
   * Real-name submission: query `fileUrl` (the ID image already stored by the file service) with
   * optional `name`, `idNumber`, `authType`; the person goes to 审核中. A multipart file is refused:
   * this installation has no upload storage for citizens yet.
   */
  app.post('/web/people/upload/name', { config: { public: true }, schema: PEOPLE_INPUT.realName, attachValidation: true }, async (request) => {
    const person = await personOf(app, request, true);
    const multipart = (request.body as { multipart?: boolean } | undefined)?.multipart === true;
    const fileUrlRaw = param(request, 'fileUrl');
    if (multipart && (fileUrlRaw === undefined || fileUrlRaw === '')) throw badState('文件上传服务暂未开通，请先上传证件照片后提交fileUrl');
    if (fileUrlRaw === undefined || fileUrlRaw === null || fileUrlRaw === '') throw missingParam('fileUrl');
    const fileUrl = cleanText(fileUrlRaw, { label: 'fileUrl', max: 500, required: true });
    if (!/^(https?:\/\/[^\s]+|\/?[A-Za-z0-9_\-/.]+\.(jpg|jpeg|png|gif))$/i.test(fileUrl) || fileUrl.includes('..')) throw invalidValue('fileUrl格式不正确');
    if (Number(person.userStatus) === 1) throw badState('资料审核中，请耐心等待');
    if (Number(person.userStatus) === 2) throw badState('已通过实名认证，无需重复提交');
    const values: Row = { idCardImage: fileUrl, userStatus: 1, authStatus: 'WAIT', readState: 0, updateTime: formatDateTime() };
    const name = cleanText(param(request, 'name'), { label: '姓名', max: 50 });
    if (name) values.name = name;
    const idRaw = param(request, 'idNumber');
    if (idRaw !== undefined && idRaw !== null && idRaw !== '') {
      const idNumber = String(idRaw).trim().toUpperCase();
      if (!ID_NUMBER_RE.test(idNumber)) throw invalidValue('身份证号格式不正确');
      values.idNumber = idNumber;
    }
    const authType = param(request, 'authType');
    if (authType !== undefined && authType !== null && authType !== '') {
      if (!['0', '1'].includes(String(authType))) throw invalidValue('认证类型的值无效，可选值：0（普通）、1（法人）');
      values.authType = Number(authType);
    }
    if (!values.name && !person.name) throw missingParam('name');
    await db.updateTable('person').set(values).where('puPeopleId', '=', person.puPeopleId).execute();
    return ok({ userStatus: 1 }, '提交成功，请等待审核');
  });
}
