import type { FastifyInstance } from 'fastify';
import { consumeCaptcha } from '../../../auth/captcha.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, PortalError } from '../../../http/errors.js';
import { param, requireString } from '../../../http/params.js';
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

  // Staff calls (/api/person/pageList, getPeopleDetail, peopleAudit, banAudit, readAudit) are the generic
  // routes of resources/person.ts, run by server/entities/person.ts.
  peopleLoginRoute(app);
  // 统一身份认证: /web/people/checkLoginNoCode (OpenID Connect code or CAS ticket), ssoConfig, ssoStart.
  await app.register(ssoRoutes);
  peopleSelfRoutes(app);
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
    // Writes to the member go through the local API (the entity's hooks and checks), as the system.
    const person = await app.entities.transaction(undefined, async (api) => {
      const [row] = await api.find('person', { where: { phone }, limit: 1 });
      return row ?? api.create('person', { phone, authType: 0, userStatus: 0, authStatus: 'WAIT', state: 0, readState: 0 });
    });
    if (Number(person.state) === 1) throw frozenPerson();
    const puPeopleId = Number(person.puPeopleId);
    await app.entities.api().update('person', puPeopleId, { lastLoginTime: now });
    const token = await createPeopleSession(db, puPeopleId);
    return ok({ value: token, puPeopleId, phone, name: person.name ?? null, userStatus: person.userStatus }, '登录成功');
  });
}

/** The citizen's own record and real-name submission. */
function peopleSelfRoutes(app: FastifyInstance) {
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
    const values: Row = { idCardImage: fileUrl, userStatus: 1, authStatus: 'WAIT', readState: 0 };
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
    await app.entities.api().update('person', person.puPeopleId, values);
    return ok({ userStatus: 1 }, '提交成功，请等待审核');
  });
}
