import { randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sha256 } from '../../auth/tokens.js';
import type { Db } from '../../db/types.js';
import { ok } from '../../http/envelope.js';
import { invalidValue, missingParam, PortalError } from '../../http/errors.js';
import { param } from '../../http/params.js';
import { createSmsSender } from '../../notify/sms.js';
import { guardPublicSubmission } from '../../public/guard.js';
import { formatDateTime } from '../../util/time.js';
import { CAPTCHA, describeInput } from '../../http/routeInput.js';

const SMS_INPUT = describeInput({ either: { verifyType: ['string', '验证类型：login、register、resetPwd、bind'], mobile: ['string', '手机号'], ...CAPTCHA } });

export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_CODE_INTERVAL_SECONDS = 60;
/** Codes one mobile number may receive in 24 hours. */
export const SMS_CODE_PER_DAY = 10;
export const SMS_VERIFY_TYPES = ['login', 'register', 'resetPwd', 'bind'] as const;

const text = (request: Parameters<typeof param>[0], name: string): string => {
  const v = param(request, name);
  if (v === undefined || v === null || v === '') throw missingParam(name);
  if (typeof v !== 'string' && typeof v !== 'number') throw invalidValue(`参数格式不正确：${name}`);
  return String(v).trim();
};

/** The salted hash a code is stored as (a leaked table reveals no usable code). */
const hashCode = (mobile: string, verifyType: string, code: string) => sha256(`${mobile}:${verifyType}:${code}`);

/**
 * Uses up a valid SMS code: right mobile and type, not expired, not used. For the callers that log in
 * or register with it (docs/spec-calls.md "SMS image-code check").
 */
export async function consumeSmsCode(db: Db, mobile: string, verifyType: string, code: string): Promise<boolean> {
  const row = (await db
    .selectFrom('sms_code')
    .select(['id', 'codeHash'])
    .where('mobile', '=', mobile)
    .where('verifyType', '=', verifyType)
    .where('used', '=', 0)
    .where('expireAt', '>', formatDateTime())
    .orderBy('id', 'desc')
    .executeTakeFirst()) as { id: number; codeHash: string } | undefined;
  if (!row) return false;
  // One attempt per code, right or wrong, as with the image captcha.
  await db.updateTable('sms_code').set({ used: 1 }).where('id', '=', row.id).execute();
  const a = Buffer.from(row.codeHash);
  const b = Buffer.from(hashCode(mobile, verifyType, code.trim()));
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /verify/sms/imgcode/phonecode?verifyType=&mobile=&verifyCode=&codeId=: checks the image captcha
 * (GET /user/captcha?codeId=…), then sends a 6-digit code to `mobile` through the SMS sender
 * (server/notify/sms.ts; logged only without SMS_GATEWAY_URL). One code a minute per number, ten a day.
 */
export async function smsCodeRoutes(app: FastifyInstance) {
  const db = app.db;
  const sms = createSmsSender(db, app.log);

  app.post('/verify/sms/imgcode/phonecode', { config: { public: true }, schema: SMS_INPUT, attachValidation: true }, async (request) => {
    const verifyType = text(request, 'verifyType');
    const mobile = text(request, 'mobile');
    text(request, 'verifyCode');
    if (!(SMS_VERIFY_TYPES as readonly string[]).includes(verifyType)) throw invalidValue('验证类型不正确');
    if (!/^1[3-9]\d{9}$/.test(mobile)) throw invalidValue('请输入正确的手机号');
    const now = Date.now();
    const recent = (await db
      .selectFrom('sms_code')
      .select('createTime')
      .where('mobile', '=', mobile)
      .where('createTime', '>=', formatDateTime(new Date(now - 24 * 3600_000)))
      .orderBy('createTime', 'desc')
      .execute()) as { createTime: string }[];
    if (recent.length >= SMS_CODE_PER_DAY) throw new PortalError(1005, '该手机号今日获取验证码次数已达上限');
    if (recent[0] && recent[0].createTime >= formatDateTime(new Date(now - SMS_CODE_INTERVAL_SECONDS * 1000))) {
      throw new PortalError(1005, `验证码发送过于频繁，请${SMS_CODE_INTERVAL_SECONDS}秒后再试`);
    }
    // Rate limits per IP, the blacklist, then the image captcha (verifyCode + codeId, used up).
    await guardPublicSubmission(app, request, 'sms-code', { captcha: true });
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db
      .insertInto('sms_code')
      .values({
        mobile,
        verifyType,
        codeHash: hashCode(mobile, verifyType, code),
        expireAt: formatDateTime(new Date(now + SMS_CODE_TTL_SECONDS * 1000)),
        used: 0,
        ip: (request.ip || '').slice(0, 64),
        createTime: formatDateTime(new Date(now)),
      })
      .execute();
    const status = await sms.send({ phone: mobile, content: `您的验证码为${code}，${SMS_CODE_TTL_SECONDS / 60}分钟内有效，请勿泄露。【云溪县人民政府门户网站】`, bizType: `sms-code-${verifyType}` });
    if (status === 'failed') throw new PortalError(1005, '短信发送失败，请稍后再试');
    return ok({ expireSeconds: SMS_CODE_TTL_SECONDS, intervalSeconds: SMS_CODE_INTERVAL_SECONDS }, '验证码已发送');
  });
}
