import type { FastifyInstance } from 'fastify';
import { clearSessionMark } from '../../../auth/passwordChange.js';
import { hashPassword, verifyPassword } from '../../../auth/password.js';
import { validateNewPassword } from '../../../auth/passwordPolicy.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { describeInput } from '../../../http/routeInput.js';
import { storePassword } from '../../../entities/user.js';

/** What each password route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
const PWD_INPUT = {
  own: describeInput({
    body: {
      oldPassword: ['string', '原密码（也可用 oldPwd）'],
      newPassword: ['string', '新密码，须符合密码规则（也可用 newPwd、password）'],
      confirmPassword: ['string', '确认新密码'],
    },
  }),
};

/**
 * /ding/user/pwd: the logged-in user changes his own password (any logged-in user, also with an
 * expired password; no permission key, so no declared action). 重置密码 and 解除锁定 are the user's declared
 * actions (server/entities/user.ts). The hash is written by the user behaviour's `storePassword`, in this
 * call's transaction with the session changes: the local API's update never takes a password (an
 * administrator's edit must not change one), and this call must check the old one first.
 */
export async function userPasswordRoutes(app: FastifyInstance) {
  const db = app.db;

  app.post('/ding/user/pwd', { schema: PWD_INPUT.own, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const body = bodyOf(request);
    const oldPassword = body.oldPassword ?? body.oldPwd;
    const newPassword = body.newPassword ?? body.newPwd ?? body.password;
    if (typeof oldPassword !== 'string' || !oldPassword) throw missingParam('oldPassword');
    if (typeof newPassword !== 'string' || !newPassword) throw missingParam('newPassword');
    if (body.confirmPassword !== undefined && body.confirmPassword !== newPassword) throw invalidValue('两次输入的新密码不一致');
    const row = (await db.selectFrom('users').select(['passwordHash']).where('userId', '=', user.userId).executeTakeFirst()) as { passwordHash: string } | undefined;
    if (!row) throw notFoundRecord();
    if (!(await verifyPassword(row.passwordHash, oldPassword))) throw invalidValue('原密码错误');
    if (oldPassword === newPassword) throw invalidValue('新密码不能与原密码相同');
    await validateNewPassword(db, newPassword, { username: user.username });
    const hash = await hashPassword(newPassword);
    const now = formatDateTime();
    await db.transaction().execute(async (trx) => {
      await storePassword(trx, user.userId, hash, 0, now);
      // Other sessions of this user end; this one stays, no longer marked (server/auth/passwordChange.ts).
      await trx.updateTable('sessions').set({ revoked: 1 }).where('userId', '=', user.userId).where('tokenHash', '!=', user.tokenHash).execute();
      await clearSessionMark(trx, user.tokenHash);
    });
    return ok(null, '密码修改成功');
  });

}
