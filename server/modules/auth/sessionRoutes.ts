import { CAPTCHA, describeInput, NO_INPUT, NO_QUERY } from '../../http/routeInput.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consumeCaptcha, CODE_ID_RE, storeCaptcha, type CaptchaGenerator } from '../../auth/captcha.js';
import { loginAttempt, type LoginContext } from '../../auth/login.js';
import { passwordExpiredFor } from '../../auth/loginGuard.js';
import '../../audit/operationLog.js';
import { revokeSession } from '../../auth/sessions.js';
import { appKeyOf } from '../../auth/tokens.js';
import { ok } from '../../http/envelope.js';
import { invalidValue, PortalError } from '../../http/errors.js';
import { currentUser } from '../../http/fastifyTypes.js';
import { param, requireString } from '../../http/params.js';

export interface SessionRouteOptions {
  captchaGenerator: CaptchaGenerator;
  loginPerMinute: number;
  captchaPerMinute: number;
}

/** What each session route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
const S = {
  captcha: describeInput({ query: { codeId: ['string', '验证码ID（客户端生成，登录时一并提交）'] } }),
  login: describeInput({ either: { username: ['string', '用户名（必填）'], password: ['string', '密码（必填）'], ...CAPTCHA } }),
  loginNoCode: describeInput({ either: { username: ['string', '用户名（必填）'], password: ['string', '密码（必填）'], verifyCode: ['string', '图片验证码（多次失败后必填）'], codeId: ['string', '验证码ID（多次失败后必填）'] } }),
  none: NO_INPUT,
  noQuery: NO_QUERY,
};

/** Captcha, login, logout and "who am I" (spec part 2 §7 "Session, people and visitors"). */
export async function sessionRoutes(app: FastifyInstance, opts: SessionRouteOptions) {
  const loginLimit = { max: opts.loginPerMinute, timeWindow: '1 minute' };
  const limits = { perIp: app.portal.config.loginFailuresPerIp, captchaAfter: app.portal.config.loginCaptchaAfter };
  const context = (request: FastifyRequest, captcha: LoginContext['captcha']): LoginContext => ({ ip: request.ip || 'unknown', limits, captcha });
  const optional = (request: FastifyRequest, name: string) => {
    const v = param(request, name);
    return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
  };

  app.get('/user/captcha', { config: { public: true, rateLimit: { max: opts.captchaPerMinute, timeWindow: '1 minute' } }, schema: S.captcha, attachValidation: true }, async (request, reply) => {
    const codeId = requireString(request, 'codeId');
    if (!CODE_ID_RE.test(codeId)) throw invalidValue('codeId格式不正确');
    const { text, data, type } = opts.captchaGenerator();
    await storeCaptcha(app.db, codeId, text);
    return reply.header('Cache-Control', 'no-store').type(type ?? 'image/svg+xml').send(data);
  });

  app.post('/user/login', { config: { public: true, rateLimit: loginLimit }, schema: S.login, attachValidation: true }, async (request) => {
    const username = requireString(request, 'username');
    const password = requireString(request, 'password');
    const verifyCode = requireString(request, 'verifyCode');
    const codeId = requireString(request, 'codeId');
    request.loginAudit = {};
    if (!(await consumeCaptcha(app.db, codeId, verifyCode))) {
      request.loginAudit.reason = '验证码错误';
      throw new PortalError(2002, '验证码错误或已过期');
    }
    // Lockout, failure count and expiry: server/auth/loginGuard.ts; the log reads request.loginAudit.
    const { token, passwordExpired } = await loginAttempt(app.db, username, password, appKeyOf(request.headers.appkey), request.loginAudit, undefined, context(request, 'checked'));
    return ok({ value: token, passwordExpired }, '登录成功');
  });

  app.post('/user/loginNoCode', { config: { public: true, rateLimit: loginLimit }, schema: S.loginNoCode, attachValidation: true }, async (request) => {
    if (!app.portal.config.loginNoCode) throw new PortalError(2004, '该登录方式已停用');
    const username = requireString(request, 'username');
    const password = requireString(request, 'password');
    request.loginAudit = {};
    // After failures a captcha is needed here too (codeId + verifyCode, as for /user/login).
    const captcha = { codeId: optional(request, 'codeId'), verifyCode: optional(request, 'verifyCode') };
    const { token, passwordExpired } = await loginAttempt(app.db, username, password, appKeyOf(request.headers.appkey), request.loginAudit, undefined, context(request, captcha));
    return ok({ value: token, passwordExpired }, '登录成功');
  });

  const info = async (request: FastifyRequest) => {
    const u = currentUser(request);
    return ok({ userId: u.userId, username: u.username, name: u.name, deptId: u.deptId, deptName: u.deptName, roleNames: u.roleNames, appKey: u.appKey, passwordExpired: await passwordExpiredFor(app.db, u.userId) });
  };
  app.post('/user/info', { schema: S.none, attachValidation: true }, info);
  app.get('/user/info/view', { schema: S.noQuery, attachValidation: true }, info);

  app.post('/people/logout', { schema: S.none, attachValidation: true }, async (request) => {
    await revokeSession(app.db, currentUser(request).tokenHash);
    return ok(null, '退出成功');
  });
}
