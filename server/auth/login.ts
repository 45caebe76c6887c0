import type { Db } from '../db/types.js';
import { PortalError } from '../http/errors.js';
import { hashPassword, verifyPassword } from './password.js';
import { createSession } from './sessions.js';
import { enabledRoles, grantedResources } from './userContext.js';

// Compared against when the user does not exist, so both failures take about as long.
let dummyHash: Promise<string> | null = null;
async function burnTime(password: string) {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}

/** Checks name, password and app access; answers a new session token. */
export async function loginWithPassword(db: Db, username: string, password: string, appKey: string): Promise<string> {
  const user = (await db.selectFrom('users').select(['userId', 'passwordHash', 'status']).where('username', '=', username).executeTakeFirst()) as
    | { userId: number; passwordHash: string; status: number }
    | undefined;
  if (!user) {
    await burnTime(password);
    throw new PortalError(2001, '用户名或密码错误');
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new PortalError(2001, '用户名或密码错误');
  if (Number(user.status) !== 1) throw new PortalError(2004, '该账号无权登录此系统');
  // An app is open to a user whose roles grant at least one of its menus.
  const roles = await enabledRoles(db, Number(user.userId));
  const menus = await grantedResources(db, roles.map((r) => r.roleId), { app: appKey, types: ['Menu'] });
  if (menus.length === 0) throw new PortalError(2004, '该账号无权登录此系统');
  return createSession(db, Number(user.userId), appKey);
}
