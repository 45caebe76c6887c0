import { describeInput, ID, PAGING } from '../../../http/routeInput.js';
import type { FastifyInstance } from 'fastify';
import { CODE_ID_RE, consumeCaptcha, storeCaptcha } from '../../../auth/captcha.js';
import { searchOf } from '../../../crud/routes.js';
import { deleteRecords } from '../../../crud/service.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, notFoundRecord, PortalError } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { readId, requireString } from '../../../http/params.js';
import { readPaging } from '../../../crud/listQuery.js';
import { cleanPhone, cleanText, guardPublicSubmission } from '../../../public/guard.js';
import { declarationOf } from '../../declarationLookup.js';
import { atRoot } from '../../../shared/routeHelpers.js';
import { pageOf, wholePage } from '../../../shared/paging.js';

/** What each suggestion route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
const SUGGEST_INPUT = {
  code: describeInput({ query: { codeId: ['string', '验证码ID（客户端生成，提交时一并提交）'] } }),
  check: describeInput({ either: { verifyCode: ['string', '图片验证码（必填）'], codeId: ['string', '验证码ID（必填）'] } }),
  id: describeInput({ either: { id: ID } }),
  webList: describeInput({ either: { queryCode: ['string', '查询码（查看自己的建议时）'], phone: ['string', '提交时填写的联系电话（与查询码一起）'], ...PAGING } }),
};

const PUBLIC_FIELDS = ['id', 'title', 'content', 'createTime', 'replyDept', 'replyContent', 'replyTime', 'status'] as const;
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

  // /suggest/add (the public submission and the staff reply), list, get and dels: the generic routes (server/entities/suggest.ts).
  // The image code: the login captcha (same store, same generator, same codeId rules) under this path.
  app.get('/suggest/code', { config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: SUGGEST_INPUT.code, attachValidation: true }, async (request, reply) => {
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
  app.post('/suggest/checkcode', { config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: SUGGEST_INPUT.check, attachValidation: true }, async (request) => {
    const verifyCode = requireString(request, 'verifyCode');
    const codeId = requireString(request, 'codeId');
    if (!(await consumeCaptcha(db, codeId, verifyCode))) throw new PortalError(2002, '验证码错误或已过期');
    await storeCaptcha(db, codeId, verifyCode);
    return ok({ valid: true }, '验证码正确');
  });

  app.post('/suggest/del', { config: { permission: perm.delete }, schema: SUGGEST_INPUT.id, attachValidation: true }, async (request) => ok(await deleteRecords(db, decl, currentUser(request), [readId(request)]), '删除成功'));

  // Public: handled suggestions the visitor agreed to publish (or staff chose to), without personal data;
  // with `queryCode` + `phone`: the visitor's own one, handled or not.
  app.post('/suggest/web/list', { config: { public: true }, schema: SUGGEST_INPUT.webList, attachValidation: true }, async (request) => {
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
