import type { Db } from '../db/types.js';
import { PortalError } from '../http/errors.js';
import { GUARD_COLUMNS, isPasswordExpired, recordFailure, recordSuccess, refuseWhileLocked, type GuardedUser } from './loginGuard.js';
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

/**
 * Checks lockout, name, password and app access; answers a new session token and the expiry flag.
 * Failures are counted per account in the database; `now` is injectable for tests.
 */
export async function loginAttempt(
  db: Db,
  username: string,
  password: string,
  appKey: string,
  audit: LoginAudit = {},
  now: Date = new Date(),
): Promise<LoginResult> {
  const user = (await db
    .selectFrom('users')
    .select(['userId', 'passwordHash', 'status', ...GUARD_COLUMNS])
    .where('username', '=', username)
    .executeTakeFirst()) as (GuardedUser & { passwordHash: string; status: number }) | undefined;
  if (!user) {
    await burnTime(password);
    audit.reason = '用户不存在';
    throw new PortalError(2001, '用户名或密码错误');
  }
  audit.userId = Number(user.userId);
  const rule = await currentPasswordRule(db);
  try {
    refuseWhileLocked(user, now);
  } catch (error) {
    audit.reason = '账号锁定中';
    throw error;
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    const locked = await recordFailure(db, user, rule, now);
    audit.reason = locked ? `密码错误，连续失败${rule.maxFailures}次，账号锁定${rule.lockMinutes}分钟` : '密码错误';
    throw locked ?? new PortalError(2001, '用户名或密码错误');
  }
  await recordSuccess(db, Number(user.userId));
  if (Number(user.status) !== 1) {
    audit.reason = '账号已停用';
    throw new PortalError(2004, '该账号无权登录此系统');
  }
  // An app is open to a user whose roles grant at least one of its menus.
  const roles = await enabledRoles(db, Number(user.userId));
  const menus = await grantedResources(db, roles.map((r) => r.roleId), { app: appKey, types: ['Menu'] });
  if (menus.length === 0) {
    audit.reason = '没有该系统的菜单权限';
    throw new PortalError(2004, '该账号无权登录此系统');
  }
  const token = await createSession(db, Number(user.userId), appKey);
  return { token, passwordExpired: isPasswordExpired(user, rule, now) };
}

/** Checks name, password and app access; answers a new session token. */
export async function loginWithPassword(db: Db, username: string, password: string, appKey: string, audit?: LoginAudit): Promise<string> {
  return (await loginAttempt(db, username, password, appKey, audit)).token;
}
