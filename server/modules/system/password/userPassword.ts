import type { FastifyInstance } from 'fastify';
import { departmentAndDescendants } from '../../../auth/dataScope.js';
import { clearAccount } from '../../../auth/loginThrottle.js';
import { clearSessionMark } from '../../../auth/passwordChange.js';
import { hashPassword, randomPassword, verifyPassword } from '../../../auth/password.js';
import { currentPasswordRule, currentPasswordTypes, passwordProblem, validateNewPassword } from '../../../auth/passwordPolicy.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../../http/errors.js';
import { currentUser, type PortalUser } from '../../../http/fastifyTypes.js';
import { bodyOf, readId } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { describeInput } from '../../../http/routeInput.js';
import { setAccountLock, storePassword } from '../../../entities/user.js';

const USER = { id: ['integer', '用户ID'], userId: ['integer', '用户ID（同 id）'] } as const;
/** What each password route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
const PWD_INPUT = {
  own: describeInput({
    body: {
      oldPassword: ['string', '原密码（也可用 oldPwd）'],
      newPassword: ['string', '新密码，须符合密码规则（也可用 newPwd、password）'],
      confirmPassword: ['string', '确认新密码'],
    },
  }),
  user: describeInput({ either: USER }),
};

const RESET_PERMISSION = 'user:resetPwd';

async function mayManage(app: FastifyInstance, caller: PortalUser, targetDept: number | null, targetId: number): Promise<boolean> {
  if (caller.dataScope === 'ALL' || caller.userId === targetId) return true;
  if (caller.dataScope === 'SELF' || caller.deptId === null || targetDept === null) return false;
  const depts = caller.dataScope === 'DEPARTS' ? await departmentAndDescendants(app.db, caller.deptId) : [caller.deptId];
  return depts.includes(targetDept);
}

/**
 * /ding/user/pwd: the logged-in user changes his own password (any logged-in user, also with an
 * expired password). /ding/user/resetPwd: an administrator gives a user a new random password that
 * satisfies the rule, answered once; the user must change it at the next login.
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

  app.post('/ding/user/resetPwd', { config: { permission: RESET_PERMISSION }, schema: PWD_INPUT.user, attachValidation: true }, async (request) => {
    const caller = currentUser(request);
    const body = bodyOf(request);
    const id = readId(request, body.userId !== undefined && body.id === undefined ? 'userId' : 'id');
    const target = (await db.selectFrom('users').select(['userId', 'username', 'deptId']).where('userId', '=', id).executeTakeFirst()) as
      | { userId: number; username: string; deptId: number | null }
      | undefined;
    if (!target || !(await mayManage(app, caller, target.deptId, target.userId))) throw notFoundRecord();
    const rule = await currentPasswordRule(db);
    const classes = await currentPasswordTypes(db);
    let password = randomPassword(Math.max(12, rule.minLength));
    for (let i = 0; i < 50 && passwordProblem(password, rule, classes, { username: target.username }); i++) {
      password = randomPassword(Math.max(12, rule.minLength));
    }
    const hash = await hashPassword(password);
    const now = formatDateTime();
    await db.transaction().execute(async (trx) => {
      await storePassword(trx, id, hash, 1, now);
      await trx.updateTable('sessions').set({ revoked: 1 }).where('userId', '=', id).execute();
    });
    await clearAccount(db, id);
    return ok({ userId: id, username: target.username, password }, '密码已重置，请将新密码告知用户，该用户下次登录须修改密码');
  });

  // Unlock (docs/system-security.md "Lockout"): clears the account's lock and every address's lock on it.
  app.post('/ding/user/unlock', { config: { permission: RESET_PERMISSION }, schema: PWD_INPUT.user, attachValidation: true }, async (request) => {
    const caller = currentUser(request);
    const body = bodyOf(request);
    const id = readId(request, body.userId !== undefined && body.id === undefined ? 'userId' : 'id');
    const target = (await db.selectFrom('users').select(['userId', 'deptId']).where('userId', '=', id).executeTakeFirst()) as { userId: number; deptId: number | null } | undefined;
    if (!target || !(await mayManage(app, caller, target.deptId, target.userId))) throw notFoundRecord();
    await setAccountLock(db, id, null);
    await clearAccount(db, id);
    return ok(null, '已解除锁定');
  });
}
