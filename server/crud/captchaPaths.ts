import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../resources/types.js';
import { CODE_ID_RE, consumeCaptcha, storeCaptcha } from '../auth/captcha.js';
import { ok } from '../http/envelope.js';
import { invalidValue, PortalError } from '../http/errors.js';
import { requireString } from '../http/params.js';
import { describeInput } from '../http/routeInput.js';

const INPUT = {
  image: describeInput({ query: { codeId: ['string', '验证码ID（客户端生成，提交时一并提交）'] } }),
  check: describeInput({ either: { verifyCode: ['string', '图片验证码（必填）'], codeId: ['string', '验证码ID（必填）'] } }),
};

/**
 * A public operation's own image-code paths (`captchaPaths` on a PublicOpDecl; docs/extending.md): the
 * login captcha (same store, generator and codeId rules) under the form's path, and a check before the
 * form is sent — a wrong answer uses the code up (no guessing), a right one stays usable for the submission.
 */
export function registerCaptchaPaths(app: FastifyInstance, decl: ResourceDecl): void {
  for (const op of decl.publicOps ?? []) {
    if (!op.captchaPaths) continue;
    app.get(op.captchaPaths.image, { config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: INPUT.image, attachValidation: true }, async (request, reply) => {
      const codeId = requireString(request, 'codeId');
      if (!CODE_ID_RE.test(codeId)) throw invalidValue('codeId格式不正确');
      const res = await app.inject({ method: 'GET', url: `/user/captcha?codeId=${encodeURIComponent(codeId)}`, remoteAddress: request.ip });
      if (res.statusCode !== 200) return reply.status(res.statusCode).type('application/json').send(res.body);
      // The image as the captcha route drew it (a PNG; tests draw an SVG): its own type, its bytes untouched.
      const type = res.headers['content-type'];
      return reply.header('Cache-Control', 'no-store').type(typeof type === 'string' ? type : 'image/png').send(res.rawPayload);
    });
    if (!op.captchaPaths.check) continue;
    app.post(op.captchaPaths.check, { config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: INPUT.check, attachValidation: true }, async (request) => {
      const verifyCode = requireString(request, 'verifyCode');
      const codeId = requireString(request, 'codeId');
      if (!(await consumeCaptcha(app.db, codeId, verifyCode))) throw new PortalError(2002, '验证码错误或已过期');
      await storeCaptcha(app.db, codeId, verifyCode);
      return ok({ valid: true }, '验证码正确');
    });
  }
}
