import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODE_ID_RE, consumeCaptcha, storeCaptcha } from '../../../auth/captcha.js';
import { searchOf } from '../../../crud/routes.js';
import { deleteRecords, getRecord, listRecords } from '../../../crud/service.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, notFoundRecord, PortalError } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, readId, readIds, requireString } from '../../../http/params.js';
import { readPaging } from '../../../crud/listQuery.js';
import { cleanEmail, cleanPhone, cleanText, guardPublicSubmission, newQueryCode } from '../../../public/guard.js';
import { formatDateTime } from '../../../util/time.js';
import { declarationOf } from '../../declarationLookup.js';
import { asInt, atRoot, requireStaff } from '../../../shared/routeHelpers.js';
import { pageOf, wholePage } from '../../../shared/paging.js';
import { maskPage, PERSONAL_FIELDS } from '../../../shared/mask.js';
import { revealOrMask } from '../../../shared/sensitiveView.js';

const PUBLIC_FIELDS = ['id', 'title', 'content', 'createTime', 'replyDept', 'replyContent', 'replyTime', 'status'] as const;
const flag = (v: unknown, label: string) => {
  if (v === undefined || v === null || v === '') return undefined;
  const n = asInt(v, label);
  if (n !== 0 && n !== 1) throw invalidValue(`${label}的值无效，可选值：0、1`);
  return n;
};

/**
 * 建议征集 (spec part 2 "Suggestions"): /suggest/add is the public submission (image code, guard); with an
 * `id` and a staff token holding suggest:reply it records the handling (department, reply, publish).
 * Decisions in docs/interaction-forms.md.
 */
export const suggestRoutes = atRoot(async function suggestRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'suggest');
  if (!decl) return;
  // The declaration's table is fixed (resources/suggest.ts: 'suggest'): the typed handle.
  const db = app.db;
  const perm = decl.permissions;

  app.post('/suggest/add', { config: { public: true } }, async (request) => {
    const body = bodyOf(request);
    if (body.id !== undefined && body.id !== null && body.id !== '') return reply(request, body);
    const title = cleanText(body.title, { label: '标题', max: 100, required: true });
    const content = cleanText(body.content, { label: '建议内容', max: 2000, required: true, multiline: true });
    const name = cleanText(body.name, { label: '姓名', max: 50 });
    const phone = cleanPhone(body.phone, '联系电话');
    const email = cleanEmail(body.email, '电子邮箱', { required: false });
    const isPublic = flag(body.isPublic, '是否公开') ?? 0;
    await guardPublicSubmission(app, request, 'suggest', { captcha: true });
    const now = formatDateTime();
    const queryCode = newQueryCode();
    await db
      .insertInto('suggest')
      .values({ title, content, name: name || null, phone, email: email || null, isPublic, queryCode, status: 0, ip: (request.ip || '').slice(0, 64), createTime: now, updateTime: now })
      .execute();
    return ok({ queryCode, createTime: now }, '提交成功，请牢记查询码');
  });

  /** Staff handling: department, reply text, publish flag; status becomes 已处理. */
  async function reply(request: FastifyRequest, body: Record<string, unknown>) {
    const user = await requireStaff(app, request, perm.update);
    const id = asInt(body.id, 'id');
    await getRecord(db, decl!, user, id);
    const replyDept = cleanText(body.replyDept ?? user.deptName, { label: '处理部门', max: 100, required: true });
    const replyContent = cleanText(body.replyContent, { label: '答复内容', max: 5000, required: true, multiline: true });
    const isPublic = flag(body.isPublic, '是否公开');
    const now = formatDateTime();
    await db
      .updateTable('suggest')
      .set({ replyDept, replyContent, replyTime: now, replyUserName: user.name, status: 1, updateTime: now, ...(isPublic === undefined ? {} : { isPublic }) })
      .where('id', '=', id)
      .execute();
    return ok(await getRecord(db, decl!, user, id), '答复成功');
  }

  // The image code: the login captcha (same store, same generator, same codeId rules) under this path.
  app.get('/suggest/code', { config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request, reply) => {
    const codeId = requireString(request, 'codeId');
    if (!CODE_ID_RE.test(codeId)) throw invalidValue('codeId格式不正确');
    const res = await app.inject({ method: 'GET', url: `/user/captcha?codeId=${encodeURIComponent(codeId)}`, remoteAddress: request.ip });
    if (res.statusCode !== 200) return reply.status(res.statusCode).type('application/json').send(res.body);
    // The image as the captcha route drew it (a PNG; tests draw an SVG): its own type, its bytes untouched.
    const type = res.headers['content-type'];
    return reply.header('Cache-Control', 'no-store').type(typeof type === 'string' ? type : 'image/png').send(res.rawPayload);
  });

  // Checks a code before the form is sent: a wrong answer uses the code up (no guessing), a right one
  // stays usable for the submission (stored again for five minutes).
  app.post('/suggest/checkcode', { config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
    const verifyCode = requireString(request, 'verifyCode');
    const codeId = requireString(request, 'codeId');
    if (!(await consumeCaptcha(db, codeId, verifyCode))) throw new PortalError(2002, '验证码错误或已过期');
    await storeCaptcha(db, codeId, verifyCode);
    return ok({ valid: true }, '验证码正确');
  });

  app.post('/suggest/list', { config: { permission: perm.list } }, async (request) => ok(maskPage(await listRecords(db, decl, currentUser(request), searchOf(request)))));
  app.post('/suggest/get', { config: { permission: perm.get } }, async (request) => {
    const row = await getRecord(db, decl, currentUser(request), readId(request));
    return ok(await revealOrMask(db, request, row, PERSONAL_FIELDS, `建议征集 ${String(row.queryCode ?? row.id)}`));
  });
  app.post('/suggest/del', { config: { permission: perm.delete } }, async (request) => ok(await deleteRecords(db, decl, currentUser(request), [readId(request)]), '删除成功'));
  app.post('/suggest/dels', { config: { permission: perm.delete } }, async (request) => ok(await deleteRecords(db, decl, currentUser(request), readIds(request)), '删除成功'));

  // Public: handled suggestions the visitor agreed to publish (or staff chose to), without personal data;
  // with `queryCode` + `phone`: the visitor's own one, handled or not.
  app.post('/suggest/web/list', { config: { public: true } }, async (request) => {
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    if (search.queryCode !== undefined && search.queryCode !== '') {
      await guardPublicSubmission(app, request, 'suggest-query', { captcha: false });
      const code = cleanText(search.queryCode, { label: '查询码', max: 32, required: true }).toUpperCase();
      const phone = cleanPhone(search.phone, '联系电话');
      const row = await db.selectFrom('suggest').selectAll().where('queryCode', '=', code).where('phone', '=', phone).executeTakeFirst();
      if (!row) throw notFoundRecord();
      const mine = { ...Object.fromEntries(PUBLIC_FIELDS.map((k) => [k, row[k] ?? null])), name: row.name, queryCode: row.queryCode };
      return ok(wholePage([mine]));
    }
    const base = db.selectFrom('suggest').where('status', '=', 1).where('isPublic', '=', 1);
    const total = Number((await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0);
    const list = await base.select(PUBLIC_FIELDS).orderBy('replyTime', 'desc').orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
    return ok(pageOf(list, { pageNum, pageSize }, total));
  });
});
