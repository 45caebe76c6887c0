import type { Db } from '../db/types.js';
import { PortalError } from '../http/errors.js';
import { consumeCaptcha } from './captcha.js';
import { GUARD_COLUMNS, isPasswordExpired, recordFailure, recordSuccess, refuseWhileLocked, type GuardedUser } from './loginGuard.js';
import { captchaRequired, clearPair, countAddressFailure, countPairFailure, refuseLockedAddress, refuseLockedPair, type ThrottleLimits } from './loginThrottle.js';
import { hashPassword, verifyPassword } from './password.js';
import { currentPasswordRule } from './passwordPolicy.js';
import { createSession } from './sessions.js';
import { enabledRoles, grantedResources } from './userContext.js';

// Compared against when the user does not exist, so both failures take about as long.
let dummyHash: Promise<string> | null = null;
async function burnTime(password: string) {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}

/**
 * What the login path tells the operation log (server/audit/) beyond the answer: who the name
 * belongs to and the real reason of a refusal (the answer says only 用户名或密码错误 on purpose).
 */
export interface LoginAudit {
  userId?: number;
  reason?: string;
}

export interface LoginResult {
  token: string;
  /** The password must be changed before anything else (docs/system-security.md). */
  passwordExpired: boolean;
}

/** Where the attempt comes from, and its captcha: `checked` (/user/login did it) or what the client sent. */
export interface LoginContext {
  ip: string;
  limits: ThrottleLimits;
  captcha: 'checked' | { codeId?: string; verifyCode?: string };
}

const NO_THROTTLE: LoginContext = { ip: 'local', limits: { perIp: Number.MAX_SAFE_INTEGER, captchaAfter: Number.MAX_SAFE_INTEGER }, captcha: 'checked' };

/** After failures /user/loginNoCode needs a captcha too (docs/system-security.md "Lockout"). */
async function escalate(db: Db, ctx: LoginContext, failedLogins: number, audit: LoginAudit): Promise<void> {
  if (ctx.captcha === 'checked' || !(await captchaRequired(db, failedLogins, ctx.ip, ctx.limits))) return;
  const { codeId, verifyCode } = ctx.captcha;
  if (!codeId || !verifyCode) {
    audit.reason = '失败次数过多，需要验证码';
    throw new PortalError(2002, '登录失败次数过多，请输入验证码');
  }
  if (!(await consumeCaptcha(db, codeId, verifyCode))) {
    audit.reason = '验证码错误';
    throw new PortalError(2002, '验证码错误或已过期');
  }
}

/**
 * Checks lockout, name, password and app access; answers a new session token and the expiry flag.
 * Failures are counted per account, per address and per account+address in the database
 * (loginThrottle.ts); `now` is injectable for tests.
 */
export async function loginAttempt(
  db: Db,
  username: string,
  password: string,
  appKey: string,
  audit: LoginAudit = {},
  now: Date = new Date(),
  ctx: LoginContext = NO_THROTTLE,
): Promise<LoginResult> {
  const nowMs = now.getTime();
  try {
    await refuseLockedAddress(db, ctx.ip, ctx.limits, nowMs);
  } catch (error) {
    audit.reason = '来源地址锁定中';
    throw error;
  }
  const user = (await db
    .selectFrom('users')
    .select(['userId', 'passwordHash', 'status', ...GUARD_COLUMNS])
    .where('username', '=', username)
    .executeTakeFirst()) as (GuardedUser & { passwordHash: string; status: number }) | undefined;
  const rule = await currentPasswordRule(db);
  await escalate(db, ctx, Number(user?.failedLogins ?? 0), audit);
  if (!user) {
    await burnTime(password);
    await countAddressFailure(db, ctx.ip, rule, ctx.limits, nowMs);
    audit.reason = '用户不存在';
    throw new PortalError(2001, '用户名或密码错误');
  }
  const userId = user.userId;
  audit.userId = userId;
  try {
    refuseWhileLocked(user, now);
    await refuseLockedPair(db, userId, ctx.ip, rule, nowMs);
  } catch (error) {
    audit.reason = '账号锁定中';
    throw error;
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await countAddressFailure(db, ctx.ip, rule, ctx.limits, nowMs);
    const pairLock = await countPairFailure(db, userId, ctx.ip, rule, nowMs);
    const accountLock = await recordFailure(db, user, rule, now);
    const locked = accountLock ?? pairLock;
    audit.reason = locked ? `密码错误，连续失败${rule.maxFailures}次，账号锁定${rule.lockMinutes}分钟` : '密码错误';
    throw locked ?? new PortalError(2001, '用户名或密码错误');
  }
  await recordSuccess(db, userId);
  await clearPair(db, userId, ctx.ip);
  if (user.status !== 1) {
    audit.reason = '账号已停用';
    throw new PortalError(2004, '该账号无权登录此系统');
  }
  // An app is open to a user whose roles grant at least one of its menus.
  const roles = await enabledRoles(db, user.userId);
  const menus = await grantedResources(db, roles.map((r) => r.roleId), { app: appKey, types: ['Menu'] });
  if (menus.length === 0) {
    audit.reason = '没有该系统的菜单权限';
    throw new PortalError(2004, '该账号无权登录此系统');
  }
  const passwordExpired = isPasswordExpired(user, rule, now);
  const token = await createSession(db, user.userId, appKey, passwordExpired);
  return { token, passwordExpired };
}

/** Checks name, password and app access; answers a new session token. */
export async function loginWithPassword(db: Db, username: string, password: string, appKey: string, audit?: LoginAudit, ctx?: LoginContext): Promise<string> {
  return (await loginAttempt(db, username, password, appKey, audit, undefined, ctx)).token;
}
